// CurveChart: named curves on a QChart, updated in place with replace(), and the display-only
// simplification of each curve (their look: curve_chart_style.cpp; the view's range, ticks and
// cursor line: curve_chart_view.cpp).
#include "ui/charts/curve_chart.h"

#include <QApplication>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/charts/curve_chart_impl.h"
#include "ui/charts/polyline_simplification.h"
#include "ui/common/appearance.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {
namespace {

constexpr double kDisplayTolerancePixels = 0.25;

bool samePoints(const QList<QPointF>& a, const QList<QPointF>& b) {
    if (a.size() != b.size()) return false;
    for (qsizetype i = 0; i < a.size(); ++i)  // exact, unlike QPointF::operator== (fuzzy)
        if (a[i].x() != b[i].x() || a[i].y() != b[i].y()) return false;
    return true;
}

}  // namespace

CurveChart::Impl::Impl(CurveChart* owner) : q(owner) {
    chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(6, 6, 12, 6));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);

    axisX = new QValueAxis();
    axisY = new QValueAxis();
    for (QValueAxis* axis : {axisX, axisY}) {
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setMinorTickCount(0);
    }
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    axisX->setTitleText(CurveChart::tr("x"));
    axisY->setTitleText(CurveChart::tr("y"));

    cursorLine = new QGraphicsLineItem(chart);
    cursorLine->setZValue(100);
    cursorLine->hide();
    createKeyCursor();

    applyFonts();
    applyInk();
    view = new ChartView(chart, q);
    nameView();
    applyRange(homeLow, homeHigh, -1, 1);
}

// "Loss rises from 0.69 to 2.1 as step goes from 0 to 120" for each of the first four curves
// with a legend entry, from its first and last finite points.
void CurveChart::Impl::describeView(const std::vector<Curve>& curves) {
    const auto number = [](double v) { return QString::number(v, 'g', 3); };
    const QString x = axisX->titleText().isEmpty() ? CurveChart::tr("x") : axisX->titleText();
    QStringList parts;
    for (const Curve& curve : curves) {
        if (!curve.inLegend || parts.size() == 4) continue;
        const size_t n = std::min(curve.x.size(), curve.y.size());
        const auto finite = [&](size_t i) {
            return std::isfinite(curve.x[i]) && std::isfinite(curve.y[i]);
        };
        size_t first = 0, last = n;
        while (first < n && !finite(first)) ++first;
        while (last > first + 1 && !finite(last - 1)) --last;
        if (last < first + 2) continue;  // fewer than two finite points
        const QPointF a(curve.x[first], curve.y[first]), b(curve.x[last - 1], curve.y[last - 1]);
        const QString how = b.y() > a.y()   ? CurveChart::tr("%1 rises from %2 to %3")
                            : b.y() < a.y() ? CurveChart::tr("%1 falls from %2 to %3")
                                            : CurveChart::tr("%1 stays at %2");
        QString part = how.arg(curve.label, number(a.y()));
        if (b.y() != a.y()) part = part.arg(number(b.y()));
        parts << CurveChart::tr("%1 as %2 goes from %3 to %4")
                     .arg(part, x, number(a.x()), number(b.x()));
    }
    trendDescription = parts.join(QStringLiteral("; "));
    applyDescription();
}

void CurveChart::Impl::nameView() {
    // "Loss by step" for a history chart (a title and only an x title), "f(x) by x" untitled.
    const QString title = chart->title(), x = axisX->titleText(), y = axisY->titleText();
    QString name = title;
    if (title.isEmpty() || (y.isEmpty() && !x.isEmpty()))
        name = CurveChart::tr("%1 by %2", "a chart's name for a screen reader: y by x")
                   .arg(title.isEmpty() ? y : title, x);
    view->setAccessibleName(name);
    view->viewport()->setAccessibleName(name);
}

