// HeatmapView: layout, cached field image, axes, colour bar and cursor probe; the exports are in
// heatmap_view_export.cpp.
#include "ui/heatmap/heatmap_view.h"

#include <QGuiApplication>
#include <QJsonValue>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/common/appearance.h"
#include "ui/heatmap/axis_ticks.h"
#include "ui/heatmap/heatmap_gl_canvas.h"

namespace actlab::ui {
namespace {

constexpr int kTickLength = 5;
constexpr int kBarGap = 16;
constexpr int kBarWidth = 18;

// Cell edges: samples sit at grid points, so the drawn area reaches half a cell beyond them.
struct Edges {
    double low, high;
};
Edges cellEdges(double low, double high, int count) {
    const double half = count > 1 ? 0.5 * (high - low) / (count - 1) : 0.5;
    return {low - half, high + half};
}

}  // namespace

HeatmapView::HeatmapView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(240, 180);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_xTitle = tr("x");
    m_vTitle = tr("v");
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this, [this] {
        rebuildCellImage();  // the maps of the new appearance
        update();
    });
    PanelExport::attachMenu(this, this);
    createCursorMark();
    nameView();  // a focusable map has a name before it has titles
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::setData(int nx, int nv, std::vector<float> values, double xLow, double xHigh,
                          double vLow, double vHigh, std::vector<float> strength) {
    if (nx <= 0 || nv <= 0 || values.size() != size_t(nx) * size_t(nv)) {
        clear();
        return;
    }
    m_nx = nx;
    m_nv = nv;
    m_values = std::move(values);
    m_strength = strength.size() == m_values.size() ? std::move(strength) : std::vector<float>{};
    m_xLow = xLow;
    m_xHigh = xHigh;
    m_vLow = vLow;
    m_vHigh = vHigh;
    m_nanCount = 0;
    double minimum = std::numeric_limits<double>::infinity();
    double maximum = -minimum;
    for (float value : m_values) {
        if (std::isnan(value)) {
            ++m_nanCount;
        } else if (std::isfinite(value)) {
            minimum = std::min(minimum, double(value));
            maximum = std::max(maximum, double(value));
        }
    }
    const bool anyFinite = minimum <= maximum;
    m_dataMinimum = anyFinite ? minimum : std::numeric_limits<double>::quiet_NaN();
    m_dataMaximum = anyFinite ? maximum : std::numeric_limits<double>::quiet_NaN();
    updateScale();
    rebuildCellImage();
    describeView();
    keepCursorInGrid();
}

// For a screen reader: the values' range over the axes' ranges, then the tooltip.
void HeatmapView::describeView() {
    const auto number = [](double v) {
        return QString::number(v, 'g', 3).replace(QLatin1Char('-'), QChar(0x2212));
    };
    QString summary;
    if (std::isfinite(m_dataMinimum))
        summary = tr("%1 from %2 to %3 as %4 goes from %5 to %6 and %7 from %8 to %9.",
                     "a map's range for a screen reader")
                      .arg(m_valueTitle.isEmpty() ? tr("values") : m_valueTitle,
                           number(m_dataMinimum), number(m_dataMaximum), m_xTitle, number(m_xLow),
                           number(m_xHigh), m_vTitle, number(m_vLow), number(m_vHigh));
    if (m_nanCount > 0) summary += QLatin1Char(' ') + tr("%n cell(s) undefined.", "", m_nanCount);
    const QString description = (summary + QLatin1Char(' ') + toolTip()).trimmed();
    if (description != accessibleDescription()) setAccessibleDescription(description);
}

void HeatmapView::clear() {
    m_nx = m_nv = 0;
    m_values.clear();
    m_strength.clear();
    m_nanCount = 0;
    m_dataMinimum = m_dataMaximum = std::numeric_limits<double>::quiet_NaN();
    updateScale();
    rebuildCellImage();
    describeView();
    keepCursorInGrid();
}

void HeatmapView::setColorMap(ColorMap map) {
    if (map == m_colorMap) return;
    m_colorMap = map;
    updateScale();
    rebuildCellImage();
}

void HeatmapView::setAxisTitles(const QString& xTitle, const QString& vTitle) {
    m_xTitle = xTitle;
    m_vTitle = vTitle;
    nameView();
    update();
}

