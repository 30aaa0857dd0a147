// The exported PyTorch scripts against ActLab itself (core/export/pytorch_script.h), run with
// PyTorch 1.13 (ACTLAB_PYTHON3): before any step the script's losses are ActLab's (the same
// data, initial weights and loss), and loaded with ActLab's trained weights it prints ActLab's
// logits to 1e-5. An MLP, a GLU-FFN, a Transformer and an MLP regression with PReLU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>

#include "export/pytorch_script.h"
#include "export_test_support.h"
#include "models/model_safetensors.h"

namespace actlab::test {
namespace {

// What ActLab reports after some steps: the figures the script prints, the logits of the fixed
// input set (the test set, or the first probe sequences) and the weights as a safetensors file.
struct ActLabRun {
    nlohmann::json figures;
    std::vector<double> logits;
    std::string weights;
};

struct ExportCase {
    std::string name;
    std::function<std::optional<std::string>(int steps, std::string* error)> script;
    std::function<ActLabRun(int steps)> train;
    int steps = 0;  // for the weights check
};

void PrintTo(const ExportCase& c, std::ostream* os) { *os << c.name; }

ActLabRun trainingRun(const TrainingConfig& config, int steps) {
    std::string error;
    std::unique_ptr<Trainer> trainer = Trainer::create(config, &error);
    if (!trainer) throw std::runtime_error(error);
    trainer->step(steps);
    const TrainingSnapshot s = trainer->snapshot(false);
    ActLabRun run;
    run.figures = {{"train_loss", s.trainLoss}, {"test_loss", s.testLoss}};
    if (trainer->lossKind() != LossKind::Mse)
        run.figures.update({{"train_acc", s.trainAccuracy}, {"test_acc", s.testAccuracy}});
    const Dataset& data = trainer->dataset();
    const std::span<const float> logits =
        trainer->model().forward(data.testInputs, int(data.testSize()));
    run.logits.assign(logits.begin(), logits.end());
    run.weights = encodeSafetensors(modelToSafetensors(trainer->config().model, trainer->model()));
    return run;
}

// Snapshots every 50 steps, as actlab-cli train --log-every 50 takes them (train_loss is the
// mean batch loss since the last one).
ActLabRun sequenceRun(const SequenceTrainingConfig& config, int steps) {
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(config, &error);
    if (!trainer) throw std::runtime_error(error);
    SequenceSnapshot s = trainer->snapshot();
    while (trainer->steps() < steps) {
        trainer->step(std::min(50, steps - trainer->steps()));
        s = trainer->snapshot();
    }
    ActLabRun run;
    run.figures = {{"train_loss", s.trainLoss},
                   {"test_loss", s.testLoss},
                   {"token_accuracy", s.tokenAccuracy},
                   {"sequence_accuracy", s.sequenceAccuracy}};
    const int probes = trainer->config().probes;
    const ConstTensorView<float> logits =
        trainer->model().forward(trainer->testSet().tokens.slice(0, probes));
    run.logits.assign(logits.data(), logits.data() + logits.size());
    run.weights = encodeSafetensors(transformerToSafetensors(trainer->model()));
    return run;
}

ExportCase trainingCase(std::string name, const TrainingConfig& config, int steps) {
    return {std::move(name),
            [config](int n, std::string* error) { return pytorchScript(config, n, error); },
            [config](int n) { return trainingRun(config, n); }, steps};
}

ExportCase sequenceCase(std::string name, const SequenceTrainingConfig& config, int steps) {
    return {std::move(name),
            [config](int n, std::string* error) { return pytorchScript(config, n, 50, error); },
            [config](int n) { return sequenceRun(config, n); }, steps};
}

std::vector<ExportCase> cases() {
    TrainingConfig mlp;  // actlab-cli train --task spiral --activation gelu
    mlp.task = "spiral";
    mlp.model.activations = {ActivationConfig::withDefaults(ActivationId::Gelu)};
    TrainingConfig glu;  // actlab-cli train --model glu --task spiral (SwiGLU, Xavier)
    glu.task = "spiral";
    glu.model.kind = ModelKind::GluFfn;
    glu.model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    glu.model.init = Initialiser::Xavier;
    TrainingConfig sine;  // MSE, per-neuron PReLU, He uniform, a bias init, weight decay
    sine.task = "sine";
    sine.data.features.clear();
    sine.model.hidden = {16, 16};
    sine.model.activations = {ActivationConfig::withDefaults(ActivationId::Prelu)};
    sine.model.preluPerNeuron = true;
    sine.model.init = Initialiser::HeUniform;
    sine.model.biasInit = 0.1;
    sine.optimizer.weightDecay = 0.01;
    SequenceTrainingConfig reverse;  // actlab-cli train --model transformer --seq 6 --vocab 6
    reverse.taskOptions = {6, 6};    //   --d-model 32
    reverse.model.dModel = 32;
    std::string error;  // the learnable mix (issue 25): per unit, in a GLU gate, on Q/K/V and FFN
    TrainingConfig mix = mlp;
    mix.model.activations = {*parseActivationSpec("mix(gelu,tanh,swish)", &error)};
    mix.model.mixPerUnit = true;
    TrainingConfig gluMix = glu;
    gluMix.model.activations = {*parseActivationSpec("mix(gelu,silu)", &error)};
    SequenceTrainingConfig reverseMix = reverse;
    reverseMix.model.ffnActivation = *parseActivationSpec("mix(gelu,silu,tanh)", &error);
    reverseMix.model.qkvActivation = *parseActivationSpec("mix(relu,identity)", &error);
    return {trainingCase("MlpSpiralGelu", mlp, 300),
            trainingCase("GluFfnSpiral", glu, 100),
            trainingCase("MlpSinePrelu", sine, 200),
            trainingCase("MlpSpiralMix", mix, 300),
            trainingCase("GluFfnSpiralMix", gluMix, 100),
            sequenceCase("TransformerReverse", reverse, 40),
            sequenceCase("TransformerReverseMix", reverseMix, 40)};
}

void expectNarrowLines(const std::string& script) {
    size_t start = 0, number = 1;
    while (start < script.size()) {
        size_t end = script.find('\n', start);
        if (end == std::string::npos) end = script.size();
        const std::string line = script.substr(start, end - start);
        const auto columns =
            std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
        EXPECT_LE(columns, 100) << "line " << number << ": " << line;
        start = end + 1;
        ++number;
    }
}

class ExportedScript : public ::testing::TestWithParam<ExportCase> {};

// Before the first step the model, the data and the loss are ActLab's: the losses agree to float
// rounding (measured: 1e-8 relative), the accuracies to a row.
TEST_P(ExportedScript, StartsFromActLabsDataAndWeights) {
    const ExportCase& c = GetParam();
    std::string error;
    const std::optional<std::string> script = c.script(0, &error);
    ASSERT_TRUE(script) << error;
    const ScriptRun run = runScript(c.name + "_start.py", *script);
    ASSERT_EQ(run.process.status, 0) << run.process.err;
    ASSERT_TRUE(run.json.is_object()) << run.process.out;
    const ActLabRun actlab = c.train(0);
    for (const auto& [key, value] : actlab.figures.items()) {
        ASSERT_TRUE(run.json.contains(key)) << key;
        const double mine = run.json.at(key).get<double>(), theirs = value.get<double>();
        std::cout << c.name << " step 0 " << key << ": PyTorch " << mine << ", ActLab " << theirs
                  << "\n";
        if (key.find("loss") != std::string::npos)
            EXPECT_NEAR(mine, theirs, 1e-6 * std::abs(theirs)) << key;
        else
            EXPECT_NEAR(mine, theirs, 0.005) << key;  // within one of 250 test rows
    }
    EXPECT_EQ(run.json.at("steps"), 0);
    EXPECT_EQ(run.json.at("diverged"), false);
}

// ActLab's trained weights in the script's model give ActLab's logits on the fixed input set.
TEST_P(ExportedScript, WeightsGiveActLabsLogits) {
    const ExportCase& c = GetParam();
    std::string error;
    const std::optional<std::string> script = c.script(c.steps, &error);
    ASSERT_TRUE(script) << error;
    const ActLabRun actlab = c.train(c.steps);
    const std::string weights = writeScratchFile(c.name + ".safetensors", actlab.weights);
    const ScriptRun run = runScript(c.name + "_weights.py", *script, {"--weights", weights});
    ASSERT_EQ(run.process.status, 0) << run.process.err;
    const std::vector<double> logits = flatLogits(run.json);
    ASSERT_EQ(logits.size(), actlab.logits.size()) << run.process.out.substr(0, 300);
    double largest = 0;
    for (double v : actlab.logits) largest = std::max(largest, std::abs(v));
    const double relative = logitError(logits, actlab.logits);
    std::cout << c.name << ": " << logits.size() << " logits, largest " << largest << ", error "
              << relative << "\n";
    EXPECT_GT(largest, 0.5);  // trained weights, not a model of zeros
    EXPECT_LE(relative, 1e-5);
}

// The script reads as the project's Python does: no line wider than 100 columns (UTF-8 code
// points), here and for the widest models (8 layers of named activations, 8 GLU blocks).
TEST_P(ExportedScript, EveryLineFitsIn100Columns) {
    std::string error;
    const std::optional<std::string> script = GetParam().script(10, &error);
    ASSERT_TRUE(script) << error;
    expectNarrowLines(*script);
}

INSTANTIATE_TEST_SUITE_P(Export, ExportedScript, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return info.param.name; });

TEST(ExportedScriptLines, FitIn100ColumnsForTheWidestModels) {
    TrainingConfig mlp;
    mlp.model.hidden.assign(8, 512);
    mlp.model.activations.clear();
    for (const char* name : {"gelu_sigmoid", "leaky_relu", "prelu", "softplus", "hardsigmoid",
                             "swish", "gelu_tanh", "hardswish"})
        mlp.model.activations.push_back(ActivationConfig::withDefaults(findActivation(name)->id));
    mlp.optimizer = {.kind = OptimizerKind::AdamW,
                     .learningRate = 0.001,
                     .weightDecay = 0.1,
                     .clipNorm = 0.5,
                     .schedule = LearningRateSchedule::WarmupCosine,
                     .warmupSteps = 100,
                     .totalSteps = 10000};
    mlp.l1 = mlp.l2 = 0.001;
    TrainingConfig glu;
    glu.task = "teacher";
    glu.model.kind = ModelKind::GluFfn;
    glu.model.blocks = 8;
    glu.model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
    std::string error;
    for (const TrainingConfig& c : {mlp, glu}) {
        const std::optional<std::string> script = pytorchScript(c, 10, &error);
        ASSERT_TRUE(script) << error;
        expectNarrowLines(*script);
    }
    SequenceTrainingConfig transformer;
    transformer.task = "induction";
    transformer.model.init = Initialiser::HeUniform;
    transformer.model.ffn = FeedForwardKind::Gated;
    transformer.model.ffnActivation = ActivationConfig::withDefaults(ActivationId::Geglu);
    transformer.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Swish);
    const std::optional<std::string> script = pytorchScript(transformer, 10, 50, &error);
    ASSERT_TRUE(script) << error;
    expectNarrowLines(*script);
}