QList<QPointF> CurveChart::Impl::displayPoints(const Entry& entry) const {
    const QRectF area = chart->plotArea();
    const qsizetype n = entry.points.size();
    if (!decimation || entry.mark != Curve::Mark::Line || area.width() < 2 || area.height() < 2 ||
        n < 3) {
        if (!logY) return entry.points;
        QList<QPointF> positive;
        for (const QPointF& p : entry.points)
            if (p.y() > 0) positive.append(p);
        return positive;
    }

    const double x0 = axisX->min(), x1 = axisX->max(), y0 = axisY->min(), y1 = axisY->max();
    qsizetype first = 0, last = n;  // [first, last): the visible part plus one point each side
    if (entry.sortedByX) {
        auto lower = std::lower_bound(entry.points.begin(), entry.points.end(), x0,
                                      [](const QPointF& p, double x) { return p.x() < x; });
        auto upper = std::upper_bound(entry.points.begin(), entry.points.end(), x1,
                                      [](double x, const QPointF& p) { return x < p.x(); });
        first = std::max<qsizetype>(0, (lower - entry.points.begin()) - 1);
        last = std::min<qsizetype>(n, (upper - entry.points.begin()) + 1);
        if (first >= last) return {};
    }
    const double top = yToPixelSpace(y1);
    const double sx = area.width() / (x1 - x0), sy = area.height() / (top - yToPixelSpace(y0));
    std::vector<QPointF> pixels;
    std::vector<qsizetype> source;  // index into entry.points of each pixel point
    pixels.reserve(last - first);
    for (qsizetype i = first; i < last; ++i) {
        if (logY && !(entry.points[i].y() > 0)) continue;  // a log axis cannot show y ≤ 0
        pixels.emplace_back((entry.points[i].x() - x0) * sx,
                            (top - yToPixelSpace(entry.points[i].y())) * sy);
        source.push_back(i);
    }
    if (pixels.size() < 3) {
        QList<QPointF> few;
        for (qsizetype i : source) few.append(entry.points[i]);
        return few;
    }
    const std::vector<int> kept = simplifyPolyline(pixels, kDisplayTolerancePixels);
    QList<QPointF> result;
    result.reserve(static_cast<qsizetype>(kept.size()));
    for (int index : kept) result.append(entry.points[source[size_t(index)]]);
    return result;
}

void CurveChart::Impl::redisplay(Entry& entry) {
    QList<QPointF> shown = displayPoints(entry);
    entry.displayed = static_cast<int>(shown.size());
    entry.series->replace(shown);
}

void CurveChart::Impl::redisplayAll() {
    for (auto& [key, entry] : entries) redisplay(entry);
    placeKeyCursor();
}

void CurveChart::Impl::applyLegendVisibility(Entry& entry, const QString& key) {
    for (QLegendMarker* marker : chart->legend()->markers(entry.series))
        marker->setVisible(!legendHidden.contains(key));
}

