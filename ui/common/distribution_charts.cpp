// DistributionCharts: percentile lines over the steps and histograms at kept steps, drawn from
// the snapshots' distributions (core/diagnostics/distributions.h); nothing is computed here but
// the densities of the counts.
#include "ui/common/distribution_charts.h"

#include <QComboBox>
#include <QEvent>
#include <QWidget>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/control_choices.h"  // qtText
#include "ui/common/core_text.h"
#include "ui/common/history_curves.h"

namespace actlab::ui {
namespace {

// Opacity of percentile i's line (0…8): the median full, the outer ones pale.
double percentileAlpha(size_t i) {
    static constexpr double kAlpha[5] = {1.0, 0.75, 0.55, 0.4, 0.25};
    const size_t distance = i > 4 ? i - 4 : 4 - i;
    return kAlpha[distance];
}

const SiteDistribution* findSite(const Distributions& runs, const QString& name) {
    for (const SiteDistribution& site : runs)
        if (QString::fromStdString(site.name) == name) return &site;
    return nullptr;
}

// Keeps the box in the chart's bottom-left corner, beside the legend and below the axis.
class CornerPlacer : public QObject {
public:
    CornerPlacer(QWidget* box, QWidget* chart) : QObject(box), m_box(box), m_chart(chart) {
        chart->installEventFilter(this);
    }
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show ||
            event->type() == QEvent::LayoutRequest) {
            m_box->adjustSize();
            m_box->move(4, std::max(0, m_chart->height() - m_box->height() - 4));
        }
        return false;
    }

private:
    QWidget* m_box;
    QWidget* m_chart;
};

}  // namespace

DistributionCharts::DistributionCharts(QWidget* parent) : QObject(parent) {
    m_bands = historyChart(tr("z by step"), parent);
    m_bands->setObjectName(QStringLiteral("distributionChart"));
    m_bands->setToolTip(
        tr("The site's pre-activation z on the probe batch at each measured step: the median "
           "(solid) and the percentiles 0, 6.7, 15.9, 30.9 | 69.1, 84.1, 93.3, 100 (paler "
           "outwards: ±1.5σ, ±σ, ±σ/2 of a normal distribution). A unit of the ReLU family "
           "dies when its z drifts below 0 on every input."));
    m_histograms = new CurveChart(parent);
    m_histograms->setObjectName(QStringLiteral("histogramChart"));
    m_histograms->setTitle(tr("z histograms"));
    m_histograms->setAxisTitles(tr("z"), QString());  // y: density (the tooltip says)
    m_histograms->setLineWidth(2.0);
    m_histograms->setMinimumSize(110, 140);
    m_histograms->setToolTip(
        tr("The site's histogram of z (a density: each bin's share over its width) at up to five "
           "kept steps (the legend names them), first to last, on bin edges fixed for the whole "
           "run (the values outside them are counted in the exports); for the ReLU family the "
           "dotted line marks z = 0 and its legend entry gives the share of z ≤ 0 at the last "
           "step."));
    m_shares = historyChart(tr("mix shares by step"), parent);
    m_shares->setObjectName(QStringLiteral("mixSharesChart"));
    m_shares->setAxisTitles(tr("step"), tr("share"));
    m_shares->setToolTip(
        tr("The learnable mix at this site, Σ softmax(w)ᵢ·fᵢ(z): each function's share "
           "softmax(w)ᵢ at each measured step, stacked (they sum to 1; the mean over units when "
           "each unit has its own mixture). Equal at step 0; the network moves them."));
    m_site = new QComboBox(m_bands);
    m_site->setObjectName(QStringLiteral("distributionSite"));
    m_site->setAccessibleName(tr("Activation site"));
    m_site->setToolTip(tr("The activation site whose distribution is shown"));
    m_site->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    new CornerPlacer(m_site, m_bands);
    connect(m_site, &QComboBox::activated, this, [this] {
        m_wanted = m_site->currentData().toString();
        redraw();
    });
}

QString DistributionCharts::siteTitle(const SiteDistribution& site) {
    const QString name = QString::fromStdString(site.name);
    const int layer = site.layer + 1;
    switch (site.kind) {
        case SiteKind::Hidden:
            return tr("hidden layer %1").arg(layer);
        case SiteKind::Gate:
            return tr("block %1 gate").arg(layer);
        case SiteKind::Qkv:
            return tr("block %1 %2").arg(layer).arg(name.right(1));
        case SiteKind::FfnHidden:
            return name.endsWith(QLatin1String("gate")) ? tr("block %1 FFN gate").arg(layer)
                                                        : tr("block %1 FFN hidden").arg(layer);
        case SiteKind::AttentionLogits:
            return tr("block %1 attention logits").arg(layer);
        case SiteKind::Residual:
            return tr("block %1 residual into LN%2").arg(layer).arg(name.right(1));
    }
    return name;
}

QString DistributionCharts::site() const {
    return m_site->currentIndex() >= 0 ? m_site->currentData().toString() : m_wanted;
}

