// The Vulkan training engine. A step: inputs and targets written into the batch plan's host
// memory, push constants set from the schedule (learning rate, Adam's bias corrections, L1/L2),
// the whole step recorded and submitted once (with the copies to and from device-local memory
// where the device has its own: StagedBuffer), then the row losses and status read back.
#include "backends/vulkan/vulkan_training_engine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_training_network.h"

namespace actlab::vulkan {
namespace {

constexpr size_t kMaxEvaluationPlans = 4;  // distinct row counts kept for evaluate()
// evaluate() runs larger inputs in chunks of this many rows (a 64² surface is one), which keeps
// the activation memory and every dispatch's workgroup count bounded.
constexpr int kEvaluationChunk = 4096;

class VulkanTrainingEngine final : public TrainingEngine {
public:
    VulkanTrainingEngine(std::shared_ptr<SharedVulkanContext> shared, const ModelConfig& model,
                         LossKind loss, const OptimizerConfig& optimizer)
        : m_shared(std::move(shared)), m_model(model), m_loss(loss), m_optimizer(optimizer) {}

    ~VulkanTrainingEngine() override {
        // Device objects go before the shared context can (m_shared is destroyed last).
        std::lock_guard lock(m_shared->mutex);
        m_trainPlans.clear();
        m_evaluationPlans.clear();
        m_parameters.reset();
        m_kernels.reset();
    }

    bool initialise(bool checkEveryStep, std::string* whyNot) {
        m_host = createModel<float>(m_model, whyNot);
        if (!m_host) return false;
        if (checkEveryStep) {
            m_check = createCpuTrainingEngine(m_model, m_loss, m_optimizer.config(), whyNot);
            if (!m_check) return false;
        }
        m_hostParameters = m_host->parameters();
        std::lock_guard lock(m_shared->mutex);
        m_kernels = TrainingKernels::create(*m_shared->context, whyNot);
        if (!m_kernels) return false;
        m_parameters = DeviceParameters::create(*m_kernels, m_hostParameters, whyNot);
        return m_parameters != nullptr;
    }

    std::string_view backendName() const override { return "vulkan"; }

    TrainStepResult trainStep(std::span<const float> inputs, std::span<const float> targets,
                              int batch) override {
        TrainStepResult result;
        std::lock_guard lock(m_shared->mutex);
        Plan* plan = trainPlan(batch);
        if (!plan) return failure(result);
        std::string error;
        if (m_hostHandedOut) {  // the caller may have edited the host model: it wins
            if (!m_parameters->upload(m_hostParameters, &error)) {
                report(error);
                return failure(result);
            }
            m_hostHandedOut = false;
        }
        std::optional<TrainStepResult> expected;
        if (m_check) expected = checkStep(inputs, targets, batch);
        std::copy_n(inputs.begin(), plan->input.count, plan->input.mapped);
        std::copy_n(targets.begin(), plan->targets.count, plan->targets.mapped);
        setStepConstants(*plan);
        if (!m_shared->context->submitAndWait(
                [&](VkCommandBuffer commands) {
                    plan->arena.recordUpload(commands,
                                             {plan->input.range(), plan->targets.range()});
                    plan->list->record(commands);
                    plan->arena.recordDownload(commands, {plan->rowLoss.range()});
                    m_parameters->recordStatusDownload(commands);
                },
                &error)) {
            report(error);
            return failure(result);
        }
        double total = 0;
        for (size_t i = 0; i < plan->rowLoss.count; ++i) total += plan->rowLoss.mapped[i];
        result.loss = total / batch;
        const float* status = m_parameters->status().mapped;
        if (!std::isfinite(result.loss) || status[1] == 0.0f) {  // the shader skipped the update
            result.finite = false;
            return result;
        }
        result.gradientNorm = std::sqrt(double(status[0]));
        result.finite = std::isfinite(result.gradientNorm);
        if (expected) compare(result, *expected);
        ++m_step;
        m_hostStale = true;
        return result;
    }

    void setOptimizerConfig(const OptimizerConfig& config) override {
        m_optimizer.setConfig(config);  // the schedule; the moments stay on the device
    }
    void setRegularisation(double l1, double l2) override {
        m_l1 = float(l1);
        m_l2 = float(l2);
    }

    // The host model, current; edits made to its values are uploaded before the next step.
    Model<float>& hostModel() override {
        if (m_hostStale) {
            std::lock_guard lock(m_shared->mutex);
            std::string error;
            if (m_parameters->download(m_hostParameters, &error))
                m_hostStale = false;
            else
                report(error);  // the host keeps the last values it had
        }
        m_hostHandedOut = true;
        return *m_host;
    }

    OptimizerState<float> optimizerState() override {
        OptimizerState<float> state;
        state.steps = m_step;
        if (m_step == 0) return state;  // no moments yet (the CPU engine has none either)
        state.first.resize(m_hostParameters.size());
        state.second.resize(m_hostParameters.size());
        std::vector<std::span<float>> first, second;
        for (size_t k = 0; k < m_hostParameters.size(); ++k) {
            state.first[k].resize(m_hostParameters[k]->size());
            state.second[k].resize(m_hostParameters[k]->size());
            first.emplace_back(state.first[k]);
            second.emplace_back(state.second[k]);
        }
        std::lock_guard lock(m_shared->mutex);
        std::string error;
        if (!m_parameters->download(DeviceParameters::First, first, &error) ||
            !m_parameters->download(DeviceParameters::Second, second, &error))
            report(error);
        return state;
    }

