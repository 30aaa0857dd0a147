// NeuronGridView's keyboard cursor (issue 29): a neuron moved by the keys, drawn with a frame,
// read as "hidden 1, unit 5: dead, passes gradient on 0 % of the inputs" through the grid's
// accessible value; Enter or Space selects it.
#include <QKeyEvent>
#include <QPainter>
#include <QScrollArea>
#include <algorithm>
#include <cmath>

#include "ui/training/neuron_grid_view.h"

namespace actlab::ui {

QString NeuronGridView::cursorReading() const {
    if (!m_cursor || !cellRect(*m_cursor).isValid()) return {};
    const Layer& layer = m_layers[size_t(m_cursor->layer)];
    const size_t unit = size_t(m_cursor->unit);
    const auto percent = [](float share) { return QString::number(100.0 * share, 'f', 0); };
    return tr("%1, unit %2: %3, passes gradient on %4 % of the inputs, active on %5 %",
              "neuron grid cursor: layer, unit (from 1): dead or alive, the shares in percent")
        .arg(layer.name)
        .arg(m_cursor->unit + 1)
        .arg(layer.dead[unit] ? tr("dead") : tr("alive"))
        .arg(percent(layer.passShare[unit]), percent(layer.activeShare[unit]));
}

QVariant NeuronGridView::cursorValue() const {
    if (!m_cursor || !cellRect(*m_cursor).isValid()) return {};
    return double(cellShare(*m_cursor));
}

void NeuronGridView::setCursorNeuron(Neuron neuron) {
    if (!cellRect(neuron).isValid()) return;
    const QString before = cursorReading();
    m_cursor = neuron;
    m_cursorShown = true;
    update();
    // In the scroll area around the grid: scroll the cursor into view.
    if (QWidget* viewport = parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(viewport->parentWidget())) {
            const QRect cell = cellRect(neuron);
            area->ensureVisible(cell.center().x(), cell.center().y(), cell.width(), cell.height());
        }
    if (cursorReading() == before) return;
    announceMapCursor(this, cursorValue());
    emit cursorReadingChanged(cursorReading());
}

std::optional<NeuronGridView::Neuron> NeuronGridView::cursorMove(Neuron from,
                                                                 const QKeyEvent& event) const {
    if (event.modifiers() & (Qt::ShiftModifier | Qt::AltModifier | Qt::MetaModifier)) return {};
    const auto size = [this](int layer) { return int(m_layers[size_t(layer)].passShare.size()); };
    const int columns = std::max(1, geometry().columns), last = layerCount() - 1;
    const bool control = event.modifiers() & Qt::ControlModifier;
    Neuron to = from;
    switch (event.key()) {
        case Qt::Key_Left:
            to.unit -= 1;
            break;
        case Qt::Key_Right:
            to.unit += 1;
            break;
        case Qt::Key_Up:
            if (from.unit >= columns) {
                to.unit -= columns;
            } else if (from.layer > 0) {  // the same column in the last row of the layer above
                to.layer -= 1;
                const int rows = (size(to.layer) + columns - 1) / columns;
                to.unit = std::min((rows - 1) * columns + from.unit % columns, size(to.layer) - 1);
            }
            break;
        case Qt::Key_Down:
            if (from.unit + columns < size(from.layer)) {
                to.unit += columns;
            } else if (from.unit / columns < (size(from.layer) - 1) / columns) {
                to.unit = size(from.layer) - 1;  // the last row is short
            } else if (from.layer < last) {
                to.layer += 1;
                to.unit = from.unit % columns;
            }
            break;
        case Qt::Key_PageUp:
            to.layer = std::max(0, from.layer - 1);
            break;
        case Qt::Key_PageDown:
            to.layer = std::min(last, from.layer + 1);
            break;
        case Qt::Key_Home:
            to.unit = 0;
            if (control) to.layer = 0;
            break;
        case Qt::Key_End:
            if (control) to.layer = last;
            to.unit = size(to.layer) - 1;
            break;
        default:
            return {};
    }
    to.unit = std::clamp(to.unit, 0, size(to.layer) - 1);
    return to;
}

bool NeuronGridView::event(QEvent* event) {
    if (takesKeyBeforeShortcuts(event, {Qt::Key_Return, Qt::Key_Enter, Qt::Key_Space})) return true;
    return QWidget::event(event);
}

void NeuronGridView::keyPressEvent(QKeyEvent* event) {
    if (m_layers.empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    const bool select = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter ||
                        event->key() == Qt::Key_Space;
    if (select && m_cursor) {
        setSelected(*m_cursor);
        emit neuronClicked(m_cursor->layer, m_cursor->unit);
        event->accept();
        return;
    }
    const auto to = cursorMove(m_cursor.value_or(Neuron{0, 0}), *event);
    if (!to) {
        QWidget::keyPressEvent(event);
        return;
    }
    // A new cursor starts on the first neuron; a first arrow only shows it there.
    setCursorNeuron(m_cursor || !isArrowKey(event->key()) ? *to : Neuron{0, 0});
    event->accept();
}

void NeuronGridView::focusInEvent(QFocusEvent* event) {
    QWidget::focusInEvent(event);
    update();
}

void NeuronGridView::focusOutEvent(QFocusEvent* event) {
    QWidget::focusOutEvent(event);
    m_cursorShown = false;
    update();
}

void NeuronGridView::paintCursor(QPainter& painter) const {
    if (!hasFocus()) return;
    paintFocusRing(painter, rect(), palette());
    if (m_cursorShown && m_cursor && cellRect(*m_cursor).isValid())
        paintCellCursor(painter, QRectF(cellRect(*m_cursor)).adjusted(-1, -1, 1, 1));
}

}  // namespace actlab::ui
