// AttentionGridView: the maps' data and images, the layout of the grid (or of one enlarged
// head), the mouse and keys, and the exports. The painting is in attention_grid_paint.cpp.
#include "ui/attention/attention_grid_view.h"

#include <QFontMetrics>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/common/appearance.h"
#include "ui/heatmap/color_maps.h"

namespace actlab::ui {
namespace {

constexpr int kMargin = 6;
constexpr int kSpacing = 10;          // between map boxes
constexpr int kBarWidth = 14;         // the colour strip
constexpr int kMinimumLabelStep = 7;  // pixels per position below which names are left out

}  // namespace

AttentionGridView::AttentionGridView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);  // the cursor's keys; Esc returns from an enlarged head
    setAttribute(Qt::WA_OpaquePaintEvent);
    PanelExport::attachMenu(this, this);
    installMapCursorAccessibility();
    setToolTip(
        tr("Each map: how much each query position (row) attends to each key position "
           "(column). Click a head to enlarge it; click again or press Esc to go back. "
           "Keys: arrows move the cursor, [ ] the head, { } the layer, Enter enlarges."));
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this, [this] {
        rebuildImages();  // the sequential map of the new appearance
        update();
    });
}

void AttentionGridView::setMaps(int layers, int heads, int length, std::vector<float> values,
                                const QStringList& tokens) {
    const size_t expected = size_t(std::max(0, layers * heads * length * length));
    if (layers <= 0 || heads <= 0 || length <= 0 || values.size() != expected) {
        clear();
        return;
    }
    m_layers = layers;
    m_heads = heads;
    m_length = length;
    m_values = std::move(values);
    m_tokens = tokens;
    while (m_tokens.size() < length) m_tokens << QString::number(m_tokens.size());
    rebuildImages();
    if (m_enlargedLayer >= layers || m_enlargedHead >= heads) showGrid();
    if (m_cursor && (m_cursor->layer >= layers || m_cursor->head >= heads ||
                     m_cursor->query >= length || m_cursor->key >= length))
        m_cursor.reset();
    describeView();
    if (m_hover && (m_hover->layer >= layers || m_hover->head >= heads ||
                    m_hover->query >= length || m_hover->key >= length))
        setHover(std::nullopt);
    else if (m_hover)
        setHover(Cell{m_hover->layer, m_hover->head, m_hover->query, m_hover->key,
                      weight(m_hover->layer, m_hover->head, m_hover->query, m_hover->key)});
    update();
}

// One image per head from m_values, in the appearance's sequential map.
void AttentionGridView::rebuildImages() {
    const int length = m_length;
    m_images.assign(size_t(m_layers * m_heads), QImage());
    for (int m = 0; m < m_layers * m_heads; ++m) {
        QImage image(length, length, QImage::Format_RGB32);
        const float* map = m_values.data() + size_t(m) * size_t(length * length);
        for (int q = 0; q < length; ++q) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(q));
            for (int k = 0; k < length; ++k) {
                const float w = map[q * length + k];
                line[k] = std::isfinite(w) ? colorAt(ColorMap::Sequential, w) : kNanColor;
            }
        }
        m_images[size_t(m)] = std::move(image);
    }
}

void AttentionGridView::clear() {
    m_layers = m_heads = m_length = 0;
    m_values.clear();
    m_images.clear();
    m_tokens.clear();
    m_cursor.reset();
    setHover(std::nullopt);
    showGrid();
    describeView();
    update();
}

void AttentionGridView::setHeadLabels(const QStringList& labels) {
    if (labels == m_headLabels) return;
    m_headLabels = labels;
    update();
}

QString AttentionGridView::headLabel(int layer, int head) const {
    if (layer < 0 || head < 0 || layer >= m_layers || head >= m_heads) return QString();
    return m_headLabels.value(mapIndex(layer, head));
}

void AttentionGridView::setCaption(const QString& caption) {
    m_caption = caption;
    update();
}

float AttentionGridView::weight(int layer, int head, int query, int key) const {
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads || query < 0 ||
        query >= m_length || key < 0 || key >= m_length)
        return NAN;
    return m_values[size_t(((mapIndex(layer, head)) * m_length + query) * m_length + key)];
}

void AttentionGridView::enlarge(int layer, int head) {
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads) return;
    const bool was = isEnlarged();
    m_enlargedLayer = layer;
    m_enlargedHead = head;
    setHover(std::nullopt);
    update();
    if (!was) emit enlargedChanged(true);
}

void AttentionGridView::showGrid() {
    if (!isEnlarged()) return;
    m_enlargedLayer = m_enlargedHead = -1;
    setHover(std::nullopt);
    update();
    emit enlargedChanged(false);
}

