// NeuronGridView: layout of cells per layer, colours by gradient-passing share, marks, legend.
#include "ui/training/neuron_grid_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/common/appearance.h"
#include "ui/common/core_text.h"
#include "ui/heatmap/color_maps.h"

namespace actlab::ui {
namespace {

constexpr int kMaxCell = 34;
constexpr int kMinCell = 7;
constexpr int kGap = 2;
constexpr int kLayerGap = 8;

QColor shareColor(float share) {
    return QColor::fromRgb(colorAt(ColorMap::Sequential, std::clamp(double(share), 0.0, 1.0)));
}

}  // namespace

NeuronGridView::NeuronGridView(QWidget* parent) : QWidget(parent) {
    m_clock.start();
    setMinimumSize(200, 120);
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this,
            qOverload<>(&QWidget::update));
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    PanelExport::attachMenu(this, this);
    installMapCursorAccessibility();
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(
        tr("Each cell is a hidden neuron. Colour: share of training samples through which "
           "it passes gradient, or on which it is active (z > 0). ✕: dead (passes none). "
           "Green ring: came back to life since the last picture. Click a neuron to see its "
           "output over the input plane."));
}

void NeuronGridView::setColouring(Colouring colouring) {
    m_colouring = colouring;
    update();
}

float NeuronGridView::cellShare(Neuron n) const {
    if (n.layer < 0 || n.layer >= layerCount()) return std::nanf("");
    const Layer& layer = m_layers[size_t(n.layer)];
    const std::vector<float>& shares =
        m_colouring == Colouring::Active ? layer.activeShare : layer.passShare;
    return n.unit >= 0 && size_t(n.unit) < shares.size() ? shares[size_t(n.unit)] : std::nanf("");
}

void NeuronGridView::setDiagnostics(const ModelDiagnostics& diagnostics) {
    const bool sameShape =
        diagnostics.layers.size() == m_layers.size() &&
        std::equal(diagnostics.layers.begin(), diagnostics.layers.end(), m_layers.begin(),
                   [](const LayerDiagnostics& a, const Layer& b) {
                       return a.passShare.size() == b.passShare.size();
                   });
    std::vector<Layer> layers;
    for (size_t l = 0; l < diagnostics.layers.size(); ++l) {
        const LayerDiagnostics& in = diagnostics.layers[l];
        Layer layer;
        layer.name = coreMessage(in.name);  // "hidden 2", translated
        layer.passShare = in.passShare;
        layer.activeShare = in.activeShare;
        layer.activeShare.resize(layer.passShare.size(), 0.0f);
        layer.dead = in.dead;
        layer.dead.resize(layer.passShare.size(), 0);
        layer.revivedAt.assign(layer.passShare.size(), -1);
        if (sameShape) {
            const Layer& before = m_layers[l];
            for (size_t u = 0; u < layer.dead.size(); ++u) {
                layer.revivedAt[u] = before.revivedAt[u];
                if (before.dead[u] && !layer.dead[u]) {
                    layer.revivedAt[u] = m_clock.elapsed();
                    ++m_revivedTotal;
                }
            }
        }
        layers.push_back(std::move(layer));
    }
    if (!sameShape) m_revivedTotal = 0;
    m_geometrySize = QSize();  // names and widths may have changed
    m_layers = std::move(layers);
    if (m_selected && !cellRect(*m_selected).isValid()) m_selected.reset();
    if (m_cursor && !cellRect(*m_cursor).isValid()) m_cursor.reset();
    if (!sameShape) updateGeometry();
    update();
    describeView();
}

// For a screen reader: "51 of 96 units dead (hidden 1: 30 of 48; hidden 2: 21 of 48).", then
// the tooltip.
void NeuronGridView::describeView() {
    int dead = 0, units = 0;
    QStringList layers;
    for (int l = 0; l < layerCount(); ++l) {
        const int n = int(m_layers[size_t(l)].dead.size());
        dead += deadCount(l);
        units += n;
        layers << tr("%1: %2 of %3").arg(layerName(l)).arg(deadCount(l)).arg(n);
    }
    QString summary;
    if (units > 0) {
        summary = tr("%1 of %2 units dead", "neuron grid summary").arg(dead).arg(units);
        if (layers.size() > 1) summary += QStringLiteral(" (%1)").arg(layers.join("; "));
        summary += QLatin1Char('.');
    }
    const QString description = (summary + QLatin1Char(' ') + toolTip()).trimmed();
    if (description != accessibleDescription()) setAccessibleDescription(description);
}

