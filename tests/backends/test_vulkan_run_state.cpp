// Saved runs on the Vulkan backend (lavapipe in CI): the parameters and the optimizer moments
// come off the device into the run state and go back onto it, so that a run saved and restored
// on the device continues bit for bit as one that never stopped; restored on the CPU, it takes
// the device's moments and continues within the 1% the two engines agree to.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "backends/backend_factory.h"
#include "config/run_state_json.h"

namespace actlab {
namespace {

std::unique_ptr<Backend> requireVulkanBackend() {
    BackendSelection selection = createBackend(BackendChoice::Vulkan);
    if (selection.fellBack || selection.backend->name() != "vulkan") {
        ADD_FAILURE() << "Vulkan is required for this test: " << selection.reason;
        return nullptr;
    }
    return std::move(selection.backend);
}

struct StateCase {
    const char* name;
    ModelKind kind;
    OptimizerKind optimizer;
};
void PrintTo(const StateCase& c, std::ostream* os) { *os << c.name; }

TrainingConfig config(const StateCase& c) {
    TrainingConfig t;
    t.task = "spiral3";
    t.model.kind = c.kind;
    if (c.kind == ModelKind::Mlp) {
        t.model.hidden = {16, 16};
        t.model.activations = {ActivationConfig::withDefaults(ActivationId::Relu)};
    } else {
        t.model.dModel = 16;
        t.model.blocks = 2;
        t.model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    }
    t.optimizer.kind = c.optimizer;
    t.optimizer.learningRate = 0.01;
    t.batch = 32;
    t.surfaceResolution = 8;
    t.neuronResolution = 4;
    return t;
}

std::vector<std::vector<float>> weightsOf(Trainer& t) {
    std::vector<std::vector<float>> out;
    for (Parameter<float>* p : t.model().parameters()) out.push_back(p->value);
    return out;
}

class VulkanRunState : public ::testing::TestWithParam<StateCase> {};

TEST_P(VulkanRunState, ContinuesOnTheDeviceBitForBitAndOnTheCpuWithItsMoments) {
    auto vulkan = requireVulkanBackend();
    ASSERT_TRUE(vulkan);
    std::string error;
    auto whole = Trainer::create(config(GetParam()), &error, vulkan.get());
    ASSERT_TRUE(whole) << error;
    ASSERT_EQ(whole->backendName(), "vulkan") << whole->engineNote();
    whole->step(40);
    auto first = Trainer::create(config(GetParam()), &error, vulkan.get());
    ASSERT_TRUE(first) << error;
    first->step(25);
    const std::string saved = trainerStateToJson(*first);
    const OptimizerState<float> moments = first->optimizerState();
    ASSERT_EQ(moments.steps, 25);
    ASSERT_FALSE(moments.first.empty());
    first.reset();

    auto resumed = trainerFromStateJson(saved, &error, vulkan.get());
    ASSERT_TRUE(resumed) << error;
    ASSERT_EQ(resumed->backendName(), "vulkan");
    EXPECT_EQ(resumed->optimizerState().first, moments.first);  // onto the device and back
    EXPECT_EQ(resumed->optimizerState().second, moments.second);
    resumed->step(15);
    EXPECT_EQ(weightsOf(*resumed), weightsOf(*whole));
    EXPECT_EQ(resumed->optimizerState().second, whole->optimizerState().second);

    auto onCpu = trainerFromStateJson(saved, &error);
    ASSERT_TRUE(onCpu) << error;
    ASSERT_EQ(onCpu->backendName(), "cpu");
    EXPECT_EQ(onCpu->optimizerState().first, moments.first);
    onCpu->step(15);
    const double gpuLoss = whole->snapshot(false).trainLoss,
                 cpuLoss = onCpu->snapshot(false).trainLoss;
    EXPECT_LT(std::abs(gpuLoss - cpuLoss), 0.01 * cpuLoss)
        << "vulkan " << gpuLoss << ", cpu " << cpuLoss;
}

INSTANTIATE_TEST_SUITE_P(
    Runs, VulkanRunState,
    ::testing::Values(StateCase{"mlp_adam", ModelKind::Mlp, OptimizerKind::Adam},
                      StateCase{"mlp_momentum", ModelKind::Mlp, OptimizerKind::Momentum},
                      StateCase{"glu_adamw", ModelKind::GluFfn, OptimizerKind::AdamW}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace actlab
