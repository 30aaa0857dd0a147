// setComputeThreadsOfThisThread: omp_set_num_threads sets the calling thread's own default;
// ScopedComputeThreads reads it back with omp_get_max_threads.
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

ScopedComputeThreads::ScopedComputeThreads(int threads) {
#ifdef _OPENMP
    m_previous = omp_get_max_threads();
#endif
    setComputeThreadsOfThisThread(threads);
}

ScopedComputeThreads::~ScopedComputeThreads() { setComputeThreadsOfThisThread(m_previous); }

}  // namespace actlab
