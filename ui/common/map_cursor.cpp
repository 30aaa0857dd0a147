// Keyboard cursors on maps: the keys' moves, the drawing, and the accessible value (a
// QAccessible factory for every MapCursorReadable widget, as ChartViewAccessible for charts).
#include "ui/common/map_cursor.h"

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QAccessibleWidget>
#include <QKeyEvent>
#include <QPainter>
#include <QPalette>
#include <QWidget>
#include <algorithm>
#include <cmath>

#include "ui/common/ui_scale.h"

namespace actlab::ui {
namespace {

// A map as assistive technology sees it: its value is the cursor's reading (text) and the
// number under the cursor.
class MapCursorAccessible : public QAccessibleWidget, public QAccessibleValueInterface {
public:
    MapCursorAccessible(QWidget* widget, const MapCursorReadable* readable)
        : QAccessibleWidget(widget, QAccessible::Chart), m_readable(readable) {}

    void* interface_cast(QAccessible::InterfaceType type) override {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QString text(QAccessible::Text type) const override {
        if (type == QAccessible::Value) return m_readable->cursorReading();
        return QAccessibleWidget::text(type);
    }
    QVariant currentValue() const override { return m_readable->cursorValue(); }
    void setCurrentValue(const QVariant&) override {}  // read only
    QVariant maximumValue() const override { return {}; }
    QVariant minimumValue() const override { return {}; }
    QVariant minimumStepSize() const override { return {}; }

private:
    const MapCursorReadable* m_readable;
};

QAccessibleInterface* mapCursorAccessibleFactory(const QString&, QObject* object) {
    auto* widget = qobject_cast<QWidget*>(object);
    const auto* readable = dynamic_cast<const MapCursorReadable*>(object);
    return widget && readable ? new MapCursorAccessible(widget, readable) : nullptr;
}

}  // namespace

void installMapCursorAccessibility() {
    static const bool installed = [] {
        QAccessible::installFactory(mapCursorAccessibleFactory);
        return true;
    }();
    Q_UNUSED(installed);
}

void announceMapCursor(QWidget* widget, const QVariant& value) {
    QAccessibleValueChangeEvent changed(widget, value);
    QAccessible::updateAccessibility(&changed);
}

std::optional<QPoint> gridCursorMove(QPoint cell, const QKeyEvent& event, int columns, int rows) {
    if (columns <= 0 || rows <= 0) return std::nullopt;
    if (event.modifiers() & (Qt::ShiftModifier | Qt::AltModifier | Qt::MetaModifier))
        return std::nullopt;
    const bool control = event.modifiers() & Qt::ControlModifier;
    const int page = std::max(1, rows / 10);
    switch (event.key()) {
        case Qt::Key_Left:
            cell.rx() -= 1;
            break;
        case Qt::Key_Right:
            cell.rx() += 1;
            break;
        case Qt::Key_Up:
            cell.ry() -= 1;
            break;
        case Qt::Key_Down:
            cell.ry() += 1;
            break;
        case Qt::Key_PageUp:
            cell.ry() -= page;
            break;
        case Qt::Key_PageDown:
            cell.ry() += page;
            break;
        case Qt::Key_Home:
            cell.rx() = 0;
            if (control) cell.ry() = 0;
            break;
        case Qt::Key_End:
            cell.rx() = columns - 1;
            if (control) cell.ry() = rows - 1;
            break;
        default:
            return std::nullopt;
    }
    return QPoint(std::clamp(cell.x(), 0, columns - 1), std::clamp(cell.y(), 0, rows - 1));
}

bool isArrowKey(int key) {
    return key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
}

bool takesKeyBeforeShortcuts(QEvent* event, std::initializer_list<int> more) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const Qt::KeyboardModifiers allowed =
        Qt::ShiftModifier | Qt::ControlModifier | Qt::KeypadModifier;
    if (key->modifiers() & ~allowed) return false;
    const int k = key->key();
    const bool cursorKey = isArrowKey(k) || k == Qt::Key_Home || k == Qt::Key_End ||
                           k == Qt::Key_PageUp || k == Qt::Key_PageDown ||
                           std::find(more.begin(), more.end(), k) != more.end();
    if (cursorKey) event->accept();
    return cursorKey;
}

double focusLineWidth() { return std::max(2.0, std::round(2 * uiScale())); }

void paintFocusRing(QPainter& painter, const QRect& rect, const QPalette& palette) {
    painter.save();
    const double width = focusLineWidth();
    painter.setPen(QPen(palette.color(QPalette::Highlight), width));
    painter.setBrush(Qt::NoBrush);
    const double half = width / 2;
    painter.drawRect(QRectF(rect).adjusted(half, half, -half, -half));
    painter.restore();
}

void paintCellCursor(QPainter& painter, const QRectF& cell) {
    painter.save();
    const double width = focusLineWidth();
    const double least = 4 * width;  // a frame around a tiny cell stays a frame
    QRectF frame = cell;
    if (frame.width() < least || frame.height() < least)
        frame = QRectF(cell.center() - QPointF(least / 2, least / 2), QSizeF(least, least));
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(Qt::black, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter.drawRect(frame.adjusted(-width / 2, -width / 2, width / 2, width / 2));
    painter.setPen(QPen(Qt::white, width / 2, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter.drawRect(frame.adjusted(width / 4, width / 4, -width / 4, -width / 4));
    painter.restore();
}

QString spokenNumber(double value) {
    if (std::isnan(value)) return QStringLiteral("NaN");
    return QString::number(value, 'g', 3).replace(QLatin1Char('-'), QChar(0x2212));
}

}  // namespace actlab::ui
