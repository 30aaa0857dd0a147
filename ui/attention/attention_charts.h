// The curves of an Attention-lab run over its steps, read from the snapshot's history: loss
// (train, test), accuracy (per token, per sequence), the attention entropy of every head and the
// gradient norm of every layer (log scale). Non-finite points are left out.
#pragma once

#include <QWidget>

class QGridLayout;

#include "training/sequence_trainer.h"

namespace actlab::ui {

class CurveChart;

class AttentionCharts : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 400;  // longer histories are thinned for display

    explicit AttentionCharts(QWidget* parent = nullptr);

    void setRun(const SequenceSnapshot& run);
    void clear();

    CurveChart* lossChart() const { return m_loss; }
    CurveChart* accuracyChart() const { return m_accuracy; }
    CurveChart* entropyChart() const { return m_entropy; }
    CurveChart* gradientChart() const { return m_gradient; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrange(int columns);  // 4 in a row, or 2 × 2 when the row would squeeze them

    QGridLayout* m_grid;
    int m_columns = 0;
    CurveChart* m_loss;
    CurveChart* m_accuracy;
    CurveChart* m_entropy;
    CurveChart* m_gradient;
};

}  // namespace actlab::ui
