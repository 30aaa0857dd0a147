// TrainingCharts: builds the curves from the history (thinned for display) for CurveChart,
// which updates its series in place with replace().
#include "ui/training/training_charts.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/chart_pages.h"
#include "ui/common/distribution_charts.h"
#include "ui/common/history_curves.h"

namespace actlab::ui {
namespace {

constexpr size_t kLayerLegendLimit = 6;  // more layers: their legend would hide the plot

// The top of the loss axis: the largest loss after the first tenth of the run, so that a large
// loss at initialisation does not flatten the rest of the curve (it runs off the top instead).
double lossCeiling(const std::vector<CurveChart::Curve>& curves, int lastStep) {
    double high = 0, early = 0;
    for (const CurveChart::Curve& curve : curves)
        for (size_t i = 0; i < curve.x.size(); ++i)
            (curve.x[i] >= 0.1 * lastStep ? high : early) =
                std::max(curve.x[i] >= 0.1 * lastStep ? high : early, curve.y[i]);
    if (!(high > 0)) high = early;
    return high > 0 ? high * 1.1 : 1.0;
}

}  // namespace

TrainingCharts::TrainingCharts(QWidget* parent) : QWidget(parent) {
    m_loss = historyChart(tr("Loss"), this);
    m_accuracy = historyChart(tr("Accuracy"), this);
    m_dead = historyChart(tr("Dead share"), this);
    m_gradient = historyChart(tr("Gradient (log)"), this);
    m_loss->setObjectName(QStringLiteral("lossChart"));
    m_accuracy->setObjectName(QStringLiteral("accuracyChart"));
    m_dead->setObjectName(QStringLiteral("deadChart"));
    m_gradient->setObjectName(QStringLiteral("gradientChart"));
    m_loss->setToolTip(
        tr("Each step's batch loss (solid; past 400 steps each point is the mean of its steps "
           "and the pale band their min to max) and the loss over the test set (dashed)"));
    m_accuracy->setToolTip(
        tr("Share of points classified right, training set (solid) and test set (dashed)"));
    m_gradient->setToolTip(
        tr("‖∂L/∂W‖ of each layer's weights over the training set: a layer whose line sinks by "
           "decades gets (almost) no gradient. In compare mode run B's layers are dashed."));
    m_dead->setToolTip(
        tr("Share of each layer's neurons that pass no gradient on any sample. In compare mode "
           "run B's layers are dashed."));
    m_gradient->setLogarithmicY(true);
    m_distributions = new DistributionCharts(this);
    m_pages = new ChartPages(charts() << m_distributions->bandsChart()
                                      << m_distributions->histogramChart()
                                      << m_distributions->sharesChart(),
                             this);
    m_pages->setChartShown(m_distributions->sharesChart(), false);  // a run with a mix shows it
    m_loss->installEventFilter(this);  // legends named again for the new width
    m_accuracy->installEventFilter(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    clear();
}

QList<CurveChart*> TrainingCharts::charts() const {
    return {m_loss, m_accuracy, m_dead, m_gradient};
}

void TrainingCharts::clear() {
    for (CurveChart* chart : charts()) {
        chart->setCurves({});
        chart->setXRange(0, 100);
    }
    m_runNames.clear();
    m_distributions->clear();
    m_pages->setChartShown(m_distributions->sharesChart(), false);
    m_loss->setYRange(0, 1);
    m_accuracy->setYRange(0, 1);
    m_dead->setYRange(0, 1);
    m_gradient->setYRange(1e-4, 1);
}

void TrainingCharts::nameRuns() {
    if (m_runNames.size() < 2) return;
    const QStringList letters{tr("A"), tr("B")};
    const QStringList named{tr("A: %1").arg(m_runNames[0]), tr("B: %1").arg(m_runNames[1])};
    for (CurveChart* chart : {m_loss, m_accuracy}) {
        const bool room = chart->legendFitsBelow(named + QStringList{tr("test")});
        for (int r = 0; r < 2; ++r)
            chart->setCurveLabel(QString::number(r) + "/train", room ? named[r] : letters[r]);
    }
}

bool TrainingCharts::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && (watched == m_loss || watched == m_accuracy)) nameRuns();
    return QWidget::eventFilter(watched, event);
}

