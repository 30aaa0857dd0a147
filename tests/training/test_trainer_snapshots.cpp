// Trainer::create and snapshot(): model shapes from the data, the decision surface (values, size,
// orientation), per-neuron maps, the 1D curve, history, and settings changed while running.
#include <algorithm>
#include <cmath>

#include "training/presets.h"
#include "training_test_support.h"

namespace actlab {
namespace {

using test::createTrainer;
using test::smallConfig;

float sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }

TEST(TrainerCreate, ShapesTheModelAndLossFromTheData) {
    struct Expected {
        const char* task;
        int inputs, outputs;
        LossKind loss;
    };
    for (const Expected& e : {Expected{"circle", 2, 1, LossKind::BceWithLogits},
                              Expected{"spiral3", 2, 3, LossKind::SoftmaxCrossEntropy},
                              Expected{"sine", 1, 1, LossKind::Mse},
                              Expected{"teacher", 64, 10, LossKind::SoftmaxCrossEntropy}}) {
        std::unique_ptr<Trainer> t = createTrainer(smallConfig(e.task));
        ASSERT_TRUE(t);
        EXPECT_EQ(t->model().inputDimension(), e.inputs) << e.task;
        EXPECT_EQ(t->model().outputDimension(), e.outputs) << e.task;
        EXPECT_EQ(t->lossKind(), e.loss) << e.task;
        EXPECT_EQ(t->config().model.inputDimension, e.inputs) << e.task;
    }
    TrainingConfig withFeatures = smallConfig("xor");
    withFeatures.data.features = {Feature::X1, Feature::X2, Feature::X1TimesX2};
    EXPECT_EQ(createTrainer(withFeatures)->model().inputDimension(), 3);
}

TEST(TrainerCreate, RefusesBadConfigurationsWithAMessage) {
    struct Bad {
        const char* label;
        void (*change)(TrainingConfig&);
    };
    const Bad cases[] = {
        {"unknown task", [](TrainingConfig& c) { c.task = "spirals"; }},
        {"batch 0", [](TrainingConfig& c) { c.batch = 0; }},
        {"batch 4097", [](TrainingConfig& c) { c.batch = 4097; }},
        {"lr 0", [](TrainingConfig& c) { c.optimizer.learningRate = 0; }},
        {"lr 11", [](TrainingConfig& c) { c.optimizer.learningRate = 11; }},
        {"lr NaN", [](TrainingConfig& c) { c.optimizer.learningRate = NAN; }},
        {"no hidden layer", [](TrainingConfig& c) { c.model.hidden.clear(); }},
        {"gated unit in an MLP",
         [](TrainingConfig& c) {
             c.model.activations = {ActivationConfig::withDefaults(ActivationId::Swiglu)};
         }},
        {"negative l1", [](TrainingConfig& c) { c.l1 = -1; }},
        {"noise 2", [](TrainingConfig& c) { c.data.noise = 2; }},
        {"features on sine",
         [](TrainingConfig& c) { c.task = "sine", c.data.features = {Feature::SinX1}; }},
    };
    for (const Bad& bad : cases) {
        TrainingConfig c = smallConfig("circle");
        bad.change(c);
        std::string error;
        EXPECT_EQ(Trainer::create(c, &error), nullptr) << bad.label;
        EXPECT_FALSE(error.empty()) << bad.label;
    }
}

TEST(TrainerCreate, TrainsOnUserPoints) {
    TrainingConfig c = smallConfig("circle");
    LabelledPoints points;
    for (int i = 0; i < 40; ++i) {
        const double x = -4 + 0.2 * i;
        points.inputs.insert(points.inputs.end(), {x, 0.5 * x});
        points.targets.push_back(x > 0 ? 1 : 0);
    }
    c.userPoints = points;
    std::unique_ptr<Trainer> t = createTrainer(c);
    EXPECT_EQ(t->dataset().name, "user");
    EXPECT_EQ(t->dataset().trainSize(), 20u);
    t->step(300);
    EXPECT_GE(t->snapshot(false).testAccuracy, 0.9);  // linearly separable
}

TEST(DecisionSurface, HasResolutionSquaredProbabilitiesOnTheDocumentedGrid) {
    TrainingConfig c = smallConfig("circle");
    c.surfaceResolution = 21;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(100);
    const TrainingSnapshot s = t->snapshot(true);
    ASSERT_EQ(s.probes.surface.resolution, 21);
    const std::vector<float>& surface = s.probes.surface.values;
    ASSERT_EQ(surface.size(), 21u * 21u);
    for (float p : surface) {
        ASSERT_TRUE(std::isfinite(p));
        ASSERT_GE(p, 0.0f);
        ASSERT_LE(p, 1.0f);
    }
    // cell (row r, column c) is σ(model(x1 = low + span·c/(res−1), x2 = low + span·r/(res−1)))
    const double low = s.surfaceLow, span = s.surfaceHigh - s.surfaceLow;
    for (const auto& [row, column] :
         {std::pair{0, 0}, std::pair{0, 20}, std::pair{20, 0}, std::pair{7, 13}}) {
        const std::vector<float> point{float(low + span * column / 20),
                                       float(low + span * row / 20)};
        const float expected = sigmoid(t->model().forward(point, 1)[0]);
        EXPECT_NEAR(surface[size_t(row) * 21 + size_t(column)], expected, 1e-6)
            << row << "," << column;
    }
    // a trained circle classifier says "inside" at the centre and "outside" in the corners
    EXPECT_GT(surface[10 * 21 + 10], 0.5f);
    EXPECT_LT(surface[0], 0.5f);
}

TEST(DecisionSurface, UsesTheInputFeatures) {
    TrainingConfig c = smallConfig("circle");
    c.data.features = {Feature::X1Squared, Feature::X2Squared};
    c.surfaceResolution = 5;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(20);
    const TrainingSnapshot s = t->snapshot(true);
    const double x1 = s.surfaceLow + (s.surfaceHigh - s.surfaceLow) * 3 / 4, x2 = s.surfaceLow;
    const std::vector<float> features{float(x1 * x1), float(x2 * x2)};
    const std::vector<float> surface = test::probeValues(s, "decision_surface");
    ASSERT_EQ(surface.size(), 25u);
    EXPECT_NEAR(surface[3], sigmoid(t->model().forward(features, 1)[0]), 1e-6);
}

// Three classes: the argmax class, and its softmax probability (decision_confidence, computed
// here from the model's logits in double: between 1/3 and 1). Two classes have no confidence
// probe: P(class 1) says it all.
TEST(DecisionSurface, ThreeClassesGiveTheArgmaxClassAndItsProbability) {
    TrainingConfig c = smallConfig("spiral3");
    c.surfaceResolution = 9;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(200);
    const TrainingSnapshot s = t->snapshot(true);
    const std::vector<float> surface = test::probeValues(s, "decision_surface");
    const std::vector<float>& confidence = s.probes.surface.confidence;
    ASSERT_EQ(surface.size(), 81u);
    ASSERT_EQ(s.probes.surface.resolution, 9);
    ASSERT_EQ(confidence.size(), 81u);
    for (size_t i = 0; i < surface.size(); ++i) {
        const std::vector<float> point{float(s.surfaceLow + 1.5 * double(i % 9)),
                                       float(s.surfaceLow + 1.5 * double(i / 9))};
        const std::span<const float> out = t->model().forward(point, 1);
        EXPECT_EQ(surface[i], float(std::max_element(out.begin(), out.end()) - out.begin())) << i;
        double sum = 0;
        for (float z : out) sum += std::exp(double(z));
        const double best = std::exp(double(*std::max_element(out.begin(), out.end()))) / sum;
        EXPECT_NEAR(confidence[i], best, 1e-6) << i;
        EXPECT_GE(confidence[i], 1.0f / 3.0f - 1e-6f);
        EXPECT_LE(confidence[i], 1.0f);
    }
    EXPECT_TRUE(createTrainer(smallConfig("xor", "tanh"))
                    ->snapshot(true)
                    .probes.surface.confidence.empty());
}

TEST(NeuronSurfaces, OneMapPerHiddenUnitOfEveryLayer) {
    TrainingConfig c = smallConfig("xor", "tanh");
    c.model.hidden = {8, 5, 3};
    c.neuronResolution = 6;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(10);
    const TrainingSnapshot s = t->snapshot(true);
    ASSERT_EQ(s.probes.neuronMaps.size(), 3u);
    for (size_t l = 0; l < 3; ++l) {
        const NeuronMaps& maps = s.probes.neuronMaps[l];
        ASSERT_EQ(maps.units, c.model.hidden[l]) << l;
        ASSERT_EQ(maps.resolution, 6);
        ASSERT_EQ(maps.values.size(), size_t(c.model.hidden[l]) * 36u);
        for (float v : maps.values) ASSERT_TRUE(v >= -1.0f && v <= 1.0f);  // tanh outputs
    }
    // unit 0 of layer 1 at grid cell 0 is tanh(z) with z = W1[0, :]·(low, low) + b1[0] (W1 is
    // (8, 2), PyTorch's (out, in))
    const Parameter<float>& w = *t->model().parameters()[0];
    const Parameter<float>& b = *t->model().parameters()[1];
    ASSERT_EQ(w.rows, 8);
    ASSERT_EQ(w.cols, 2);
    const float z = float(s.surfaceLow) * (w.value[0] + w.value[1]) + b.value[0];
    EXPECT_NEAR(s.probes.neuronMaps[0].values[0], std::tanh(z), 1e-5);
    // unit 2 of layer 2 at cell (row 1, column 4): maps are (unit, row, column)
    const std::vector<float> cell{float(s.surfaceLow + (s.surfaceHigh - s.surfaceLow) * 4 / 5),
                                  float(s.surfaceLow + (s.surfaceHigh - s.surfaceLow) * 1 / 5)};
    t->model().forward(cell, 1);
    const float expected = t->model().hiddenLayers()[1].postActivation[2];
    EXPECT_NEAR(s.probes.neuronMaps[1].values[2 * 36 + 1 * 6 + 4], expected, 1e-6);
}

TEST(Snapshot, WithoutSurfacesCarriesNoMaps) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("gauss"));
    t->step(5);
    const TrainingSnapshot s = t->snapshot(false);
    EXPECT_TRUE(s.probes.empty());
    EXPECT_EQ(s.diagnostics.layers.size(), 2u);
}