// A file that is not the model's is refused by the script with one message, and exit status 1.
TEST(ExportedScriptWeights, RefusesAnotherModelsFile) {
    const std::vector<ExportCase> all = cases();
    std::string error;
    const std::optional<std::string> script = all[0].script(1, &error);
    ASSERT_TRUE(script) << error;
    const std::string other = writeScratchFile("other.safetensors", all[1].train(0).weights);
    const ScriptRun run = runScript("refuses.py", *script, {"--weights", other});
    EXPECT_EQ(run.process.status, 1);
    EXPECT_NE(run.process.err.find("is not this model's"), std::string::npos) << run.process.err;
}

// Refused configurations give a one-line error, no script.
TEST(ExportedScriptErrors, BadConfigurationsAreRefused) {
    std::string error;
    TrainingConfig unknown;
    unknown.task = "no-such-task";
    EXPECT_FALSE(pytorchScript(unknown, 10, &error));
    EXPECT_NE(error.find("no-such-task"), std::string::npos) << error;
    SequenceTrainingConfig heads;
    heads.model.heads = 3;
    EXPECT_FALSE(pytorchScript(heads, 10, 50, &error));
    EXPECT_NE(error.find("--heads 3"), std::string::npos) << error;
    EXPECT_FALSE(pytorchScript(TrainingConfig{}, -1, &error));
    EXPECT_FALSE(pytorchScript(SequenceTrainingConfig{}, 10, 0, &error));
}

}  // namespace
}  // namespace actlab::test
