// The model on the device: parameters with their gradients and optimizer moments in one buffer,
// and "plans": a model's forward pass (and, for training, loss, backward, gradient norm and
// optimizer update) over a fixed number of rows, recorded once as a DispatchList.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backends/vulkan/vulkan_training_ops.h"
#include "models/loss.h"
#include "models/model_factory.h"

namespace actlab::vulkan {

// Five regions of one layout (values, gradients, first and second moments, weight mask 1/0),
// then the norm's partial sums and the step status {‖g‖², loss finite}.
class DeviceParameters {
public:
    // Zeroed buffer, values and mask uploaded from `parameters` (the host model's list).
    static std::unique_ptr<DeviceParameters> create(
        TrainingKernels& kernels, const std::vector<Parameter<float>*>& parameters,
        std::string* whyNot);
    enum Region { Value, Gradient, First, Second, Mask, RegionCount };

    TensorSlice region(Region region) const;  // the whole region
    // Parameter `name` in `region`; count 0 (buffer null) if the model has no such parameter.
    TensorSlice find(const std::string& name, Region region = Value) const;
    TensorSlice partial() const { return sliceOf(m_buffer, m_partialOffset, m_groups); }
    TensorSlice status() const { return sliceOf(m_buffer, m_statusOffset, 2); }
    uint32_t normGroups() const { return m_groups; }
    // Values → host, host → values (each a submission of its own when staged); false with
    // *whyNot when the device failed.
    bool download(const std::vector<Parameter<float>*>& parameters, std::string* whyNot) const;
    bool upload(const std::vector<Parameter<float>*>& parameters, std::string* whyNot);
    // The same for any region, one span per parameter in the model's order (the moments).
    bool download(Region from, const std::vector<std::span<float>>& into,
                  std::string* whyNot) const;
    bool upload(Region to, const std::vector<std::span<const float>>& from, std::string* whyNot);
    // Records the copy of the step status to the host (after a step's dispatches).
    void recordStatusDownload(VkCommandBuffer commands) const {
        m_buffer.recordDownload(commands, {status().range()});
    }

private:
    VulkanContext* m_context = nullptr;
    StagedBuffer m_buffer;
    size_t m_regionSize = 0;
    std::map<std::string, std::pair<size_t, size_t>> m_byName;  // offset in region, count
    std::vector<size_t> m_offsets;                              // by parameter index
    size_t m_partialOffset = 0, m_statusOffset = 0;
    uint32_t m_groups = 1;
};

// One recorded pass over `rows` rows. Inputs and targets are written through the mapped slices.
struct Plan {
    int rows = 0;
    StagedBuffer arena;  // activations, their gradients, inputs, targets, row losses
    TensorSlice input, targets, output, rowLoss;
    std::unique_ptr<DispatchList> list;
    size_t normDispatch = 0, optimizerDispatch = 0;  // training plans: push constants per step
};

// Builds the plan of `model` (MLP or GLU-FFN) for `rows` rows; training adds the loss,
// backward, norm and optimizer dispatches. nullptr with *whyNot on failure.
std::unique_ptr<Plan> buildPlan(TrainingKernels& kernels, const ModelConfig& model, LossKind loss,
                                const DeviceParameters& parameters, int rows, bool training,
                                std::string* whyNot);

}  // namespace actlab::vulkan