CurveChart::CurveChart(QWidget* parent) : QWidget(parent), m_impl(new Impl(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_impl->view);
    setMinimumSize(240, 180);

    ChartView* view = m_impl->view;
    PanelExport::attachMenu(this, this);
    connect(view, &ChartView::menuRequested, this, [this](QPoint global) {
        PanelExport::showMenu(this, PanelExport::attachedElement(this), global);
    });
    connect(view, &ChartView::zoomRequested, this,
            [this](QPointF center, double factor, Qt::Orientations orientations) {
                const QPointF data = m_impl->chart->plotArea().contains(center)
                                         ? m_impl->toData(center)
                                         : m_impl->toData(m_impl->chart->plotArea().center());
                const double fx = (orientations & Qt::Horizontal) ? factor : 1.0;
                const double fy = (orientations & Qt::Vertical) ? factor : 1.0;
                const double x0 = xLow(), x1 = xHigh(), y0 = yLow(), y1 = yHigh();
                m_impl->applyRange(data.x() + (x0 - data.x()) * fx, data.x() + (x1 - data.x()) * fx,
                                   data.y() + (y0 - data.y()) * fy,
                                   data.y() + (y1 - data.y()) * fy);
                announceView();
            });
    connect(view, &ChartView::zoomToRectRequested, this, [this](QRectF rect) {
        rect = rect.normalized().intersected(m_impl->chart->plotArea());
        if (rect.width() < 2 || rect.height() < 2) return;
        const QPointF a = m_impl->toData(rect.bottomLeft()), b = m_impl->toData(rect.topRight());
        m_impl->applyRange(a.x(), b.x(), a.y(), b.y());
        announceView();
    });
    connect(view, &ChartView::panRequested, this, [this](QPointF pixels) {
        const QRectF area = m_impl->chart->plotArea();
        if (area.width() <= 0 || area.height() <= 0) return;
        pan(-pixels.x() / area.width() * (xHigh() - xLow()),
            pixels.y() / area.height() * (yHigh() - yLow()));
    });
    connect(view, &ChartView::resetRequested, this, &CurveChart::resetView);
    connect(view, &ChartView::cursorMoveRequested, this, &CurveChart::moveKeyboardCursor);
    connect(view, &ChartView::focusLeft, this, [this] {
        m_impl->keyShown = false;
        m_impl->keyLine->hide();
    });
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this,
            &CurveChart::applyUiScale);
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this,
            &CurveChart::applyAppearance);
    connect(view, &ChartView::cursorAt, this, [this](QPointF position) {
        m_impl->pointer = position;
        m_impl->setCursorLine(position);
        if (m_impl->chart->plotArea().contains(position))
            emit cursorMoved(m_impl->toData(position).x());
    });
    connect(view, &ChartView::cursorLeft, this, [this] {
        m_impl->pointer.reset();
        m_impl->cursorLine->hide();
    });
    connect(m_impl->chart, &QChart::plotAreaChanged, this, [this] {
        m_impl->updateLegendPlacement();
        m_impl->updateTicks();
        m_impl->redisplayAll();
    });
}

CurveChart::~CurveChart() { delete m_impl; }