void NeuronGridView::clear() {
    m_layers.clear();
    m_geometrySize = QSize();
    m_selected.reset();
    m_cursor.reset();
    m_revivedTotal = 0;
    update();
    describeView();
}

QString NeuronGridView::layerName(int layer) const {
    return layer >= 0 && layer < layerCount() ? m_layers[size_t(layer)].name : QString();
}

int NeuronGridView::deadCount(int layer) const {
    if (layer < 0 || layer >= layerCount()) return 0;
    const auto& dead = m_layers[size_t(layer)].dead;
    return int(std::count(dead.begin(), dead.end(), 1));
}

bool NeuronGridView::isDead(Neuron n) const {
    if (n.layer < 0 || n.layer >= layerCount()) return false;
    const auto& dead = m_layers[size_t(n.layer)].dead;
    return n.unit >= 0 && size_t(n.unit) < dead.size() && dead[size_t(n.unit)];
}

void NeuronGridView::setSelected(std::optional<Neuron> neuron) {
    m_selected = neuron;
    update();
}

NeuronGridView::Geometry NeuronGridView::layoutFor(int width, int height) const {
    Geometry g;
    const QFontMetrics metrics(font());
    const int text = metrics.height() + 2;  // a layer's label needs this much height
    g.labelWidth = metrics.horizontalAdvance(tr("hidden 8")) + 8;
    for (const Layer& layer : m_layers)
        g.labelWidth = std::max(g.labelWidth, metrics.horizontalAdvance(layer.name) + 8);
    g.legendHeight =
        (legendNeedsTwoLines(width) ? 2 * (metrics.height() + 6) : metrics.height()) + 12;
    int widest = 1;
    for (const Layer& layer : m_layers) widest = std::max(widest, int(layer.passShare.size()));
    const int availableWidth = std::max(width - g.labelWidth - 4, kMinCell + kGap);
    const int availableHeight = height - g.legendHeight - 8;
    auto layersHeight = [&](int columns, int cell) {
        int total = 0;
        for (const Layer& layer : m_layers) {
            const int rows = std::max(1, (int(layer.passShare.size()) + columns - 1) / columns);
            total += std::max(rows * (cell + kGap), text) + kLayerGap;
        }
        return total;
    };
    // The column count that gives the largest cells: wide layers wrap onto several rows.
    g.cell = kMinCell;
    g.columns = std::clamp(availableWidth / (kMinCell + kGap), 1, widest);
    int best = 0;
    for (int columns = 1; columns <= widest; ++columns) {
        int cell = std::min(availableWidth / columns, kMaxCell + kGap) - kGap;
        if (cell < kMinCell) break;  // more columns only make smaller cells
        while (cell >= kMinCell && layersHeight(columns, cell) > availableHeight) --cell;
        if (cell >= kMinCell && cell > best) {
            best = cell;
            g.cell = cell;
            g.columns = columns;
        }
    }
    int y = 4;
    for (const Layer& layer : m_layers) {
        const int rows = std::max(1, (int(layer.passShare.size()) + g.columns - 1) / g.columns);
        g.layerTop.push_back(y);
        g.rows.push_back(rows);
        y += std::max(rows * (g.cell + kGap), text) + kLayerGap;
    }
    g.contentHeight = y + 4 + g.legendHeight;
    return g;
}

const NeuronGridView::Geometry& NeuronGridView::geometry() const {
    if (m_geometrySize != size()) {
        m_geometry = layoutFor(width(), height());
        m_geometrySize = size();
    }
    return m_geometry;
}

int NeuronGridView::heightForWidth(int width) const {
    return m_layers.empty() ? minimumHeight() : layoutFor(width, 0).contentHeight;
}

void NeuronGridView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) m_geometrySize = QSize();
    QWidget::changeEvent(event);
}

QRect NeuronGridView::cellRect(Neuron n) const { return cellRectIn(geometry(), n); }

