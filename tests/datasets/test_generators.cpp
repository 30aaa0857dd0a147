// The data-set generators: seeding, sizes, valid labels, and the property that defines each task
// (checked on the raw points at noise 0 against the geometry the catalogue describes).
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "datasets/dataset.h"

namespace actlab {
namespace {

const DatasetInfo& task(const char* name) {
    const DatasetInfo* info = findDataset(name);
    EXPECT_NE(info, nullptr) << name;
    return *info;
}

// All raw points (train then test) of a data set made with the given options.
LabelledPoints allPoints(const Dataset& d) {
    LabelledPoints all = d.trainRaw;
    all.inputs.insert(all.inputs.end(), d.testRaw.inputs.begin(), d.testRaw.inputs.end());
    all.targets.insert(all.targets.end(), d.testRaw.targets.begin(), d.testRaw.targets.end());
    return all;
}

Dataset make(const char* name, DatasetOptions options = {}) {
    std::string error;
    std::optional<Dataset> d = makeDataset(task(name), options, &error);
    EXPECT_TRUE(d.has_value()) << name << ": " << error;
    return d ? *d : Dataset{};
}

TEST(DatasetCatalogue, HasTheEightTasksWithTheirShapes) {
    struct Expected {
        const char* name;
        TaskKind kind;
        int classes, dimension;
    };
    const Expected expected[] = {
        {"circle", TaskKind::BinaryClassification, 2, 2},
        {"xor", TaskKind::BinaryClassification, 2, 2},
        {"gauss", TaskKind::BinaryClassification, 2, 2},
        {"spiral", TaskKind::BinaryClassification, 2, 2},
        {"moons", TaskKind::BinaryClassification, 2, 2},
        {"spiral3", TaskKind::MultiClassification, 3, 2},
        {"sine", TaskKind::Regression, 1, 1},
        {"teacher", TaskKind::MultiClassification, 10, 64},
    };
    ASSERT_EQ(datasetCatalogue().size(), std::size(expected));
    for (const Expected& e : expected) {
        const DatasetInfo& info = task(e.name);
        EXPECT_EQ(info.kind, e.kind) << e.name;
        EXPECT_EQ(info.classes, e.classes) << e.name;
        EXPECT_EQ(info.rawDimension, e.dimension) << e.name;
    }
    EXPECT_EQ(findDataset("spirals"), nullptr);
}

class EveryTask : public ::testing::TestWithParam<std::string_view> {};

TEST_P(EveryTask, SameSeedGivesIdenticalDataAndAnotherSeedDifferentData) {
    const char* name = GetParam().data();
    DatasetOptions options;
    options.noise = 0.2;
    options.seed = 7;
    const Dataset a = make(name, options), b = make(name, options);
    EXPECT_EQ(a.trainInputs, b.trainInputs);
    EXPECT_EQ(a.testInputs, b.testInputs);
    EXPECT_EQ(a.trainTargets, b.trainTargets);
    EXPECT_EQ(a.testTargets, b.testTargets);
    options.seed = 8;
    const Dataset c = make(name, options);
    EXPECT_NE(a.trainInputs, c.trainInputs);
}

// Default options: the task's own size (500 on the plane and for sine, 600 for the 3-class
// spiral, 4096 for teacher), split in halves.
TEST_P(EveryTask, DefaultOptionsGiveTheTaskSizeSplitInHalvesWithValidLabels) {
    const char* name = GetParam().data();
    const Dataset d = make(name);
    const DatasetInfo& info = task(name);
    if (info.rawDimension <= 2 && info.classes <= 2) {
        EXPECT_EQ(info.defaultPoints, 500) << name;
    }
    const size_t half = size_t(info.defaultPoints) / 2;
    EXPECT_EQ(d.trainSize(), half);
    EXPECT_EQ(d.testSize(), size_t(info.defaultPoints) - half);
    EXPECT_EQ(d.rawDimension, info.rawDimension);
    EXPECT_EQ(d.inputDimension, info.rawDimension);  // x1,x2 on the plane; raw inputs otherwise
    EXPECT_EQ(d.trainInputs.size(), half * size_t(d.inputDimension));
    EXPECT_EQ(d.testInputs.size(), d.testSize() * size_t(d.inputDimension));
    EXPECT_EQ(d.trainRaw.inputs.size(), half * size_t(d.rawDimension));
    for (float v : d.trainInputs) ASSERT_TRUE(std::isfinite(v));
    if (info.kind == TaskKind::Regression) return;
    std::set<float> seen;
    for (const auto* targets : {&d.trainTargets, &d.testTargets})
        for (float t : *targets) {
            ASSERT_EQ(t, std::floor(t)) << name;
            ASSERT_GE(t, 0.0f) << name;
            ASSERT_LT(t, float(info.classes)) << name;
            seen.insert(t);
        }
    if (info.classes <= 3) {  // teacher's ten classes: see TeacherTask
        EXPECT_EQ(seen.size(), size_t(info.classes)) << name;
    }
}

INSTANTIATE_TEST_SUITE_P(Datasets, EveryTask,
                         ::testing::Values("circle", "xor", "gauss", "spiral", "moons", "spiral3",
                                           "sine", "teacher"),
                         [](const auto& info) { return std::string(info.param); });

TEST(CircleTask, LabelOneExactlyInsideTheDiscAtNoiseZero) {
    const LabelledPoints p = allPoints(make("circle"));
    int inside = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        const double radius = std::hypot(p.inputs[2 * i], p.inputs[2 * i + 1]);
        ASSERT_LE(radius, 5.0 + 1e-9);
        ASSERT_EQ(p.targets[i], radius < 3.0 ? 1.0 : 0.0) << "radius " << radius;
        // the disc ends at 2.5 and the ring starts at 3.5: no point in the gap
        ASSERT_TRUE(radius <= 2.5 + 1e-9 || radius >= 3.5 - 1e-9) << radius;
        inside += radius < 3.0;
    }
    EXPECT_EQ(inside, 250);  // half the points in each class
}

TEST(XorTask, LabelIsTheSignOfTheProductAtNoiseZero) {
    const LabelledPoints p = allPoints(make("xor"));
    for (size_t i = 0; i < p.size(); ++i) {
        const double x1 = p.inputs[2 * i], x2 = p.inputs[2 * i + 1];
        ASSERT_EQ(p.targets[i], x1 * x2 > 0 ? 1.0 : 0.0);
        ASSERT_GE(std::abs(x1), 0.3);
        ASSERT_GE(std::abs(x2), 0.3);
        ASSERT_LE(std::abs(x1), 5.3);
    }
}

TEST(GaussTask, EachClassIsABlobAroundItsCentre) {
    const LabelledPoints p = allPoints(make("gauss"));
    double sum[2][2] = {}, count[2] = {};
    for (size_t i = 0; i < p.size(); ++i) {
        const int label = int(p.targets[i]);
        sum[label][0] += p.inputs[2 * i];
        sum[label][1] += p.inputs[2 * i + 1];
        ++count[label];
    }
    EXPECT_EQ(count[0], 250);
    // centres (−2, −2) and (2, 2), sd 0.7: the mean of 250 points is within 4 standard errors
    for (int axis = 0; axis < 2; ++axis) {
        EXPECT_NEAR(sum[1][axis] / count[1], 2.0, 4 * 0.7 / std::sqrt(250.0));
        EXPECT_NEAR(sum[0][axis] / count[0], -2.0, 4 * 0.7 / std::sqrt(250.0));
    }
}

TEST(SpiralTasks, ArmsHaveEqualSizesAndStayWithinRadiusFive) {
    for (const auto& [name, arms] : {std::pair{"spiral", 2}, std::pair{"spiral3", 3}}) {
        DatasetOptions options;
        options.points = 600;
        const LabelledPoints p = allPoints(make(name, options));
        std::vector<int> perArm(size_t(arms), 0);
        for (size_t i = 0; i < p.size(); ++i) {
            ASSERT_LE(std::hypot(p.inputs[2 * i], p.inputs[2 * i + 1]), 5.0 + 1e-9);
            ++perArm[size_t(p.targets[i])];
        }
        for (int count : perArm) EXPECT_EQ(count, 600 / arms) << name;
    }
}

TEST(MoonsTask, EachLabelLiesOnItsHalfCircleAtNoiseZero) {
    // upper moon (label 0): (x/2.5 + 0.5, y/2.5 + 0.25) is on the unit circle;
    // lower moon (label 1): the same point shifted by (−1, −0.5) is on it.
    const LabelledPoints p = allPoints(make("moons"));
    for (size_t i = 0; i < p.size(); ++i) {
        double u = p.inputs[2 * i] / 2.5 + 0.5, v = p.inputs[2 * i + 1] / 2.5 + 0.25;
        if (p.targets[i] == 1.0) u -= 1.0, v -= 0.5;
        ASSERT_NEAR(u * u + v * v, 1.0, 1e-9) << "point " << i << " label " << p.targets[i];
        ASSERT_GE(p.targets[i] == 1.0 ? -v : v, -1e-9);  // upper half for 0, lower half for 1
    }
}

TEST(SineTask, TargetsAreSinOfTheInputAtNoiseZero) {
    const Dataset d = make("sine");
    EXPECT_EQ(d.kind, TaskKind::Regression);
    EXPECT_TRUE(d.features.empty());
    for (const LabelledPoints* p : {&d.trainRaw, &d.testRaw}) {
        ASSERT_EQ(p->rawDimension, 1);
        for (size_t i = 0; i < p->size(); ++i) {
            ASSERT_GE(p->inputs[i], -5.0);
            ASSERT_LT(p->inputs[i], 5.0);
            ASSERT_EQ(p->targets[i], std::sin(p->inputs[i]));
        }
    }
    for (size_t i = 0; i < d.trainSize(); ++i)
        ASSERT_NEAR(d.trainTargets[i], std::sin(d.trainInputs[i]), 1e-6);
}

TEST(SineTask, NoiseOneJittersTargetsWithSdPointThree) {
    DatasetOptions noisy;
    noisy.noise = 1.0;
    const Dataset d = make("sine", noisy);
    double squares = 0;
    for (size_t i = 0; i < d.trainRaw.size(); ++i) {
        const double residual = d.trainRaw.targets[i] - std::sin(d.trainRaw.inputs[i]);
        squares += residual * residual;
    }
    // residual sd is 0.3·noise = 0.3
    EXPECT_NEAR(std::sqrt(squares / double(d.trainRaw.size())), 0.3, 0.06);
}

TEST(TeacherTask, SixtyFourGaussianInputsAndAllTenClasses) {
    DatasetOptions options;
    options.points = task("teacher").defaultPoints;
    const Dataset d = make("teacher", options);
    EXPECT_EQ(d.inputDimension, 64);
    EXPECT_EQ(d.classes, 10);
    EXPECT_EQ(d.kind, TaskKind::MultiClassification);
    EXPECT_EQ(d.trainSize() + d.testSize(), 4096u);
    EXPECT_EQ(d.trainInputs.size(), d.trainSize() * 64);
    std::vector<int> perClass(10, 0);
    for (float t : d.trainTargets) ++perClass[size_t(t)];
    for (float t : d.testTargets) ++perClass[size_t(t)];
    for (int c = 0; c < 10; ++c) EXPECT_GT(perClass[size_t(c)], 4096 / 50) << "class " << c;
    double sum = 0, squares = 0;
    for (float x : d.trainInputs) sum += x, squares += double(x) * x;
    const double n = double(d.trainInputs.size());
    EXPECT_NEAR(sum / n, 0.0, 0.02);  // N(0, 1) inputs
    EXPECT_NEAR(squares / n, 1.0, 0.03);
}

TEST(TeacherTask, NoiseChangesSomeLabelsButKeepsTheInputs) {
    const DatasetInfo& info = task("teacher");
    const LabelledPoints clean = info.generate(2000, 0.0, 3), noisy = info.generate(2000, 1.0, 3);
    EXPECT_EQ(clean.inputs, noisy.inputs);
    int changed = 0;
    for (size_t i = 0; i < clean.size(); ++i) changed += clean.targets[i] != noisy.targets[i];
    EXPECT_GT(changed, 0);
    EXPECT_LT(changed, 1000);  // the fixed map still decides most labels
}

}  // namespace
}  // namespace actlab
