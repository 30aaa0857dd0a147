// AttentionCharts: the history thinned to at most kMaxPointsPerCurve points per curve (a
// power-of-two stride, so drawn points stay put as the run grows) and handed to CurveChart.
#include "ui/attention/attention_charts.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/chart_pages.h"
#include "ui/common/distribution_charts.h"
#include "ui/common/history_curves.h"

namespace actlab::ui {
namespace {

const Qt::PenStyle kHeadStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                    Qt::DashDotDotLine};
constexpr int kLegendLimit = 8;      // more entries than this: the legend would hide the plot
constexpr int kHeadLegendLimit = 3;  // more heads than this: one entry per layer

}  // namespace

AttentionCharts::AttentionCharts(QWidget* parent) : QWidget(parent) {
    const QString titles[] = {tr("Loss"), tr("Accuracy (test)"), tr("Entropy per head"),
                              tr("Gradient norm (log)")};
    m_loss = historyChart(titles[0], this);
    m_accuracy = historyChart(titles[1], this);
    m_entropy = historyChart(titles[2], this);
    m_gradient = historyChart(titles[3], this);
    m_loss->setObjectName(QStringLiteral("lossChart"));
    m_accuracy->setObjectName(QStringLiteral("accuracyChart"));
    m_entropy->setObjectName(QStringLiteral("entropyChart"));
    m_gradient->setObjectName(QStringLiteral("gradientChart"));
    m_accuracy->setToolTip(
        tr("Token: share of scored positions right; sequence: share of test "
           "sequences with every scored position right"));
    m_entropy->setToolTip(
        tr("Mean entropy (nats) of an attention row per head over the test "
           "sequences: low when a head looks at one key. Colour: layer; line "
           "style: head 1 solid, 2 dashed, 3 dotted, 4 dash-dot, …"));
    m_gradient->setToolTip(tr("‖∂L/∂W‖ of each block's parameters at the last step"));
    m_gradient->setLogarithmicY(true);
    m_distributions = new DistributionCharts(this);
    m_pages = new ChartPages(charts() << m_distributions->bandsChart()
                                      << m_distributions->histogramChart()
                                      << m_distributions->sharesChart(),
                             this);
    m_pages->setChartShown(m_distributions->sharesChart(), false);  // a run with a mix shows it
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    m_loss->installEventFilter(this);
    connect(m_pages, &ChartPages::arranged, this, [this] {
        if (m_runA && m_runB) setRuns(m_runA, m_runB, m_names);  // legends for the new width
    });
    clear();
}

QList<CurveChart*> AttentionCharts::charts() const {
    return {m_loss, m_accuracy, m_entropy, m_gradient};
}

int AttentionCharts::pageCount() const { return m_pages->pageCount(); }
int AttentionCharts::currentPage() const { return m_pages->currentPage(); }
void AttentionCharts::showPage(int page) { m_pages->showPage(page); }

void AttentionCharts::clear() {
    m_runA.reset();
    m_runB.reset();
    for (CurveChart* chart : charts()) {
        chart->setCurves({});
        chart->setXRange(0, 100);
    }
    m_loss->setYRange(0, 1);
    m_accuracy->setYRange(0, 1.02);
    m_entropy->setYRange(0, 1);
    m_gradient->setYRange(1e-4, 1);
    m_distributions->clear();
    m_pages->setChartShown(m_distributions->sharesChart(), false);
}

void AttentionCharts::setTextBaselines(std::optional<std::pair<double, double>> bits) {
    m_textBaselines = bits;
    // The unit in the title: a y-axis title is cut short on a low chart.
    if (!m_compareTitles) m_loss->setTitle(bits ? tr("Loss (bits/char)") : tr("Loss"));
    m_pages->updatePageTitles();
    m_loss->setToolTip(bits ? tr("Cross-entropy in bits per character: train, held-out (dashed), "
                                 "and what counting does on the held-out part: letter "
                                 "frequencies (unigram) and the previous letter (bigram)")
                            : QString());
}

void AttentionCharts::setRun(const SequenceSnapshot& run) {
    m_runA.reset();
    m_runB.reset();
    draw(run, nullptr, {});
}

void AttentionCharts::setRuns(std::shared_ptr<const SequenceSnapshot> a,
                              std::shared_ptr<const SequenceSnapshot> b, const QStringList& names) {
    m_runA = std::move(a);
    m_runB = std::move(b);
    m_names = names;
    // The runs' names where they fit in one row below the plot, else "A" and "B" (the titles
    // above the maps name them): a name cut at the chart's edge tells nothing.
    const bool room = m_pages->columns() != 4 && m_loss->legendFitsBelow(names);
    draw(*m_runA, m_runB.get(), room ? names : QStringList{tr("A"), tr("B")});
}

