// DecisionSurfaceView: a HeatmapView with a transparent overlay, matched to its plot rectangle,
// that draws the points and turns clicks into data coordinates.
#include "ui/training/decision_surface_view.h"

#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/charts/painter_clipping.h"
#include "ui/common/appearance.h"
#include "ui/heatmap/color_maps.h"

namespace actlab::ui {

// Draws the data points over the heatmap's plot rectangle; its geometry is that rectangle.
class PointsOverlay : public QWidget {
public:
    explicit PointsOverlay(QWidget* parent) : QWidget(parent) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
    }

    // The plane's extent in data units: cell edges of the heatmap grid.
    double low = -6.0, high = 6.0;
    int classes = 2;
    std::shared_ptr<const TrainingData> data;
    LabelledPoints extra;

    QPointF toPixel(double x1, double x2, const QSizeF& size) const {
        return {(x1 - low) / (high - low) * size.width(),
                size.height() - (x2 - low) / (high - low) * size.height()};
    }

    void paintPoints(QPainter& painter, const QSizeF& size) const {
        // With 3 classes the points share the map's colours: a light veil over the field keeps
        // them readable (the binary map is white at the boundary and needs none).
        if (classes > 2) painter.fillRect(QRectF(QPointF(0, 0), size), QColor(255, 255, 255, 110));
        painter.setRenderHint(QPainter::Antialiasing);
        const double radius = std::clamp(size.width() / 110.0, 3.0, 6.0);
        const QRectF plane(QPointF(0, 0), size);  // points past it are cut, in an SVG too
        const auto draw = [&](const LabelledPoints& points, const QColor& outline, double r) {
            if (points.rawDimension != 2) return;
            painter.setPen(QPen(outline, 1.6));
            for (size_t i = 0; i < points.size(); ++i) {
                painter.setBrush(DecisionSurfaceView::classColor(int(points.targets[i]), classes));
                drawDotWithin(painter,
                              toPixel(points.inputs[2 * i], points.inputs[2 * i + 1], size), r,
                              plane);
            }
        };
        if (data) {
            draw(data->train, Qt::white, radius);
            draw(data->test, Qt::black, radius * 0.85);
        }
        draw(extra, QColor(255, 215, 0), radius * 1.25);  // user points waiting to be trained on
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        paintPoints(painter, size());
    }
};

DecisionSurfaceView::DecisionSurfaceView(QWidget* parent) : QWidget(parent) {
    m_heatmap = new HeatmapView(this);
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this,
            qOverload<>(&QWidget::update));
    m_heatmap->setAxisTitles(tr("x₁"), tr("x₂"));
    m_heatmap->setValueTitle(tr("P(class 1)"));
    m_heatmap->setEqualAspect(true);
    const auto explain = [this] {
        m_heatmap->setToolTip(
            appearance().diverging == DivergingMap::BlueOrange
                ? tr("The model's prediction, p = P(class 1), on a fixed scale: orange is class "
                     "1, blue class 0, white the decision boundary (p = ½). With Draw points "
                     "on, a click adds a point of the chosen class; Shift+click adds the other "
                     "class.")
                : tr("The model's prediction, p = P(class 1), on a fixed scale: red is class 1, "
                     "blue class 0, white the decision boundary (p = ½). With Draw points on, a "
                     "click adds a point of the chosen class; Shift+click adds the other "
                     "class."));
    };
    explain();
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this, explain);
    m_heatmap->installEventFilter(this);
    m_overlay = new PointsOverlay(m_heatmap);
    PanelExport::attachMenu(m_heatmap, this);  // replaces the heatmap's own: points included
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heatmap);
    m_heatmap->setMinimumSize(170, 150);
    setMinimumSize(170, 150);
}

QColor DecisionSurfaceView::classColor(int label, int classes) {
    if (classes <= 2) return markColor(label == 0 ? Mark::Negative : Mark::Positive);
    return QColor::fromRgb(colorAt(ColorMap::Sequential, double(label) / double(classes - 1)));
}

