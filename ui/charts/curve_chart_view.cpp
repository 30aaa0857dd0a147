// CurveChart's view: the axes' range (set, fitted, zoomed, panned, reset), their tick spacing, the
// logarithmic y axis, and chart positions as data (the cursor line).
#include <QFontMetrics>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart_impl.h"

namespace actlab::ui {
namespace {

constexpr double kMinimumSpan = 1e-9;
constexpr double kMaximumSpan = 1e12;

// 1, 2 or 5 × 10^k closest above `raw`: tick spacing a student can read.
double niceStep(double raw) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * magnitude >= raw) return m * magnitude;
    return 10 * magnitude;
}

// How many multiples of `step` lie in [low, high].
int ticksWithin(double low, double high, double step) {
    return int(std::floor(high / step + 1e-9) - std::ceil(low / step - 1e-9)) + 1;
}

// The spacing of `count` ticks over `span`, from 1, 2, 2.5 and 5 × 10^k: the smallest at or above
// span / count.
double readableCandidate(double span, int count) {
    const double raw = span / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (m * magnitude >= raw * (1 - 1e-12)) return m * magnitude;
    return 10 * magnitude;
}

// The finest readable tick spacing for an axis `extent` pixels long over [low, high]: from
// about one tick per `preferred` pixels (at least four) down to two, until every label (as "%g" at
// the axis font) has room beside its neighbours — along x its width and a gap, along y twice its
// height. Qt Charts would cut labels that overlap to "..." or run them together. A short axis
// (a small chart at 200 %) still gets two labels where they fit at all, so its scale can be read.
double readableStep(double low, double high, double extent, double preferred, int most,
                    const QFont& font, bool horizontal) {
    const double span = high - low;
    if (!(span > 0)) return 1;
    if (!(extent > 0)) return niceStep(span / 4);  // not laid out yet: a coarse guess
    const QFontMetrics metrics(font);
    const auto labelRoom = [&](double step) {
        if (!horizontal) return double(metrics.height());
        int widest = 0;
        const double first = std::ceil(low / step - 1e-9) * step;
        for (int i = 0; i <= 64 && first + i * step <= high + 1e-9 * step; ++i) {
            const double value = std::abs(first + i * step) < 1e-12 * step ? 0.0 : first + i * step;
            widest = std::max(widest, metrics.horizontalAdvance(QString::asprintf("%g", value)));
        }
        return double(widest);
    };
    const int start = std::clamp(int(extent / preferred), 4, most);
    double step = 0;
    for (int count = start; count >= 2 && step == 0; --count) {
        const double candidate = readableCandidate(span, count);
        const double needed = horizontal ? labelRoom(candidate) + 14.0 : 2.0 * metrics.height();
        if (extent * candidate / span >= needed) step = candidate;
    }
    if (step == 0) step = niceStep(span / 1.5);
    if (ticksWithin(low, high, step) >= 2) return step;
    // One label or none: the largest spacing that puts two in range (3 and 4 × 10^k too: −4, 0, 4
    // reads as well as −5, 0, 5), if they do not touch.
    const double top = std::pow(10.0, std::floor(std::log10(span)));
    for (double magnitude : {top, top / 10})
        for (double m : {5.0, 4.0, 3.0, 2.5, 2.0, 1.0}) {
            const double candidate = m * magnitude;
            if (ticksWithin(low, high, candidate) < 2) continue;
            const double gap = horizontal ? 6.0 : 0.25 * metrics.height();
            return extent * candidate / span >= labelRoom(candidate) + gap ? candidate : step;
        }
    return step;
}

}  // namespace

