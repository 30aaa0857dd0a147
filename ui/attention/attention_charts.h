// The curves of an Attention-lab run over its steps, read from the snapshot's history: loss
// (train, test), accuracy (per token, per sequence), the attention entropy of every head and the
// gradient norm of every layer (log scale). In compare mode, runs A and B on the same charts:
// colour = run (the legend names it and what differs), dashed = test loss, sequence accuracy, or
// run B's gradients; the entropy is each run's mean over its heads. Non-finite points are left
// out.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <optional>
#include <utility>

#include "training/sequence_trainer.h"
#include "ui/charts/curve_chart.h"

namespace actlab::ui {

class ChartPages;
class DistributionCharts;

class AttentionCharts : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 400;  // longer histories are thinned for display

    explicit AttentionCharts(QWidget* parent = nullptr);

    // The Distributions page (the pages' third): a site's z over the steps and its histograms.
    DistributionCharts* distributions() const { return m_distributions; }
    ChartPages* pages() const { return m_pages; }
    void setRun(const SequenceSnapshot& run);
    // Both runs of compare mode, named in the legends by what differs ("A · qkv relu"), or by
    // their letters alone when four charts side by side leave no room for more (the maps'
    // titles above say it then). The charts keep the snapshots to name them again on a resize.
    void setRuns(std::shared_ptr<const SequenceSnapshot> a,
                 std::shared_ptr<const SequenceSnapshot> b, const QStringList& names);
    void clear();
    // The text task: losses in bits per character beside its counting baselines (unigram,
    // bigram; bits per character) drawn as horizontal lines; nullopt: losses in nats, no lines.
    void setTextBaselines(std::optional<std::pair<double, double>> bits);

    CurveChart* lossChart() const { return m_loss; }
    CurveChart* accuracyChart() const { return m_accuracy; }
    CurveChart* entropyChart() const { return m_entropy; }
    CurveChart* gradientChart() const { return m_gradient; }
    QList<CurveChart*> charts() const;  // loss, accuracy, entropy, gradient

    // Four charts side by side, 2 × 2, or, when the pane is too small for them all to be read,
    // pages of two (or one) chosen by tabs above them.
    int pageCount() const;
    int currentPage() const;
    void showPage(int page);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the loss chart's resizes

private:
    struct Curves {  // what the four charts draw
        std::vector<CurveChart::Curve> loss, accuracy, entropy, gradient;
    };
    void draw(const SequenceSnapshot& a, const SequenceSnapshot* b, const QStringList& names);
    void addRunCurves(const SequenceSnapshot& run, size_t r, bool compare, const QStringList& names,
                      Curves& curves, QStringList* hidden) const;
    void showLegendEntries(const SequenceSnapshot& a, bool compare, const Curves& curves,
                           const QStringList& hidden);
    void setCompareTitles(bool compare);

    ChartPages* m_pages = nullptr;
    DistributionCharts* m_distributions = nullptr;
    bool m_compareTitles = false;
    std::optional<std::pair<double, double>> m_textBaselines;
    std::shared_ptr<const SequenceSnapshot> m_runA, m_runB;  // compare mode's, as last drawn
    QStringList m_names;
    CurveChart* m_loss;
    CurveChart* m_accuracy;
    CurveChart* m_entropy;
    CurveChart* m_gradient;
};

}  // namespace actlab::ui
