// CPU training is reproducible bit for bit: the same configuration gives the same loss and the
// same weights, wherever the heap puts the buffers, however the steps are chunked and whether or
// not snapshots are taken in between; "Reset" (a new trainer from the same config) replays it.
// Guards the heap-alignment bug: Eigen computed the elements before a destination's first SIMD-
// aligned address on its scalar path (no FMA, std::exp) and the rest with packets, so two runs of
// one config differed in the last bits depending on malloc (fixed by aligned storage, now
// Tensor's AlignedVector in tensor/tensor.h).
#include <cstdlib>

#include "training_test_support.h"

namespace actlab {
namespace {

using test::createTrainer;
using test::smallConfig;

struct RunResult {
    double trainLoss = 0, testLoss = 0;
    std::vector<std::vector<float>> weights;
    std::vector<float> surface;
};

RunResult train(const TrainingConfig& config, int steps, int chunk = 0,
                bool snapshotsBetween = false) {
    std::unique_ptr<Trainer> trainer = createTrainer(config);
    if (!trainer) return {};
    if (chunk <= 0) chunk = steps;
    for (int done = 0; done < steps; done += chunk) {
        trainer->step(std::min(chunk, steps - done));
        if (snapshotsBetween) trainer->snapshot(true);
    }
    EXPECT_EQ(trainer->steps(), steps);
    const TrainingSnapshot s = trainer->snapshot(true);
    RunResult r{s.trainLoss, s.testLoss, {}, test::probeValues(s, "decision_surface")};
    for (Parameter<float>* p : trainer->model().parameters()) r.weights.push_back(p->value);
    return r;
}

void expectIdentical(const RunResult& a, const RunResult& b, const std::string& what) {
    EXPECT_EQ(a.trainLoss, b.trainLoss) << what;  // exact, not near
    EXPECT_EQ(a.testLoss, b.testLoss) << what;
    ASSERT_EQ(a.weights.size(), b.weights.size()) << what;
    for (size_t i = 0; i < a.weights.size(); ++i)
        EXPECT_EQ(a.weights[i], b.weights[i]) << what << " parameter " << i;
    EXPECT_EQ(a.surface, b.surface) << what;
}

struct ReproCase {
    const char* label;
    TrainingConfig config;
};
void PrintTo(const ReproCase& c, std::ostream* os) { *os << c.label; }

TrainingConfig gluConfig(const char* task, const char* activation) {
    TrainingConfig c = smallConfig(task, activation);
    c.model.kind = ModelKind::GluFfn;
    c.model.dModel = 8;
    return c;
}

class Reproducible : public ::testing::TestWithParam<ReproCase> {};

TEST_P(Reproducible, SameSeedSameBitsWhereverTheHeapPutsTheBuffers) {
    const TrainingConfig& config = GetParam().config;
    const RunResult first = train(config, 150);
    EXPECT_TRUE(std::isfinite(first.trainLoss));
    for (int shift = 1; shift <= 4; ++shift) {
        // blocks of odd sizes move where the next trainer's vectors land (and so their alignment)
        std::vector<void*> junk;
        for (int k = 0; k < shift; ++k) junk.push_back(std::malloc(size_t(4 * k + 4 * shift + 4)));
        const RunResult again = train(config, 150);
        for (void* p : junk) std::free(p);
        expectIdentical(first, again, "heap shift " + std::to_string(shift));
    }
}

TEST_P(Reproducible, ChunkedStepsAndSnapshotsInBetweenDoNotChangeTheRun) {
    const TrainingConfig& config = GetParam().config;
    const RunResult once = train(config, 120);
    expectIdentical(once, train(config, 120, 7), "in chunks of 7");
    expectIdentical(once, train(config, 120, 40, /*snapshotsBetween=*/true),
                    "with snapshots every 40");
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Training, Reproducible, ::testing::Values(
    ReproCase{"circle_relu",    smallConfig("circle", "relu")},
    ReproCase{"spiral_gelu",    smallConfig("spiral", "gelu")},
    ReproCase{"sine_tanh",      smallConfig("sine", "tanh")},
    ReproCase{"spiral3_silu",   smallConfig("spiral3", "silu")},
    ReproCase{"teacher_sigmoid",smallConfig("teacher", "sigmoid")},
    ReproCase{"glu_swiglu",     gluConfig("spiral3", "swiglu")},
    ReproCase{"glu_geglu",      gluConfig("circle", "geglu")}),
    [](const auto& info) { return std::string(info.param.label); });
// clang-format on

TEST(Reproducible, AnotherSeedGivesAnotherRun) {
    TrainingConfig a = smallConfig("circle"), b = a;
    b.data.seed = b.model.seed = 2;
    const RunResult ra = train(a, 50), rb = train(b, 50);
    EXPECT_NE(ra.weights, rb.weights);
    EXPECT_NE(ra.trainLoss, rb.trainLoss);
    TrainingConfig c = a;
    c.model.seed = 2;  // the model seed alone changes the initial weights
    EXPECT_NE(train(c, 0).weights, train(a, 0).weights);
}

TEST(Reset, ANewTrainerFromTheSameConfigReplaysTheRun) {
    // what the UI's Reset does: drop the trainer, create one from the same TrainingConfig
    const TrainingConfig config = smallConfig("moons", "elu");
    std::unique_ptr<Trainer> first = createTrainer(config);
    first->step(80);
    const TrainingSnapshot s80 = first->snapshot(false);
    first->step(80);
    std::unique_ptr<Trainer> reset = createTrainer(config);
    EXPECT_EQ(reset->steps(), 0);
    reset->step(80);
    const TrainingSnapshot again = reset->snapshot(false);
    EXPECT_EQ(again.step, 80);
    EXPECT_EQ(again.trainLoss, s80.trainLoss);
    EXPECT_EQ(again.testAccuracy, s80.testAccuracy);
    EXPECT_EQ(again.history, s80.history);  // a fresh history, the first run's to step 80
    EXPECT_EQ(again.trainLossSteps, s80.trainLossSteps);
}

}  // namespace
}  // namespace actlab
