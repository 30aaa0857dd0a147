// The curves of a run over its steps, read from the snapshots' history: loss and accuracy
// (train and test), the dead fraction of each layer, and each layer's gradient norm on a log
// scale (gradient flow). In compare mode the second run is drawn dashed.
#pragma once

#include <QImage>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "training/trainer.h"

class QGridLayout;

namespace actlab::ui {

class CurveChart;

class TrainingCharts : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 400;  // longer histories are thinned for display

    explicit TrainingCharts(QWidget* parent = nullptr);

    // runNames: one per run, e.g. {"ReLU", "Leaky ReLU"}; classification: show accuracy.
    void setRuns(const std::vector<TrainingSnapshot>& runs, const QStringList& runNames,
                 bool classification);
    void clear();

    CurveChart* lossChart() const { return m_loss; }
    CurveChart* accuracyChart() const { return m_accuracy; }
    CurveChart* deadChart() const { return m_dead; }
    CurveChart* gradientChart() const { return m_gradient; }

private:
    CurveChart* m_loss;
    CurveChart* m_accuracy;
    CurveChart* m_dead;
    CurveChart* m_gradient;
    QGridLayout* m_grid;
    QStringList m_hiddenFromLegend;  // keys whose legend entries are hidden (compare mode)
    bool m_compareTitles = false;
};

}  // namespace actlab::ui