void DecisionSurfaceView::refitOpenGlCanvas(HeatmapView* heatmap) {
    if (heatmap->renderer() != HeatmapView::Renderer::OpenGl) return;
    QResizeEvent resize(heatmap->size(), heatmap->size());
    QCoreApplication::sendEvent(heatmap, &resize);
}

void DecisionSurfaceView::setSnapshot(const TrainingSnapshot& s, int classes) {
    m_classes = classes;
    m_overlay->classes = classes;
    const DecisionSurface& surface = s.probes.surface;
    const int n = surface.resolution;
    if (n < 2 || surface.values.size() != size_t(n) * size_t(n)) return;
    // A fixed scale, whatever the frame holds: P(class 1) from 0 (blue) through 0.5 (white, the
    // boundary) to 1 (red), so an unsure model (p ≈ 0.53 everywhere) looks pale, not certain; the
    // classes 0..classes−1 keep their colours from frame to frame.
    std::vector<float> values = surface.values;
    // Three classes or more: the predicted class's colour, paled towards white as the model's
    // probability for it falls from 1 to 1/K (a guess).
    std::vector<float> strength;
    if (classes > 2 && surface.confidence.size() == values.size()) {
        const float chance = 1.0f / float(classes);
        strength.reserve(values.size());
        for (float p : surface.confidence) strength.push_back((p - chance) / (1.0f - chance));
    }
    if (classes <= 2) {
        m_heatmap->setColorMap(ColorMap::Diverging);
        m_heatmap->setFixedScale(std::pair{0.0, 1.0});
        m_heatmap->setCategories({});
        m_heatmap->setValueTitle(tr("P(class 1)"));
    } else {
        m_heatmap->setColorMap(ColorMap::Sequential);
        m_heatmap->setFixedScale(std::pair{0.0, double(classes - 1)});
        QStringList names;
        for (int c = 0; c < classes; ++c) names << tr("class %1").arg(c);
        m_heatmap->setCategories(names);  // a legend, not a continuous bar
        m_heatmap->setValueTitle(tr("predicted"));
    }
    m_heatmap->setData(n, n, std::move(values), s.surfaceLow, s.surfaceHigh, s.surfaceLow,
                       s.surfaceHigh, std::move(strength));
    const double half = 0.5 * (s.surfaceHigh - s.surfaceLow) / (n - 1);
    m_overlay->low = s.surfaceLow - half;
    m_overlay->high = s.surfaceHigh + half;
    refitOpenGlCanvas(m_heatmap);
    m_overlay->setGeometry(m_heatmap->plotRect());
    m_overlay->raise();
    m_overlay->update();
}

HeatmapView::Renderer DecisionSurfaceView::setRenderer(HeatmapView::Renderer renderer) {
    const HeatmapView::Renderer used = m_heatmap->setRenderer(renderer);
    m_overlay->raise();
    return used;
}

void DecisionSurfaceView::setPoints(std::shared_ptr<const TrainingData> data) {
    if (data == m_overlay->data) return;
    m_overlay->data = std::move(data);
    if (m_overlay->data) m_overlay->classes = m_classes = std::max(2, m_overlay->data->classes);
    m_overlay->update();
}

void DecisionSurfaceView::setExtraPoints(const LabelledPoints& points, int classes) {
    m_overlay->extra = points;
    if (!m_overlay->data) m_overlay->classes = m_classes = std::max(2, classes);
    m_overlay->update();
}

void DecisionSurfaceView::clearSurface() {
    m_heatmap->clear();
    m_overlay->setGeometry(m_heatmap->plotRect());
    m_overlay->update();
}

int DecisionSurfaceView::drawnPointCount() const {
    size_t n = m_overlay->extra.size();
    if (m_overlay->data) n += m_overlay->data->train.size() + m_overlay->data->test.size();
    return int(n);
}

QPointF DecisionSurfaceView::positionOf(double x1, double x2) const {
    const QRect plot = m_heatmap->plotRect();
    return m_heatmap->mapTo(this, plot.topLeft() + m_overlay->toPixel(x1, x2, plot.size()));
}

