// AttentionGridView's keyboard cursor and summary (issue 29): a cell of one head's map moved by
// the keys, drawn with a frame and read as "layer 2, head 3, query “b” (pos 1), key “a” (pos 0):
// 0.83" through the view's accessible value; the description names each head's strongest
// pattern, measured on its weights (diagnostics/attention_patterns.h).
#include <QKeyEvent>
#include <QPainter>
#include <cmath>

#include "diagnostics/attention_patterns.h"
#include "ui/attention/attention_grid_view.h"

namespace actlab::ui {

std::optional<AttentionGridView::Cell> AttentionGridView::cursorCell() const {
    if (!m_cursor) return std::nullopt;
    Cell cell = *m_cursor;
    cell.weight = weight(cell.layer, cell.head, cell.query, cell.key);
    return cell;
}

QString AttentionGridView::cursorReading() const {
    const auto cell = cursorCell();
    if (!cell) return {};
    return tr("layer %1, head %2, query “%3” (pos %4), key “%5” (pos %6): %7",
              "attention map cursor")
        .arg(cell->layer + 1)
        .arg(cell->head + 1)
        .arg(m_tokens.value(cell->query))
        .arg(cell->query)
        .arg(m_tokens.value(cell->key))
        .arg(cell->key)
        .arg(double(cell->weight), 0, 'f', 2);
}

QVariant AttentionGridView::cursorValue() const {
    const auto cell = cursorCell();
    return cell ? QVariant(double(cell->weight)) : QVariant();
}

void AttentionGridView::setCursorCell(int layer, int head, int query, int key) {
    if (std::isnan(weight(layer, head, query, key))) return;
    const QString before = cursorReading();
    m_cursor = Cell{layer, head, query, key, 0};
    m_cursorShown = true;
    if (isEnlarged() && (layer != m_enlargedLayer || head != m_enlargedHead)) enlarge(layer, head);
    update();
    if (cursorReading() == before) return;
    announceMapCursor(this, cursorValue());
    emit cursorReadingChanged(cursorReading());
}

bool AttentionGridView::moveCursorByKey(const QKeyEvent& event) {
    if (m_layers <= 0) return false;
    Cell at =
        m_cursor.value_or(Cell{std::max(0, m_enlargedLayer), std::max(0, m_enlargedHead), 0, 0, 0});
    const int heads = m_layers * m_heads;
    int map = mapIndex(at.layer, at.head);
    switch (event.key()) {
        case Qt::Key_BracketLeft:
            map = (map + heads - 1) % heads;
            break;
        case Qt::Key_BracketRight:
            map = (map + 1) % heads;
            break;
        case Qt::Key_BraceLeft:
            map = std::max(0, map - m_heads);
            break;
        case Qt::Key_BraceRight:
            map = std::min(heads - 1, map + m_heads);
            break;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (!m_cursor) return false;
            if (isEnlarged())
                showGrid();
            else
                enlarge(at.layer, at.head);
            return true;
        default: {
            const auto moved = gridCursorMove({at.key, at.query}, event, m_length, m_length);
            if (!moved) return false;
            // A new cursor starts at the first query and key; a first arrow only shows it.
            const QPoint to = m_cursor || !isArrowKey(event.key()) ? *moved : QPoint(0, 0);
            setCursorCell(at.layer, at.head, to.y(), to.x());
            return true;
        }
    }
    setCursorCell(map / m_heads, map % m_heads, at.query, at.key);
    return true;
}

void AttentionGridView::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    update();
}

void AttentionGridView::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    m_cursorShown = false;
    update();
}

void AttentionGridView::paintCursor(QPainter& painter) const {
    if (!hasFocus()) return;
    paintFocusRing(painter, rect(), palette());
    if (!m_cursorShown || !m_cursor) return;
    const QRectF cell = cellRect(m_cursor->layer, m_cursor->head, m_cursor->query, m_cursor->key);
    if (!cell.isEmpty()) paintCellCursor(painter, cell);
}

QString AttentionGridView::patternSummary() const {
    QStringList heads;
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h) {
            const float* map =
                m_values.data() + size_t(mapIndex(l, h)) * size_t(m_length) * size_t(m_length);
            const AttentionPatternScore score = strongestAttentionPattern(map, m_length);
            QString name;
            switch (score.pattern) {
                case AttentionPattern::Diagonal:
                    name = tr("diagonal (each token itself)");
                    break;
                case AttentionPattern::AntiDiagonal:
                    name = tr("anti-diagonal (the sequence reversed)");
                    break;
                case AttentionPattern::PreviousToken:
                    name = tr("previous token");
                    break;
                case AttentionPattern::FirstToken:
                    name = tr("first token");
                    break;
                case AttentionPattern::Uniform:
                    name = tr("uniform");
                    break;
                case AttentionPattern::Mixed:
                    name = tr("no single pattern");
                    break;
            }
            heads << tr("L%1 H%2: %3 (%4)", "a head's strongest pattern and its mean weight")
                         .arg(l + 1)
                         .arg(h + 1)
                         .arg(name)
                         .arg(score.strength, 0, 'f', 2);
        }
    return heads.join(QStringLiteral("; "));
}

// For a screen reader: "Strongest patterns: L1 H1: diagonal (0.92); …", then the tooltip.
void AttentionGridView::describeView() {
    const QString patterns = patternSummary();
    const QString summary =
        patterns.isEmpty() ? QString() : tr("Strongest patterns: %1.").arg(patterns);
    const QString description = (summary + QLatin1Char(' ') + toolTip()).trimmed();
    if (description != accessibleDescription()) setAccessibleDescription(description);
}

}  // namespace actlab::ui
