// Run states (config/run_state_json.h) and sessions (config/session_json.h): a run stopped at
// step k, saved, restored and continued to step n is bit for bit the run that took n steps at
// once — weights, optimizer moments, data order, metrics, history — for MLP and GLU-FFN runs
// (with momentum, Adam, cosine, L1/L2, three classes) and the Transformer; bad files are refused
// with an error that names the field.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/base64.h"
#include "config/run_state_json.h"
#include "config/session_json.h"
#include "fixture_text.h"

namespace actlab {
namespace {

using Json = nlohmann::json;

TrainingConfig trainingConfig(const std::string& task, ModelKind kind, OptimizerKind optimizer) {
    TrainingConfig c;
    c.task = task;
    c.data.points = 200;
    c.model.kind = kind;
    if (kind == ModelKind::Mlp) {
        c.model.hidden = {12, 8};
        c.model.activations = {ActivationConfig::withDefaults(findActivation("relu")->id)};
    } else {
        c.model.dModel = 8;
        c.model.blocks = 2;
        c.model.activations = {ActivationConfig::withDefaults(findActivation("swiglu")->id)};
    }
    c.optimizer.kind = optimizer;
    c.optimizer.learningRate = 0.02;
    c.batch = 16;
    c.surfaceResolution = 8;
    c.neuronResolution = 4;
    return c;
}

std::vector<std::vector<float>> weightsOf(Trainer& t) {
    std::vector<std::vector<float>> out;
    for (Parameter<float>* p : t.model().parameters()) out.push_back(p->value);
    return out;
}

void expectSameSnapshots(const TrainingSnapshot& a, const TrainingSnapshot& b) {
    EXPECT_EQ(a.step, b.step);
    EXPECT_EQ(a.trainLoss, b.trainLoss);  // exact: the same bits
    EXPECT_EQ(a.testLoss, b.testLoss);
    EXPECT_EQ(a.testAccuracy, b.testAccuracy);
    EXPECT_EQ(a.revived, b.revived);
    EXPECT_EQ(a.diagnostics.deadFraction, b.diagnostics.deadFraction);
    ASSERT_EQ(a.history.size(), b.history.size());
    for (size_t i = 0; i < a.history.size(); ++i) {
        EXPECT_EQ(a.history[i].step, b.history[i].step) << i;
        EXPECT_EQ(a.history[i].trainLoss, b.history[i].trainLoss) << i;
        EXPECT_EQ(a.history[i].layerGradientNorm, b.history[i].layerGradientNorm) << i;
    }
    EXPECT_TRUE(a.probes == b.probes);
}

// Steps in chunks with a snapshot after each (as the CLI's --log-every and the GUI's frames).
void stepWithSnapshots(Trainer& t, int steps, int chunk) {
    for (int done = 0; done < steps; done += chunk) {
        t.step(std::min(chunk, steps - done));
        t.snapshot(false);
    }
}

struct ContinueCase {
    const char* label;
    TrainingConfig config;
};

void PrintTo(const ContinueCase& c, std::ostream* os) { *os << c.label; }

class TrainerContinues : public ::testing::TestWithParam<ContinueCase> {};

TEST_P(TrainerContinues, BitForBitAsOneUninterruptedRun) {
    const TrainingConfig& config = GetParam().config;
    std::string error;
    // 120 steps at once, against 75 (an epoch of 100 rows is 6¼ batches: the save falls
    // mid-epoch), saved, restored and 45 more.
    auto whole = Trainer::create(config, &error);
    ASSERT_TRUE(whole) << error;
    stepWithSnapshots(*whole, 120, 10);
    auto first = Trainer::create(config, &error);
    ASSERT_TRUE(first) << error;
    stepWithSnapshots(*first, 70, 10);
    first->step(5);  // stops at 75, between snapshots, mid-epoch
    const std::string saved = trainerStateToJson(*first);
    first.reset();
    auto resumed = trainerFromStateJson(saved, &error);
    ASSERT_TRUE(resumed) << error;
    EXPECT_EQ(resumed->steps(), 75);
    resumed->step(5);  // back onto the chunk grid of the whole run
    resumed->snapshot(false);
    stepWithSnapshots(*resumed, 40, 10);
    EXPECT_EQ(weightsOf(*resumed), weightsOf(*whole));
    expectSameSnapshots(resumed->snapshot(true), whole->snapshot(true));
    EXPECT_EQ(resumed->optimizerState().first, whole->optimizerState().first);
    EXPECT_EQ(resumed->optimizerState().steps, whole->optimizerState().steps);
    // A second save of the resumed run is the whole run's save: nothing is lost or added.
    EXPECT_TRUE(trainerStateToJson(*resumed) == trainerStateToJson(*whole));
}

std::vector<ContinueCase> continueCases() {
    std::vector<ContinueCase> cases;
    cases.push_back(
        {"MlpAdamCircle", trainingConfig("circle", ModelKind::Mlp, OptimizerKind::Adam)});
    TrainingConfig momentum = trainingConfig("xor", ModelKind::Mlp, OptimizerKind::Momentum);
    momentum.l1 = 1e-4;
    momentum.l2 = 1e-3;
    momentum.optimizer.clipNorm = 0.5;
    cases.push_back({"MlpMomentumL1L2Clip", momentum});
    TrainingConfig cosine = trainingConfig("spiral3", ModelKind::Mlp, OptimizerKind::AdamW);
    cosine.optimizer.schedule = LearningRateSchedule::WarmupCosine;
    cosine.optimizer.warmupSteps = 20;
    cosine.optimizer.totalSteps = 120;
    cosine.optimizer.weightDecay = 0.01;
    cases.push_back({"MlpAdamWCosineThreeClasses", cosine});
    cases.push_back(
        {"GluFfnAdam", trainingConfig("moons", ModelKind::GluFfn, OptimizerKind::Adam)});
    cases.push_back({"SineRegression", trainingConfig("sine", ModelKind::Mlp, OptimizerKind::Sgd)});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(RunState, TrainerContinues, ::testing::ValuesIn(continueCases()),
                         [](const auto& info) { return std::string(info.param.label); });

SequenceTrainingConfig sequenceConfig() {
    SequenceTrainingConfig c;
    c.task = "reverse";
    c.taskOptions.sequence = 6;
    c.taskOptions.vocabulary = 6;
    c.model.dModel = 16;
    c.model.heads = 2;
    c.model.layers = 2;
    c.model.dFf = 32;
    c.batch = 8;
    c.testSequences = 16;
    c.probes = 2;
    c.optimizer.learningRate = 3e-3;
    return c;
}

TEST(SequenceRunState, ContinuesBitForBitAsOneUninterruptedRun) {
    std::string error;
    auto whole = SequenceTrainer::create(sequenceConfig(), &error);
    ASSERT_TRUE(whole) << error;
    auto first = SequenceTrainer::create(sequenceConfig(), &error);
    ASSERT_TRUE(first) << error;
    for (int i = 0; i < 3; ++i) {
        whole->step(10);
        whole->snapshot();
    }
    whole->step(7);  // the uninterrupted run has no snapshot at 37: the losses are summed on
    first->step(10);
    first->snapshot();
    first->step(10);
    first->snapshot();
    first->step(10);
    first->snapshot();
    first->step(4);
    auto resumed = sequenceTrainerFromStateJson(sequenceTrainerStateToJson(*first), &error);
    ASSERT_TRUE(resumed) << error;
    resumed->step(3);
    EXPECT_EQ(resumed->steps(), 37);
    const SequenceSnapshot a = resumed->snapshot(), b = whole->snapshot();
    EXPECT_EQ(a.trainLoss, b.trainLoss);  // the mean of the batch losses since step 30
    EXPECT_EQ(a.testLoss, b.testLoss);
    EXPECT_EQ(a.tokenAccuracy, b.tokenAccuracy);
    EXPECT_EQ(a.headEntropy, b.headEntropy);
    EXPECT_EQ(a.groupGradientNorm, b.groupGradientNorm);
    ASSERT_EQ(a.history.size(), b.history.size());
    EXPECT_EQ(a.history.back().testLoss, b.history.back().testLoss);
    ASSERT_FALSE(a.probes.attention.empty());
    EXPECT_EQ(a.probes.attention.weights, b.probes.attention.weights);
    EXPECT_TRUE(sequenceTrainerStateToJson(*resumed) == sequenceTrainerStateToJson(*whole));
}

// The saved text of a small run, for the damage tests.
Json savedRun() {
    std::string error;
    auto t = Trainer::create(trainingConfig("circle", ModelKind::Mlp, OptimizerKind::Adam), &error);
    t->step(12);
    t->snapshot(false);
    return Json::parse(trainerStateToJson(*t));
}

std::string restoreError(const Json& state) {
    std::string error;
    EXPECT_FALSE(trainerFromStateJson(state.dump(), &error)) << state.dump().substr(0, 200);
    return error;
}

TEST(RunStateErrors, NameTheField) {
    const Json good = savedRun();
    std::string error;
    ASSERT_TRUE(trainerFromStateJson(good.dump(), &error)) << error;
    EXPECT_NE(restoreError(Json::parse("[1]")).find("expected an object"), std::string::npos);
    std::string bad;
    EXPECT_FALSE(trainerFromStateJson("{\"version\": 1,", &bad));
    EXPECT_NE(bad.find("not valid JSON"), std::string::npos) << bad;

    Json later = good;
    later["version"] = kRunStateVersion + 1;
    EXPECT_NE(restoreError(later).find("version " + std::to_string(kRunStateVersion + 1)),
              std::string::npos);
    Json attention = good;
    attention["kind"] = "attention";
    EXPECT_NE(restoreError(attention).find("kind"), std::string::npos);
    Json unknown = good;
    unknown["colour"] = 1;
    EXPECT_NE(restoreError(unknown).find("colour"), std::string::npos);
    Json missing = good;
    missing.erase("data_cursor");
    EXPECT_EQ(restoreError(missing), "data_cursor: missing");

    Json order = good;
    order["data_order"][0] = order["data_order"][1];
    EXPECT_NE(restoreError(order).find("not a permutation"), std::string::npos);
    Json cursor = good;
    cursor["data_cursor"] = 100000;
    EXPECT_NE(restoreError(cursor).find("cursor"), std::string::npos);
    Json seed = good;
    seed["shuffle_seed"] = "12x";
    EXPECT_NE(restoreError(seed).find("shuffle_seed"), std::string::npos);
    Json stride = good;
    stride["history"]["stride"] = 3;
    EXPECT_NE(restoreError(stride).find("history"), std::string::npos);

    // Weights of another model: the config says 12 units, the blob has the old shapes.
    Json wider = good;
    wider["config"]["model"]["hidden"] = {13, 8};
    EXPECT_NE(restoreError(wider).find("wrong shape"), std::string::npos);
    Json config = good;
    config["config"]["model"]["hidden"] = {0};
    EXPECT_NE(restoreError(config).find("config.model.hidden"), std::string::npos);
    Json blob = good;
    blob["weights"] = "abc";
    EXPECT_NE(restoreError(blob).find("base64"), std::string::npos);
    Json truncated = good;
    const std::string bytes = *decodeBase64(good["weights"].get<std::string>());
    truncated["weights"] = encodeBase64(bytes.substr(0, bytes.size() - 4));
    EXPECT_NE(restoreError(truncated).find("weights"), std::string::npos);
    Json steps = good;
    steps["diverged_at"] = 99;
    EXPECT_NE(restoreError(steps).find("step"), std::string::npos);
}

TEST(Base64, RoundTripsEveryLengthAndRefusesDamage) {
    std::string bytes;
    for (int n = 0; n < 40; ++n) {
        EXPECT_EQ(decodeBase64(encodeBase64(bytes)), bytes) << n;
        bytes.push_back(char(n * 37 + 200));
    }
    EXPECT_EQ(encodeBase64("Man"), "TWFu");  // RFC 4648's examples
    EXPECT_EQ(encodeBase64("fo"), "Zm8=");
    EXPECT_EQ(encodeBase64("f"), "Zg==");
    EXPECT_FALSE(decodeBase64("Zg="));
    EXPECT_FALSE(decodeBase64("Z=g="));
    EXPECT_FALSE(decodeBase64("Zg=a"));
    EXPECT_FALSE(decodeBase64("Zm9v!A=="));
}

TEST(Session, RoundTripsAndRefusesNewerVersionsByName) {
    std::string error;
    auto t = Trainer::create(trainingConfig("circle", ModelKind::Mlp, OptimizerKind::Adam), &error);
    t->step(3);
    SessionDocument session;
    session.application = "actlab-cli test";
    session.view = "training";
    session.viewsJson = R"({"training":{"speed":3}})";
    session.addRuns("training", {trainerStateToJson(*t)});
    const std::string text = encodeSession(session);
    const std::optional<SessionDocument> back = decodeSession(text, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->view, "training");
    EXPECT_EQ(Json::parse(back->viewsJson), Json::parse(session.viewsJson));
    ASSERT_EQ(back->runs.size(), 1u);
    EXPECT_EQ(back->runs[0].kind, "training");
    EXPECT_EQ(Json::parse(back->runs[0].state), Json::parse(session.runs[0].state));
    EXPECT_TRUE(back->runStates("attention").empty());
    EXPECT_TRUE(Json::parse(text).contains("runs"));  // one list, each run with its kind

    Json newer = Json::parse(text);
    newer["version"] = 7;
    EXPECT_FALSE(decodeSession(newer.dump(), &error));
    EXPECT_EQ(error,
              "this session was saved by a newer ActLab (format version 7); this one reads "
              "version 2");
    EXPECT_FALSE(decodeSession(R"({"format": "something else", "version": 1})", &error));
    EXPECT_NE(error.find("not an ActLab session"), std::string::npos);
    Json three = Json::parse(text);
    const Json run = three["runs"][0];
    three["runs"] = {run, run, run};
    EXPECT_FALSE(decodeSession(three.dump(), &error));
    EXPECT_NE(error.find("at most two training runs"), std::string::npos) << error;
    Json kindless = Json::parse(text);
    kindless["runs"][0].erase("kind");
    EXPECT_FALSE(decodeSession(kindless.dump(), &error));
    EXPECT_NE(error.find("runs[0].kind"), std::string::npos) << error;
    Json old = Json::parse(text);  // version 1's two lists are not version 2's
    old["training_runs"] = old["runs"];
    EXPECT_FALSE(decodeSession(old.dump(), &error));
    EXPECT_NE(error.find("training_runs"), std::string::npos) << error;
    EXPECT_FALSE(decodeSession("", &error));
    EXPECT_NE(error.find("not valid JSON"), std::string::npos);
}

}  // namespace
}  // namespace actlab

namespace actlab {
namespace {

using test::fixtureText;

// Issue 25: a session is one list of runs, each with its kind; version-1 files (a list per kind,
// run states of version 1 without the step history) written by an earlier actlab-cli still open,
// their runs continue, and saved again they are version 2.
TEST(SessionVersionOne, StillOpensAndItsRunsContinue) {
    std::string error;
    const auto training = decodeSession(fixtureText("session_v1_training.actlab"), &error);
    ASSERT_TRUE(training) << error;
    ASSERT_EQ(training->runs.size(), 1u);
    EXPECT_EQ(training->runs[0].kind, "training");
    auto trainer = trainerFromStateJson(training->runs[0].state, &error);
    ASSERT_TRUE(trainer) << error;
    const int before = trainer->steps();
    const TrainingSnapshot opened = trainer->snapshot(false);
    EXPECT_EQ(opened.trainLossSteps.size(),
              opened.history.size() - (opened.history.front().step == 0));
    trainer->step(5);
    EXPECT_EQ(trainer->steps(), before + 5);
    EXPECT_TRUE(std::isfinite(trainer->snapshot(false).testLoss));

    const auto attention = decodeSession(fixtureText("session_v1_attention.actlab"), &error);
    ASSERT_TRUE(attention) << error;
    ASSERT_EQ(attention->runStates("attention").size(), 1u);
    EXPECT_TRUE(attention->runStates("training").empty());
    auto sequence = sequenceTrainerFromStateJson(attention->runStates("attention")[0], &error);
    ASSERT_TRUE(sequence) << error;
    sequence->step(3);
    EXPECT_TRUE(std::isfinite(sequence->snapshot().testLoss));

    SessionDocument again = *attention;  // saved again: version 2, one list
    again.runs = {{"attention", sequenceTrainerStateToJson(*sequence)}};
    const Json text = Json::parse(encodeSession(again));
    EXPECT_EQ(text["version"], kSessionVersion);
    EXPECT_FALSE(text.contains("attention_runs"));
    ASSERT_EQ(text["runs"].size(), 1u);
    EXPECT_EQ(text["runs"][0]["kind"], "attention");
    EXPECT_TRUE(decodeSession(text.dump(), &error)) << error;
}

}  // namespace
}  // namespace actlab