bool AttentionCharts::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_loss && event->type() == QEvent::Resize && m_runA && m_runB)
        setRuns(m_runA, m_runB, m_names);  // the legends' names for the new width
    return QWidget::eventFilter(watched, event);
}

void AttentionCharts::setCompareTitles(bool compare) {
    if (compare == m_compareTitles) return;
    m_compareTitles = compare;
    // Titles short enough for a chart kChartWidth wide; the tooltips say the rest.
    const QStringList titles =
        compare
            ? QStringList{tr("Loss · test dashed"), tr("Accuracy (test)"), tr("Mean head entropy"),
                          tr("Gradient (log)")}
            : QStringList{m_textBaselines ? tr("Loss (bits/char)") : tr("Loss"),
                          tr("Accuracy (test)"), tr("Entropy per head"), tr("Gradient norm (log)")};
    const QList<CurveChart*> all = charts();
    for (int i = 0; i < int(all.size()); ++i) all[i]->setTitle(titles[i]);
    m_pages->updatePageTitles();
    m_accuracy->setToolTip(
        compare ? tr("Colour: run; solid: token accuracy (share of scored positions right), "
                     "dashed: sequence accuracy (share of test sequences entirely right)")
                : tr("Token: share of scored positions right; sequence: share of test "
                     "sequences with every scored position right"));
    m_entropy->setToolTip(
        compare ? tr("Mean entropy (nats) of an attention row over every head of each run")
                : tr("Mean entropy (nats) of an attention row per head over the test "
                     "sequences: low when a head looks at one key. Colour: layer; line "
                     "style: head 1 solid, 2 dashed, 3 dotted, 4 dash-dot, …"));
    m_gradient->setToolTip(compare ? tr("‖∂L/∂W‖ of each block's parameters at the last step; "
                                        "colour: layer; run A solid, run B dashed")
                                   : tr("‖∂L/∂W‖ of each block's parameters at the last step"));
}

// Run r's curves into the four charts' lists; the keys whose legend entry would only repeat a
// run's name into *hidden.
void AttentionCharts::addRunCurves(const SequenceSnapshot& run, size_t r, bool compare,
                                   const QStringList& names, Curves& curves,
                                   QStringList* hidden) const {
    using P = SequenceHistoryPoint;
    const std::vector<size_t> shown = shownHistoryIndices(run.history.size(), kMaxPointsPerCurve);
    const QString prefix = compare ? QString(r == 0 ? "A/" : "B/") : QString();
    const QColor color = seriesColor(compare ? int(r) : 0);
    const size_t firstLoss = curves.loss.size();
    for (CurveChart::Curve& curve :
         stepSeriesCurves(run.trainLossSteps, kMaxPointsPerCurve, prefix + "train",
                          compare ? names.value(int(r)) : tr("train"), color))
        curves.loss.push_back(std::move(curve));
    curves.loss.push_back(historyCurve(
        run, shown, [](const P& p) { return p.testLoss; }, prefix + "test",
        m_textBaselines ? tr("held out") : tr("test"), compare ? color : seriesColor(1),
        Qt::DashLine));
    if (m_textBaselines)  // nats to bits
        for (size_t c = firstLoss; c < curves.loss.size(); ++c)
            for (double& y : curves.loss[c].y) y /= std::numbers::ln2;
    curves.accuracy.push_back(historyCurve(
        run, shown, [](const P& p) { return p.tokenAccuracy; }, prefix + "token",
        compare ? names.value(int(r)) : tr("token"), color));
    if (!m_textBaselines)  // a text has no whole sequences to get right
        curves.accuracy.push_back(historyCurve(
            run, shown, [](const P& p) { return p.sequenceAccuracy; }, prefix + "sequence",
            tr("sequence"), compare ? color : seriesColor(2),
            compare ? Qt::DashLine : Qt::SolidLine));
    if (compare) *hidden << prefix + "test" << prefix + "sequence";
    const int heads = std::max(1, run.heads);
    if (compare) {
        curves.entropy.push_back(historyCurve(
            run, shown,
            [](const P& p) {
                double sum = 0;
                for (double e : p.headEntropy) sum += e;
                return p.headEntropy.empty() ? NAN : sum / double(p.headEntropy.size());
            },
            prefix + "entropy", names.value(int(r)), color));
    }
    for (int l = 0; l < run.layers; ++l) {
        for (int h = 0; h < heads && !compare; ++h) {
            const size_t i = size_t(l * heads + h);
            curves.entropy.push_back(historyCurve(
                run, shown,
                [i](const P& p) { return i < p.headEntropy.size() ? p.headEntropy[i] : NAN; },
                QStringLiteral("L%1H%2").arg(l).arg(h),
                run.layers * heads <= kHeadLegendLimit ? tr("L%1 H%2").arg(l + 1).arg(h + 1)
                                                       : tr("L%1").arg(l + 1),
                seriesColor(l % 12), kHeadStyles[h % 5]));
        }
        curves.gradient.push_back(historyCurve(
            run, shown,
            [l](const P& p) {
                return size_t(l) < p.layerGradientNorm.size() ? p.layerGradientNorm[size_t(l)]
                                                              : NAN;
            },
            prefix + QStringLiteral("L%1").arg(l), tr("L%1").arg(l + 1),
            seriesColor((compare ? l + 2 : l) % 12),  // in compare mode, not the runs' colours
            r == 0 ? Qt::SolidLine : Qt::DashLine, true));
        if (r == 1) *hidden << curves.gradient.back().key;
    }
}

