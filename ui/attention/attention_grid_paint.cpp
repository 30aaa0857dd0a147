// AttentionGridView's painting, shared by the screen and the exports: each map as its T × T
// pixel image scaled without smoothing, its title and token names, the hovered cell, and the
// fixed 0–1 colour bar.
#include <QPaintEngine>
#include <QPaintEvent>
#include <QPainter>
#include <algorithm>

#include "ui/attention/attention_grid_view.h"
#include "ui/heatmap/color_maps.h"

namespace actlab::ui {

void AttentionGridView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    paintAll(painter, size());
    paintCursor(painter);
}

void AttentionGridView::paintAll(QPainter& painter, const QSize& size) const {
    const Geometry g = layoutFor(size);
    painter.setPen(palette().color(QPalette::Text));
    painter.setFont(font());
    painter.drawText(
        g.caption, Qt::AlignLeft | Qt::AlignVCenter,
        painter.fontMetrics().elidedText(captionLine(g), Qt::ElideRight, g.caption.width()));
    if (m_layers <= 0) {
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, tr("No attention maps yet"));
        return;
    }
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    for (const Header& header : g.headers)
        painter.drawText(header.rect, int(header.alignment), header.text);
    painter.setFont(font());
    for (const MapBox& box : g.boxes) paintBox(painter, g, box);
    paintColorBar(painter, g.bar);
}

QString AttentionGridView::captionLine(const Geometry& g) const {
    if (m_layers <= 0) return m_caption;
    // How to read the maps, in the longest form that fits (two grids side by side in compare
    // mode leave each half the width); the grid's tooltip says it all.
    const QStringList hints =
        isEnlarged()
            ? QStringList{tr("rows: query, columns: key · click or Esc: back to the grid"),
                          tr("click or Esc: back to the grid")}
            : QStringList{g.labels ? tr("L: layer, H: head; in a map rows are queries, columns "
                                        "keys · click a head to enlarge it")
                                   : tr("L: layer, H: head; in a map rows are queries, columns "
                                        "keys · click a head to enlarge it and read its tokens"),
                          tr("rows: queries, columns: keys · click a head to enlarge it"),
                          tr("click a head to enlarge it")};
    const QFontMetrics metrics(font());
    const QString separator = m_caption.isEmpty() ? QString() : QStringLiteral(" · ");
    for (const QString& hint : hints) {
        const QString line = m_caption + separator + hint;
        if (metrics.horizontalAdvance(line) <= g.caption.width()) return line;
    }
    return m_caption;
}

QString AttentionGridView::shownCaption() const {
    const Geometry g = layoutFor(size());
    return QFontMetrics(font()).elidedText(captionLine(g), Qt::ElideRight, g.caption.width());
}

void AttentionGridView::paintBox(QPainter& painter, const Geometry& g, const MapBox& box) const {
    const QImage& image = m_images[size_t(mapIndex(box.layer, box.head))];
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    if (painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::SVG &&
        !image.isNull()) {
        // In an SVG each weight is a rectangle (an embedded T × T image would be smoothed by
        // the viewer into a blur).
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing, false);
        const double w = double(box.map.width()) / image.width();
        const double h = double(box.map.height()) / image.height();
        for (int row = 0; row < image.height(); ++row)
            for (int column = 0; column < image.width(); ++column)
                painter.fillRect(QRectF(box.map.left() + column * w, box.map.top() + row * h, w, h),
                                 image.pixelColor(column, row));
        painter.restore();
    } else {
        painter.drawImage(box.map, image);
    }
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(box.map.adjusted(0, 0, -1, -1));

    painter.setPen(palette().color(QPalette::Text));
    if (!box.title.isEmpty()) {
        const QString label = headLabel(box.layer, box.head);
        QFont titleFont = font();
        titleFont.setBold(isEnlarged());
        painter.setFont(titleFont);
        // Enlarged: "Layer 1 · head 2 · previous token"; in the grid the label alone (the
        // headers name the layer and head), cut to the map's width.
        QString title = tr("Layer %1 · head %2").arg(box.layer + 1).arg(box.head + 1);
        if (!isEnlarged())
            title = QFontMetrics(titleFont).elidedText(label, Qt::ElideRight, box.title.width());
        else if (!label.isEmpty())
            title = tr("%1 · %2").arg(title, label);
        painter.drawText(box.title, Qt::AlignHCenter | Qt::AlignVCenter, title);
        painter.setFont(font());
    }
    if (g.labels) paintLabels(painter, g, box);

    if (m_hover && m_hover->layer == box.layer && m_hover->head == box.head) {
        const double step = double(box.map.width()) / m_length;
        const QRectF row(box.map.left(), box.map.top() + m_hover->query * step, box.map.width(),
                         step);
        const QRectF cell(box.map.left() + m_hover->key * step, row.top(), step, step);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(QPen(QColor(255, 255, 255, 160), 1, Qt::DotLine));
        painter.drawRect(row);
        painter.setPen(QPen(Qt::white, 2));
        painter.drawRect(cell);
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(cell.adjusted(-1.5, -1.5, 1.5, 1.5));
    }
}