    bool setOptimizerState(const OptimizerState<float>& state, std::string* error) override {
        if (!fitsParameters(state, m_hostParameters, error)) return false;
        std::vector<std::vector<float>> zeros;
        if (state.first.empty())
            for (const Parameter<float>* p : m_hostParameters) zeros.emplace_back(p->size(), 0.0f);
        const auto spans = [&](const std::vector<std::vector<float>>& buffers) {
            std::vector<std::span<const float>> out;
            for (const std::vector<float>& b : buffers) out.emplace_back(b);
            return out;
        };
        std::lock_guard lock(m_shared->mutex);
        if (!m_parameters->upload(DeviceParameters::First,
                                  spans(state.first.empty() ? zeros : state.first), error) ||
            !m_parameters->upload(DeviceParameters::Second,
                                  spans(state.second.empty() ? zeros : state.second), error))
            return false;
        m_step = state.steps;
        return true;
    }

    std::span<const float> evaluate(std::span<const float> inputs, int rows) override {
        std::lock_guard lock(m_shared->mutex);
        std::string error;
        bool done = true;
        if (m_hostHandedOut) done = m_parameters->upload(m_hostParameters, &error);  // never stale
        if (!done) report(error);
        m_hostHandedOut = false;
        const size_t inputWidth = size_t(m_model.inputDimension);
        const size_t outputWidth = size_t(m_model.outputDimension);
        m_evaluation.resize(size_t(rows) * outputWidth);
        for (int first = 0; first < rows && done; first += kEvaluationChunk) {
            const int count = std::min(kEvaluationChunk, rows - first);
            done = evaluateChunk(
                inputs.subspan(size_t(first) * inputWidth, size_t(count) * inputWidth), count,
                m_evaluation.data() + size_t(first) * outputWidth);
        }
        if (done) return m_evaluation;
        // The device failed: the host reference gives the same numbers, only slower.
        if (m_hostStale && m_parameters->download(m_hostParameters, &error)) m_hostStale = false;
        const std::span<const float> output = m_host->forward(inputs, rows);
        m_evaluation.assign(output.begin(), output.end());
        return m_evaluation;
    }

private:
    // Push constants of this step: the schedule's rate and the bias corrections for step t,
    // computed as Optimizer<float>::step does (float casts included).
    void setStepConstants(Plan& plan) {
        const OptimizerConfig& c = m_optimizer.config();
        const int t = m_step + 1;
        shaders::OptimizerPushConstants constants;
        constants.n = uint32_t(m_parameters->region(DeviceParameters::Value).count);
        constants.kind = uint32_t(c.kind);
        constants.firstStep = t == 1 ? 1u : 0u;
        constants.learningRate = float(m_optimizer.learningRateAt(m_step));
        constants.weightDecay = float(c.weightDecay);
        constants.momentum = float(c.momentum);
        constants.beta1 = float(c.beta1);
        constants.beta2 = float(c.beta2);
        constants.epsilon = float(c.epsilon);
        constants.correction1 = 1.0f - float(std::pow(c.beta1, t));
        constants.correction2 = 1.0f - float(std::pow(c.beta2, t));
        constants.clipNorm = float(c.clipNorm);
        plan.list->setPushConstants(plan.optimizerDispatch, constants);
        const shaders::NormPartialPushConstants norm{constants.n, m_l1, m_l2,
                                                     (m_l1 != 0 || m_l2 != 0) ? 1u : 0u};
        plan.list->setPushConstants(plan.normDispatch, norm);
    }

    // Check mode: the CPU engine's step from the device's current parameters (its own moments
    // and update are not compared; they follow the same formulas).
    TrainStepResult checkStep(std::span<const float> inputs, std::span<const float> targets,
                              int batch) {
        std::string error;
        if (m_hostStale && m_parameters->download(m_hostParameters, &error)) m_hostStale = false;
        const std::vector<Parameter<float>*> shadow = m_check->hostModel().parameters();
        for (size_t k = 0; k < shadow.size(); ++k) shadow[k]->value = m_hostParameters[k]->value;
        m_check->setOptimizerConfig(m_optimizer.config());
        m_check->setRegularisation(m_l1, m_l2);
        return m_check->trainStep(inputs, targets, batch);
    }

    void compare(const TrainStepResult& got, const TrainStepResult& expected) const {
        const auto close = [](double a, double b) {
            return std::abs(a - b) <= 1e-3 * std::abs(b) + 1e-6;
        };
        if (expected.finite &&
            (!close(got.loss, expected.loss) || !close(got.gradientNorm, expected.gradientNorm)))
            std::fprintf(stderr,
                         "actlab: vulkan check: training step %d: loss %.7g vs cpu %.7g, gradient "
                         "norm %.7g vs cpu %.7g\n",
                         m_step + 1, got.loss, expected.loss, got.gradientNorm,
                         expected.gradientNorm);
    }

