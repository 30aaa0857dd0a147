// CurveChart: series matched by key, no NaN in a series, display simplification within a
// quarter pixel, zoom/pan/reset by API and by mouse, cursor signal, PNG/SVG/CSV exports.
#include <gtest/gtest.h>

#include <QApplication>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGraphicsWidget>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QXmlStreamReader>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/charts/polyline_simplification.h"
#include "ui/common/ui_scale.h"

using actlab::ui::CurveChart;

namespace {

CurveChart::Curve sine(const QString& key, int n = 2001, double low = -6, double high = 6) {
    CurveChart::Curve curve{key, key, QColor(Qt::blue), Qt::SolidLine, {}, {}};
    for (int i = 0; i < n; ++i) {
        const double x = low + (high - low) * i / (n - 1);
        curve.x.push_back(x);
        curve.y.push_back(std::sin(x));
    }
    return curve;
}

class CurveChartTest : public ::testing::Test {
protected:
    void SetUp() override {
        chart.resize(900, 600);
        chart.setXRange(-6, 6);
        chart.setYRange(-1.5, 1.5);
        chart.show();
        QApplication::processEvents();
    }
    QWidget* viewport() { return chart.findChild<QGraphicsView*>()->viewport(); }
    QPoint viewportCenter() { return viewport()->rect().center(); }
    CurveChart chart;
};

}  // namespace

TEST_F(CurveChartTest, SeriesAreMatchedByKeyAddedAndRemoved) {
    chart.setCurves({sine("a"), sine("b")});
    EXPECT_EQ(chart.curveKeys(), (QStringList{"a", "b"}));
    chart.setCurves({sine("b"), sine("c")});
    EXPECT_EQ(chart.curveKeys(), (QStringList{"b", "c"}));
    chart.setCurves({});
    EXPECT_TRUE(chart.curveKeys().isEmpty());
}

TEST_F(CurveChartTest, ReplacedDataIsWhatCurvePointsReturns) {
    chart.setCurves({sine("a")});
    CurveChart::Curve shifted = sine("a");
    for (double& y : shifted.y) y += 0.5;
    chart.setCurves({shifted});
    const QList<QPointF> points = chart.curvePoints("a");
    ASSERT_EQ(points.size(), 2001);
    EXPECT_DOUBLE_EQ(points[1000].y(), shifted.y[1000]);
}

TEST_F(CurveChartTest, NonFinitePointsNeverReachTheChart) {
    CurveChart::Curve curve = sine("a", 11);
    curve.y[3] = NAN;
    curve.y[5] = INFINITY;
    curve.x[7] = -INFINITY;
    chart.setCurves({curve});
    const QList<QPointF> points = chart.curvePoints("a");
    EXPECT_EQ(points.size(), 8);
    for (const QPointF& p : points) EXPECT_TRUE(std::isfinite(p.x()) && std::isfinite(p.y()));
    chart.fitY();
    EXPECT_TRUE(std::isfinite(chart.yLow()) && std::isfinite(chart.yHigh()));
}

TEST_F(CurveChartTest, DisplayIsSimplifiedButDataKeptInFull) {
    chart.setCurves({sine("a")});
    EXPECT_LT(chart.displayedPointCount("a"), 2001);
    EXPECT_GT(chart.displayedPointCount("a"), 10);
    EXPECT_EQ(chart.curvePoints("a").size(), 2001);
    chart.setDecimationEnabled(false);
    EXPECT_EQ(chart.displayedPointCount("a"), 2001);
}

TEST(PolylineSimplification, DroppedPointsStayWithinTolerance) {
    std::vector<QPointF> points;
    for (int i = 0; i < 3000; ++i) points.emplace_back(i * 0.3, 200 * std::sin(i * 0.01) + (i % 7));
    const double tolerance = 0.25;
    const std::vector<int> kept = actlab::ui::simplifyPolyline(points, tolerance);
    ASSERT_GE(kept.size(), 2u);
    EXPECT_EQ(kept.front(), 0);
    EXPECT_EQ(kept.back(), 2999);
    for (size_t k = 0; k + 1 < kept.size(); ++k) {
        const QPointF a = points[kept[k]], b = points[kept[k + 1]];
        for (int i = kept[k] + 1; i < kept[k + 1]; ++i) {
            const QPointF p = points[i];
            const double cross =
                (b.x() - a.x()) * (p.y() - a.y()) - (b.y() - a.y()) * (p.x() - a.x());
            const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
            EXPECT_LE(std::abs(cross) / length, tolerance + 1e-9);
        }
    }
}

