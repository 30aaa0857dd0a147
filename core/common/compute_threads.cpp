// setComputeThreadsOfThisThread: omp_set_num_threads sets the calling thread's own default.
#include "common/compute_threads.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace actlab {

void setComputeThreadsOfThisThread(int threads) {
#ifdef _OPENMP
    if (threads > 0) omp_set_num_threads(threads);
#else
    (void)threads;
#endif
}

}  // namespace actlab
