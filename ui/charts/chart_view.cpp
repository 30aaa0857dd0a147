// Mouse and keyboard interaction of the curve chart: wheel zoom around the pointer, left-drag
// rubber band, right- or middle-drag pan, double-click or R to reset, Shift+arrows and +/− keys;
// arrows, Home/End and PgUp/PgDn move the keyboard cursor (issue 29), a focus frame shows focus.
#include "ui/charts/chart_view.h"

#include <QApplication>
#include <QChart>
#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/common/map_cursor.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent) {
    setRubberBand(QChartView::NoRubberBand);  // ours: QChartView's would bypass CurveChart
    setDragMode(QGraphicsView::NoDrag);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setRenderHint(QPainter::Antialiasing, true);
    // Series items move on every slider step: a BSP index only costs; Qt Charts items restore
    // the painter themselves. Together ≈ 15 % off a repaint (bench/explorer_latency.cpp).
    setOptimizationFlag(QGraphicsView::DontSavePainterState);
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    // The scene keeps the font it starts with and never hears of the application's changing:
    // every chart text has its own font (CurveChart::Impl::applyFonts, at the UI scale). A scene
    // told of a new application font resolves its items' fonts inside QApplication::setFont,
    // over a copy of its item list, and calls an item that a chart relaid in that loop has
    // deleted (a use after free: CI's ASan run crashed there when the UI scale went back to 1).
    scene()->setFont(QApplication::font());
    scene()->installEventFilter(this);
    m_rubberBand = new QRubberBand(QRubberBand::Rectangle, viewport());
    m_rubberBand->hide();
    setToolTip(
        tr("Wheel: zoom around the pointer (Shift: x only, Ctrl: y only)\n"
           "Left-drag: zoom to the rectangle\n"
           "Right-drag or middle-drag: pan\n"
           "Double-click or R: reset the view\n"
           "Left/Right: move the cursor along the curve (Home/End: the ends, "
           "Page Up/Down: a tenth)\n"
           "Up/Down: the next or previous curve\n"
           "Shift+arrow keys: pan, +/−: zoom"));
}

bool ChartView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == scene() && event->type() == QEvent::ApplicationFontChange) return true;
    return QChartView::eventFilter(watched, event);
}

void ChartView::setDraftMode(bool draft) {
    const bool before = draftMode();
    m_draftDepth = std::max(0, m_draftDepth + (draft ? 1 : -1));
    if (before == draftMode()) return;
    setRenderHint(QPainter::Antialiasing, !draftMode());
    viewport()->update();
}

QPointF ChartView::toChart(const QPoint& viewPosition) const {
    return chart()->mapFromScene(mapToScene(viewPosition));
}

void ChartView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        event->ignore();
        return;
    }
    Qt::Orientations orientations = Qt::Horizontal | Qt::Vertical;
    if (event->modifiers() & Qt::ShiftModifier) orientations = Qt::Horizontal;
    if (event->modifiers() & Qt::ControlModifier) orientations = Qt::Vertical;
    emit zoomRequested(toChart(event->position().toPoint()), std::pow(0.8, steps), orientations);
    event->accept();
}

void ChartView::mousePressEvent(QMouseEvent* event) {
    const QPoint position = event->position().toPoint();
    if (event->button() == Qt::LeftButton) {
        m_selecting = true;
        m_pressPosition = position;
        m_rubberBand->setGeometry(QRect(position, QSize()));
        m_rubberBand->show();
    } else if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_lastPanPosition = position;
        m_rightPressPosition = position;
        m_rightDragged = false;
        setDraftMode(true);
        viewport()->setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void ChartView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint position = event->position().toPoint();
    if (m_selecting) m_rubberBand->setGeometry(QRect(m_pressPosition, position).normalized());
    if (m_panning) {
        m_rightDragged |= (position - m_rightPressPosition).manhattanLength() > 4;
        emit panRequested(QPointF(position - m_lastPanPosition));
        m_lastPanPosition = position;
    }
    emit cursorAt(toChart(position));
    event->accept();
}

