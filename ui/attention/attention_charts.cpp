// AttentionCharts: the history thinned to at most kMaxPointsPerCurve points per curve (a
// power-of-two stride, so drawn points stay put as the run grows) and handed to CurveChart.
#include "ui/attention/attention_charts.h"

#include <QGridLayout>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart.h"

namespace actlab::ui {
namespace {

const QColor kColors[] = {QColor(31, 119, 180),  QColor(255, 127, 14),  QColor(44, 160, 44),
                          QColor(214, 39, 40),   QColor(148, 103, 189), QColor(140, 86, 75),
                          QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                          QColor(23, 190, 207),  QColor(0, 0, 128),     QColor(128, 0, 0)};
const Qt::PenStyle kHeadStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                    Qt::DashDotDotLine};
constexpr int kLegendLimit = 8;      // more entries than this: the legend would hide the plot
constexpr int kHeadLegendLimit = 3;  // more heads than this: one entry per layer

std::vector<size_t> shownIndices(size_t count) {
    std::vector<size_t> indices;
    size_t stride = 1;
    while (count / stride > size_t(AttentionCharts::kMaxPointsPerCurve)) stride *= 2;
    for (size_t i = 0; i < count; i += stride) indices.push_back(i);
    if (count > 0 && indices.back() != count - 1) indices.push_back(count - 1);
    return indices;
}

template <typename Value>
CurveChart::Curve curveOf(const SequenceSnapshot& run, const std::vector<size_t>& indices,
                          Value value, QString key, QString label, QColor color,
                          Qt::PenStyle style = Qt::SolidLine, bool positive = false) {
    CurveChart::Curve curve{std::move(key), std::move(label), std::move(color), style, {}, {}};
    for (size_t i : indices) {
        const SequenceHistoryPoint& point = run.history[i];
        const double y = value(point);
        if (!std::isfinite(y) || (positive && y <= 0)) continue;  // NaN never reaches a chart
        curve.x.push_back(point.step);
        curve.y.push_back(y);
    }
    return curve;
}

CurveChart* makeChart(const QString& title, QWidget* parent) {
    auto* chart = new CurveChart(parent);
    chart->setTitle(title);
    chart->setAxisTitles(CurveChart::tr("step"), QString());
    chart->setLineWidth(2.0);
    chart->setMinimumSize(110, 140);
    return chart;
}

}  // namespace

AttentionCharts::AttentionCharts(QWidget* parent) : QWidget(parent) {
    m_loss = makeChart(tr("Loss"), this);
    m_accuracy = makeChart(tr("Accuracy (test)"), this);
    m_entropy = makeChart(tr("Entropy per head"), this);
    m_gradient = makeChart(tr("Gradient norm (log)"), this);
    m_accuracy->setToolTip(
        tr("Token: share of scored positions right; sequence: share of test "
           "sequences with every scored position right"));
    m_entropy->setToolTip(
        tr("Mean entropy (nats) of an attention row per head over the test "
           "sequences: low when a head looks at one key. Colour: layer; line "
           "style: head 1 solid, 2 dashed, 3 dotted, 4 dash-dot, …"));
    m_gradient->setToolTip(tr("‖∂L/∂W‖ of each block's parameters at the last step"));
    m_gradient->setLogarithmicY(true);
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    arrange(4);
    clear();
}

void AttentionCharts::arrange(int columns) {
    if (columns == m_columns) return;
    m_columns = columns;
    int index = 0;
    for (CurveChart* chart : {m_loss, m_accuracy, m_entropy, m_gradient}) {
        m_grid->removeWidget(chart);
        m_grid->addWidget(chart, index / columns, index % columns);
        ++index;
    }
    for (int column = 0; column < 4; ++column)
        m_grid->setColumnStretch(column, column < columns ? 1 : 0);
    for (int row = 0; row < 2; ++row) m_grid->setRowStretch(row, row < 4 / columns ? 1 : 0);
}

void AttentionCharts::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // A chart under ~230 px wide has no room for its legend and tick labels; two rows need
    // ~150 px each.
    const bool narrow = width() < 4 * 230;
    arrange(narrow && height() >= 2 * 150 ? 2 : 4);
}