// Which legend entries show: none that repeats a run's name; with many heads one per layer
// (its first head, the line style telling the heads); the gradient's while the layers fit.
void AttentionCharts::showLegendEntries(const SequenceSnapshot& a, bool compare,
                                        const Curves& curves, const QStringList& hidden) {
    for (const QString& key : hidden)
        for (CurveChart* chart : charts())
            if (chart->curveKeys().contains(key)) chart->setLegendEntryVisible(key, false);
    if (!compare) {
        const int heads = std::max(1, a.heads);
        const bool everyHead = curves.entropy.size() <= size_t(kHeadLegendLimit);
        for (size_t i = 0; i < curves.entropy.size(); ++i) {
            const bool first = i % size_t(heads) == 0;
            m_entropy->setLegendEntryVisible(curves.entropy[i].key,
                                             everyHead || (first && a.layers <= kLegendLimit));
        }
    }
    const bool gradientLegend = a.layers <= kLegendLimit;
    for (const CurveChart::Curve& curve : curves.gradient)
        if (!hidden.contains(curve.key))
            m_gradient->setLegendEntryVisible(curve.key, gradientLegend);
}

void AttentionCharts::draw(const SequenceSnapshot& a, const SequenceSnapshot* b,
                           const QStringList& names) {
    const bool compare = b != nullptr;
    setCompareTitles(compare);
    std::vector<const SequenceSnapshot*> runs{&a};
    if (b) runs.push_back(b);
    Curves curves;
    QStringList hidden;
    for (size_t r = 0; r < runs.size(); ++r)
        addRunCurves(*runs[r], r, compare, names, curves, &hidden);
    int lastStep = 0;
    for (const SequenceSnapshot* run : runs) {
        if (!run->history.empty()) lastStep = std::max(lastStep, run->history.back().step);
        if (!run->trainLossSteps.empty())
            lastStep = std::max(lastStep, run->trainLossSteps.back().lastStep);
    }
    const double xHigh = std::max(10, lastStep);
    if (m_textBaselines) {
        const auto line = [&](const char* key, const QString& label, double y, QColor color) {
            curves.loss.push_back(
                {QString::fromLatin1(key), label, color, Qt::DotLine, {0.0, xHigh}, {y, y}});
        };
        line("unigram", tr("unigram"), m_textBaselines->first, QColor(0x80, 0x80, 0x80));
        line("bigram", tr("bigram"), m_textBaselines->second, QColor(0x40, 0x40, 0x40));
    }
    m_loss->setCurves(curves.loss);
    m_accuracy->setCurves(curves.accuracy);
    m_entropy->setCurves(curves.entropy);
    m_gradient->setCurves(curves.gradient);
    showLegendEntries(a, compare, curves, hidden);
    for (CurveChart* chart : charts()) chart->setXRange(0, xHigh);
    double lossHigh = 0, entropyHigh = 0;
    for (const auto& curve : curves.loss)
        for (double y : curve.y) lossHigh = std::max(lossHigh, y);
    for (const auto& curve : curves.entropy)
        for (double y : curve.y) entropyHigh = std::max(entropyHigh, y);
    m_loss->setYRange(0, lossHigh > 0 ? lossHigh * 1.05 : 1.0);
    m_accuracy->setYRange(0, 1.02);
    m_entropy->setYRange(0, entropyHigh > 0 ? entropyHigh * 1.05 : 1.0);
    bool anyGradient = false;
    for (const auto& curve : curves.gradient) anyGradient = anyGradient || !curve.y.empty();
    if (anyGradient) m_gradient->fitY();
    m_distributions->setRuns({a.distributions.get(), b ? b->distributions.get() : nullptr}, names);
    m_pages->setChartShown(m_distributions->sharesChart(), m_distributions->hasMix());
}

}  // namespace actlab::ui
