// The curves of a run over its steps, read from the snapshots' history: loss and accuracy
// (train and test), the dead fraction of each layer, and each layer's gradient norm on a log
// scale (gradient flow). Side by side, 2 × 2 or in pages, as the pane allows (ChartPages). In
// compare mode the legends name runs A and B (with their activations where there is room); the
// test curves and run B's layers are dashed.
#pragma once

#include <QImage>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "training/trainer.h"

namespace actlab::ui {

class ChartPages;
class CurveChart;
class DistributionCharts;

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
    QList<CurveChart*> charts() const;  // loss, accuracy, dead share, gradient
    ChartPages* pages() const { return m_pages; }
    // The Distributions page (the pages' third): a site's z over the steps and its histograms.
    DistributionCharts* distributions() const { return m_distributions; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The legend names of the runs' train curves: "A: ReLU" where a chart has the room, "A"
    // where it has not (the panels' titles above name the activations).
    void nameRuns();

    CurveChart* m_loss;
    CurveChart* m_accuracy;
    CurveChart* m_dead;
    CurveChart* m_gradient;
    DistributionCharts* m_distributions;
    ChartPages* m_pages;
    QStringList m_runNames;  // compare mode's, as last drawn; empty for a single run
    QStringList m_hiddenFromLegend;
};

}  // namespace actlab::ui