void HeatmapView::nameView() {
    setAccessibleName(
        tr("%1 over %2 and %3", "a map's name for a screen reader: value over x and v")
            .arg(m_valueTitle.isEmpty() ? tr("values") : m_valueTitle, m_xTitle, m_vTitle));
}

void HeatmapView::setValueTitle(const QString& title) {
    m_valueTitle = title;
    nameView();
    update();
}

float HeatmapView::valueAt(int column, int row) const {
    if (column < 0 || row < 0 || column >= m_nx || row >= m_nv)
        return std::numeric_limits<float>::quiet_NaN();
    return m_values[size_t(row) * size_t(m_nx) + size_t(column)];
}

void HeatmapView::setEqualAspect(bool on) {
    if (on == m_equalAspect) return;
    m_equalAspect = on;
    m_scaledImage = QImage();
    placeGlCanvas();
    updateCursorMark();
    update();
}

void HeatmapView::setFixedScale(std::optional<std::pair<double, double>> scale) {
    if (scale == m_fixedScale) return;
    m_fixedScale = scale;
    updateScale();
    rebuildCellImage();
}

// A fixed scale as given. Diverging: symmetric around zero so that white means 0. Sequential:
// the data range.
void HeatmapView::updateScale() {
    const bool known = std::isfinite(m_dataMinimum) && std::isfinite(m_dataMaximum);
    if (m_fixedScale && m_fixedScale->second > m_fixedScale->first) {
        m_scaleLow = m_fixedScale->first;
        m_scaleHigh = m_fixedScale->second;
    } else if (m_colorMap == ColorMap::Diverging) {
        const double reach = known ? std::max(std::abs(m_dataMinimum), std::abs(m_dataMaximum)) : 0;
        m_scaleHigh = reach > 0 ? reach : 1.0;
        m_scaleLow = -m_scaleHigh;
    } else if (known && m_dataMaximum > m_dataMinimum) {
        m_scaleLow = m_dataMinimum;
        m_scaleHigh = m_dataMaximum;
    } else {
        const double centre = known ? m_dataMinimum : 0.0;
        m_scaleLow = centre - 0.5;
        m_scaleHigh = centre + 0.5;
    }
}

void HeatmapView::rebuildCellImage() {
    m_scaledImage = QImage();
    if (m_nx == 0) {
        m_cellImage = QImage();
    } else {
        m_cellImage = QImage(m_nx, m_nv, QImage::Format_RGB32);
        const double span = m_scaleHigh - m_scaleLow;
        for (int row = 0; row < m_nv; ++row) {
            auto* line = reinterpret_cast<QRgb*>(m_cellImage.scanLine(m_nv - 1 - row));
            const float* values = m_values.data() + size_t(row) * size_t(m_nx);
            const bool strong = m_strength.size() == m_values.size();
            const float* strength =
                strong ? m_strength.data() + size_t(row) * size_t(m_nx) : nullptr;
            for (int column = 0; column < m_nx; ++column) {
                const float value = values[column];
                line[column] = std::isnan(value) ? kNanColor
                                                 : colorAt(m_colorMap, (value - m_scaleLow) / span);
                if (strong && !std::isnan(value)) {
                    const float t = std::clamp(strength[column], 0.0f, 1.0f);
                    const auto blend = [t](int c) { return int(std::lround(255 - (255 - c) * t)); };
                    line[column] = qRgb(blend(qRed(line[column])), blend(qGreen(line[column])),
                                        blend(qBlue(line[column])));
                }
            }
        }
    }
    ++m_imageBuilds;
    if (m_glCanvas) m_glCanvas->setImage(m_cellImage);
    update();
}

