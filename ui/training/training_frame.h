// What the training worker hands the UI: an immutable frame with one snapshot per run and the
// data set's points, copied by value across threads. The UI only reads it.
#pragma once

#include <QMetaType>
#include <QString>
#include <memory>
#include <vector>

#include "training/trainer.h"
#include "ui/training/queued_handoff.h"

namespace actlab::ui {

// The points of the data set in use, shared (never changed) by all frames of one reset.
struct TrainingData {
    TaskKind kind = TaskKind::BinaryClassification;
    int classes = 2;
    int rawDimension = 2;
    LabelledPoints train, test;  // raw points, for drawing
};

struct TrainingFrame {
    quint64 generation = 0;  // increases at each reset; older frames are stale
    quint64 command = 0;     // serial of the last command the worker had taken
    bool running = false;    // the worker keeps stepping after this frame
    QString error;           // non-empty: the configuration could not be built
    std::shared_ptr<const TrainingData> data;
    std::vector<TrainingSnapshot> runs;           // one per run (two in compare mode)
    double stepsPerSecond = 0;                    // measured by the worker over the last frames
    [[no_unique_address]] QueuedHandoff handoff;  // last member: copied after all the others
    int step() const { return runs.empty() ? 0 : runs.front().step; }
    bool diverged() const {
        for (const TrainingSnapshot& run : runs)
            if (run.diverged) return true;
        return false;
    }
};

}  // namespace actlab::ui

Q_DECLARE_METATYPE(actlab::ui::TrainingFrame)