TEST(Snapshot, SineHasACurveAndNoSurface) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("sine", "tanh"));
    t->step(10);
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.probes.surface.empty());
    const FittedCurve& curve = s.probes.fittedCurve;
    ASSERT_EQ(curve.x.size(), 241u);
    ASSERT_EQ(curve.y.size(), 241u);
    EXPECT_EQ(curve.x[0], -6.0f);   // x of the first point
    EXPECT_EQ(curve.x[240], 6.0f);  // x of the last
    const std::vector<float> x{curve.x[100]};
    EXPECT_EQ(curve.y[100], t->model().forward(x, 1)[0]);
    EXPECT_EQ(s.trainAccuracy, 0.0);  // no accuracy for regression
}

TEST(Snapshot, TeacherHasNeitherSurfaceNorCurve) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("teacher"));
    t->step(5);
    const TrainingSnapshot s = t->snapshot(true);
    EXPECT_TRUE(s.probes.empty());
    test::expectAllFinite(s);
}

// Issue 25: the points are taken at the scheduled steps (every step up to 31, then every 2nd
// up to 63, …) whether or not a snapshot is asked for, and a snapshot adds none of its own.
TEST(History, PointsAtTheScheduledStepsWhateverTheSnapshots) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("circle"));
    TrainingSnapshot s = t->snapshot(false);
    ASSERT_EQ(s.history.size(), 1u);
    EXPECT_EQ(s.history[0].step, 0);
    EXPECT_EQ(s.history[0].testAccuracy, s.testAccuracy);
    EXPECT_EQ(s.history[0].trainLoss, s.trainLoss);  // over the whole training set
    EXPECT_TRUE(s.trainLossSteps.empty());
    t->step(40);
    s = t->snapshot(false);
    EXPECT_EQ(t->snapshot(false).history.size(), s.history.size());  // nothing of its own
    ASSERT_EQ(s.history.size(), 32u + 5u);                           // 0–31, 32, 34, …, 40
    for (size_t i = 0; i < s.history.size(); ++i) {
        EXPECT_EQ(s.history[i].step, i < 32 ? int(i) : int(32 + 2 * (i - 32)));
        EXPECT_EQ(s.history[i].layerGradientNorm.size(), 2u);
    }
    EXPECT_EQ(s.history.back().testAccuracy, s.testAccuracy);  // step 40 is measured
    EXPECT_EQ(s.history.back().gradientNormLast, s.diagnostics.gradientNormLast);
    ASSERT_EQ(s.trainLossSteps.size(), 40u);  // every step's batch loss
    EXPECT_EQ(s.trainLossSteps.back().mean, t->lastBatchLoss());
    t->step(1);
    EXPECT_EQ(t->snapshot(false).history.size(), 37u);  // step 41 is not measured
}