void AttentionGridView::paintLabels(QPainter& painter, const Geometry& g, const MapBox& box) const {
    const double step = double(box.map.width()) / m_length;
    const QFontMetrics fm(g.labelFont);
    const bool hovered = m_hover && m_hover->layer == box.layer && m_hover->head == box.head;
    QFont bold = g.labelFont;
    bold.setBold(true);
    const QColor text = palette().color(QPalette::Text);
    for (int i = 0; i < m_length; ++i) {
        const QString token = m_tokens.value(i);
        // Query names, right-aligned left of row i.
        painter.setFont(hovered && m_hover->query == i ? bold : g.labelFont);
        painter.setPen(text);
        const int y = box.map.top() + int(i * step);
        painter.drawText(
            QRect(box.bounds.left(), y, box.map.left() - box.bounds.left() - 4, int(step + 1)),
            Qt::AlignRight | Qt::AlignVCenter, token);
        // Key names under column i: across, or upwards when wider than a column.
        painter.setFont(hovered && m_hover->key == i ? bold : g.labelFont);
        const int x = box.map.left() + int(i * step);
        if (!g.rotatedKeys) {
            painter.drawText(QRect(x - 20, box.map.bottom() + 2, int(step) + 40, fm.height()),
                             Qt::AlignHCenter | Qt::AlignTop, token);
            continue;
        }
        painter.save();
        painter.translate(x + step / 2.0, box.map.bottom() + 3);
        painter.rotate(-90);
        painter.drawText(QRect(-g.keyGutter, -fm.height() / 2, g.keyGutter - 1, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, token);
        painter.restore();
    }
    painter.setFont(font());
}

void AttentionGridView::paintColorBar(QPainter& painter, const QRect& bar) const {
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(bar, colorBarImage(ColorMap::Sequential, std::max(2, bar.height())));
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    painter.setPen(palette().color(QPalette::Text));
    painter.setFont(font());
    const QFontMetrics fm(font());
    int labelRight = bar.right();
    for (int i = 0; i <= 4; ++i) {
        const double value = i / 4.0;
        const int y = bar.bottom() - int(value * (bar.height() - 1));
        painter.drawLine(bar.right() + 1, y, bar.right() + 4, y);
        const QString label = QString::number(value, 'g', 2);
        painter.drawText(QPoint(bar.right() + 6, y + fm.ascent() / 2 - 1), label);
        labelRight = std::max(labelRight, bar.right() + 6 + fm.horizontalAdvance(label));
    }
    // The title runs upwards beside the labels, centred on the bar and inside the view: the
    // short form where the long one is taller than the view (a small pane at 150 %), none where
    // neither fits.
    constexpr int margin = 2;
    const int room = height() - 2 * margin;
    QString title = tr("attention weight");
    if (fm.horizontalAdvance(title) > room) title = tr("weight");
    if (fm.horizontalAdvance(title) > room) return;
    const int half = fm.horizontalAdvance(title) / 2;
    const int centre = std::clamp(bar.center().y(), margin + half, height() - margin - half);
    painter.save();
    painter.translate(labelRight + 4 + fm.ascent(), centre);
    painter.rotate(-90);
    painter.drawText(QPoint(-half, 0), title);
    painter.restore();
}

}  // namespace actlab::ui