void CurveChart::Impl::applyRange(double xLow, double xHigh, double yLow, double yHigh) {
    if (!std::isfinite(xLow) || !std::isfinite(xHigh) || !std::isfinite(yLow) ||
        !std::isfinite(yHigh))
        return;
    if (xLow > xHigh) std::swap(xLow, xHigh);
    if (yLow > yHigh) std::swap(yLow, yHigh);
    const double xSpan = xHigh - xLow, ySpan = yHigh - yLow;
    if (xSpan < kMinimumSpan || ySpan < kMinimumSpan || xSpan > kMaximumSpan ||
        ySpan > kMaximumSpan)
        return;
    if (logY && !(yLow > 0)) return;
    // Qt Charts makes one item per tick: before the range changes, space the ticks for the wider
    // of the old and new ranges, or a range far wider than the old spacing asks for millions.
    axisX->setTickInterval(niceStep(std::max(xSpan, axisX->max() - axisX->min()) / 4));
    axisY->setTickInterval(niceStep(std::max(ySpan, axisY->max() - axisY->min()) / 4));
    axisX->setRange(xLow, xHigh);
    axisY->setRange(yLow, yHigh);
    if (logAxisY) logAxisY->setRange(yLow, yHigh);
    updateTicks();
    redisplayAll();
}

void CurveChart::Impl::updateTicks() {
    const QRectF area = chart->plotArea();
    axisX->setTickInterval(readableStep(axisX->min(), axisX->max(), area.width(), 110.0, 12,
                                        axisX->labelsFont(), true));
    axisY->setTickInterval(readableStep(axisY->min(), axisY->max(), area.height(), 70.0, 10,
                                        axisY->labelsFont(), false));
    if (logAxisY && logAxisY->min() > 0 && area.height() > 0) {
        // A label every decade while each has twice its height, else every second or third
        // decade (base 100, 1000): Qt Charts cuts crowded log labels to "...".
        const double decades = std::log10(logAxisY->max() / logAxisY->min());
        const double room = area.height() / (2.0 * QFontMetricsF(logAxisY->labelsFont()).height());
        const int every = std::max(1, int(std::ceil(decades / std::max(1.0, room))));
        const double base = std::pow(10.0, every);
        if (logAxisY->base() != base) logAxisY->setBase(base);
    }
}