TEST(PolylineClipping, PartsInsideTheBoxEndOnItsEdges) {
    using actlab::ui::clipPolyline;
    const QRectF box(QPointF(0, 0), QPointF(10, 10));
    // Inside throughout: the polyline itself.
    const std::vector<QPointF> inside{{1, 1}, {5, 9}, {9, 2}};
    EXPECT_EQ(clipPolyline(inside, box), std::vector<std::vector<QPointF>>{inside});
    // Out through the top edge and back in: two parts, ending and starting on y = 10.
    const auto parts = clipPolyline({{2, 6}, {4, 14}, {6, 6}, {8, 8}}, box);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0], (std::vector<QPointF>{{2, 6}, {3, 10}}));
    EXPECT_EQ(parts[1], (std::vector<QPointF>{{5, 10}, {6, 6}, {8, 8}}));
    // Across the box with both ends outside: the chord, edge to edge.
    EXPECT_EQ(clipPolyline({{-5, 5}, {15, 5}}, box),
              (std::vector<std::vector<QPointF>>{{{0, 5}, {10, 5}}}));
    // Outside throughout, beside the box or across its corner's outside: nothing.
    EXPECT_TRUE(clipPolyline({{-5, 5}, {-1, 20}, {20, 20}}, box).empty());
    EXPECT_EQ(clipPolyline({{-1, 5}, {5, -1}}, box),  // cuts the corner
              (std::vector<std::vector<QPointF>>{{{0, 4}, {4, 0}}}));
    EXPECT_TRUE(clipPolyline({{-6, 5}, {5, -6}}, box).empty());
}

// Qt 6.4's SVG generator ignores the painter's clip, with which Qt Charts keeps a curve inside
// the plot: the SVG of a curve that leaves the axes' range must stop at the plot's edge as the PNG
// does, not run over the axes and off the page.
TEST_F(CurveChartTest, TheSvgOfACurvePastTheAxesStopsAtThePlotAsThePngDoes) {
    CurveChart::Curve wide = sine("a");
    wide.color = QColor(0, 0, 255);
    wide.inLegend = false;            // no blue legend marker: the only blue is the curve
    for (double& y : wide.y) y *= 3;  // three times the y range [-1.5, 1.5]
    chart.setCurves({wide});
    chart.setYRange(-1.5, 1.5);
    QApplication::processEvents();
    const int shown = chart.displayedPointCount("a");
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("plot.png"), svg = dir.filePath("plot.svg");
    ASSERT_TRUE(chart.exportPng(png, &error)) << error.toStdString();
    ASSERT_TRUE(chart.exportSvg(svg, &error)) << error.toStdString();
    // The rows the curve's ink spans, as a share of the picture's height.
    auto blueRows = [](const QImage& image) {
        int top = image.height(), bottom = -1;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb c = image.pixel(x, y);
                if (qBlue(c) > 180 && qRed(c) < 90 && qGreen(c) < 90) {
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                }
            }
        return std::pair<double, double>(double(top) / image.height(),
                                         double(bottom + 1) / image.height());
    };
    const QImage pngImage(png), svgImage(svg);  // the SVG through Qt's image plugin
    ASSERT_FALSE(pngImage.isNull());
    ASSERT_FALSE(svgImage.isNull()) << "the qsvg image plugin cannot read " << svg.toStdString();
    const auto [pngTop, pngBottom] = blueRows(pngImage);
    const auto [svgTop, svgBottom] = blueRows(svgImage);
    ASSERT_GT(pngTop, 0.02);  // the plot's top edge, below the chart's margin
    ASSERT_LT(pngBottom, 0.98);
    EXPECT_NEAR(svgTop, pngTop, 0.01);
    EXPECT_NEAR(svgBottom, pngBottom, 0.01);
    // The chart on screen shows the whole curve again afterwards.
    // The chart is whole again afterwards: on screen, and in a second PNG, pixel for pixel.
    QApplication::processEvents();
    EXPECT_EQ(chart.displayedPointCount("a"), shown);
    const QString again = dir.filePath("again.png");
    ASSERT_TRUE(chart.exportPng(again, &error)) << error.toStdString();
    EXPECT_EQ(QImage(again), pngImage);
}

TEST_F(CurveChartTest, ZoomPanAndResetByApi) {
    QSignalSpy changed(&chart, &CurveChart::viewChanged);
    chart.zoom(0.5, 0, 0);
    EXPECT_DOUBLE_EQ(chart.xLow(), -3);
    EXPECT_DOUBLE_EQ(chart.xHigh(), 3);
    chart.pan(1, 0);
    EXPECT_DOUBLE_EQ(chart.xLow(), -2);
    chart.setCurves({sine("a")});
    chart.resetView();
    EXPECT_DOUBLE_EQ(chart.xLow(), -6);
    EXPECT_DOUBLE_EQ(chart.xHigh(), 6);
    EXPECT_LT(chart.yLow(), -0.99);  // fitted to the sine
    EXPECT_GT(chart.yHigh(), 0.99);
    EXPECT_EQ(changed.count(), 3);
}

