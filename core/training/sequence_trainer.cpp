// The Attention lab's trainer: a fresh batch from the task's generator every step, the
// Transformer's forward and backward through the cross-entropy layer, one optimizer update;
// snapshots evaluate the held-out sequences in chunks of the training batch (so the model's
// buffers are never reallocated) and keep the probes' attention maps.
#include "training/sequence_trainer.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "layers/activation.h"
#include "layers/losses.h"

namespace actlab {
namespace {

// A seed for the data stream that differs from the model's initialisation stream.
constexpr std::uint64_t kDataStream = 0x5851f42d4c957f2dULL;
constexpr std::uint64_t kTestStream = 0x14057b7ef767814fULL;

// The targets as one row per prediction: (B·T) per position, (B) pooled.
ConstTokenView predictionRows(const TokenTensor& targets) {
    return targets.view().reshape(Shape{targets.size()});
}

std::string_view parameterGroup(const std::string& name) {
    if (name.starts_with("tok_emb") || name.starts_with("pos_emb")) return "embedding";
    if (name.find(".attn.") != std::string::npos) return "attention";
    if (name.find("ln") != std::string::npos) return "norm";
    if (name.find(".ffn.") != std::string::npos) return "ffn";
    return "head";
}

// Marks, per unit (the last axis of pre (…, U)), whether act′ is non-zero somewhere, into
// `alive` (sized U, kept from earlier chunks). Rows go in blocks, and a block is evaluated only
// while some unit is still not seen alive: with a smooth activation (GELU, SiLU) every unit is
// alive after the first block, and only a ReLU-like unit that is dead makes the scan go on.
void markAlive(std::vector<char>& alive, ConstTensorView<float> pre,
               const ActivationSite<float>& activation, Tensor<float>& value,
               Tensor<float>& derivative) {
    constexpr Index kBlockRows = 32;
    const Index units = pre.extent(pre.rank() - 1), rowsCount = pre.size() / units;
    const ConstTensorView<float> rows = pre.reshape(Shape{rowsCount, units});
    alive.resize(size_t(units), 0);
    for (Index first = 0; first < rowsCount; first += kBlockRows) {
        if (std::find(alive.begin(), alive.end(), 0) == alive.end()) return;
        const ConstTensorView<float> block =
            rows.slice(first, std::min(rowsCount, first + kBlockRows));
        if (value.shape() != block.shape()) {
            value = Tensor<float>(block.shape());
            derivative = Tensor<float>(block.shape());
        }
        activation.function(hostTensorOps<float>(), value, derivative, block);
        const Index blockRows = block.extent(0);
        for (Index r = 0; r < blockRows; ++r)
            for (Index u = 0; u < units; ++u)
                if (derivative.data()[r * units + u] != 0.0f) alive[size_t(u)] = 1;
    }
}

// Sequence b's scored rows of a chunk (rowsPerSequence rows of O logits each): how many were
// scored and how many of them the largest logit got right.
struct ScoredSequence {
    int scored = 0, right = 0;
};
ScoredSequence scoreSequence(const float* logits, const Token* targets, const Token* scored,
                             Index b, Index rowsPerSequence, Index O) {
    ScoredSequence out;
    for (Index t = 0; t < rowsPerSequence; ++t) {
        const Index r = b * rowsPerSequence + t;
        if (scored[r] == 0) continue;
        const float* row = logits + r * O;
        out.right += (std::max_element(row, row + O) - row) == targets[r];
        ++out.scored;
    }
    return out;
}

// Adds block l's attention rows of a chunk, att (B, H, T, T): per head the entropy (nats) and
// the largest weight of each row with two keys or more, the rows whose largest weight exceeds
// 0.99, and (for block 0, head 0) the rows counted.
void addAttentionRows(const float* att, Index B, int H, Index T, bool causal, int l,
                      std::vector<double>& entropy, std::vector<double>& maxWeight,
                      double& saturated, double& rowsCounted) {
    for (Index b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h)
            for (Index q = 0; q < T; ++q) {
                const float* row = att + (((b * H + h) * T) + q) * T;
                const Index keys = causal ? q + 1 : T;
                if (keys < 2) continue;  // a single key: nothing to choose
                double e = 0, largest = 0;
                for (Index k = 0; k < keys; ++k) {
                    if (row[k] > 0) e -= double(row[k]) * std::log(double(row[k]));
                    largest = std::max(largest, double(row[k]));
                }
                entropy[size_t(l * H + h)] += e;
                maxWeight[size_t(l * H + h)] += largest;
                saturated += largest > 0.99;
                if (l == 0 && h == 0) ++rowsCounted;
            }
}

double deadShare(const std::vector<char>& alive) {
    if (alive.empty()) return 0;
    return double(std::count(alive.begin(), alive.end(), 0)) / double(alive.size());
}

}  // namespace

SequenceTrainer::SequenceTrainer(const SequenceTrainingConfig& config, SequenceTask task,
                                 std::unique_ptr<Transformer<float>> model)
    : m_config(config),
      m_task(std::move(task)),
      m_model(std::move(model)),
      m_optimizer(config.optimizer),
      m_parameters(m_model->parameters()),
      m_random(config.seed ^ kDataStream) {}

std::unique_ptr<SequenceTrainer> SequenceTrainer::create(const SequenceTrainingConfig& config,
                                                         std::string* error) {
    auto fail = [&](const std::string& message) -> std::unique_ptr<SequenceTrainer> {
        if (error) *error = message;
        return nullptr;
    };
    const SequenceTaskInfo* info = findSequenceTask(config.task);
    if (!info) {
        std::string known;
        for (const SequenceTaskInfo& t : sequenceTaskCatalogue())
            known += (known.empty() ? "" : ", ") + std::string(t.name);
        return fail("unknown task '" + config.task + "' (known: " + known + ")");
    }
    std::string message;
    std::optional<SequenceTask> task =
        SequenceTask::create(*info, config.taskOptions, &message, config.text);
    if (!task) return fail(message);
    if (config.batch < 1 || config.batch > 512)
        return fail("--batch must be 1..512, got " + std::to_string(config.batch));
    SequenceTrainingConfig c = config;
    c.model.vocabulary = task->vocabulary();
    c.model.sequence = task->sequence();
    c.model.outputs = task->classes();
    c.model.pooled = task->pooled();
    c.model.causal = c.model.causal || info->causal;
    c.model.seed = config.seed;
    c.optimizer.totalSteps = std::max(c.optimizer.totalSteps, 0);
    std::unique_ptr<Transformer<float>> model = Transformer<float>::create(c.model, &message);
    if (!model) return fail(message);
    std::optional<SequenceBatch> fixedTest = task->fixedTestSet(c.batch);  // text: held out
    if (fixedTest) c.testSequences = int(fixedTest->tokens.extent(0));
    const int chunks = std::max(1, (std::max(c.testSequences, 1) + c.batch - 1) / c.batch);
    c.testSequences = chunks * c.batch;
    c.probes = std::clamp(c.probes, 1, c.batch);
    std::unique_ptr<SequenceTrainer> trainer(new SequenceTrainer(c, *task, std::move(model)));
    Random testRandom(c.seed ^ kTestStream);
    trainer->m_test =
        fixedTest ? std::move(*fixedTest) : trainer->m_task->sample(c.testSequences, testRandom);
    return trainer;
}

SequenceTrainerProgress SequenceTrainer::progress() const {
    SequenceTrainerProgress p;
    m_core.save(p);
    p.random = m_random.state();
    p.lossSum = m_lossSum;
    p.lossCount = m_lossCount;
    p.lastGradientNorm = m_lastGradientNorm;
    if (m_core.lastFinite()) p.lastSnapshotTrainLoss = m_core.lastFinite()->trainLoss;
    p.layerGradientNorm = m_layerGradientNorm;
    p.groupGradientNorm = m_groupGradientNorm;
    return p;
}

bool SequenceTrainer::restoreProgress(SequenceTrainerProgress p, std::string* error) {
    const auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (!m_core.checkProgress(p, error)) return false;
    if (p.lossCount < 0 || p.lossCount > p.steps) return fail("the loss count is out of range");
    if (!p.layerGradientNorm.empty() && p.layerGradientNorm.size() != size_t(m_config.model.layers))
        return fail("the layer gradient norms do not match the model's layers");
    const size_t heads = size_t(m_config.model.layers) * size_t(m_config.model.heads);
    for (const SequenceHistoryPoint& point : p.history)
        if (point.step < 0 || point.step > p.steps || point.headEntropy.size() != heads)
            return fail("a history point does not fit this run");
    if (!m_core.restore(p, error)) return false;  // the last check: it commits
    m_random.setState(p.random);
    m_lossSum = p.lossSum;
    m_lossCount = p.lossCount;
    m_lastGradientNorm = p.lastGradientNorm;
    m_layerGradientNorm = std::move(p.layerGradientNorm);
    m_groupGradientNorm = std::move(p.groupGradientNorm);
    if (p.lastSnapshotTrainLoss && p.divergedAt < 0) {
        SequenceSnapshot last;  // what a snapshot with no step since the last one repeats
        last.trainLoss = *p.lastSnapshotTrainLoss;
        m_core.keepFinite(last);
    }
    return true;
}

void SequenceTrainer::setTensorOps(std::shared_ptr<TensorOpsTable<float>> ops) {
    m_model->tensorOps().forget();  // the host has the last ops' results
    m_optimizer.setTensorOps(ops);
    m_model->setTensorOps(std::move(ops));
}

Transformer<float>& SequenceTrainer::model() {
    m_model->tensorOps().forget();  // the caller may read or write any parameter
    return *m_model;
}

void SequenceTrainer::step(int n) {
    m_core.step(
        n, [&](bool lastOfCall) { return stepOnce(lastOfCall); }, [&] { return measurePoint(); });
}

// One step, recorded: forward, loss, backward, the gradient norms when due and the update all
// go to the ops, and one sync at the end brings back the loss and the norms (a device runs the
// whole step in one submission).
StepResult SequenceTrainer::stepOnce(bool lastOfCall) {
    const SequenceBatch batch = m_task->sample(m_config.batch, m_random);
    const ConstTensorView<float> logits = m_model->forward(batch.tokens);
    TensorOpsTable<float>& ops = m_model->tensorOps();
    const ConstTokenView sampled = predictionRows(batch.targets);
    if (m_probs.shape() != logits.shape()) {  // once: the batch shape never changes
        ops.forget();
        m_probs = Tensor<float>(logits.shape());
        m_dlogits = Tensor<float>(logits.shape());
        m_losses = Tensor<float>(Shape{logits.extent(0)});
        m_targets = TokenTensor(sampled.shape());
    }
    std::copy(sampled.data(), sampled.data() + sampled.size(), m_targets.data());
    ops.hostWrote(hostRange(m_targets.span()));
    ops.forOp(TensorOp::CrossEntropyForward)
        .crossEntropyForward(m_probs, m_losses, m_meanLoss, logits, m_targets);
    m_model->zeroGradients();
    ops.forOp(TensorOp::Fill).fill(m_dlogits, 0.0f);
    ops.forOp(TensorOp::CrossEntropyBackward)
        .crossEntropyBackward(m_dlogits, m_probs, m_targets, 1.0f);
    m_model->backward(m_dlogits);
    // Per-layer and per-group norms of the last step, and of the steps the history measures.
    const bool norms = lastOfCall || isEvaluationStep(steps() + 1);
    if (norms) recordGradientSquares();
    m_optimizer.record(m_parameters);
    std::vector<HostRange> status = {hostRange(m_meanLoss.span()),
                                     hostRange(m_optimizer.gradientNorm())};
    if (norms) status.push_back(hostRange(std::span<const float>(m_gradientSquares)));
    ops.syncToHost(status);  // the step's one wait
    if (norms) storeGradientNorms();
    const double loss = m_meanLoss.data()[0];
    const double norm = m_optimizer.gradientNorm()[0];
    if (!std::isfinite(loss)) return {StepOutcome::LossNotFinite};
    m_lastGradientNorm = norm;
    if (!std::isfinite(norm)) return {StepOutcome::UpdateNotFinite};
    m_lossSum += loss;
    ++m_lossCount;
    return {StepOutcome::Finite, loss};
}

// Σ g² per parameter, recorded into m_gradientSquares (read by storeGradientNorms).
void SequenceTrainer::recordGradientSquares() {
    std::vector<std::span<const float>> gradients;
    for (const Parameter<float>* p : m_parameters) gradients.emplace_back(p->grad);
    m_gradientSquares.resize(m_parameters.size());
    m_model->tensorOps().forOp(TensorOp::SumOfSquares).sumOfSquares(gradients, m_gradientSquares);
}

// The L2 norms of the gradients just computed: per block and per parameter group.
void SequenceTrainer::storeGradientNorms() {
    m_layerGradientNorm.assign(size_t(m_config.model.layers), 0.0);
    m_groupGradientNorm.clear();
    for (size_t k = 0; k < m_parameters.size(); ++k) {
        const Parameter<float>* p = m_parameters[k];
        const double sum = m_gradientSquares[k];
        if (p->hiddenLayer >= 0) m_layerGradientNorm[size_t(p->hiddenLayer)] += sum;
        const std::string group(parameterGroup(p->name));
        auto it = std::find_if(m_groupGradientNorm.begin(), m_groupGradientNorm.end(),
                               [&](const auto& e) { return e.first == group; });
        if (it == m_groupGradientNorm.end())
            m_groupGradientNorm.emplace_back(group, sum);
        else
            it->second += sum;
    }
    for (double& v : m_layerGradientNorm) v = std::sqrt(v);
    for (auto& [name, v] : m_groupGradientNorm) v = std::sqrt(v);
}

void SequenceTrainer::recordDueHistory() {
    m_core.recordDueHistory([&] { return measurePoint(); });
}

std::optional<std::pair<SequenceHistoryPoint, std::vector<SiteSample>>>
SequenceTrainer::measurePoint() {
    SequenceSnapshot s;
    evaluate(s);
    const bool finite =
        std::isfinite(s.testLoss) && std::isfinite(s.attentionEntropy) && allFinite(s.probes);
    if (!finite) return std::nullopt;
    const int step = steps();
    return std::pair{SequenceHistoryPoint{step, step > 0 ? lastTrainLoss() : s.testLoss, s.testLoss,
                                          s.tokenAccuracy, s.sequenceAccuracy, s.headEntropy,
                                          m_layerGradientNorm},
                     distributionSamples()};
}

void SequenceTrainer::evaluate(SequenceSnapshot& s) {
    const TransformerConfig& mc = m_config.model;
    const int L = mc.layers, H = mc.heads, B = m_config.batch;
    const Index T = m_task->sequence(), O = m_task->classes();
    const bool pooled = m_task->pooled();
    double lossSum = 0, counted = 0, correct = 0, scoredCount = 0, sequencesRight = 0;
    double sequencesScored = 0;  // those with a scored position (the text task pads with none)
    std::vector<double> entropy(size_t(L * H), 0), maxWeight(size_t(L * H), 0);
    double rowsCounted = 0, saturated = 0;  // rows per head (those with two keys or more)
    // Per layer: Q, K and V's units apart, and the FFN's.
    std::vector<std::array<std::vector<char>, 3>> qkvAlive(static_cast<size_t>(L));
    std::vector<std::vector<char>> ffnAlive(static_cast<size_t>(L));
    Tensor<float> value, derivative;
    const Index rowsPerSequence = pooled ? 1 : T;
    for (int chunk = 0; chunk * B < m_config.testSequences; ++chunk) {
        const ConstTokenView tokens = m_test.tokens.slice(chunk * B, (chunk + 1) * B);
        const ConstTokenView targets = m_test.targets.slice(chunk * B, (chunk + 1) * B);
        const ConstTokenView scored = m_test.scored.slice(chunk * B, (chunk + 1) * B);
        const ConstTensorView<float> logits = m_model->forward(tokens);
        if (m_evaluationProbs.shape() != logits.shape()) {
            m_model->tensorOps().forget();
            m_evaluationProbs = Tensor<float>(logits.shape());
            m_evaluationLosses = Tensor<float>(Shape{logits.extent(0)});
        }
        const Tensor<float>& losses = m_evaluationLosses;
        const ConstTokenView rowsTargets = targets.reshape(Shape{targets.size()});
        m_model->tensorOps()
            .forOp(TensorOp::CrossEntropyForward)
            .crossEntropyForward(m_evaluationProbs, m_evaluationLosses, m_meanLoss, logits,
                                 rowsTargets);
        m_model->tensorOps().finish();
        for (Index r = 0; r < rowsTargets.size(); ++r)
            if (rowsTargets.data()[r] != kIgnoreTarget) {
                lossSum += losses.data()[r];
                ++counted;
            }
        for (Index b = 0; b < B; ++b) {
            const ScoredSequence score = scoreSequence(logits.data(), rowsTargets.data(),
                                                       scored.data(), b, rowsPerSequence, O);
            correct += score.right;
            scoredCount += score.scored;
            sequencesRight += score.scored > 0 && score.right == score.scored;
            sequencesScored += score.scored > 0;
        }
        for (int l = 0; l < L; ++l) {
            const TransformerBlockProbe<float> probe = m_model->probe(l);
            addAttentionRows(probe.attention.data(), B, H, T, mc.causal, l, entropy, maxWeight,
                             saturated, rowsCounted);
            if (mc.qkvActivation.id != ActivationId::Identity)
                for (int j = 0; j < 3; ++j)
                    markAlive(qkvAlive[size_t(l)][size_t(j)], probe.qkvPreActivation[j],
                              m_model->activationSite(l, j), value, derivative);
            if (mc.ffn != FeedForwardKind::None)
                markAlive(ffnAlive[size_t(l)], probe.ffnPreActivation,
                          m_model->activationSite(l, 3), value, derivative);
        }
        if (chunk == 0) s.probes = readProbes(logits, tokens);
    }
    s.testLoss = counted > 0 ? lossSum / counted : 0;
    s.tokenAccuracy = scoredCount > 0 ? correct / scoredCount : 0;
    s.sequenceAccuracy = sequencesScored > 0 ? sequencesRight / sequencesScored : 0;
    s.layers = L;
    s.heads = H;
    s.headEntropy.resize(entropy.size());
    s.headMaxWeight.resize(entropy.size());
    double entropySum = 0;
    for (size_t i = 0; i < entropy.size(); ++i) {
        s.headEntropy[i] = rowsCounted > 0 ? entropy[i] / rowsCounted : 0;
        s.headMaxWeight[i] = rowsCounted > 0 ? maxWeight[i] / rowsCounted : 1;
        entropySum += s.headEntropy[i];
    }
    s.attentionEntropy = entropy.empty() ? 0 : entropySum / double(entropy.size());
    s.softmaxSaturation = rowsCounted > 0 ? saturated / (rowsCounted * H * L) : 1;
    for (int l = 0; l < L; ++l) {
        const auto& [q, k, v] = qkvAlive[size_t(l)];
        std::vector<char> all(q);
        all.insert(all.end(), k.begin(), k.end());
        all.insert(all.end(), v.begin(), v.end());
        s.qkvDeadFraction.push_back(deadShare(all));
        s.ffnDeadFraction.push_back(deadShare(ffnAlive[size_t(l)]));
    }
}

SequenceProbes SequenceTrainer::readProbes(ConstTensorView<float> logits, ConstTokenView tokens) {
    const TransformerConfig& mc = m_config.model;
    const int L = mc.layers, H = mc.heads, P = m_config.probes;
    const Index T = m_task->sequence(), O = m_task->classes();
    const bool pooled = m_task->pooled();
    SequenceProbes probes;
    AttentionMaps& attention = probes.attention;
    attention = {L, H, P, int(T), int(T), {}};
    attention.weights.reserve(size_t(L * H * P * T * T));
    for (int l = 0; l < L; ++l) {
        const float* att = m_model->probe(l).attention.data();  // (B, H, T, T)
        for (int h = 0; h < H; ++h)
            for (Index b = 0; b < P; ++b) {
                const float* map = att + (b * H + h) * T * T;
                attention.weights.insert(attention.weights.end(), map, map + T * T);
            }
    }
    probes.tokens = {P, int(T), std::vector<Token>(tokens.data(), tokens.data() + P * T)};
    const Index rows = pooled ? 1 : T;
    const Token* targets = m_test.targets.data();  // the probes are the first test sequences
    probes.predictions =
        predictProbes(std::vector<float>(logits.data(), logits.data() + P * rows * O), P, int(rows),
                      int(O), pooled, std::vector<Token>(targets, targets + P * rows));
    return probes;
}

SequenceSnapshot SequenceTrainer::snapshot(SnapshotScope scope) {
    recordDueHistory();
    if (diverged()) return m_core.divergedSnapshot();
    const double stepsPerSecond = m_core.stepsPerSecond();
    if (scope == SnapshotScope::Probes && m_core.lastFinite()) {
        // The last full snapshot's held-out figures, train loss and history.
        SequenceSnapshot light = *m_core.lastFinite();
        light.step = steps();
        light.stepsPerSecond = stepsPerSecond;
        light.layerGradientNorm = m_layerGradientNorm;
        light.groupGradientNorm = m_groupGradientNorm;
        light.gradientNorm = m_lastGradientNorm;
        m_core.record().fill(light);
        const ConstTokenView tokens = m_test.tokens.slice(0, m_config.batch);
        const ConstTensorView<float> logits = m_model->forward(tokens);
        // Only what the probes read comes home: the logits and each block's attention maps.
        std::vector<HostRange> read = {hostRange(logits.span())};
        for (int l = 0; l < m_config.model.layers; ++l)
            read.push_back(hostRange(m_model->probe(l).attention.span()));
        m_model->tensorOps().syncToHost(read);
        light.probes = readProbes(logits, tokens);
        if (!allFinite(light.probes)) return snapshot(SnapshotScope::Full);  // finds divergence
        m_core.markTime();
        return light;
    }
    SequenceSnapshot s;
    s.step = steps();
    s.stepsPerSecond = stepsPerSecond;
    evaluate(s);
    // An update with a finite gradient can still leave a model whose outputs are not finite:
    // that is divergence too, and no such figure leaves the trainer.
    const bool finite =
        std::isfinite(s.testLoss) && std::isfinite(s.attentionEntropy) && allFinite(s.probes);
    if (!finite) {
        m_core.markDiverged();
        return m_core.divergedSnapshot();  // the last finite one (or an empty one)
    }
    const std::optional<SequenceSnapshot>& last = m_core.lastFinite();
    s.trainLoss = m_lossCount > 0 ? m_lossSum / m_lossCount : last ? last->trainLoss : s.testLoss;
    m_lossSum = 0;
    m_lossCount = 0;
    s.layerGradientNorm = m_layerGradientNorm;
    s.groupGradientNorm = m_groupGradientNorm;
    s.gradientNorm = m_lastGradientNorm;
    m_core.record().fill(s);
    s.evaluatedStep = s.step;
    m_core.keepFinite(s);
    m_core.markTime();  // evaluation time is not training time: the rate counts from here
    return s;
}

}  // namespace actlab
