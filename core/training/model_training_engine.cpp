// One training step of an MLP or GLU-FFN through its tensor ops: forward, the loss and its
// gradient ∂(mean loss)/∂output (layers/batch_loss.h), backward, L1/L2 on the weights, the
// optimizer update. Host memory holds the parameters whenever hostModel() is asked for.
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

    // The whole step recorded into the ops, then one wait for the loss and the gradient norm. A
    // step whose loss is not finite changes nothing: its gradient is not finite either, and the
    // update skips a non-finite norm.
    TrainStepResult trainStep(std::span<const float> inputs, std::span<const float> targets,
                              int batch) override {
        TensorOpsTable<float>& ops = m_model->tensorOps();
        const std::span<const float> output = m_model->forward(inputs, batch);
        recordLoss(ops, output, targets, batch);
        m_model->zeroGradients();
        m_model->backward(m_outputGradient);
        recordRegularisation(ops);
        m_optimizer.record(m_parameters);
        ops.syncToHost(
            {hostRange(std::span<const float>(m_meanLoss)), hostRange(m_optimizer.gradientNorm())});
        TrainStepResult result;
        result.loss = m_meanLoss[0];
        // float gradients can overflow while the loss is still finite: divergence too
        result.gradientNorm = m_optimizer.gradientNorm()[0];
        result.finite = std::isfinite(result.loss) && std::isfinite(result.gradientNorm);
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
        return m_model->forwardToHost(inputs, rows);
    }

private:
    // The mean loss into m_meanLoss and ∂(mean loss)/∂output into m_outputGradient
    // (layers/batch_loss.h); output is (batch, outputs), targets (batch) new host data.
    void recordLoss(TensorOpsTable<float>& ops, std::span<const float> output,
                    std::span<const float> targets, int batch) {
        if (m_outputGradient.size() != output.size() || m_rowLosses.size() != size_t(batch)) {
            ops.forget();  // their memory is replaced
            m_outputGradient.resize(output.size());
            m_rowLosses.resize(size_t(batch));
        }
        const std::span<const float> rowTargets = targets.first(size_t(batch));
        ops.hostWrote(hostRange(rowTargets));
        const Shape outputShape{Index(batch), Index(m_model->outputDimension())};
        ops.forOp(TensorOp::Loss)
            .loss(TensorView<float>(std::span<float>(m_outputGradient), outputShape),
                  TensorView<float>(std::span<float>(m_rowLosses), Shape{Index(batch)}),
                  TensorView<float>(std::span<float>(m_meanLoss), Shape{1}),
                  ConstTensorView<float>(output, outputShape),
                  ConstTensorView<float>(rowTargets, Shape{Index(batch)}), m_loss);
    }

    // L1/L2 on weights: ∂/∂w of λ1·|w| + (λ2/2)·w², added to their gradients.
    void recordRegularisation(TensorOpsTable<float>& ops) {
        if (m_l1 == 0 && m_l2 == 0) return;
        for (Parameter<float>* p : m_parameters) {
            if (!p->isWeight) continue;
            const Shape shape{Index(p->size())};
            ops.forOp(TensorOp::Regularisation)
                .regularisation(TensorView<float>(std::span<float>(p->grad), shape),
                                ConstTensorView<float>(std::span<const float>(p->value), shape),
                                m_l1, m_l2);
        }
    }

    std::unique_ptr<Model<float>> m_model;
    LossKind m_loss;
    Optimizer<float> m_optimizer;
    std::vector<Parameter<float>*> m_parameters;
    std::vector<float> m_outputGradient;  // (batch, outputs)
    std::vector<float> m_rowLosses;       // (batch)
    std::vector<float> m_meanLoss = std::vector<float>(1);
    float m_l1 = 0, m_l2 = 0;
};

}  // namespace

std::unique_ptr<TrainingEngine> createModelTrainingEngine(
    const ModelConfig& model, LossKind loss, const OptimizerConfig& optimizer,
    std::shared_ptr<TensorOpsTable<float>> ops, std::string* error) {
    auto network = createModel<float>(model, error);
    if (!network) return nullptr;
    return createModelTrainingEngine(std::move(network), loss, optimizer, std::move(ops));
}

std::unique_ptr<TrainingEngine> createModelTrainingEngine(
    std::unique_ptr<Model<float>> model, LossKind loss, const OptimizerConfig& optimizer,
    std::shared_ptr<TensorOpsTable<float>> ops) {
    return std::make_unique<ModelTrainingEngine>(std::move(model), loss, optimizer, std::move(ops));
}

std::unique_ptr<TrainingEngine> createCpuTrainingEngine(const ModelConfig& model, LossKind loss,
                                                        const OptimizerConfig& optimizer,
                                                        std::string* error) {
    return createModelTrainingEngine(model, loss, optimizer, nullptr, error);
}

}  // namespace actlab