TEST_F(CurveChartTest, WheelZoomsAroundThePointer) {
    const QPointF at = viewportCenter();
    QWheelEvent wheel(at, viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport(), &wheel);
    EXPECT_LT(chart.xHigh() - chart.xLow(), 12);
    EXPECT_LT(chart.yHigh() - chart.yLow(), 3);
}

TEST_F(CurveChartTest, RubberBandZoomsAndRightDragPans) {
    const QPoint center = viewportCenter();
    auto send = [this](QEvent::Type type, QPoint at, Qt::MouseButton button,
                       Qt::MouseButtons buttons) {
        QMouseEvent event(type, at, viewport()->mapToGlobal(at), button, buttons, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &event);
    };
    send(QEvent::MouseButtonPress, center - QPoint(60, 40), Qt::LeftButton, Qt::LeftButton);
    send(QEvent::MouseMove, center + QPoint(60, 40), Qt::NoButton, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, center + QPoint(60, 40), Qt::LeftButton, Qt::NoButton);
    const double zoomedWidth = chart.xHigh() - chart.xLow();
    EXPECT_LT(zoomedWidth, 4);

    const double before = chart.xLow();
    send(QEvent::MouseButtonPress, center, Qt::RightButton, Qt::RightButton);
    send(QEvent::MouseMove, center + QPoint(100, 0), Qt::NoButton, Qt::RightButton);
    send(QEvent::MouseButtonRelease, center + QPoint(100, 0), Qt::RightButton, Qt::NoButton);
    EXPECT_LT(chart.xLow(), before);  // content dragged right: the view moves left
    EXPECT_NEAR(chart.xHigh() - chart.xLow(), zoomedWidth, 1e-9);
}

TEST_F(CurveChartTest, CursorSignalGivesDataX) {
    QSignalSpy cursor(&chart, &CurveChart::cursorMoved);
    const QPoint at = viewportCenter();
    QMouseEvent move(QEvent::MouseMove, at, viewport()->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(viewport(), &move);
    ASSERT_EQ(cursor.count(), 1);
    EXPECT_NEAR(cursor.first().first().toDouble(), 0.0, 1.0);  // near the middle of [-6, 6]
}

TEST_F(CurveChartTest, ExportsWriteValidPngSvgAndCsv) {
    chart.setTitle("sine");
    chart.setCurves({sine("a"), sine("b", 101)});
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("plot.png"), svg = dir.filePath("plot.svg"),
                  csv = dir.filePath("plot.csv");
    ASSERT_TRUE(chart.exportPng(png, &error)) << error.toStdString();
    ASSERT_TRUE(chart.exportSvg(svg, &error)) << error.toStdString();
    ASSERT_TRUE(chart.exportCsv(csv, &error)) << error.toStdString();

    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_GE(image.width(), 400);
    EXPECT_GE(image.height(), 300);

    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svgFile);
    bool sawSvg = false;
    int paths = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        sawSvg |= xml.name() == QLatin1String("svg");
        paths += xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline");
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_TRUE(sawSvg);
    EXPECT_GT(paths, 2);

    QFile csvFile(csv);
    ASSERT_TRUE(csvFile.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csvFile.readAll()).split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 1 + 2001 + 101);
    EXPECT_EQ(lines[0], "curve,label,x,y");
    const QStringList row = lines[1].split(',');
    EXPECT_EQ(row[0], "a");
    EXPECT_DOUBLE_EQ(row[2].toDouble(), -6);
    EXPECT_DOUBLE_EQ(row[3].toDouble(), std::sin(-6.0));
}

TEST_F(CurveChartTest, RenderImageHasTheRequestedSizeAndContent) {
    chart.setCurves({sine("a")});
    const QImage image = chart.renderImage(QSize(640, 400));
    ASSERT_EQ(image.size(), QSize(640, 400));
    int nonWhite = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            nonWhite += image.pixel(x, y) != qRgb(255, 255, 255);
    EXPECT_GT(nonWhite, 100);
    EXPECT_EQ(chart.xLow(), -6);  // the on-screen view is untouched
}