void CurveChart::setCurves(const std::vector<Curve>& curves) {
    QStringList order;
    for (const Curve& curve : curves) {
        if (order.contains(curve.key)) continue;  // first occurrence of a key wins
        order.append(curve.key);
        QList<QPointF> points;
        const size_t n = std::min(curve.x.size(), curve.y.size());
        points.reserve(static_cast<qsizetype>(n));
        for (size_t i = 0; i < n; ++i)  // no NaN or Inf ever reaches a series
            if (std::isfinite(curve.x[i]) && std::isfinite(curve.y[i]))
                points.append(QPointF(curve.x[i], curve.y[i]));

        auto existing = m_impl->entries.find(curve.key);
        if (existing != m_impl->entries.end() && existing->second.mark != curve.mark) {
            m_impl->chart->removeSeries(existing->second.series);  // a line became dots
            delete existing->second.series;
            m_impl->entries.erase(existing);
        }
        auto [it, isNew] = m_impl->entries.try_emplace(curve.key);
        Impl::Entry& entry = it->second;
        const bool styleChanged = isNew || entry.color != curve.color || entry.style != curve.style;
        if (!curve.inLegend) m_impl->legendHidden.insert(curve.key);
        if (isNew) {
            entry.mark = curve.mark;
            if (curve.mark == Curve::Mark::Line)
                entry.series = new QLineSeries();
            else
                entry.series = new QScatterSeries();
            m_impl->chart->addSeries(entry.series);
            entry.series->attachAxis(m_impl->axisX);
            entry.series->attachAxis(m_impl->shownAxisY());
        }
        if (isNew || entry.label != curve.label) {
            entry.label = curve.label;
            entry.series->setName(curve.label);
        }
        m_impl->applyLegendVisibility(entry, curve.key);
        if (styleChanged) {
            entry.color = curve.color;
            entry.paletteIndex = seriesColorIndex(curve.color);
            entry.style = curve.style;
            m_impl->styleSeries(entry);
        }
        if (isNew || !samePoints(entry.points, points)) {
            entry.sortedByX =
                std::is_sorted(points.begin(), points.end(),
                               [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
            entry.points = std::move(points);
            m_impl->redisplay(entry);
        }
    }
    for (auto it = m_impl->entries.begin(); it != m_impl->entries.end();) {
        if (order.contains(it->first)) {
            ++it;
            continue;
        }
        m_impl->chart->removeSeries(it->second.series);
        delete it->second.series;
        it = m_impl->entries.erase(it);
    }
    m_impl->order = order;
    if (m_impl->entries.count(m_impl->keyCurve) == 0) {
        m_impl->keyCurve.clear();
        m_impl->keyIndex = -1;
    } else {
        const qsizetype n = m_impl->entries[m_impl->keyCurve].points.size();
        m_impl->keyIndex = std::min(m_impl->keyIndex, n - 1);
    }
    m_impl->describeView(curves);
    m_impl->placeKeyCursor();
    m_impl->updateLegendPlacement();
}

QPen CurveChart::curvePen(const QString& key) const {
    const auto it = m_impl->entries.find(key);
    return it == m_impl->entries.end() ? QPen() : it->second.series->pen();
}

QColor CurveChart::axisLabelColor() const { return m_impl->axisX->labelsBrush().color(); }

void CurveChart::setTitle(const QString& title) {
    m_impl->chart->setTitle(title);
    m_impl->nameView();
}

QFont CurveChart::titleFont() const { return m_impl->chart->titleFont(); }

QString CurveChart::title() const { return m_impl->chart->title(); }

void CurveChart::setAxisTitles(const QString& xTitle, const QString& yTitle) {
    m_impl->axisX->setTitleText(xTitle);
    m_impl->axisY->setTitleText(yTitle);
    if (m_impl->logAxisY) m_impl->logAxisY->setTitleText(yTitle);
    m_impl->nameView();
}

QStringList CurveChart::curveKeys() const { return m_impl->order; }

QList<QPointF> CurveChart::curvePoints(const QString& key) const {
    auto it = m_impl->entries.find(key);
    return it == m_impl->entries.end() ? QList<QPointF>() : it->second.points;
}

void CurveChart::setDecimationEnabled(bool enabled) {
    m_impl->decimation = enabled;
    m_impl->redisplayAll();
}

int CurveChart::displayedPointCount(const QString& key) const {
    auto it = m_impl->entries.find(key);
    return it == m_impl->entries.end() ? 0 : it->second.displayed;
}

void CurveChart::setLineWidth(double width) {
    m_impl->lineWidth = width;
    for (auto& [key, entry] : m_impl->entries) m_impl->styleSeries(entry);
}

void CurveChart::setLegendEntryVisible(const QString& key, bool visible) {
    if (visible)
        m_impl->legendHidden.remove(key);
    else
        m_impl->legendHidden.insert(key);
    auto it = m_impl->entries.find(key);
    if (it != m_impl->entries.end()) m_impl->applyLegendVisibility(it->second, key);
    m_impl->updateLegendPlacement();
}

void CurveChart::setCurveLabel(const QString& key, const QString& label) {
    auto it = m_impl->entries.find(key);
    if (it == m_impl->entries.end() || it->second.label == label) return;
    it->second.label = label;
    it->second.series->setName(label);
    m_impl->updateLegendPlacement();
}

void CurveChart::repaintNow() { m_impl->view->viewport()->repaint(); }

void CurveChart::setDraftMode(bool draft) { m_impl->view->setDraftMode(draft); }

bool CurveChart::draftMode() const { return m_impl->view->draftMode(); }

// Qt Charts draws its title, axis texts and legend labels as QGraphicsTextItems and cuts a text
// that does not fit to a prefix followed by "..." (ChartPresenter::truncatedText). A text that
// Qt placed partly outside the chart (a right-hand legend wider than the room left for it) is
// cut by the chart's edge without any mark: reported as "text (past the edge)".
QStringList CurveChart::elidedTexts() const {
    QStringList elided;
    const QRectF chartBox = m_impl->chart->mapRectToScene(m_impl->chart->rect());
    for (QGraphicsItem* item : m_impl->chart->scene()->items()) {
        const auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible()) continue;
        const QString shown = text->toPlainText();
        if (shown.endsWith(QLatin1String("...")) || shown.endsWith(QChar(0x2026))) {
            elided << shown;
            continue;
        }
        if (shown.isEmpty()) continue;
        const double margin = text->document()->documentMargin();
        const QRectF ink = text->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
        if (!chartBox.adjusted(-0.5, -0.5, 0.5, 0.5).contains(ink))
            elided << QStringLiteral("%1 (past the edge)").arg(shown);
    }
    return elided;
}

// Tick labels are the text items beside the plot area: under it (x) or left of it (y), within a
// label's height of its edge (the axis titles lie further out).
// The tick labels shown under the plot area and left of it, with their boxes in the scene.
void CurveChart::tickLabelBoxes(std::vector<std::pair<QRectF, QString>>& under,
                                std::vector<std::pair<QRectF, QString>>& left) const {
    const QRectF area = m_impl->chart->plotArea();
    const double line = QFontMetricsF(m_impl->axisX->labelsFont()).height();
    QStringList titles{m_impl->axisX->titleText(), m_impl->axisY->titleText()};
    if (m_impl->logAxisY) titles << m_impl->logAxisY->titleText();
    for (QGraphicsItem* item : m_impl->chart->scene()->items()) {
        const auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || text->toPlainText().isEmpty()) continue;
        if (titles.contains(text->toPlainText())) continue;  // an axis title, not a tick label
        const QRectF box = text->sceneBoundingRect();
        if (box.top() >= area.bottom() - 2 && box.top() < area.bottom() + line)
            under.push_back({box, text->toPlainText()});
        else if (box.right() <= area.left() + 2 && box.right() > area.left() - 3 * line &&
                 box.center().y() >= area.top() - line && box.center().y() <= area.bottom() + line)
            left.push_back({box, text->toPlainText()});
    }
}

