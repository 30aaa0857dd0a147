// CurveChart's keyboard cursor (issue 29): a sample of the focused curve moved by the keys,
// drawn as a vertical line and a marker, read as "GELU at x = −0.75: −0.17" through the chart
// view's accessible value (a QAccessible factory for ChartView).
#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QAccessibleWidget>
#include <QPalette>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart_impl.h"
#include "ui/common/appearance.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {
namespace {

// A number as read aloud: three significant digits, a true minus sign.
QString spoken(double value) {
    return QString::number(value, 'g', 3).replace(QLatin1Char('-'), QChar(0x2212));
}

// The chart view as assistive technology sees it: a chart whose value is the cursor's reading
// (text) and its y (number).
class ChartViewAccessible : public QAccessibleWidget, public QAccessibleValueInterface {
public:
    explicit ChartViewAccessible(QWidget* view) : QAccessibleWidget(view, QAccessible::Chart) {}

    void* interface_cast(QAccessible::InterfaceType type) override {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QString text(QAccessible::Text type) const override {
        if (type == QAccessible::Value && chart()) return chart()->cursorReading();
        return QAccessibleWidget::text(type);
    }
    QVariant currentValue() const override {
        const CurveChart* owner = chart();
        if (!owner || owner->cursorIndex() < 0) return {};
        return owner->curvePoints(owner->cursorCurve()).value(owner->cursorIndex()).y();
    }
    void setCurrentValue(const QVariant&) override {}  // read only
    QVariant maximumValue() const override { return chart() ? chart()->yHigh() : QVariant(); }
    QVariant minimumValue() const override { return chart() ? chart()->yLow() : QVariant(); }
    QVariant minimumStepSize() const override { return {}; }

private:
    const CurveChart* chart() const { return qobject_cast<CurveChart*>(widget()->parentWidget()); }
};

QAccessibleInterface* chartViewAccessibleFactory(const QString&, QObject* object) {
    auto* view = qobject_cast<ChartView*>(object);
    return view ? new ChartViewAccessible(view) : nullptr;
}

}  // namespace

void CurveChart::Impl::createKeyCursor() {
    static const bool installed = [] {
        QAccessible::installFactory(chartViewAccessibleFactory);
        return true;
    }();
    Q_UNUSED(installed);
    keyLine = new QGraphicsLineItem(chart);
    keyLine->setZValue(101);
    keyMarker = new QGraphicsEllipseItem(keyLine);
    keyLine->hide();
}

// Thick enough to see at every scale: 2 px and a 6 px marker radius times the UI scale.
void CurveChart::Impl::placeKeyCursor() {
    const auto it = entries.find(keyCurve);
    if (!keyShown || it == entries.end() || keyIndex < 0 || keyIndex >= it->second.points.size()) {
        keyLine->hide();
        return;
    }
    const QPointF sample = it->second.points[keyIndex];
    const QRectF area = chart->plotArea();
    const QPointF at = chart->mapToPosition(sample, it->second.series);
    if (!std::isfinite(at.x()) || at.x() < area.left() - 0.5 || at.x() > area.right() + 0.5) {
        keyLine->hide();
        return;
    }
    const double scale = uiScale();
    const QColor ink = appearance().highContrast ? chartInkColor() : QColor(30, 30, 30);
    keyLine->setPen(QPen(ink, 2 * scale));
    keyLine->setLine(at.x(), area.top(), at.x(), area.bottom());
    const double radius = 6 * scale;
    keyMarker->setPen(QPen(ink, 2 * scale));
    keyMarker->setBrush(it->second.color);
    keyMarker->setRect(QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius));
    keyMarker->setVisible(std::isfinite(at.y()) && at.y() >= area.top() - 0.5 &&
                          at.y() <= area.bottom() + 0.5 && (!logY || sample.y() > 0));
    keyLine->show();
}

void CurveChart::Impl::applyDescription() {
    const QString reading = q->cursorReading();
    const QString description =
        reading.isEmpty() ? trendDescription
                          : CurveChart::tr("%1. %2", "cursor reading, then the chart's trends")
                                .arg(reading, trendDescription);
    if (view->accessibleDescription() == description) return;
    view->setAccessibleDescription(description);
    view->viewport()->setAccessibleDescription(description);
}