// An hour-long run keeps as many buckets as a short one: the train loss of 5000 steps in at most
// StepSeries::kDefaultCapacity buckets that still count every step once, and the held-out
// points thin with the run.
TEST(History, StaysBoundedAndSpansTheWholeRun) {
    TrainingConfig c = smallConfig("circle");
    c.data.points = 64;
    std::unique_ptr<Trainer> t = createTrainer(c);
    t->step(5000);
    const TrainingSnapshot s = t->snapshot(false);
    ASSERT_EQ(s.trainLossSteps.size(), 2500u);  // full at 4096: merged in pairs since
    int counted = 0, previous = 0;
    for (const StepBucket& b : s.trainLossSteps) {
        EXPECT_EQ(b.firstStep, previous + 1);
        EXPECT_LE(b.min, b.mean);
        EXPECT_LE(b.mean, b.max);
        counted += b.count;
        previous = b.lastStep;
    }
    EXPECT_EQ(counted, 5000);
    EXPECT_EQ(previous, 5000);
    EXPECT_LT(s.history.size(), 150u);
    EXPECT_EQ(s.history.front().step, 0);
    EXPECT_EQ(s.history.back().step, 4864);  // every 256th step from 4096 on
}

TEST(History, StepsPerSecondIsMeasuredBetweenSnapshots) {
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("circle"));
    EXPECT_EQ(t->snapshot(false).stepsPerSecond, 0.0);  // nothing to measure yet
    t->step(50);
    EXPECT_GT(t->snapshot(false).stepsPerSecond, 0.0);
}