QRect NeuronGridView::cellRectIn(const Geometry& g, Neuron n) const {
    if (n.layer < 0 || n.layer >= layerCount() || n.unit < 0 ||
        size_t(n.unit) >= m_layers[size_t(n.layer)].passShare.size())
        return {};
    const int row = n.unit / g.columns, column = n.unit % g.columns;
    return {g.labelWidth + column * (g.cell + kGap),
            g.layerTop[size_t(n.layer)] + row * (g.cell + kGap), g.cell, g.cell};
}

QRect NeuronGridView::layerLabelRect(int layer) const {
    return layerLabelRectIn(geometry(), layer);
}

QRect NeuronGridView::layerLabelRectIn(const Geometry& g, int layer) const {
    if (layer < 0 || layer >= layerCount()) return {};
    const QFontMetrics metrics(font());
    return {0, g.layerTop[size_t(layer)], g.labelWidth - 6, std::max(g.cell, metrics.height() + 2)};
}

QRect NeuronGridView::legendRect() const {
    const Geometry& g = geometry();
    return {0, height() - g.legendHeight + 4, width(), g.legendHeight - 4};
}

std::optional<NeuronGridView::Neuron> NeuronGridView::neuronAt(const QPoint& position) const {
    const Geometry& g = geometry();
    for (int l = 0; l < layerCount(); ++l) {
        const int top = g.layerTop[size_t(l)];
        if (position.y() < top || position.y() >= top + g.rows[size_t(l)] * (g.cell + kGap))
            continue;
        const int column = (position.x() - g.labelWidth) / (g.cell + kGap);
        const int row = (position.y() - top) / (g.cell + kGap);
        if (position.x() < g.labelWidth || column >= g.columns) return std::nullopt;
        const int unit = row * g.columns + column;
        if (size_t(unit) < m_layers[size_t(l)].passShare.size()) return Neuron{l, unit};
    }
    return std::nullopt;
}

QSize NeuronGridView::sizeHint() const {
    // The whole grid at the smallest cells: a layout that has more room gives it, and the cells
    // grow to fill it; with less, the scroll area around the grid scrolls.
    return {360, m_layers.empty() ? 120 : heightForWidth(std::max(width(), minimumWidth()))};
}

void NeuronGridView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintTo(painter, size(), geometry());
    paintCursor(painter);
}