void ChartView::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint position = event->position().toPoint();
    if (event->button() == Qt::LeftButton && m_selecting) {
        m_selecting = false;
        m_rubberBand->hide();
        const QRect band = QRect(m_pressPosition, position).normalized();
        if (band.width() > 4 && band.height() > 4)
            emit zoomToRectRequested(QRectF(toChart(band.topLeft()), toChart(band.bottomRight())));
    } else if (m_panning) {
        m_panning = false;
        viewport()->unsetCursor();
        setDraftMode(false);
        if (event->button() == Qt::RightButton && !m_rightDragged)
            emit menuRequested(event->globalPosition().toPoint());
    }
    event->accept();
}

void ChartView::contextMenuEvent(QContextMenuEvent* event) {
    if (event->reason() == QContextMenuEvent::Mouse)
        event->accept();  // the right release opens the menu, unless the press became a pan
    else
        event->ignore();  // the Menu key: the chart's own export menu
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) emit resetRequested();
    event->accept();
}

// The keyboard cursor's keys, as emitted by cursorMoveRequested.
static int cursorMoveFor(int key) {
    switch (key) {
        case Qt::Key_Left:
            return ChartView::PreviousSample;
        case Qt::Key_Right:
            return ChartView::NextSample;
        case Qt::Key_Home:
            return ChartView::FirstSample;
        case Qt::Key_End:
            return ChartView::LastSample;
        case Qt::Key_PageUp:
            return ChartView::PageBack;
        case Qt::Key_PageDown:
            return ChartView::PageForward;
        case Qt::Key_Up:
            return ChartView::PreviousCurve;
        case Qt::Key_Down:
            return ChartView::NextCurve;
        default:
            return -1;
    }
}

bool ChartView::event(QEvent* event) {
    if (takesKeyBeforeShortcuts(event, {Qt::Key_R, Qt::Key_Plus, Qt::Key_Equal, Qt::Key_Minus}))
        return true;
    return QChartView::event(event);
}

void ChartView::keyPressEvent(QKeyEvent* event) {
    const QPointF center = chart()->plotArea().center();
    const double step = 40;  // pixels per Shift+arrow key
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    if (!shift && cursorMoveFor(event->key()) >= 0) {
        emit cursorMoveRequested(cursorMoveFor(event->key()));
        event->accept();
        return;
    }
    switch (event->key()) {
        case Qt::Key_R:
        case Qt::Key_Home:  // Shift+Home
            emit resetRequested();
            break;
        case Qt::Key_Left:
            emit panRequested(QPointF(step, 0));
            break;
        case Qt::Key_Right:
            emit panRequested(QPointF(-step, 0));
            break;
        case Qt::Key_Up:
            emit panRequested(QPointF(0, step));
            break;
        case Qt::Key_Down:
            emit panRequested(QPointF(0, -step));
            break;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            emit zoomRequested(center, 0.8, Qt::Horizontal | Qt::Vertical);
            break;
        case Qt::Key_Minus:
            emit zoomRequested(center, 1.25, Qt::Horizontal | Qt::Vertical);
            break;
        default:
            QChartView::keyPressEvent(event);
            return;
    }
    event->accept();
}

void ChartView::focusInEvent(QFocusEvent* event) {
    QChartView::focusInEvent(event);
    viewport()->update();
}

void ChartView::focusOutEvent(QFocusEvent* event) {
    QChartView::focusOutEvent(event);
    viewport()->update();
    emit focusLeft();
}

// The focus frame: the palette's highlight, 2 px times the UI scale, inside the viewport.
void ChartView::paintEvent(QPaintEvent* event) {
    QChartView::paintEvent(event);
    if (!hasFocus()) return;
    QPainter painter(viewport());
    const double width = std::max(2.0, std::round(2 * uiScale()));
    painter.setPen(QPen(palette().color(QPalette::Highlight), width));
    painter.setBrush(Qt::NoBrush);
    const double half = width / 2;
    painter.drawRect(QRectF(viewport()->rect()).adjusted(half, half, -half, -half));
}

void ChartView::leaveEvent(QEvent* event) {
    emit cursorLeft();
    QChartView::leaveEvent(event);
}

}  // namespace actlab::ui