// "Revived" is the number of units alive now that were dead at an earlier snapshot, worked out
// here from the snapshots' own dead flags: on dying-relu some units flicker at the edge of dying
// (dead, alive, dead, alive), and counting each coming back made the figure grow with how often
// snapshots were taken (41 at a lesson's five frames a second while 51 of 96 units were dead).
TEST(Snapshot, RevivedCountsUnitsAliveNowThatWereDeadBeforeNotComingsAndGoings) {
    TrainingConfig config;
    findTrainingPreset("dying-relu")->apply(config);
    std::unique_ptr<Trainer> t = createTrainer(config);
    ASSERT_TRUE(t);
    std::vector<std::vector<unsigned char>> everDead, deadBefore;
    int comebacks = 0;  // the old count: dead at one snapshot, alive at the next
    for (int frame = 0; frame <= 150; ++frame) {
        if (frame > 0) t->step(10);
        const TrainingSnapshot s = t->snapshot(false);
        int expected = 0;
        for (size_t l = 0; l < s.diagnostics.layers.size(); ++l) {
            const std::vector<unsigned char>& dead = s.diagnostics.layers[l].dead;
            if (everDead.size() <= l) {
                everDead.push_back(dead);
                deadBefore.push_back(dead);
                continue;
            }
            for (size_t u = 0; u < dead.size(); ++u) {
                expected += everDead[l][u] && !dead[u];
                comebacks += deadBefore[l][u] && !dead[u];
                everDead[l][u] |= dead[u];
            }
            deadBefore[l] = dead;
        }
        ASSERT_EQ(s.revived, expected) << "at step " << s.step;
    }
    int revivedUnits = 0;
    for (size_t l = 0; l < everDead.size(); ++l)
        for (size_t u = 0; u < everDead[l].size(); ++u)
            revivedUnits += everDead[l][u] && !deadBefore[l][u];
    ASSERT_GT(comebacks, revivedUnits) << "no unit came back twice: the check could not tell";
}