QImage DecisionSurfaceView::renderImage() const {
    QImage image = m_heatmap->renderImage(m_heatmap->size());
    QPainter painter(&image);
    const QRect plot = m_heatmap->plotRect();
    painter.translate(plot.topLeft());
    painter.setClipRect(QRect(QPoint(0, 0), plot.size()));
    m_overlay->paintPoints(painter, plot.size());
    return image;
}

void DecisionSurfaceView::paintExport(QPainter& painter, const QSize& size) const {
    m_heatmap->paintExport(painter, size);
    const QRect plot = m_heatmap->plotRectFor(size);
    painter.save();
    painter.translate(plot.topLeft());
    painter.setClipRect(QRect(QPoint(0, 0), plot.size()));
    m_overlay->paintPoints(painter, plot.size());
    painter.restore();
}

bool DecisionSurfaceView::hasExportData() const {
    return m_heatmap->hasExportData() || drawnPointCount() > 0;
}

QString DecisionSurfaceView::csvText() const {
    const QString valueTitle = m_heatmap->valueTitle();
    QString text =
        QStringLiteral("kind,x1,x2,") +
        PanelExport::csvField(valueTitle.isEmpty() ? QStringLiteral("value")
                                                   : QStringLiteral("value (%1)").arg(valueTitle)) +
        QStringLiteral(",strength,class\n");
    for (int row = 0; row < m_heatmap->rows(); ++row)
        for (int column = 0; column < m_heatmap->columns(); ++column) {
            const float strength = m_heatmap->strengthAt(column, row);
            text += QStringLiteral("surface,") +
                    PanelExport::csvNumber(m_heatmap->sampleX(column)) + QLatin1Char(',') +
                    PanelExport::csvNumber(m_heatmap->sampleV(row)) + QLatin1Char(',') +
                    PanelExport::csvNumber(m_heatmap->valueAt(column, row)) + QLatin1Char(',') +
                    (std::isnan(strength) ? QString() : PanelExport::csvNumber(strength)) +
                    QStringLiteral(",\n");
        }
    const auto points = [&](const char* kind, const LabelledPoints& set) {
        if (set.rawDimension != 2) return;
        for (size_t i = 0; i < set.size(); ++i)
            text += QLatin1String(kind) + QLatin1Char(',') +
                    PanelExport::csvNumber(set.inputs[2 * i]) + QLatin1Char(',') +
                    PanelExport::csvNumber(set.inputs[2 * i + 1]) + QStringLiteral(",,,") +
                    PanelExport::csvNumber(set.targets[i]) + QLatin1Char('\n');
    };
    if (m_overlay->data) {
        points("train", m_overlay->data->train);
        points("test", m_overlay->data->test);
    }
    points("drawn", m_overlay->extra);
    return text;
}

void DecisionSurfaceView::setDrawing(bool on) {
    m_drawing = on;
    if (on)
        m_heatmap->setCursor(Qt::CrossCursor);
    else
        m_heatmap->unsetCursor();
}

bool DecisionSurfaceView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_heatmap) {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) {
            m_overlay->setGeometry(m_heatmap->plotRect());
            m_overlay->raise();
        } else if (event->type() == QEvent::MouseButtonPress && m_drawing) {
            auto* mouse = static_cast<QMouseEvent*>(event);
            const QRect plot = m_heatmap->plotRect();
            if (mouse->button() == Qt::LeftButton && plot.contains(mouse->position().toPoint())) {
                const QPointF at = mouse->position() - plot.topLeft();
                const double span = m_overlay->high - m_overlay->low;
                const double x1 = m_overlay->low + at.x() / plot.width() * span;
                const double x2 = m_overlay->low + (plot.height() - at.y()) / plot.height() * span;
                emit pointRequested(x1, x2, mouse->modifiers() & Qt::ShiftModifier);
                return true;
            }
        } else if (event->type() == QEvent::KeyPress && m_drawing) {
            // Enter puts a point at the keyboard cursor's cell (Shift+Enter: the other class).
            auto* key = static_cast<QKeyEvent*>(event);
            const auto cell = m_heatmap->cursorCell();
            if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && cell) {
                emit pointRequested(m_heatmap->sampleX(cell->x()), m_heatmap->sampleV(cell->y()),
                                    key->modifiers() & Qt::ShiftModifier);
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace actlab::ui