void NeuronGridView::paintTo(QPainter& painter, const QSize& size, const Geometry& g) const {
    const QRect area(QPoint(0, 0), size);
    painter.fillRect(area, palette().color(QPalette::Base));
    const QColor ink = palette().color(QPalette::Text);
    if (m_layers.empty()) {
        painter.setPen(ink);
        painter.drawText(area, Qt::AlignCenter, tr("No hidden neurons yet"));
        return;
    }
    const qint64 now = m_clock.elapsed();
    const QFontMetrics metrics(font());
    for (int l = 0; l < layerCount(); ++l) {
        const Layer& layer = m_layers[size_t(l)];
        painter.setPen(ink);
        painter.drawText(layerLabelRectIn(g, l), Qt::AlignRight | Qt::AlignVCenter, layer.name);
        for (int u = 0; u < int(layer.passShare.size()); ++u) {
            const QRect cell = cellRectIn(g, {l, u});
            if (layer.dead[size_t(u)]) {
                painter.fillRect(cell, deadColor());
                painter.setPen(QPen(markColor(Mark::Bad), std::max(1.5, g.cell / 8.0)));
                const QRect inner = cell.adjusted(2, 2, -2, -2);
                painter.drawLine(inner.topLeft(), inner.bottomRight());
                painter.drawLine(inner.topRight(), inner.bottomLeft());
            } else {
                painter.fillRect(cell, shareColor(cellShare({l, u})));
            }
            const qint64 revived = layer.revivedAt[size_t(u)];
            if (revived >= 0 && now - revived < kRevivalMilliseconds) {
                painter.setPen(QPen(markColor(Mark::Good), 2));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(cell.adjusted(-1, -1, 0, 0));
            }
        }
    }
    if (m_selected) {
        const QRect cell = cellRectIn(g, *m_selected);
        painter.setPen(QPen(ink, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(-2, -2, 1, 1));
    }
    // Legend: the colour ramp from 0 to 1, then the dead mark and the revival ring (on a second
    // line when one is too narrow for all of it).
    const bool twoLines = legendNeedsTwoLines(size.width());
    const int line = metrics.height() + 6;
    int y = size.height() - g.legendHeight + 4;  // legendRect() at this size
    const QString label =
        m_colouring == Colouring::Active ? tr("z > 0 on: 0") : tr("passes gradient: 0");
    const int rampRoom = size.width() - metrics.horizontalAdvance(label) -
                         metrics.horizontalAdvance(tr("1")) - 16 -
                         (twoLines ? 0 : marksWidth(metrics) + 16);
    const int rampWidth = std::clamp(rampRoom, 30, 140);
    int x = 4;
    painter.setPen(ink);
    painter.drawText(x, y + metrics.ascent(), label);
    x += metrics.horizontalAdvance(label) + 4;
    for (int i = 0; i < rampWidth; ++i)
        painter.fillRect(x + i, y + 2, 1, metrics.height() - 4,
                         shareColor(float(i) / (rampWidth - 1)));
    x += rampWidth + 4;
    painter.drawText(x, y + metrics.ascent(), tr("1"));
    x += metrics.horizontalAdvance(tr("1")) + 16;
    if (twoLines) {
        x = 4;
        y += line;
    }
    const QRect mark(x, y + 1, metrics.height() - 2, metrics.height() - 2);
    painter.fillRect(mark, deadColor());
    painter.setPen(QPen(markColor(Mark::Bad), 2));
    painter.drawLine(mark.topLeft() + QPoint(2, 2), mark.bottomRight() - QPoint(2, 2));
    painter.drawLine(mark.topRight() + QPoint(-2, 2), mark.bottomLeft() + QPoint(2, -2));
    painter.setPen(ink);
    painter.drawText(mark.right() + 6, y + metrics.ascent(), tr("dead"));
    const QRect ring(mark.right() + 6 + metrics.horizontalAdvance(tr("dead")) + 16, mark.top(),
                     mark.width(), mark.height());
    painter.setPen(QPen(markColor(Mark::Good), 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(ring.adjusted(1, 1, -1, -1));
    painter.setPen(ink);
    painter.drawText(ring.right() + 6, y + metrics.ascent(), tr("revived"));
}

QSize NeuronGridView::exportSize() const {
    if (isVisible() && width() >= 100 && height() >= 60) return size();
    return {480, std::max(heightForWidth(480), 160)};
}

void NeuronGridView::paintExport(QPainter& painter, const QSize& size) const {
    painter.save();
    painter.setFont(font());
    if (size == this->size())
        paintTo(painter, size, geometry());
    else
        paintTo(painter, size, layoutFor(size.width(), size.height()));
    painter.restore();
}

QString NeuronGridView::csvText() const {
    QString text =
        QStringLiteral("layer,layer_name,neuron,dead,passes_gradient_share,active_share\n");
    for (int l = 0; l < layerCount(); ++l) {
        const Layer& layer = m_layers[size_t(l)];
        for (size_t u = 0; u < layer.passShare.size(); ++u)
            text += QString::number(l) + QLatin1Char(',') + PanelExport::csvField(layer.name) +
                    QLatin1Char(',') + QString::number(u) + QLatin1Char(',') +
                    QString::number(int(layer.dead[u])) + QLatin1Char(',') +
                    PanelExport::csvNumber(layer.passShare[u]) + QLatin1Char(',') +
                    PanelExport::csvNumber(layer.activeShare[u]) + QLatin1Char('\n');
    }
    return text;
}

// The dead mark and the ring with their words.
int NeuronGridView::marksWidth(const QFontMetrics& metrics) {
    return 2 * metrics.height() + metrics.horizontalAdvance(tr("dead")) +
           metrics.horizontalAdvance(tr("revived")) + 30;
}

bool NeuronGridView::legendNeedsTwoLines(int width) const {
    const QFontMetrics metrics(font());
    const int oneLine = metrics.horizontalAdvance(tr("passes gradient: 0")) + 30 +
                        metrics.horizontalAdvance(tr("1")) + 16 + marksWidth(metrics) + 20;
    return width < oneLine;
}

void NeuronGridView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {  // a right click opens the export menu
        QWidget::mousePressEvent(event);
        return;
    }
    if (const auto neuron = neuronAt(event->position().toPoint())) {
        setSelected(neuron);
        emit neuronClicked(neuron->layer, neuron->unit);
    }
    QWidget::mousePressEvent(event);
}

}  // namespace actlab::ui