void AttentionCharts::clear() {
    for (CurveChart* chart : {m_loss, m_accuracy, m_entropy, m_gradient}) {
        chart->setCurves({});
        chart->setXRange(0, 100);
    }
    m_loss->setYRange(0, 1);
    m_accuracy->setYRange(0, 1.02);
    m_entropy->setYRange(0, 1);
    m_gradient->setYRange(1e-4, 1);
}

void AttentionCharts::setRun(const SequenceSnapshot& run) {
    const std::vector<size_t> shown = shownIndices(run.history.size());
    using P = SequenceHistoryPoint;
    std::vector<CurveChart::Curve> loss{
        curveOf(
            run, shown, [](const P& p) { return p.trainLoss; }, "train", tr("train"), kColors[0]),
        curveOf(
            run, shown, [](const P& p) { return p.testLoss; }, "test", tr("test"), kColors[1],
            Qt::DashLine)};
    std::vector<CurveChart::Curve> accuracy{
        curveOf(
            run, shown, [](const P& p) { return p.tokenAccuracy; }, "token", tr("token"),
            kColors[0]),
        curveOf(
            run, shown, [](const P& p) { return p.sequenceAccuracy; }, "sequence", tr("sequence"),
            kColors[2])};
    std::vector<CurveChart::Curve> entropy, gradient;
    const int heads = std::max(1, run.heads);
    for (int l = 0; l < run.layers; ++l) {
        for (int h = 0; h < heads; ++h) {
            const size_t i = size_t(l * heads + h);
            entropy.push_back(curveOf(
                run, shown,
                [i](const P& p) { return i < p.headEntropy.size() ? p.headEntropy[i] : NAN; },
                QStringLiteral("L%1H%2").arg(l).arg(h),
                run.layers * heads <= kHeadLegendLimit ? tr("L%1 H%2").arg(l + 1).arg(h + 1)
                                                       : tr("L%1").arg(l + 1),
                kColors[l % 12], kHeadStyles[h % 5]));
        }
        gradient.push_back(curveOf(
            run, shown,
            [l](const P& p) {
                return size_t(l) < p.layerGradientNorm.size() ? p.layerGradientNorm[size_t(l)]
                                                              : NAN;
            },
            QStringLiteral("L%1").arg(l), tr("L%1").arg(l + 1), kColors[l % 12], Qt::SolidLine,
            true));
    }
    m_loss->setCurves(loss);
    m_accuracy->setCurves(accuracy);
    m_entropy->setCurves(entropy);
    m_gradient->setCurves(gradient);
    // Many heads: one legend entry per layer (its first head), the line style telling the heads.
    const bool everyHead = entropy.size() <= size_t(kHeadLegendLimit);
    for (size_t i = 0; i < entropy.size(); ++i) {
        const bool first = i % size_t(heads) == 0;
        m_entropy->setLegendEntryVisible(entropy[i].key,
                                         everyHead || (first && run.layers <= kLegendLimit));
    }
    const bool gradientLegend = gradient.size() <= size_t(kLegendLimit);
    for (const CurveChart::Curve& curve : gradient)
        m_gradient->setLegendEntryVisible(curve.key, gradientLegend);

    const int lastStep = run.history.empty() ? 0 : run.history.back().step;
    const double xHigh = std::max(10, lastStep);
    for (CurveChart* chart : {m_loss, m_accuracy, m_entropy, m_gradient})
        chart->setXRange(0, xHigh);
    double lossHigh = 0, entropyHigh = 0;
    for (const auto& curve : loss)
        for (double y : curve.y) lossHigh = std::max(lossHigh, y);
    for (const auto& curve : entropy)
        for (double y : curve.y) entropyHigh = std::max(entropyHigh, y);
    m_loss->setYRange(0, lossHigh > 0 ? lossHigh * 1.05 : 1.0);
    m_accuracy->setYRange(0, 1.02);
    m_entropy->setYRange(0, entropyHigh > 0 ? entropyHigh * 1.05 : 1.0);
    if (!gradient.empty() && !gradient.front().y.empty()) m_gradient->fitY();
}

}  // namespace actlab::ui
