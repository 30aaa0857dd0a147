// createTensorOpsTable (backend_factory.h): a backend's own tensor ops first, the CPU's last. A
// file of its own so that what trains through a given backend links without the backends' code.
#include "backends/backend.h"
#include "backends/backend_factory.h"

namespace actlab {

std::shared_ptr<TensorOpsTable<float>> createTensorOpsTable(Backend& backend) {
    std::vector<std::shared_ptr<TensorOps<float>>> preference;
    if (std::shared_ptr<TensorOps<float>> own = backend.tensorOps()) preference.push_back(own);
    return std::make_shared<TensorOpsTable<float>>(std::move(preference));
}

}  // namespace actlab