AttentionGridView::Geometry AttentionGridView::layoutFor(const QSize& size) const {
    // The heads' labels above the maps where the maps stay large; else in the table and the
    // enlarged head's title only.
    if (m_headLabels.size() == m_layers * m_heads && m_layers > 0 && !isEnlarged()) {
        Geometry titled = layoutWith(size, true);
        if (!titled.boxes.empty() && titled.boxes.front().map.width() >= kMinimumTitledMap)
            return titled;
    }
    return layoutWith(size, false);
}

AttentionGridView::Geometry AttentionGridView::layoutWith(const QSize& size,
                                                          bool headTitles) const {
    Geometry g;
    const QFontMetrics fm(font());
    const QRect all = QRect(QPoint(0, 0), size).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    g.caption = QRect(all.left(), all.top(), all.width(), fm.height() + 2);
    const int barArea = kBarWidth + fm.horizontalAdvance(QStringLiteral("0.75")) + fm.height() + 26;
    const QRect area(all.left(), g.caption.bottom() + 6, std::max(0, all.width() - barArea),
                     std::max(0, all.bottom() - g.caption.bottom() - 6));
    const int barHeight = std::max(40, std::min(area.height() - 2 * fm.height(), 360));
    g.bar = QRect(area.right() + 12, area.top() + fm.height(), kBarWidth, barHeight);
    if (m_layers <= 0) return g;

    // The grid: layer names left of the rows of maps, head names above the columns; the
    // enlarged head: one map with its title.
    const bool one = isEnlarged();
    const int rows = one ? 1 : m_layers, columns = one ? 1 : m_heads;
    const int headerWidth = one ? 0 : fm.horizontalAdvance(tr("L%1").arg(m_layers)) + 6;
    const int headerHeight = one ? 0 : fm.height() + 2;
    const int titleHeight = one || headTitles ? fm.height() + 2 : 0;
    const QRect maps = area.adjusted(headerWidth, headerHeight, 0, 0);
    int s = 4, left = 0, spacing = kSpacing;
    for (spacing = kSpacing;; spacing = 3) {  // dense grids close up
        const int boxWidth = (maps.width() - (columns - 1) * spacing) / columns;
        const int boxHeight = (maps.height() - (rows - 1) * spacing) / rows;
        // The square's side for given gutters (left: query names, below: key names).
        const auto side = [&](int leftGutter, int below) {
            return std::max(4, std::min(boxWidth - leftGutter, boxHeight - titleHeight - below));
        };
        s = side(0, 0);
        QFont labelFont = font();
        g.labels = false;
        left = 0;
        for (int pass = 0; pass < 2; ++pass) {  // the font follows the step, gutters the font
            const double step = double(s) / m_length;
            if (step < kMinimumLabelStep) break;
            labelFont.setPixelSize(std::clamp(int(step * 0.8), kMinimumLabelStep, 13));
            const QFontMetrics lm(labelFont);
            int widest = 0;
            for (const QString& token : m_tokens)
                widest = std::max(widest, lm.horizontalAdvance(token));
            left = widest + 6;
            g.rotatedKeys = widest + 2 > int(step);
            g.keyGutter = g.rotatedKeys ? widest + 6 : lm.height() + 2;
            s = side(left, g.keyGutter);
            g.labels = double(s) / m_length >= kMinimumLabelStep;
        }
        if (!g.labels) {
            left = 0;
            g.keyGutter = 0;
            s = side(0, 0);
        }
        g.labelFont = labelFont;
        if (s >= 40 || spacing == 3 || one) break;
    }
    const int usedWidth = headerWidth + columns * (left + s) + (columns - 1) * spacing;
    const int x0 = area.left() + std::max(0, (area.width() - usedWidth) / 2) + headerWidth;
    const int rowHeight = titleHeight + s + g.keyGutter + spacing;
    for (int r = 0; r < rows; ++r) {
        const int y = maps.top() + r * rowHeight;
        if (!one)
            g.headers.push_back({QRect(x0 - headerWidth, y, headerWidth - 4, s),
                                 tr("L%1").arg(r + 1), Qt::AlignRight | Qt::AlignVCenter});
        for (int c = 0; c < columns; ++c) {
            MapBox box;
            box.layer = one ? m_enlargedLayer : r;
            box.head = one ? m_enlargedHead : c;
            const int x = x0 + c * (left + s + spacing);
            box.title = QRect(x + left, y, s, titleHeight);
            box.map = QRect(x + left, y + titleHeight, s, s);
            box.bounds = QRect(x, y, left + s, titleHeight + s + g.keyGutter);
            g.boxes.push_back(box);
            if (!one && r == 0)
                g.headers.push_back({QRect(box.map.left(), area.top(), s, headerHeight),
                                     tr("H%1").arg(c + 1), Qt::AlignCenter});
        }
    }
    return g;
}

QRect AttentionGridView::mapRect(int layer, int head) const {
    for (const MapBox& box : layoutFor(size()).boxes)
        if (box.layer == layer && box.head == head) return box.map;
    return {};
}

