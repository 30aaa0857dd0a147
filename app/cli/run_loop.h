// The steps of one `train` or `compare` run, the same for every model kind: a snapshot every
// --log-every steps until --steps or divergence, the steps timed without the history's
// measurements, then the files every run writes (--metrics rows, --distributions).
#pragma once

#include <algorithm>
#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "config/distributions_json.h"
#include "export/history_csv.h"
#include "option_values.h"
#include "run_options.h"
#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab::cli {

// What a run measured, whatever its model; Snapshot is the trainer's.
template <typename Snapshot>
struct RunFigures {
    std::string backend;  // where the steps ran
    long long parameters = 0;
    Snapshot final;
    double stepsPerSecond = 0;      // of the steps taken by this run of the program
    int stepsToTarget = -1;         // first logged step with accuracy ≥ target, −1 if never
    std::vector<MixReading> mixes;  // a mix's shares per site at the end
};

// Each kind's snapshot, its accuracy against a compare target, and its history as CSV.
inline TrainingSnapshot takeSnapshot(Trainer& t) { return t.snapshot(false); }
inline SequenceSnapshot takeSnapshot(SequenceTrainer& t) { return t.snapshot(); }
inline double targetAccuracy(const TrainingSnapshot& s) { return s.testAccuracy; }
inline double targetAccuracy(const SequenceSnapshot& s) { return s.tokenAccuracy; }
inline std::string historyCsv(const TrainingSnapshot& s) { return trainingHistoryCsv(s); }
inline std::string historyCsv(const SequenceSnapshot& s) { return sequenceHistoryCsv(s); }

// Steps `trainer` to s.steps (target: the accuracy whose first logged step is stepsToTarget,
// 0 for none); fills r's final, stepsPerSecond, stepsToTarget and mixes, writes the history to
// `metrics` when given and the --distributions file.
template <typename TrainerType, typename Snapshot>
void stepAndMeasure(TrainerType& trainer, const RunSettings& s, double target,
                    std::ostream* metrics, RunFigures<Snapshot>& r) {
    const int firstStep = trainer.steps();
    const auto log = [&](const Snapshot& snapshot) {
        if (snapshot.diverged) return;  // it repeats the last finite figures
        if (target > 0 && r.stepsToTarget < 0 && targetAccuracy(snapshot) >= target)
            r.stepsToTarget = snapshot.step;
    };
    log(takeSnapshot(trainer));
    const double firstHistorySeconds = trainer.historySeconds();  // after step 0's
    double seconds = 0;
    while (trainer.steps() < s.steps && !trainer.diverged()) {
        const int chunk = std::min(s.logEvery, s.steps - trainer.steps());
        const auto start = std::chrono::steady_clock::now();
        trainer.step(chunk);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!trainer.diverged()) log(takeSnapshot(trainer));
    }
    r.final = takeSnapshot(trainer);
    r.mixes = trainer.mixReadings();
    seconds -= trainer.historySeconds() - firstHistorySeconds;  // the steps alone
    r.stepsPerSecond = seconds > 0 ? (trainer.steps() - firstStep) / seconds : 0;
    if (metrics) *metrics << historyCsv(r.final);  // the run's history, by the steps
    if (s.distributionsPath)
        writeText(*s.distributionsPath, distributionsJsonText(*r.final.distributions) + "\n",
                  "--distributions file");
}

}  // namespace actlab::cli
