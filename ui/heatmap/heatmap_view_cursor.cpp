// HeatmapView's keyboard cursor (issue 29): a cell moved by the keys, drawn over the field (and
// over an OpenGL canvas or a decision surface's points) by a child that ignores the mouse, and
// read as "x₁ = 0.5, x₂ = −1.25: 0.73" through the view's accessible value.
#include <QKeyEvent>
#include <QPainter>
#include <cmath>

#include "ui/heatmap/heatmap_view.h"

namespace actlab::ui {

// The focus ring and the cursor's frame, above every other child of the view.
class HeatmapCursorMark : public QWidget {
public:
    explicit HeatmapCursorMark(HeatmapView* view) : QWidget(view), m_view(view) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        setFocusPolicy(Qt::NoFocus);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        if (!m_view->hasFocus()) return;
        QPainter painter(this);
        paintFocusRing(painter, rect(), m_view->palette());
        if (m_view->m_cursorShown && m_view->m_cursor)
            paintCellCursor(painter,
                            m_view->cellRectAt(m_view->m_cursor->x(), m_view->m_cursor->y()));
    }

private:
    HeatmapView* m_view;
};

void HeatmapView::createCursorMark() {
    installMapCursorAccessibility();
    setFocusPolicy(Qt::StrongFocus);
    m_cursorMark = new HeatmapCursorMark(this);
    m_cursorMark->setGeometry(rect());
}

void HeatmapView::updateCursorMark() {
    if (!m_cursorMark) return;
    m_cursorMark->setGeometry(rect());
    m_cursorMark->raise();
    m_cursorMark->update();
}

QRectF HeatmapView::cellRectAt(int column, int row) const {
    if (column < 0 || row < 0 || column >= m_nx || row >= m_nv) return {};
    const QRect plot = plotRect();
    const double width = double(plot.width()) / m_nx, height = double(plot.height()) / m_nv;
    return {plot.left() + column * width, plot.top() + (m_nv - 1 - row) * height, width, height};
}

QString HeatmapView::cursorReading() const {
    if (!m_cursor || m_nx == 0) return {};
    const int column = m_cursor->x(), row = m_cursor->y();
    const float value = valueAt(column, row);
    QString reading;
    if (std::isnan(value))
        reading = tr("undefined", "a heatmap cell without a value");
    else if (!m_categories.isEmpty() && value == std::round(value) && value >= 0 &&
             value < m_categories.size())
        reading = m_categories[int(value)];
    else
        reading = spokenNumber(value);
    return tr("%1 = %2, %3 = %4: %5", "heatmap cursor: x title = x, v title = v: value")
        .arg(m_xTitle, spokenNumber(sampleX(column)), m_vTitle, spokenNumber(sampleV(row)),
             reading);
}

QVariant HeatmapView::cursorValue() const {
    if (!m_cursor || m_nx == 0) return {};
    return double(valueAt(m_cursor->x(), m_cursor->y()));
}

void HeatmapView::setCursorCell(int column, int row) {
    if (m_nx == 0) return;
    const QString before = cursorReading();
    m_cursor = QPoint(std::clamp(column, 0, m_nx - 1), std::clamp(row, 0, m_nv - 1));
    m_cursorShown = true;
    updateCursorMark();
    if (cursorReading() == before) return;
    announceMapCursor(this, cursorValue());
    emit cursorReadingChanged(cursorReading());
}

// After new data: the cursor stays on its cell while the grid has it.
void HeatmapView::keepCursorInGrid() {
    if (!m_cursor) return;
    if (m_nx == 0) {
        m_cursor.reset();
        m_cursorShown = false;
    } else {
        m_cursor = QPoint(std::min(m_cursor->x(), m_nx - 1), std::min(m_cursor->y(), m_nv - 1));
    }
    updateCursorMark();
}

bool HeatmapView::event(QEvent* event) {
    if (takesKeyBeforeShortcuts(event)) return true;
    return QWidget::event(event);
}

void HeatmapView::keyPressEvent(QKeyEvent* event) {
    // Moves are on the grid as drawn: row 0 at the top is the highest v.
    const QPoint start =
        m_cursor ? QPoint(m_cursor->x(), m_nv - 1 - m_cursor->y()) : QPoint(m_nx / 2, m_nv / 2);
    const auto moved = gridCursorMove(start, *event, m_nx, m_nv);
    if (!moved) {
        QWidget::keyPressEvent(event);
        return;
    }
    // A new cursor starts at the centre; a first arrow only shows it there.
    const QPoint to = m_cursor || !isArrowKey(event->key()) ? *moved : start;
    setCursorCell(to.x(), m_nv - 1 - to.y());
    event->accept();
}

void HeatmapView::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    updateCursorMark();
}

void HeatmapView::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    m_cursorShown = false;
    updateCursorMark();
}

}  // namespace actlab::ui