    // Rows [0, count) of one chunk through the forward plan for `count` rows, into `output`.
    bool evaluateChunk(std::span<const float> inputs, int count, float* output) {
        Plan* plan = evaluationPlan(count);
        if (!plan) return false;
        std::copy_n(inputs.begin(), plan->input.count, plan->input.mapped);
        std::string error;
        if (!m_shared->context->submitAndWait(
                [&](VkCommandBuffer commands) {
                    plan->arena.recordUpload(commands, {plan->input.range()});
                    plan->list->record(commands);
                    plan->arena.recordDownload(commands, {plan->output.range()});
                },
                &error)) {
            report(error);
            return false;
        }
        std::copy_n(plan->output.mapped, plan->output.count, output);
        return true;
    }

    Plan* trainPlan(int batch) {
        if (const auto found = m_trainPlans.find(batch); found != m_trainPlans.end())
            return found->second.get();
        std::unique_ptr<Plan> plan = build(batch, true);
        if (!plan) return nullptr;
        return (m_trainPlans[batch] = std::move(plan)).get();
    }

    Plan* evaluationPlan(int rows) {
        if (const auto found = m_evaluationPlans.find(rows); found != m_evaluationPlans.end())
            return found->second.get();
        if (m_evaluationPlans.size() >= kMaxEvaluationPlans) m_evaluationPlans.clear();
        std::unique_ptr<Plan> plan = build(rows, false);
        if (!plan) return nullptr;
        return (m_evaluationPlans[rows] = std::move(plan)).get();
    }

    std::unique_ptr<Plan> build(int rows, bool training) {
        std::string error;
        auto plan = buildPlan(*m_kernels, m_model, m_loss, *m_parameters, rows, training, &error);
        if (!plan) report(error);
        return plan;
    }

    TrainStepResult failure(TrainStepResult result) {
        result.loss = std::nan("");
        result.finite = false;
        return result;
    }

    // Device failures are printed once per distinct reason.
    void report(const std::string& error) {
        if (error == m_lastError) return;
        m_lastError = error;
        std::fprintf(stderr, "actlab: vulkan training: %s\n", error.c_str());
    }

    std::shared_ptr<SharedVulkanContext> m_shared;  // destroyed last
    ModelConfig m_model;
    LossKind m_loss;
    Optimizer<float> m_optimizer;  // its configuration and schedule only
    int m_step = 0;
    float m_l1 = 0, m_l2 = 0;
    std::unique_ptr<Model<float>> m_host;
    std::vector<Parameter<float>*> m_hostParameters;
    bool m_hostStale = false;                 // the device has newer values than the host model
    bool m_hostHandedOut = false;             // hostModel() was called since the last upload
    std::unique_ptr<TrainingEngine> m_check;  // check mode: the CPU reference engine
    std::unique_ptr<TrainingKernels> m_kernels;
    std::unique_ptr<DeviceParameters> m_parameters;
    std::map<int, std::unique_ptr<Plan>> m_trainPlans;
    std::map<int, std::unique_ptr<Plan>> m_evaluationPlans;
    std::vector<float> m_evaluation;
    std::string m_lastError;
};

}  // namespace

std::optional<std::string> vulkanTrainingDeclines(const ModelConfig& model,
                                                  uint32_t maxWorkgroups) {
    if (auto invalid = validateModelConfig(model)) return *invalid;
    for (const ActivationConfig& a : model.activations)
        if (a.id == ActivationId::Mix)  // no shader: the model's ops run it (CPU fallback)
            return "the Vulkan engine has no mixture of activations (" + activationSpec(a) + ")";
    std::string error;
    const std::unique_ptr<Model<float>> host = createModel<float>(model, &error);
    if (!host) return error;
    const long long parameters = host->parameterCount();
    // The norm and optimizer dispatches run one invocation per parameter (plus padding).
    const long long limit = (long long)maxWorkgroups * shaders::kTrainingWorkgroupSize - 65536;
    if (parameters > limit)
        return "the model has " + std::to_string(parameters) +
               " parameters; the Vulkan engine's optimizer dispatch takes at most " +
               std::to_string(limit) + " on this device";
    return std::nullopt;
}

std::unique_ptr<TrainingEngine> createVulkanTrainingEngine(
    std::shared_ptr<SharedVulkanContext> shared, const ModelConfig& model, LossKind loss,
    const OptimizerConfig& optimizer, bool checkEveryStep, std::string* whyNot) {
    // Every option of OptimizerConfig and every valid model without a mix runs; beyond that only
    // size limits decline.
    if (auto reason =
            vulkanTrainingDeclines(model, shared->context->limits().maxComputeWorkGroupCount[0])) {
        if (whyNot) *whyNot = *reason;
        return nullptr;
    }
    auto engine = std::make_unique<VulkanTrainingEngine>(std::move(shared), model, loss, optimizer);
    if (!engine->initialise(checkEveryStep, whyNot)) return nullptr;
    return engine;
}

}  // namespace actlab::vulkan