TEST(ChangesWhileRunning, ANewLearningRateTakesEffect) {
    std::unique_ptr<Trainer> fast = createTrainer(smallConfig("spiral")),
                             frozen = createTrainer(smallConfig("spiral"));
    fast->step(30);
    frozen->step(30);
    OptimizerConfig tiny = frozen->config().optimizer;
    tiny.learningRate = 1e-9;
    frozen->setOptimizerConfig(tiny);
    EXPECT_EQ(frozen->config().optimizer.learningRate, 1e-9);
    const auto copy = [](Trainer& t) {
        std::vector<float> all;
        for (Parameter<float>* p : t.model().parameters())
            all.insert(all.end(), p->value.begin(), p->value.end());
        return all;
    };
    const std::vector<float> before = copy(*frozen);
    ASSERT_EQ(before, copy(*fast));
    fast->step(30);
    frozen->step(30);
    const auto largestChange = [&](Trainer& t) {
        const std::vector<float> after = copy(t);
        float largest = 0;
        for (size_t i = 0; i < after.size(); ++i)
            largest = std::max(largest, std::abs(after[i] - before[i]));
        return largest;
    };
    EXPECT_LT(largestChange(*frozen), 1e-6f);  // Adam moves each weight by at most ~lr per step
    EXPECT_GT(largestChange(*fast), 1e-2f);
}

TEST(ChangesWhileRunning, SwitchingToSgdUsesSgd) {
    // SGD with lr 1e-3 moves weights by lr·g: compare one step with the gradient it used
    std::unique_ptr<Trainer> t = createTrainer(smallConfig("gauss"));
    t->setRecordsHistory(false);  // a history point's full-batch pass would leave its gradient
    t->step(10);
    OptimizerConfig sgd;
    sgd.kind = OptimizerKind::Sgd;
    sgd.learningRate = 1e-3;
    t->setOptimizerConfig(sgd);
    std::vector<float> before = t->model().parameters()[0]->value;
    t->step(1);
    const Parameter<float>& w = *t->model().parameters()[0];
    for (size_t i = 0; i < w.size(); ++i)
        EXPECT_NEAR(w.value[i], before[i] - 1e-3f * w.grad[i], 1e-6f) << i;
}

TEST(ChangesWhileRunning, L2RegularisationShrinksTheWeights) {
    const auto weightNorm = [](double l2) {
        std::unique_ptr<Trainer> t = createTrainer(smallConfig("gauss"));
        t->setRegularisation(0.0, l2);
        t->step(300);
        double squares = 0;
        for (Parameter<float>* p : t->model().parameters())
            if (p->isWeight)
                for (float w : p->value) squares += double(w) * w;
        return std::sqrt(squares);
    };
    EXPECT_LT(weightNorm(0.5), 0.7 * weightNorm(0.0));
}

}  // namespace
}  // namespace actlab