void DistributionCharts::setSite(const QString& name) {
    m_wanted = name;
    const int index = m_site->findData(name);
    if (index >= 0) m_site->setCurrentIndex(index);
    redraw();
}

void DistributionCharts::clear() { setRuns({}, {}); }

void DistributionCharts::setRuns(const std::vector<const Distributions*>& runs,
                                 const QStringList& names) {
    m_runs.clear();
    for (const Distributions* run : runs)
        if (run) m_runs.push_back(*run);
    m_names = names;
    fillSites();
    redraw();
}

void DistributionCharts::fillSites() {
    QStringList keys;
    if (!m_runs.empty())
        for (const SiteDistribution& site : m_runs.front())
            keys << QString::fromStdString(site.name);
    QStringList shown;
    for (int i = 0; i < m_site->count(); ++i) shown << m_site->itemData(i).toString();
    if (shown == keys) return;
    const QSignalBlocker block(m_site);
    m_site->clear();
    if (!m_runs.empty())
        for (const SiteDistribution& site : m_runs.front())
            m_site->addItem(siteTitle(site), QString::fromStdString(site.name));
    int index = m_site->findData(m_wanted);
    if (index < 0 && m_site->count() > 0) index = 0;
    m_site->setCurrentIndex(index);
}

// Run r's nine percentile lines over the steps (the median in the legend).
void DistributionCharts::addBands(std::vector<CurveChart::Curve>& bands, size_t r,
                                  const SiteDistribution& site) const {
    // Compare mode: the runs by letter (as their panels, "A: ReLU"), short enough for the legend
    // right of a narrow chart; the histograms beside it name them in full, in the same colours.
    const bool compare = m_runs.size() > 1;
    const QString label = !compare ? tr("median") : r == 0 ? tr("A: median") : tr("B: median");
    for (size_t i = 0; i < 9; ++i) {
        QColor color = seriesColor(int(r));
        color.setAlphaF(float(percentileAlpha(i)));
        CurveChart::Curve curve{QStringLiteral("%1/p%2").arg(r).arg(i), label, color,
                                r == 0 ? Qt::SolidLine : Qt::DashLine,  {},    {}};
        curve.inLegend = i == 4;
        for (const DistributionPoint& p : site.points.points()) {
            curve.x.push_back(p.step);
            curve.y.push_back(p.percentiles[i]);
        }
        bands.push_back(std::move(curve));
    }
}

// Run r's histograms (densities) at up to five kept steps, evenly among them, the last included.
void DistributionCharts::addHistograms(std::vector<CurveChart::Curve>& histograms, size_t r,
                                       const SiteDistribution& site) const {
    const bool compare = m_runs.size() > 1;
    const std::vector<DistributionPoint>& points = site.points.points();
    const size_t n = points.size(), shown = std::min<size_t>(5, n);
    const std::vector<double>& edges = site.binEdges;
    for (size_t h = 0; h < shown; ++h) {
        const DistributionPoint& p = points[shown == 1 ? n - 1 : h * (n - 1) / (shown - 1)];
        std::int64_t total = 0;
        for (std::int64_t c : p.counts) total += c;
        // One legend entry per run in compare mode (its last step), each step's otherwise (the
        // values outside the edges are in the exports' under- and overflow bins).
        const QString label = compare ? m_names.value(int(r)) : QString::number(p.step);
        CurveChart::Curve curve{
            QStringLiteral("%1/h%2").arg(r).arg(h), label, seriesColor(int(compare ? r : h)),
            r == 0 ? Qt::SolidLine : Qt::DashLine,  {},    {}};
        for (size_t b = 0; b + 1 < edges.size(); ++b) {
            const double width = edges[b + 1] - edges[b];
            curve.x.push_back(0.5 * (edges[b] + edges[b + 1]));
            curve.y.push_back(total > 0 ? double(p.counts[b + 1]) / (double(total) * width) : 0.0);
        }
        if (compare && h + 1 < shown) curve.inLegend = false;  // one entry per run
        histograms.push_back(std::move(curve));
    }
}

// The ReLU family's dead side, z ≤ 0: a dotted line at z = 0 on both charts, the histograms'
// entry naming the share of z ≤ 0 at the last kept step.
void DistributionCharts::addZeroLines(std::vector<CurveChart::Curve>& bands,
                                      std::vector<CurveChart::Curve>& histograms,
                                      const QString& name, double lastStep) const {
    bands.push_back({QStringLiteral("zero"),
                     tr("z = 0"),
                     QColor(Qt::black),
                     Qt::DotLine,
                     {0.0, lastStep},
                     {0.0, 0.0}});
    double top = 0;
    for (const CurveChart::Curve& c : histograms)
        for (double y : c.y) top = std::max(top, y);
    QStringList shares;  // run by run
    for (const Distributions& run : m_runs)
        if (const SiteDistribution* site = findSite(run, name);
            site && !site->points.points().empty())
            shares << QStringLiteral("%1 %").arg(
                100 * site->points.points().back().nonPositiveShare, 0, 'f', 0);
    // compare mode: two shares would not fit a narrow legend
    histograms.push_back({QStringLiteral("zero"),
                          m_runs.size() > 1 ? tr("z = 0") : tr("z ≤ 0: %1").arg(shares.join(" | ")),
                          QColor(Qt::black),
                          Qt::DotLine,
                          {0.0, 0.0},
                          {0.0, top}});
}

