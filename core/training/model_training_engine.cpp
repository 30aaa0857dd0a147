// One training step of an MLP or GLU-FFN through its tensor ops: forward, the loss and its
// gradient ∂(mean loss)/∂output (models/loss.h), backward, L1/L2 on the weights, the optimizer
// update. Host memory holds the parameters whenever hostModel() is asked for.
#include "training/model_training_engine.h"

#include <cmath>

namespace actlab {
namespace {

class ModelTrainingEngine final : public TrainingEngine {
public:
    ModelTrainingEngine(std::unique_ptr<Model<float>> model, LossKind loss,
                        const OptimizerConfig& optimizer,
                        std::shared_ptr<TensorOpsTable<float>> ops)
        : m_model(std::move(model)),
          m_loss(loss),
          m_optimizer(optimizer),
          m_parameters(m_model->parameters()) {
        if (ops) {
            m_model->setTensorOps(ops);
            m_optimizer.setTensorOps(std::move(ops));
        }
    }

    // The ops may be shared with other engines: they must drop what they keep of this model.
    ~ModelTrainingEngine() override { m_model->tensorOps().forget(); }
    ModelTrainingEngine(const ModelTrainingEngine&) = delete;
    ModelTrainingEngine& operator=(const ModelTrainingEngine&) = delete;

    std::string_view backendName() const override {
        return m_model->tensorOps().backendFor(TensorOp::LinearForward);
    }

    TrainStepResult trainStep(std::span<const float> inputs, std::span<const float> targets,
                              int batch) override {
        TrainStepResult result;
        TensorOpsTable<float>& ops = m_model->tensorOps();
        const int outputs = m_model->outputDimension();
        const std::span<const float> output = m_model->forward(inputs, batch);
        m_outputGradient.resize(output.size());
        const LossValue value =
            computeLoss<float>(m_loss, output, batch, outputs, targets, m_outputGradient);
        ops.hostWrote(hostRange(std::span<const float>(m_outputGradient)));
        result.loss = value.loss;
        if (!std::isfinite(value.loss)) {
            result.finite = false;
            return result;
        }
        m_model->zeroGradients();
        m_model->backward(m_outputGradient);
        applyRegularisation(ops);
        // float gradients can overflow while the (double) loss is still finite: divergence too
        result.gradientNorm = m_optimizer.step(m_parameters);
        result.finite = std::isfinite(result.gradientNorm);
        return result;
    }

    void setOptimizerConfig(const OptimizerConfig& config) override {
        m_optimizer.setConfig(config);
    }
    void setRegularisation(double l1, double l2) override {
        m_l1 = float(l1);
        m_l2 = float(l2);
    }
    Model<float>& hostModel() override {
        m_model->tensorOps().forget();  // the caller may read or write any parameter
        return *m_model;
    }
    OptimizerState<float> optimizerState() override { return m_optimizer.state(); }
    bool setOptimizerState(const OptimizerState<float>& state, std::string* error) override {
        if (!fitsParameters(state, m_parameters, error)) return false;
        m_optimizer.setState(state);
        return true;
    }
    std::span<const float> evaluate(std::span<const float> inputs, int rows) override {
        return m_model->forward(inputs, rows);
    }

private:
    // L1/L2 on weights: ∂/∂w of λ1·|w| + (λ2/2)·w², added to the gradients in host memory.
    void applyRegularisation(TensorOpsTable<float>& ops) {
        if (m_l1 == 0 && m_l2 == 0) return;
        for (Parameter<float>* p : m_parameters) {
            if (!p->isWeight) continue;
            for (size_t i = 0; i < p->size(); ++i) {
                const float w = p->value[i];
                p->grad[i] += m_l2 * w + m_l1 * float((w > 0) - (w < 0));
            }
            ops.hostWrote(hostRange(std::span<const float>(p->grad)));
        }
    }

    std::unique_ptr<Model<float>> m_model;
    LossKind m_loss;
    Optimizer<float> m_optimizer;
    std::vector<Parameter<float>*> m_parameters;
    std::vector<float> m_outputGradient;
    float m_l1 = 0, m_l2 = 0;
};

}  // namespace

std::unique_ptr<TrainingEngine> createModelTrainingEngine(
    const ModelConfig& model, LossKind loss, const OptimizerConfig& optimizer,
    std::shared_ptr<TensorOpsTable<float>> ops, std::string* error) {
    auto network = createModel<float>(model, error);
    if (!network) return nullptr;
    return std::make_unique<ModelTrainingEngine>(std::move(network), loss, optimizer,
                                                 std::move(ops));
}

std::unique_ptr<TrainingEngine> createCpuTrainingEngine(const ModelConfig& model, LossKind loss,
                                                        const OptimizerConfig& optimizer,
                                                        std::string* error) {
    return createModelTrainingEngine(model, loss, optimizer, nullptr, error);
}

}  // namespace actlab
