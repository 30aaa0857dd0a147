// What every worker's frame says about the run besides its pictures: which reset and command it
// follows, whether the worker keeps stepping, a configuration error and the measured speed.
// TrainingFrame and AttentionFrame extend it; the UI only reads them.
#pragma once

#include <QString>

namespace actlab::ui {

struct RunFrame {
    quint64 generation = 0;     // increases at each reset; older frames are stale
    quint64 command = 0;        // serial of the last command the worker had taken
    bool running = false;       // the worker keeps stepping after this frame
    QString error;              // non-empty: the configuration could not be built
    double stepsPerSecond = 0;  // measured by the worker over the last frames
};

}  // namespace actlab::ui