bool DistributionCharts::hasMix() const {
    for (const Distributions& run : m_runs)
        for (const SiteDistribution& site : run)
            if (!site.mixComponents.empty()) return true;
    return false;
}

// Stacked areas: between the shares summed up to function i−1 and up to i, filled by a pen
// that runs up and down at 600 steps across the run (run A), and each upper bound as a line.
void DistributionCharts::drawShares(const QString& name, double lastStep) {
    std::vector<CurveChart::Curve> curves;
    for (size_t r = 0; r < m_runs.size(); ++r) {
        const SiteDistribution* site = findSite(m_runs[r], name);
        if (!site || site->mixComponents.empty() || site->points.points().empty()) continue;
        const std::vector<DistributionPoint>& points = site->points.points();
        const size_t k = site->mixComponents.size();
        const auto cumulative = [&](size_t p, size_t i) {  // Σ of shares 0..i at point p
            double sum = 0;
            for (size_t j = 0; j <= i && j < points[p].mixShares.size(); ++j)
                sum += points[p].mixShares[j];
            return sum;
        };
        const auto at = [&](double step, size_t i) {  // linear between the measured steps
            size_t p = 0;
            while (p + 1 < points.size() && points[p + 1].step < step) ++p;
            if (p + 1 >= points.size() || points[p + 1].step == points[p].step)
                return cumulative(p, i);
            const double t = (step - points[p].step) / double(points[p + 1].step - points[p].step);
            return (1 - std::clamp(t, 0.0, 1.0)) * cumulative(p, i) +
                   std::clamp(t, 0.0, 1.0) * cumulative(p + 1, i);
        };
        const QString prefix =
            m_runs.size() > 1 ? m_names.value(int(r)) + QLatin1String(": ") : QString();
        for (size_t i = 0; i < k; ++i) {
            const QColor color = seriesColor(int(i));
            const ActivationInfo* info = findActivation(site->mixComponents[i]);
            const QString label =
                prefix + (info ? coreText(info->displayName) : qtText(site->mixComponents[i]));
            if (r == 0) {  // the area, behind its bound
                QColor pale = color;
                pale.setAlphaF(0.35f);
                CurveChart::Curve area{
                    QStringLiteral("%1/area%2").arg(r).arg(i), label, pale, Qt::SolidLine, {}, {}};
                area.inLegend = false;
                const double last = points.back().step;
                for (int s = 0; s <= 600; ++s) {
                    const double step = last * s / 600.0;
                    const double low = i == 0 ? 0.0 : at(step, i - 1), high = at(step, i);
                    area.x.insert(area.x.end(), {step, step});
                    area.y.push_back(s % 2 ? high : low);
                    area.y.push_back(s % 2 ? low : high);
                }
                curves.push_back(std::move(area));
            }
            CurveChart::Curve bound{QStringLiteral("%1/share%2").arg(r).arg(i), label, color,
                                    r == 0 ? Qt::SolidLine : Qt::DashLine,      {},    {}};
            for (size_t p = 0; p < points.size(); ++p) {
                bound.x.push_back(points[p].step);
                bound.y.push_back(cumulative(p, i));
            }
            curves.push_back(std::move(bound));
        }
    }
    m_shares->setCurves(curves);
    m_shares->setXRange(0, lastStep);
    m_shares->setYRange(0, 1);
}

void DistributionCharts::redraw() {
    std::vector<CurveChart::Curve> bands, histograms;
    const QString name = m_site->currentIndex() >= 0 ? m_site->currentData().toString() : QString();
    double lastStep = 10, zLow = 0, zHigh = 0;
    bool relu = false;
    for (size_t r = 0; r < m_runs.size(); ++r) {
        const SiteDistribution* site = findSite(m_runs[r], name);
        if (!site) continue;
        relu = relu || site->reluFamily;
        addBands(bands, r, *site);
        addHistograms(histograms, r, *site);
        if (!site->points.points().empty())
            lastStep = std::max(lastStep, double(site->points.points().back().step));
        zLow = site->binEdges.front();
        zHigh = site->binEdges.back();
    }
    if (relu && !bands.empty()) addZeroLines(bands, histograms, name, lastStep);
    m_bands->setCurves(bands);
    m_bands->setXRange(0, lastStep);
    m_bands->fitY();
    m_histograms->setCurves(histograms);
    if (zHigh > zLow) m_histograms->setXRange(zLow, zHigh);
    m_histograms->fitY();
    drawShares(name, lastStep);
    // The box below names the site: the title stays short enough for a narrow chart.
    m_bands->setTitle(tr("z by step"));
}

}  // namespace actlab::ui