QString CurveChart::cursorCurve() const { return m_impl->keyCurve; }

int CurveChart::cursorIndex() const { return int(m_impl->keyIndex); }

QString CurveChart::cursorReading() const {
    const auto it = m_impl->entries.find(m_impl->keyCurve);
    if (it == m_impl->entries.end() || m_impl->keyIndex < 0 ||
        m_impl->keyIndex >= it->second.points.size())
        return {};
    const QPointF sample = it->second.points[m_impl->keyIndex];
    const QString x = m_impl->axisX->titleText().isEmpty() ? tr("x") : m_impl->axisX->titleText();
    const QString label = it->second.label.isEmpty() ? it->first : it->second.label;
    return tr("%1 at %2 = %3: %4", "keyboard cursor: curve at x-title = x: y")
        .arg(label, x, spoken(sample.x()), spoken(sample.y()));
}

void CurveChart::setCursorSample(const QString& key, int index) {
    const auto it = m_impl->entries.find(key);
    if (it == m_impl->entries.end() || it->second.points.isEmpty()) return;
    const QString before = cursorReading();
    m_impl->keyCurve = key;
    m_impl->keyIndex = std::clamp<qsizetype>(index, 0, it->second.points.size() - 1);
    m_impl->keyShown = true;
    const double x = it->second.points[m_impl->keyIndex].x();
    const double span = xHigh() - xLow();
    if (x < xLow()) pan(x - xLow() - span / 10, 0);  // keep the cursor in view
    if (x > xHigh()) pan(x - xHigh() + span / 10, 0);
    m_impl->placeKeyCursor();
    m_impl->applyDescription();
    const QString reading = cursorReading();
    if (reading == before) return;
    emit cursorMoved(x);
    emit cursorReadingChanged(reading);
    QAccessibleValueChangeEvent changed(m_impl->view, it->second.points[m_impl->keyIndex].y());
    QAccessible::updateAccessibility(&changed);
    QAccessibleEvent described(m_impl->view, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&described);
}

// The index of the sample of `points` nearest to x.
static qsizetype nearestSample(const QList<QPointF>& points, double x) {
    qsizetype best = 0;
    for (qsizetype i = 1; i < points.size(); ++i)
        if (std::abs(points[i].x() - x) < std::abs(points[best].x() - x)) best = i;
    return best;
}

void CurveChart::moveKeyboardCursor(int move) {
    QStringList keys;  // curves with a sample, in order
    for (const QString& key : m_impl->order)
        if (!curvePoints(key).isEmpty()) keys << key;
    if (keys.isEmpty()) return;
    QString key = keys.contains(m_impl->keyCurve) ? m_impl->keyCurve : keys.front();
    const QList<QPointF>& points = m_impl->entries[key].points;
    const qsizetype n = points.size();
    qsizetype index = m_impl->keyIndex;
    if (key != m_impl->keyCurve || index < 0) {  // a new cursor starts mid-view
        index = nearestSample(points, (xLow() + xHigh()) / 2);
        if (move == ChartView::PreviousSample || move == ChartView::NextSample) move = -1;
    }
    const qsizetype page = std::max<qsizetype>(1, n / 10);
    switch (move) {
        case ChartView::PreviousSample:
            index -= 1;
            break;
        case ChartView::NextSample:
            index += 1;
            break;
        case ChartView::FirstSample:
            index = 0;
            break;
        case ChartView::LastSample:
            index = n - 1;
            break;
        case ChartView::PageBack:
            index -= page;
            break;
        case ChartView::PageForward:
            index += page;
            break;
        case ChartView::PreviousCurve:
        case ChartView::NextCurve: {
            const qsizetype at = keys.indexOf(key) + (move == ChartView::NextCurve ? 1 : -1);
            const QString next = keys[(at + keys.size()) % keys.size()];
            index = nearestSample(m_impl->entries[next].points, points[index].x());
            key = next;
            break;
        }
        default:
            break;
    }
    setCursorSample(key,
                    int(std::clamp<qsizetype>(index, 0, m_impl->entries[key].points.size() - 1)));
}

}  // namespace actlab::ui