std::pair<double, double> CurveChart::Impl::fittedY(double xLow, double xHigh) const {
    double low = INFINITY, high = -INFINITY;
    for (const auto& [key, entry] : entries) {
        for (const QPointF& p : entry.points) {
            if (p.x() < xLow || p.x() > xHigh || (logY && !(p.y() > 0))) continue;
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
    }
    if (logY) {  // whole decades around the data
        if (!(low <= high)) return {0.1, 10};
        const double bottom = std::pow(10.0, std::floor(std::log10(low)));
        const double top = std::pow(10.0, std::ceil(std::log10(high)));
        return {bottom, top > bottom ? top : bottom * 10};
    }
    if (!(low <= high)) return {-1, 1};
    const double span = high - low;
    if (span < 1e-9 * std::max(1.0, std::abs(high))) {
        const double pad = std::max(1.0, std::abs(high) * 0.1);
        return {low - pad, high + pad};
    }
    return {low - 0.06 * span, high + 0.06 * span};
}

QPointF CurveChart::Impl::toData(const QPointF& position) const {
    const QRectF area = chart->plotArea();
    if (area.width() <= 0 || area.height() <= 0) return {axisX->min(), axisY->min()};
    const double fx = (position.x() - area.left()) / area.width();
    const double fy = (area.bottom() - position.y()) / area.height();
    if (logY) {
        const double bottom = std::log10(axisY->min()), top = std::log10(axisY->max());
        return {axisX->min() + fx * (axisX->max() - axisX->min()),
                std::pow(10.0, bottom + fy * (top - bottom))};
    }
    return {axisX->min() + fx * (axisX->max() - axisX->min()),
            axisY->min() + fy * (axisY->max() - axisY->min())};
}

void CurveChart::Impl::setCursorLine(const QPointF& position) {
    const QRectF area = chart->plotArea();
    if (!area.contains(position)) {
        cursorLine->hide();
        return;
    }
    cursorLine->setLine(position.x(), area.top(), position.x(), area.bottom());
    cursorLine->show();
}

void CurveChart::announceView() {
    emit viewChanged(xLow(), xHigh());
    if (!m_impl->pointer) return;
    m_impl->setCursorLine(*m_impl->pointer);
    if (m_impl->chart->plotArea().contains(*m_impl->pointer))
        emit cursorMoved(m_impl->toData(*m_impl->pointer).x());
}

QAbstractAxis* CurveChart::Impl::shownAxisY() const {
    return logY ? static_cast<QAbstractAxis*>(logAxisY) : static_cast<QAbstractAxis*>(axisY);
}

bool CurveChart::logarithmicY() const { return m_impl->logY; }

// The linear axis keeps holding the y range (yLow()/yHigh()); only the shown axis changes.
void CurveChart::setLogarithmicY(bool logarithmic) {
    Impl& d = *m_impl;
    if (logarithmic == d.logY) return;
    if (logarithmic && !d.logAxisY) {
        d.logAxisY = new QLogValueAxis();
        d.logAxisY->setBase(10);
        d.logAxisY->setLabelFormat(QStringLiteral("%g"));
        d.logAxisY->setMinorTickCount(0);  // decades only: readable when projected
        d.logAxisY->setLabelsFont(d.axisY->labelsFont());
        d.logAxisY->setTitleFont(d.axisY->titleFont());
        d.logAxisY->setTitleText(d.axisY->titleText());
        d.applyInk();
    }
    QAbstractAxis* from = d.shownAxisY();
    d.logY = logarithmic;
    QAbstractAxis* to = d.shownAxisY();
    for (auto& [key, entry] : d.entries) entry.series->detachAxis(from);
    d.chart->removeAxis(from);
    from->setParent(d.chart);  // the chart released it: still deleted with the chart
    d.chart->addAxis(to, Qt::AlignLeft);
    for (auto& [key, entry] : d.entries) entry.series->attachAxis(to);
    const auto [low, high] = d.fittedY(xLow(), xHigh());
    d.applyRange(xLow(), xHigh(), low, high);
}

void CurveChart::setXRange(double low, double high) {
    if (!std::isfinite(low) || !std::isfinite(high) || !(low < high)) return;
    m_impl->homeLow = low;
    m_impl->homeHigh = high;
    m_impl->applyRange(low, high, yLow(), yHigh());
}

void CurveChart::setYRange(double low, double high) {
    if (!std::isfinite(low) || !std::isfinite(high) || !(low < high)) return;
    m_impl->applyRange(xLow(), xHigh(), low, high);
}

void CurveChart::fitY() {
    const auto [low, high] = m_impl->fittedY(xLow(), xHigh());
    m_impl->applyRange(xLow(), xHigh(), low, high);
}

void CurveChart::resetView() {
    const auto [low, high] = m_impl->fittedY(m_impl->homeLow, m_impl->homeHigh);
    m_impl->applyRange(m_impl->homeLow, m_impl->homeHigh, low, high);
    announceView();
    emit viewReset();
}

void CurveChart::setView(double xLow, double xHigh, double yLow, double yHigh) {
    m_impl->applyRange(xLow, xHigh, yLow, yHigh);
}

void CurveChart::zoom(double factor, double centerX, double centerY) {
    if (!(factor > 0) || !std::isfinite(factor)) return;
    m_impl->applyRange(
        centerX + (xLow() - centerX) * factor, centerX + (xHigh() - centerX) * factor,
        centerY + (yLow() - centerY) * factor, centerY + (yHigh() - centerY) * factor);
    announceView();
}

void CurveChart::pan(double dx, double dy) {
    m_impl->applyRange(xLow() + dx, xHigh() + dx, yLow() + dy, yHigh() + dy);
    announceView();
}

double CurveChart::xLow() const { return m_impl->axisX->min(); }
double CurveChart::xHigh() const { return m_impl->axisX->max(); }
double CurveChart::yLow() const { return m_impl->axisY->min(); }
double CurveChart::yHigh() const { return m_impl->axisY->max(); }

}  // namespace actlab::ui