TEST_F(CurveChartTest, ExportToAnUnwritablePathReportsAnError) {
    chart.setCurves({sine("a")});
    QString error;
    EXPECT_FALSE(chart.exportPng("/nonexistent-dir/plot.png", &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(chart.exportSvg("/nonexistent-dir/plot.svg", &error));
    EXPECT_FALSE(chart.exportCsv("/nonexistent-dir/plot.csv", &error));
}

namespace {

// A parentless widget in a chart's scene that counts the font changes it is told of.
class FontChangeCounter : public QGraphicsWidget {
public:
    int changes = 0;

protected:
    bool event(QEvent* event) override {
        if (event->type() == QEvent::FontChange) ++changes;
        return QGraphicsWidget::event(event);
    }
};

}  // namespace

// A new application font (the UI scale) must not make a chart's scene resolve its items' fonts
// inside QApplication::setFont: Qt walks a copy of the item list there, and an item a relaid
// chart deletes on the way is then called (CI's ASan run crashed so). The texts still scale:
// each has its own font.
TEST_F(CurveChartTest, AUiScaleChangeLeavesTheSceneItemsAloneAndScalesTheTexts) {
    chart.setCurves({sine("a")});
    QGraphicsScene* scene = chart.findChild<QGraphicsView*>()->scene();
    auto* counter = new FontChangeCounter;
    scene->addItem(counter);
    QApplication::processEvents();  // the scene polishes its new widget
    const QFont sceneFont = scene->font();
    const double title = chart.titleFont().pointSizeF();
    counter->changes = 0;
    actlab::ui::setUiScale(1.5);
    EXPECT_EQ(counter->changes, 0);
    EXPECT_EQ(scene->font(), sceneFont);
    EXPECT_DOUBLE_EQ(chart.titleFont().pointSizeF(), 1.5 * title);
    actlab::ui::setUiScale(1.0);
    QApplication::processEvents();
    EXPECT_EQ(counter->changes, 0);
    EXPECT_DOUBLE_EQ(chart.titleFont().pointSizeF(), title);
    delete counter;
}

// Six long names on a narrow chart: Qt Charts gives a right-hand legend less room than its
// entries ask and used to place it partly past the chart's right edge, its texts cut there
// without "..." (the Explorer at 1024 × 768). The legend stays inside the chart; a chart whose
// owner names the curves elsewhere leaves the legend out while its entries would be cut, and
// shows it again when widened.
TEST_F(CurveChartTest, ACrowdedLegendStaysInsideTheChartOrIsLeftOutWhereOptional) {
    std::vector<CurveChart::Curve> curves;
    for (const char* name : {"ReLU", "Leaky ReLU", "GELU (tanh approx.)", "GELU (sigmoid approx.)",
                             "Hardsigmoid", "Mish"}) {
        CurveChart::Curve curve = sine(QString::fromLatin1(name), 201);
        curve.label = QString::fromLatin1(name);
        curves.push_back(curve);
    }
    chart.setCurves(curves);
    auto settle = [] {
        for (int i = 0; i < 5; ++i) QApplication::processEvents();
    };
    chart.resize(410, 500);
    settle();
    ASSERT_TRUE(chart.legendShown());
    for (const QString& text : chart.elidedTexts())
        EXPECT_FALSE(text.endsWith(QLatin1String("(past the edge)"))) << text.toStdString();

    chart.setLegendOptional(true);
    settle();
    EXPECT_FALSE(chart.legendShown()) << "its entries would be cut";
    EXPECT_TRUE(chart.elidedTexts().isEmpty()) << chart.elidedTexts().join(", ").toStdString();

    chart.resize(1000, 500);
    settle();
    EXPECT_TRUE(chart.legendShown()) << "room enough for the whole names";
    EXPECT_TRUE(chart.elidedTexts().isEmpty()) << chart.elidedTexts().join(", ").toStdString();
}

// Issue 29: a screen reader hears the chart's name ("Loss by step") and each curve's trend.
TEST_F(CurveChartTest, AScreenReaderHearsTheNameAndEachCurvesTrend) {
    chart.setTitle(QStringLiteral("Loss"));
    chart.setAxisTitles(QStringLiteral("step"), QString());
    CurveChart::Curve loss{
        QStringLiteral("loss"), QStringLiteral("train loss"), Qt::blue, Qt::SolidLine, {0, 60, 120},
        {2.1, 0.5, 0.012}};
    CurveChart::Curve flat{QStringLiteral("flat"),
                           QStringLiteral("floor"),
                           Qt::red,
                           Qt::SolidLine,
                           {0, 120},
                           {0.1, 0.1}};
    chart.setCurves({loss, flat});
    QGraphicsView* view = chart.findChild<QGraphicsView*>();
    EXPECT_EQ(view->accessibleName(), QStringLiteral("Loss by step"));
    EXPECT_EQ(view->accessibleDescription(),
              QStringLiteral("train loss falls from 2.1 to 0.012 as step goes from 0 to 120; "
                             "floor stays at 0.1 as step goes from 0 to 120"));
    chart.setTitle(QString());
    chart.setAxisTitles(QStringLiteral("x"), QStringLiteral("f(x)"));
    EXPECT_EQ(viewport()->accessibleName(), QStringLiteral("f(x) by x"));
}
