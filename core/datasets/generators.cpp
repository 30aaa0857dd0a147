// The data-set generators and their catalogue table. Plane tasks live in [−6, 6]²; noise 0..1
// adds Gaussian jitter scaled per task (after TensorFlow Playground's data sets).
#include <cmath>

#include "common/random.h"
#include "datasets/dataset.h"

namespace actlab {
namespace {

constexpr double kPi = 3.14159265358979323846;

void add(LabelledPoints& p, double x1, double x2, double label) {
    p.inputs.push_back(x1);
    p.inputs.push_back(x2);
    p.targets.push_back(label);
}

// Inside radius 2.5 (label 1) against a ring 3.5..5 (label 0).
LabelledPoints circle(int n, double noise, std::uint64_t seed) {
    Random random(seed);
    LabelledPoints p;
    for (int i = 0; i < n; ++i) {
        const bool inside = i % 2 == 0;
        const double r = inside ? random.uniform(0.0, 2.5) : random.uniform(3.5, 5.0);
        const double angle = random.uniform(0.0, 2 * kPi);
        add(p, r * std::cos(angle) + random.normal(0, noise),
            r * std::sin(angle) + random.normal(0, noise), inside ? 1.0 : 0.0);
    }
    return p;
}

// Label 1 where x1·x2 > 0; points kept 0.3 away from the axes.
LabelledPoints xorData(int n, double noise, std::uint64_t seed) {
    Random random(seed);
    LabelledPoints p;
    for (int i = 0; i < n; ++i) {
        double x1 = random.uniform(-5.0, 5.0), x2 = random.uniform(-5.0, 5.0);
        x1 += x1 > 0 ? 0.3 : -0.3;
        x2 += x2 > 0 ? 0.3 : -0.3;
        const double label = x1 * x2 > 0 ? 1.0 : 0.0;
        add(p, x1 + random.normal(0, noise), x2 + random.normal(0, noise), label);
    }
    return p;
}

// Two Gaussian blobs at (2, 2) (label 1) and (−2, −2) (label 0); spread grows with noise.
LabelledPoints gauss(int n, double noise, std::uint64_t seed) {
    Random random(seed);
    LabelledPoints p;
    const double sd = 0.7 + 1.3 * noise;
    for (int i = 0; i < n; ++i) {
        const double centre = i % 2 == 0 ? 2.0 : -2.0;
        add(p, random.normal(centre, sd), random.normal(centre, sd), i % 2 == 0 ? 1.0 : 0.0);
    }
    return p;
}

// `arms` interleaved spiral arms, radius 0..5 over 1.75 turns; label = arm index.
LabelledPoints spiralArms(int n, double noise, std::uint64_t seed, int arms) {
    Random random(seed);
    LabelledPoints p;
    const int perArm = n / arms;
    for (int arm = 0; arm < arms; ++arm) {
        const int count = arm == arms - 1 ? n - perArm * (arms - 1) : perArm;
        for (int i = 0; i < count; ++i) {
            const double t = double(i) / double(count);
            const double r = 5.0 * t;
            const double angle = 1.75 * t * 2 * kPi + arm * 2 * kPi / arms;
            add(p, r * std::sin(angle) + random.normal(0, 0.5 * noise),
                r * std::cos(angle) + random.normal(0, 0.5 * noise), double(arm));
        }
    }
    return p;
}
LabelledPoints spiral(int n, double noise, std::uint64_t seed) {
    return spiralArms(n, noise, seed, 2);
}
LabelledPoints spiral3(int n, double noise, std::uint64_t seed) {
    return spiralArms(n, noise, seed, 3);
}

// Two interleaving half circles (scikit-learn's moons), scaled by 2.5 and centred.
LabelledPoints moons(int n, double noise, std::uint64_t seed) {
    Random random(seed);
    LabelledPoints p;
    for (int i = 0; i < n; ++i) {
        const bool lower = i % 2 == 1;
        const double angle = random.uniform(0.0, kPi);
        double x1 = std::cos(angle), x2 = std::sin(angle);
        if (lower) {
            x1 = 1.0 - x1;
            x2 = 0.5 - x2;
        }
        add(p, 2.5 * (x1 - 0.5) + random.normal(0, 0.6 * noise),
            2.5 * (x2 - 0.25) + random.normal(0, 0.6 * noise), lower ? 1.0 : 0.0);
    }
    return p;
}

// 1D regression: y = sin(x) on [−5, 5] with Gaussian noise of sd 0.3·noise.
LabelledPoints sine(int n, double noise, std::uint64_t seed) {
    Random random(seed);
    LabelledPoints p;
    p.rawDimension = 1;
    for (int i = 0; i < n; ++i) {
        const double x = random.uniform(-5.0, 5.0);
        p.inputs.push_back(x);
        p.targets.push_back(std::sin(x) + random.normal(0, 0.3 * noise));
    }
    return p;
}

// 64-dimensional N(0, 1) inputs labelled by argmax of a fixed random linear map into 10 classes.
LabelledPoints teacher(int n, double noise, std::uint64_t seed) {
    constexpr int d = 64, classes = 10;
    Random random(seed);
    std::vector<double> map(d * classes);
    for (double& w : map) w = random.normal();
    LabelledPoints p;
    p.rawDimension = d;
    for (int i = 0; i < n; ++i) {
        double best = -1e300;
        int label = 0;
        const size_t row = p.inputs.size();
        for (int j = 0; j < d; ++j) p.inputs.push_back(random.normal());
        for (int c = 0; c < classes; ++c) {
            double score = noise * random.normal();
            for (int j = 0; j < d; ++j) score += p.inputs[row + j] * map[j * classes + c];
            if (score > best) best = score, label = c;
        }
        p.targets.push_back(label);
    }
    return p;
}

using T = TaskKind;
// clang-format off
constexpr DatasetInfo kDatasets[] = {
 // name       description                                         kind                     classes dim points  generator
 {"circle",  "a disc inside a ring",                                T::BinaryClassification, 2,      2,  500,  circle},
 {"xor",     "quadrants: label 1 where x1·x2 > 0",                  T::BinaryClassification, 2,      2,  500,  xorData},
 {"gauss",   "two Gaussian blobs",                                  T::BinaryClassification, 2,      2,  500,  gauss},
 {"spiral",  "two interleaved spiral arms",                         T::BinaryClassification, 2,      2,  500,  spiral},
 {"moons",   "two interleaving half circles",                       T::BinaryClassification, 2,      2,  500,  moons},
 {"spiral3", "three spiral arms (softmax cross-entropy)",           T::MultiClassification,  3,      2,  600,  spiral3},
 {"sine",    "1D regression of sin(x) on [-5, 5]",                  T::Regression,           1,      1,  500,  sine},
 {"teacher", "64-d Gaussian inputs, argmax of a random linear map", T::MultiClassification,  10,     64, 4096, teacher},
};
// clang-format on

}  // namespace

std::span<const DatasetInfo> datasetCatalogue() { return kDatasets; }

const DatasetInfo* findDataset(std::string_view name) {
    for (const DatasetInfo& info : kDatasets)
        if (info.name == name) return &info;
    return nullptr;
}

}  // namespace actlab