void TrainingCharts::setRuns(const std::vector<TrainingSnapshot>& runs, const QStringList& runNames,
                             bool classification) {
    // Single run: colour = train/test run colour, dashed = test; colour = layer per layer.
    // Compare: colour = run (legend: its name), dashed = test (one legend entry "test", in B's
    // colour); per layer, dashed = run B (one legend entry "B", in the first layer's colour).
    std::vector<CurveChart::Curve> loss, accuracy, dead, gradient;
    QStringList hiddenFromLegend;
    const bool compare = runs.size() > 1;
    int lastStep = 0;
    for (size_t r = 0; r < runs.size(); ++r) {
        const TrainingSnapshot& run = runs[r];
        const std::vector<size_t> shown =
            shownHistoryIndices(run.history.size(), kMaxPointsPerCurve);
        if (!run.history.empty()) lastStep = std::max(lastStep, run.history.back().step);
        if (!run.trainLossSteps.empty())
            lastStep = std::max(lastStep, run.trainLossSteps.back().lastStep);
        const QString key = QString::number(r);
        const QColor color = seriesColor(int(r % 2));
        const QString trainLabel = compare ? runNames.value(int(r)) : tr("train");
        for (CurveChart::Curve& curve : stepSeriesCurves(run.trainLossSteps, kMaxPointsPerCurve,
                                                         key + "/train", trainLabel, color))
            loss.push_back(std::move(curve));
        loss.push_back(historyCurve(
            run, shown, [](const HistoryPoint& p) { return p.testLoss; }, key + "/test", tr("test"),
            color, Qt::DashLine));
        if (classification) {
            accuracy.push_back(historyCurve(
                run, shown, [](const HistoryPoint& p) { return p.trainAccuracy; }, key + "/train",
                trainLabel, color, Qt::SolidLine));
            accuracy.push_back(historyCurve(
                run, shown, [](const HistoryPoint& p) { return p.testAccuracy; }, key + "/test",
                tr("test"), color, Qt::DashLine));
        }
        if (compare && r == 0) hiddenFromLegend << key + "/test";
        const Qt::PenStyle style = r == 0 ? Qt::SolidLine : Qt::DashLine;
        const size_t layers = run.history.empty() ? 0 : run.history.back().layerDeadFraction.size();
        for (size_t l = 0; l < layers; ++l) {
            const QString layerKey = key + "/" + QString::number(l);
            const QString name = r > 0 ? tr("B") : tr("L%1").arg(l + 1);
            const QColor layerColor = seriesColor(int(l % 8));
            if ((r > 0 && l > 0) || (r == 0 && layers > kLayerLegendLimit && l > 0))
                hiddenFromLegend << layerKey;
            dead.push_back(historyCurve(
                run, shown,
                [l](const HistoryPoint& p) {
                    return l < p.layerDeadFraction.size() ? p.layerDeadFraction[l] : NAN;
                },
                layerKey, name, layerColor, style));
            gradient.push_back(historyCurve(
                run, shown,
                [l](const HistoryPoint& p) {  // a log axis cannot show 0: those points are left out
                    return l < p.layerGradientNorm.size() && p.layerGradientNorm[l] > 0
                               ? p.layerGradientNorm[l]
                               : NAN;
                },
                layerKey, name, layerColor, style));
        }
    }
    for (CurveChart* chart : charts())
        for (const QString& key : m_hiddenFromLegend) chart->setLegendEntryVisible(key, true);
    m_loss->setCurves(loss);
    m_accuracy->setCurves(accuracy);
    m_dead->setCurves(dead);
    m_gradient->setCurves(gradient);
    for (CurveChart* chart : charts())
        for (const QString& key : hiddenFromLegend) chart->setLegendEntryVisible(key, false);
    m_hiddenFromLegend = hiddenFromLegend;
    m_runNames = compare ? runNames : QStringList();
    nameRuns();
    m_pages->setChartShown(m_accuracy, classification);  // no empty slot for a hidden chart
    const double xHigh = std::max(10, lastStep);
    for (CurveChart* chart : charts()) chart->setXRange(0, xHigh);
    m_loss->setYRange(0, lossCeiling(loss, lastStep));
    m_accuracy->setYRange(0, 1.02);
    m_dead->setYRange(0, 1.02);
    m_gradient->fitY();
    std::vector<const Distributions*> distributions;
    for (const TrainingSnapshot& run : runs) distributions.push_back(run.distributions.get());
    m_distributions->setRuns(distributions, runNames);
    m_pages->setChartShown(m_distributions->sharesChart(), m_distributions->hasMix());
}

}  // namespace actlab::ui
