// Helpers for the trainer tests: small configurations, a check that a snapshot holds no NaN or
// infinity anywhere, and running a preset the way `actlab-cli train --preset` does.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "training/presets.h"
#include "training/trainer.h"

namespace actlab::test {

inline TrainingConfig smallConfig(const std::string& task, const std::string& activation = "relu") {
    TrainingConfig c;
    c.task = task;
    c.model.hidden = {16, 16};
    c.model.activations = {ActivationConfig::withDefaults(findActivation(activation)->id)};
    c.surfaceResolution = 16;
    c.neuronResolution = 8;
    return c;
}

inline std::unique_ptr<Trainer> createTrainer(const TrainingConfig& config) {
    std::string error;
    std::unique_ptr<Trainer> trainer = Trainer::create(config, &error);
    EXPECT_TRUE(trainer) << error;
    return trainer;
}

// The values of a snapshot's picture by its old probe name ("decision_surface",
// "decision_confidence", "fitted_curve": its ŷ), or none when it has no such picture.
inline std::vector<float> probeValues(const TrainingSnapshot& s, std::string_view name) {
    if (name == "decision_surface") return s.probes.surface.values;
    if (name == "decision_confidence") return s.probes.surface.confidence;
    if (name == "fitted_curve") return s.probes.fittedCurve.y;
    return {};
}

// Every number a snapshot carries, with where it is, for the finiteness checks.
template <typename Visit>
void forEachNumber(const TrainingSnapshot& s, Visit&& visit) {
    visit("trainLoss", s.trainLoss), visit("testLoss", s.testLoss);
    visit("trainAccuracy", s.trainAccuracy), visit("testAccuracy", s.testAccuracy);
    visit("stepsPerSecond", s.stepsPerSecond);
    const ModelDiagnostics& d = s.diagnostics;
    visit("deadFraction", d.deadFraction), visit("vanishingFraction", d.vanishingFraction);
    visit("gradientNormFirst", d.gradientNormFirst), visit("gradientNormLast", d.gradientNormLast);
    for (const LayerDiagnostics& l : d.layers) {
        for (float v : l.passShare) visit("passShare", v);
        visit("layer.deadFraction", l.deadFraction), visit("histogramLow", l.histogramLow);
        visit("histogramHigh", l.histogramHigh), visit("weightNorm", l.weightNorm);
        visit("gradientNorm", l.gradientNorm);
    }
    for (const HistoryPoint& h : s.history) {
        visit("history.trainLoss", h.trainLoss), visit("history.testLoss", h.testLoss);
        visit("history.trainAccuracy", h.trainAccuracy),
            visit("history.testAccuracy", h.testAccuracy);
        visit("history.deadFraction", h.deadFraction);
        for (double v : h.layerDeadFraction) visit("history.layerDeadFraction", v);
        for (double v : h.layerGradientNorm) visit("history.layerGradientNorm", v);
    }
    for (float v : s.probes.surface.values) visit("surface", v);
    for (float v : s.probes.surface.confidence) visit("confidence", v);
    for (const NeuronMaps& maps : s.probes.neuronMaps)
        for (float v : maps.values) visit("neuronMaps", v);
    for (float v : s.probes.fittedCurve.y) visit("fittedCurve", v);
}

inline void expectAllFinite(const TrainingSnapshot& s) {
    int bad = 0;
    forEachNumber(s, [&](const char* where, double v) {
        if (!std::isfinite(v) && bad++ < 5) ADD_FAILURE() << where << " = " << v;
    });
    EXPECT_EQ(bad, 0);
}

// The preset's configuration with an activation, init and seed overridden (as the CLI does for
// --activation, --init and --seed), trained for the preset's steps; the final full snapshot.
inline TrainingSnapshot runPreset(const char* name, const char* activation, int seed,
                                  std::optional<Initialiser> init = std::nullopt) {
    const TrainingPreset* preset = findTrainingPreset(name);
    EXPECT_NE(preset, nullptr) << name;
    if (!preset) return {};
    TrainingConfig c;
    preset->apply(c);
    c.model.activations = {ActivationConfig::withDefaults(findActivation(activation)->id)};
    if (init) c.model.init = *init;
    c.data.seed = c.model.seed = std::uint64_t(seed);
    c.optimizer.totalSteps = preset->steps;
    std::unique_ptr<Trainer> trainer = createTrainer(c);
    if (!trainer) return {};
    trainer->step(preset->steps);
    EXPECT_FALSE(trainer->diverged()) << name << " " << activation << " seed " << seed;
    EXPECT_EQ(trainer->steps(), preset->steps);
    return trainer->snapshot(false);
}

}  // namespace actlab::test
