// What the training worker hands the UI: an immutable frame with one snapshot per run and the
// data set's points, copied by value across threads. The UI only reads it.
#pragma once

#include <QMetaType>
#include <QString>
#include <memory>
#include <vector>

#include "training/trainer.h"
#include "ui/common/run_frame.h"
#include "ui/training/queued_handoff.h"

namespace actlab::ui {

// The points of the data set in use, shared (never changed) by all frames of one reset.
struct TrainingData {
    TaskKind kind = TaskKind::BinaryClassification;
    int classes = 2;
    int rawDimension = 2;
    LabelledPoints train, test;  // raw points, for drawing
};

// RunFrame: generation, command, running, error, stepsPerSecond.
struct TrainingFrame : RunFrame {
    std::shared_ptr<const TrainingData> data;
    std::vector<TrainingSnapshot> runs;  // one per run (two in compare mode)
    QString engine;                      // the backend the runs train on ("cpu", "vulkan")
    QString engineNote;  // why not the backend asked for, when it declined; else empty
    [[no_unique_address]] QueuedHandoff handoff;  // last member: copied after all the others
    bool hasRun() const { return !runs.empty(); }
    int step() const { return runs.empty() ? 0 : runs.front().step; }
    bool diverged() const {
        for (const TrainingSnapshot& run : runs)
            if (run.diverged) return true;
        return false;
    }
};

}  // namespace actlab::ui

Q_DECLARE_METATYPE(actlab::ui::TrainingFrame)