HeatmapView::Layout HeatmapView::layoutFor(const QSize& size) const {
    const QFontMetrics metrics(font());
    const int line = metrics.height();
    const int top = line + 10;  // room for the colour-bar title
    const int bottom = kTickLength + 4 + line + 4 + line + 6;
    const int plotHeight = std::max(size.height() - top - bottom, 10);

    int vLabelWidth = metrics.horizontalAdvance(QStringLiteral("0"));
    for (double t : niceTicks(m_vLow, m_vHigh, std::max(plotHeight / 45, 2), plotHeight,
                              1.5 * metrics.height()))
        vLabelWidth = std::max(vLabelWidth, metrics.horizontalAdvance(tickLabel(t)));
    const int left = 6 + line + 6 + vLabelWidth + 4 + kTickLength;

    // The NaN legend starts at the bar's right edge, the value labels after a tick.
    int barLabelWidth =
        m_nanCount > 0 ? metrics.horizontalAdvance(tr("NaN: %1").arg(m_nanCount)) - kTickLength : 0;
    for (double t : {m_scaleLow, m_scaleHigh, 0.5 * (m_scaleLow + m_scaleHigh)})
        barLabelWidth = std::max(barLabelWidth, metrics.horizontalAdvance(tickLabel(t, 3)));
    for (const QString& name : m_categories)
        barLabelWidth = std::max(barLabelWidth, metrics.horizontalAdvance(name) + 10);
    // Room for the labels right of the bar, and for the value title that starts above it.
    const int right = std::max(kBarGap + kBarWidth + 4 + kTickLength + barLabelWidth + 8,
                               kBarGap + metrics.horizontalAdvance(m_valueTitle) + 6);

    Layout layout;
    layout.plot = QRect(left, top, std::max(size.width() - left - right, 10), plotHeight);
    if (m_equalAspect && m_nx > 1 && m_nv > 1 && m_xHigh > m_xLow && m_vHigh > m_vLow) {
        // Equal units on both axes: the drawn extents (cells centred on their samples) set the
        // shape, letterboxed in the room there is, centred.
        const double width = (m_xHigh - m_xLow) * m_nx / (m_nx - 1);
        const double height = (m_vHigh - m_vLow) * m_nv / (m_nv - 1);
        const double aspect = width / height;
        QRect& plot = layout.plot;
        if (plot.width() > plot.height() * aspect) {
            const int w = std::max(10, int(std::lround(plot.height() * aspect)));
            plot = QRect(plot.left() + (plot.width() - w) / 2, plot.top(), w, plot.height());
        } else {
            const int h = std::max(10, int(std::lround(plot.width() / aspect)));
            plot = QRect(plot.left(), plot.top() + (plot.height() - h) / 2, plot.width(), h);
        }
    }
    layout.bar = QRect(layout.plot.right() + 1 + kBarGap, layout.plot.top(), kBarWidth,
                       layout.plot.height());
    return layout;
}

QRect HeatmapView::plotRect() const { return layoutFor(size()).plot; }
QRect HeatmapView::colorBarRect() const { return layoutFor(size()).bar; }

std::optional<HeatmapView::Probe> HeatmapView::probe(const QPointF& position) const {
    const QRect plot = plotRect();
    if (m_nx == 0 || !QRectF(plot).contains(position)) return std::nullopt;
    const double fx = (position.x() - plot.left()) / plot.width();
    const double fy = (position.y() - plot.top()) / plot.height();
    Probe probe;
    probe.column = std::clamp(int(fx * m_nx), 0, m_nx - 1);
    probe.row = std::clamp(m_nv - 1 - int(fy * m_nv), 0, m_nv - 1);
    probe.x = sampleX(probe.column);
    probe.v = sampleV(probe.row);
    probe.value = valueAt(probe.column, probe.row);
    return probe;
}

void HeatmapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRect plot = plotRect();
    const bool raster = m_renderer == Renderer::Raster || !m_glCanvas;
    if (raster && !m_cellImage.isNull() && m_scaledImage.size() != plot.size()) {
        m_scaledImage =
            m_cellImage.scaled(plot.size(), Qt::IgnoreAspectRatio, Qt::FastTransformation);
        ++m_imageBuilds;
    }
    paintView(painter, size(), raster, raster ? &m_scaledImage : nullptr);
}

void HeatmapView::paintView(QPainter& painter, const QSize& size, bool drawField,
                            const QImage* scaledField) const {
    const Layout layout = layoutFor(size);
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Window));
    painter.setPen(palette().color(QPalette::WindowText));
    if (m_nx == 0) {
        painter.drawRect(layout.plot.adjusted(0, 0, -1, -1));
        painter.drawText(layout.plot, Qt::AlignCenter, tr("No data"));
        return;
    }
    if (drawField && scaledField && !scaledField->isNull())
        painter.drawImage(layout.plot.topLeft(), *scaledField);
    paintAxes(painter, layout.plot);
    paintColorBar(painter, layout.bar);
}