QRectF AttentionGridView::cellRect(int layer, int head, int query, int key) const {
    const QRect map = mapRect(layer, head);
    if (map.isEmpty() || m_length <= 0) return {};
    const double step = double(map.width()) / m_length;
    return {map.left() + key * step, map.top() + query * step, step, step};
}

QRect AttentionGridView::colorBarRect() const { return layoutFor(size()).bar; }

bool AttentionGridView::labelsShown() const { return layoutFor(size()).labels; }

std::optional<AttentionGridView::Cell> AttentionGridView::cellAt(const QPointF& position) const {
    for (const MapBox& box : layoutFor(size()).boxes) {
        if (!QRectF(box.map).contains(position)) continue;
        const double step = double(box.map.width()) / m_length;
        const int key = std::clamp(int((position.x() - box.map.left()) / step), 0, m_length - 1);
        const int query = std::clamp(int((position.y() - box.map.top()) / step), 0, m_length - 1);
        return Cell{box.layer, box.head, query, key, weight(box.layer, box.head, query, key)};
    }
    return std::nullopt;
}

QString AttentionGridView::readoutText(const Cell& cell) const {
    return tr("query %1 (pos %2) → key %3 (pos %4): weight %5 · layer %6, head %7")
        .arg(m_tokens.value(cell.query))
        .arg(cell.query)
        .arg(m_tokens.value(cell.key))
        .arg(cell.key)
        .arg(double(cell.weight), 0, 'f', 2)
        .arg(cell.layer + 1)
        .arg(cell.head + 1);
}

void AttentionGridView::setHover(std::optional<Cell> cell) {
    const bool changed = cell.has_value() != m_hover.has_value() ||
                         (cell && (cell->layer != m_hover->layer || cell->head != m_hover->head ||
                                   cell->query != m_hover->query || cell->key != m_hover->key ||
                                   cell->weight != m_hover->weight));
    m_hover = cell;
    if (!changed) return;
    update();
    emit hovered(cell ? readoutText(*cell) : QString());
}

void AttentionGridView::mouseMoveEvent(QMouseEvent* event) { setHover(cellAt(event->position())); }

void AttentionGridView::leaveEvent(QEvent*) { setHover(std::nullopt); }

void AttentionGridView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (isEnlarged()) {
        showGrid();
        return;
    }
    for (const MapBox& box : layoutFor(size()).boxes)
        if (box.bounds.adjusted(-2, -2, 2, 2).contains(event->position().toPoint())) {
            enlarge(box.layer, box.head);
            return;
        }
}

bool AttentionGridView::event(QEvent* event) {
    // Esc is the map's only while a head is enlarged (else it leaves presentation, say).
    const int escape = isEnlarged() ? int(Qt::Key_Escape) : int(Qt::Key_unknown);
    if (takesKeyBeforeShortcuts(event,
                                {Qt::Key_Return, Qt::Key_Enter, escape, Qt::Key_BracketLeft,
                                 Qt::Key_BracketRight, Qt::Key_BraceLeft, Qt::Key_BraceRight}))
        return true;
    return QWidget::event(event);
}

void AttentionGridView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && isEnlarged()) {
        showGrid();
        return;
    }
    if (moveCursorByKey(*event)) {
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

QImage AttentionGridView::renderImage(const QSize& size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    paintAll(painter, size);
    return image;
}

QSize AttentionGridView::exportSize() const {
    return isVisible() && width() > 50 && height() > 50 ? size() : QSize(1200, 900);
}

bool AttentionGridView::exportPng(const QString& path, QString* error) const {
    return PanelExport::writePng(*this, path, error);
}

bool AttentionGridView::exportSvg(const QString& path, QString* error) const {
    return PanelExport::writeSvg(*this, path, error);
}

bool AttentionGridView::exportCsv(const QString& path, QString* error) const {
    return PanelExport::writeCsv(*this, path, error);
}

void AttentionGridView::paintExport(QPainter& painter, const QSize& size) const {
    painter.save();
    painter.setFont(font());
    paintAll(painter, size);
    painter.restore();
}

QString AttentionGridView::csvText() const {
    QString text = QStringLiteral("layer,head,query,query_token,key,key_token,weight\n");
    const auto quoted = [](QString token) {
        return QLatin1Char('"') + token.replace(QLatin1Char('"'), QStringLiteral("\"\"")) +
               QLatin1Char('"');
    };
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            for (int q = 0; q < m_length; ++q)
                for (int k = 0; k < m_length; ++k)
                    text += QString::number(l) + QLatin1Char(',') + QString::number(h) +
                            QLatin1Char(',') + QString::number(q) + QLatin1Char(',') +
                            quoted(m_tokens.value(q)) + QLatin1Char(',') + QString::number(k) +
                            QLatin1Char(',') + quoted(m_tokens.value(k)) + QLatin1Char(',') +
                            PanelExport::csvNumber(weight(l, h, q, k)) + QLatin1Char('\n');
    return text;
}

}  // namespace actlab::ui