QStringList CurveChart::crowdedTickLabels() const {
    std::vector<std::pair<QRectF, QString>> under, left;
    tickLabelBoxes(under, left);
    QStringList crowded;
    std::sort(under.begin(), under.end(),
              [](const auto& a, const auto& b) { return a.first.left() < b.first.left(); });
    for (size_t i = 1; i < under.size(); ++i)
        if (under[i].first.left() - under[i - 1].first.right() < 3)
            crowded << under[i - 1].second + "|" + under[i].second;
    std::sort(left.begin(), left.end(),
              [](const auto& a, const auto& b) { return a.first.top() < b.first.top(); });
    for (size_t i = 1; i < left.size(); ++i)
        if (left[i].first.top() - left[i - 1].first.bottom() < 0)
            crowded << left[i - 1].second + "|" + left[i].second;
    return crowded;
}

QStringList CurveChart::tickLabels(Qt::Orientation axis) const {
    std::vector<std::pair<QRectF, QString>> under, left;
    tickLabelBoxes(under, left);
    QStringList labels;
    for (const auto& [box, text] : axis == Qt::Horizontal ? under : left) labels << text;
    return labels;
}

void CurveChart::setLegendOptional(bool optional) {
    m_impl->legendOptional = optional;
    m_impl->updateLegendPlacement();
}

bool CurveChart::legendShown() const { return m_impl->chart->legend()->isVisible(); }

QStringList CurveChart::legendLabels() const {
    QStringList labels;
    for (QLegendMarker* marker : m_impl->chart->legend()->markers())
        if (marker->isVisible()) labels << marker->label();
    return labels;
}

}  // namespace actlab::ui