void HeatmapView::paintAxes(QPainter& painter, const QRect& plot) const {
    const QFontMetrics metrics = painter.fontMetrics();
    const QColor ink = palette().color(QPalette::WindowText);
    painter.setPen(ink);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(plot.adjusted(-1, -1, 0, 0));

    const Edges xEdges = cellEdges(m_xLow, m_xHigh, m_nx);
    const double xLabelRoom = metrics.horizontalAdvance(QStringLiteral("-0.0")) + 8.0;
    for (double t :
         niceTicks(m_xLow, m_xHigh, std::max(plot.width() / 80, 2), plot.width(), xLabelRoom)) {
        const int px =
            plot.left() +
            int(std::lround((t - xEdges.low) / (xEdges.high - xEdges.low) * plot.width()));
        painter.drawLine(px, plot.bottom() + 1, px, plot.bottom() + kTickLength);
        const QString label = tickLabel(t);
        const int width = metrics.horizontalAdvance(label);
        painter.drawText(px - width / 2, plot.bottom() + kTickLength + 4 + metrics.ascent(), label);
    }
    const Edges vEdges = cellEdges(m_vLow, m_vHigh, m_nv);
    for (double t : niceTicks(m_vLow, m_vHigh, std::max(plot.height() / 45, 2), plot.height(),
                              1.5 * metrics.height())) {
        const int py =
            plot.bottom() -
            int(std::lround((t - vEdges.low) / (vEdges.high - vEdges.low) * plot.height()));
        painter.drawLine(plot.left() - kTickLength, py, plot.left() - 1, py);
        const QString label = tickLabel(t);
        const int width = metrics.horizontalAdvance(label);
        painter.drawText(plot.left() - kTickLength - 4 - width,
                         py + (metrics.ascent() - metrics.descent()) / 2, label);
    }

    const int line = metrics.height();
    painter.drawText(QRect(plot.left(), plot.bottom() + kTickLength + 8 + line, plot.width(), line),
                     Qt::AlignCenter, m_xTitle);
    painter.save();
    painter.translate(6, plot.top() + plot.height() / 2);
    painter.rotate(-90);
    painter.drawText(QRect(-plot.height() / 2, 0, plot.height(), line), Qt::AlignCenter, m_vTitle);
    painter.restore();
}

void HeatmapView::setCategories(const QStringList& names) {
    if (names == m_categories) return;
    m_categories = names;
    update();
}

void HeatmapView::paintColorBar(QPainter& painter, const QRect& bar) const {
    const QFontMetrics metrics = painter.fontMetrics();
    if (!m_categories.isEmpty()) {  // one swatch per category, first at the top, named
        const int n = int(m_categories.size());
        const int side = std::min(bar.width() + 6, metrics.height() + 4);
        const double span = m_scaleHigh - m_scaleLow;
        painter.setPen(palette().color(QPalette::WindowText));
        for (int i = 0; i < n; ++i) {
            const QRect swatch(bar.left(), bar.top() + i * (side + 8), side, side);
            const double t = span > 0 ? (i - m_scaleLow) / span : 0.0;
            painter.fillRect(swatch, QColor::fromRgb(colorAt(m_colorMap, t)));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
            painter.drawText(swatch.right() + 6,
                             swatch.top() + (side + metrics.ascent() - metrics.descent()) / 2,
                             m_categories[i]);
        }
        if (!m_valueTitle.isEmpty())
            painter.drawText(bar.left(), bar.top() - 6 - metrics.descent(), m_valueTitle);
        return;
    }
    painter.drawImage(bar, colorBarImage(m_colorMap, bar.height()));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawRect(bar.adjusted(-1, -1, 0, 0));
    if (!m_valueTitle.isEmpty())
        painter.drawText(bar.left(), bar.top() - 6 - metrics.descent(), m_valueTitle);

    const double span = m_scaleHigh - m_scaleLow;
    auto label = [&](double value) {
        const int py =
            bar.bottom() - int(std::lround((value - m_scaleLow) / span * (bar.height() - 1)));
        painter.drawLine(bar.right() + 1, py, bar.right() + kTickLength, py);
        const int baseline = std::clamp(py + (metrics.ascent() - metrics.descent()) / 2,
                                        bar.top() + metrics.ascent() - metrics.descent(),
                                        bar.bottom() + metrics.descent());
        painter.drawText(bar.right() + kTickLength + 4, baseline, tickLabel(value, 3));
    };
    label(m_scaleHigh);
    label(m_scaleLow);
    label(m_colorMap == ColorMap::Diverging && !m_fixedScale ? 0.0
                                                             : 0.5 * (m_scaleLow + m_scaleHigh));

    // The data's own extremes as small notches on the bar's left edge.
    for (double value : {m_dataMinimum, m_dataMaximum}) {
        if (!std::isfinite(value)) continue;
        const double py = bar.bottom() - (value - m_scaleLow) / span * (bar.height() - 1);
        QPainterPath notch;
        notch.moveTo(bar.left() - 1, py);
        notch.lineTo(bar.left() - 7, py - 4);
        notch.lineTo(bar.left() - 7, py + 4);
        notch.closeSubpath();
        painter.fillPath(notch, palette().color(QPalette::WindowText));
    }

    if (m_nanCount > 0) {
        const QRect swatch(bar.left(), bar.bottom() + 8, kBarWidth, metrics.height() - 4);
        painter.fillRect(swatch, QColor::fromRgb(kNanColor));
        painter.drawRect(swatch.adjusted(-1, -1, 0, 0));
        painter.drawText(swatch.right() + 4, swatch.top() + metrics.ascent() - 2,
                         tr("NaN: %1").arg(m_nanCount));
    }
}

void HeatmapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeGlCanvas();
    updateCursorMark();
}

void HeatmapView::mouseMoveEvent(QMouseEvent* event) {
    if (const auto hit = probe(event->position()))
        emit cursorMoved(hit->x, hit->v, hit->value);
    else
        emit cursorLeft();
    QWidget::mouseMoveEvent(event);
}

void HeatmapView::mousePressEvent(QMouseEvent* event) {
    if (const auto hit = probe(event->position()); hit && event->button() == Qt::LeftButton)
        emit clicked(hit->x, hit->v);
    QWidget::mousePressEvent(event);
}

void HeatmapView::leaveEvent(QEvent* event) {
    emit cursorLeft();
    QWidget::leaveEvent(event);
}

// Platforms without a usable GL surface for widgets (QOpenGLWidget segfaults under offscreen in
// Qt 6.4.2, see STACK-NOTES.md) always use the raster path.
bool HeatmapView::openGlAvailable() {
    const QString platform = QGuiApplication::platformName();
    for (const char* name : {"offscreen", "minimal", "vnc", "linuxfb"})
        if (platform == QLatin1String(name)) return false;
    QOpenGLContext context;
    return context.create();
}

HeatmapView::Renderer HeatmapView::setRenderer(Renderer renderer) {
    if (renderer == Renderer::OpenGl && !openGlAvailable()) renderer = Renderer::Raster;
    if (renderer == m_renderer) return m_renderer;
    m_renderer = renderer;
    if (renderer == Renderer::OpenGl) {
        m_glCanvas = new HeatmapGlCanvas(this);
        m_glCanvas->setImage(m_cellImage);
        placeGlCanvas();
        m_glCanvas->show();
        updateCursorMark();  // above the canvas
    } else {
        delete m_glCanvas;
        m_glCanvas = nullptr;
    }
    m_scaledImage = QImage();
    update();
    return m_renderer;
}

void HeatmapView::placeGlCanvas() {
    if (m_glCanvas) m_glCanvas->setGeometry(plotRect());
}

QJsonObject HeatmapView::saveState() const {
    return {{"colorMap", colorMapKey(m_colorMap)},
            {"renderer", m_renderer == Renderer::OpenGl ? "opengl" : "raster"}};
}

void HeatmapView::restoreState(const QJsonObject& state) {
    setColorMap(colorMapFromKey(state.value("colorMap").toString(), m_colorMap));
    setRenderer(state.value("renderer").toString() == QLatin1String("opengl") ? Renderer::OpenGl
                                                                              : Renderer::Raster);
}

}  // namespace actlab::ui
