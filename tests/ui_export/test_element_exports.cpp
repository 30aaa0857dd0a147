// Each exportable element (issue 9, "Export of every panel"): its PNG at 2× its on-screen size,
// its SVG parses with shapes and text, its CSV has the header and exactly the values it was
// given (written out here by hand, not by the element), and its right-click menu is attached.
#include <gtest/gtest.h>

#include <QApplication>
#include <QGraphicsView>
#include <QMenu>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <memory>

#include "export_test_support.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/panel_export.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/fit_plot_view.h"
#include "ui/training/neuron_grid_view.h"

using namespace actlab;
using namespace actlab::ui;
using actlab::test::csvLines;
using actlab::test::readSvg;

namespace {

// Writes the three files of `element` and checks the pictures; returns the CSV's lines.
QStringList exportAll(const PanelExportable& element, const QSize& logicalSize, int minTexts = 1) {
    QTemporaryDir dir;
    QString error;
    EXPECT_TRUE(PanelExport::writePng(element, dir.filePath("e.png"), &error))
        << error.toStdString();
    EXPECT_EQ(QImage(dir.filePath("e.png")).size(), logicalSize * 2);
    EXPECT_TRUE(PanelExport::writeSvg(element, dir.filePath("e.svg"), &error))
        << error.toStdString();
    const auto svg = readSvg(dir.filePath("e.svg"));
    EXPECT_TRUE(svg.valid);
    EXPECT_EQ(svg.viewBox.size(), QSizeF(logicalSize));
    EXPECT_GT(svg.shapes, 2);
    EXPECT_GE(svg.texts, minTexts);
    EXPECT_TRUE(PanelExport::writeCsv(element, dir.filePath("e.csv"), &error))
        << error.toStdString();
    const QString stem = element.exportTitle().replace(' ', '-');
    for (const char* suffix : {".png", ".svg", ".csv"})
        actlab::test::keepForLooking(dir.filePath(QStringLiteral("e") + suffix), stem + suffix);
    return csvLines(dir.filePath("e.csv"));
}

void sendMouse(QWidget* widget, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
    QMouseEvent event(type, at, widget->mapToGlobal(at), Qt::RightButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

QMenu* openPopup() {
    QApplication::processEvents();
    return qobject_cast<QMenu*>(QApplication::activePopupWidget());
}

}  // namespace

TEST(ElementExports, CurveChartWritesItsCurvesAndOpensTheMenuOnAPlainRightClick) {
    CurveChart chart;
    chart.resize(640, 400);
    chart.show();
    CurveChart::Curve a{"a", "Alpha", Qt::red, Qt::SolidLine, {0, 0.5, 1}, {1, 0.25, -2}};
    CurveChart::Curve b{"b", "Beta, two", Qt::blue, Qt::SolidLine, {2}, {1e-7}};
    chart.setCurves({a, b});
    chart.setTitle("Loss");
    EXPECT_EQ(PanelExport::attachedElement(&chart), &chart);
    EXPECT_EQ(exportAll(chart, QSize(640, 400)),
              (QStringList{"curve,label,x,y", "a,Alpha,0,1", "a,Alpha,0.5,0.25", "a,Alpha,1,-2",
                           "b,\"Beta, two\",2,1e-07"}));
    // Exported right after setTitle() (no event loop pass): the title and legend are laid out.
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(chart.exportSvg(dir.filePath("chart.svg"), &error));
    const QString texts = readSvg(dir.filePath("chart.svg")).textContent.join('|');
    EXPECT_TRUE(texts.contains("Loss") && texts.contains("Alpha")) << texts.toStdString();

    QWidget* viewport = chart.findChild<QGraphicsView*>()->viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, {300, 200}, Qt::RightButton);
    sendMouse(viewport, QEvent::MouseButtonRelease, {301, 200}, Qt::NoButton);
    QMenu* menu = openPopup();
    ASSERT_NE(menu, nullptr) << "a right click opens the export menu";
    // Five export actions, a separator and the audio trace (issue 29).
    ASSERT_EQ(menu->actions().size(), 7);
    EXPECT_EQ(menu->actions().last()->text(), QStringLiteral("Play curve as sound"));
    menu->close();
    QApplication::processEvents();
    // A right drag pans the view and opens nothing.
    const double low = chart.xLow();
    sendMouse(viewport, QEvent::MouseButtonPress, {300, 200}, Qt::RightButton);
    sendMouse(viewport, QEvent::MouseMove, {360, 200}, Qt::RightButton);
    sendMouse(viewport, QEvent::MouseButtonRelease, {360, 200}, Qt::NoButton);
    EXPECT_EQ(openPopup(), nullptr);
    EXPECT_NE(chart.xLow(), low);
}

TEST(ElementExports, AnEmptyChartSaysThereIsNothingToExport) {
    CurveChart chart;
    QString error;
    QTemporaryDir dir;
    EXPECT_FALSE(chart.exportCsv(dir.filePath("e.csv"), &error));
    EXPECT_TRUE(error.startsWith("Nothing to export yet")) << error.toStdString();
}

TEST(ElementExports, HeatmapWritesItsGridWithTheAxisValues) {
    HeatmapView view;
    view.resize(480, 360);
    view.show();
    view.setAxisTitles("a", "b");
    view.setValueTitle("c");
    view.setData(3, 2, {0, 1, 2, NAN, 4.5f, -1}, -1, 1, 0, 10);
    EXPECT_EQ(PanelExport::attachedElement(&view), &view);
    EXPECT_EQ(exportAll(view, QSize(480, 360)),
              (QStringList{"column,row,x (a),v (b),value (c)", "0,0,-1,0,0", "1,0,0,0,1",
                           "2,0,1,0,2", "0,1,-1,10,nan", "1,1,0,10,4.5", "2,1,1,10,-1"}));
    view.clear();
    EXPECT_FALSE(view.hasExportData());
}

TEST(ElementExports, HeatmapPngShowsTheCellsSharplyAtTheUiScale) {
    HeatmapView view;
    view.resize(400, 300);
    view.show();
    view.setColorMap(ColorMap::Sequential);
    view.setData(2, 1, {0, 1}, 0, 1, 0, 0);
    actlab::test::ScopedUiScale presentation(1.5);
    const QImage image = PanelExport::renderImage(view);
    ASSERT_EQ(image.size(), QSize(1200, 900));
    const QRect plot = view.plotRectFor(view.exportSize());
    const QPoint left(int((plot.left() + plot.width() / 4) * 3), int(plot.center().y() * 3));
    const QPoint right(int((plot.left() + 3 * plot.width() / 4) * 3), left.y());
    EXPECT_EQ(image.pixel(left), colorAt(ColorMap::Sequential, 0.0));
    EXPECT_EQ(image.pixel(right), colorAt(ColorMap::Sequential, 1.0));
}

TEST(ElementExports, NeuronGridWritesEachNeuronsLayerIndexAndShares) {
    ModelDiagnostics diagnostics;
    LayerDiagnostics first;
    first.name = "hidden 1";
    first.width = 3;
    first.passShare = {1, 0, 0.25f};
    first.activeShare = {0.5f, 0, 0.75f};
    first.dead = {0, 1, 0};
    LayerDiagnostics second;
    second.name = "hidden 2";
    second.width = 2;
    second.passShare = {0.125f, 1};
    second.activeShare = {0.5f, 1};
    second.dead = {0, 0};
    diagnostics.layers = {first, second};
    NeuronGridView grid;
    grid.resize(500, 300);
    grid.show();
    grid.setDiagnostics(diagnostics);
    EXPECT_EQ(PanelExport::attachedElement(&grid), &grid);
    EXPECT_EQ(exportAll(grid, QSize(500, 300), 2),
              (QStringList{"layer,layer_name,neuron,dead,passes_gradient_share,active_share",
                           "0,hidden 1,0,0,1,0.5", "0,hidden 1,1,1,0,0", "0,hidden 1,2,0,0.25,0.75",
                           "1,hidden 2,0,0,0.125,0.5", "1,hidden 2,1,0,1,1"}));
    // The dead neuron's cell is dark in the PNG (2 pixels per logical pixel), off its red cross.
    const QImage image = PanelExport::renderImage(grid);
    const QRect cell = grid.cellRect({0, 1});
    const QPointF belowCentre(cell.center().x(), cell.center().y() + 0.35 * cell.height());
    EXPECT_EQ(image.pixelColor((belowCentre * 2).toPoint()), NeuronGridView::deadColor());
    // Hidden (no size on screen), it is laid out anew at the default export size.
    NeuronGridView hidden;
    hidden.setDiagnostics(diagnostics);
    EXPECT_EQ(hidden.exportSize().width(), 480);
    EXPECT_FALSE(PanelExport::renderImage(hidden).isNull());
}

TEST(ElementExports, DecisionSurfaceWritesItsGridAndPointsAndOwnsTheHeatmapMenu) {
    TrainingSnapshot snapshot;
    snapshot.probes.surface = {2, {0.1f, 0.9f, 0.25f, 0.75f}, {}};
    snapshot.surfaceLow = -6;
    snapshot.surfaceHigh = 6;
    auto data = std::make_shared<TrainingData>();
    data->train = LabelledPoints{2, {-3, -3, 3, 3}, {0, 1}};
    data->test = LabelledPoints{2, {0, 4}, {1}};
    DecisionSurfaceView view;
    view.resize(500, 420);
    view.show();
    view.setPoints(data);
    view.setSnapshot(snapshot, 2);
    EXPECT_EQ(PanelExport::attachedElement(view.heatmap()), &view);
    EXPECT_EQ(exportAll(view, QSize(500, 420)),
              (QStringList{"kind,x1,x2,value (P(class 1)),strength,class", "surface,-6,-6,0.1,,",
                           "surface,6,-6,0.9,,", "surface,-6,6,0.25,,", "surface,6,6,0.75,,",
                           "train,-3,-3,,,0", "train,3,3,,,1", "test,0,4,,,1"}));
    // The points are in the picture, over the surface.
    const QImage image = PanelExport::renderImage(view);
    const QPoint atPoint = (view.positionOf(3, 3) * 2).toPoint();
    EXPECT_EQ(image.pixelColor(atPoint), DecisionSurfaceView::classColor(1, 2));
}

// Qt 6.4's SVG generator ignores the painter's clip: a point past the plane's edge, drawn over
// the axis there in an SVG, must be cut at the plane as in the PNG (and on screen), and one on
// the edge keeps its inner half. The user's points are the only gold in the picture.
TEST(ElementExports, DecisionSurfacePointsPastThePlaneAreCutInTheSvgAsInThePng) {
    TrainingSnapshot snapshot;
    snapshot.probes.surface = {2, {0.1f, 0.9f, 0.25f, 0.75f}, {}};
    snapshot.surfaceLow = -6;
    snapshot.surfaceHigh = 6;
    DecisionSurfaceView view;
    view.resize(500, 420);
    view.show();
    view.setSnapshot(snapshot, 2);
    // The 2 × 2 grid's cells are centred on ±6: the plane spans −12…12.
    view.setExtraPoints(LabelledPoints{2, {-14, 0, 12, 0, 0, 0}, {0, 1, 0}}, 2);
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("plane.png"), svg = dir.filePath("plane.svg");
    ASSERT_TRUE(PanelExport::writePng(view, png, &error)) << error.toStdString();
    ASSERT_TRUE(PanelExport::writeSvg(view, svg, &error)) << error.toStdString();
    const QImage pngImage(png), svgImage(svg);  // the SVG through Qt's image plugin
    ASSERT_FALSE(svgImage.isNull()) << "the qsvg image plugin cannot read " << svg.toStdString();
    // Gold pixels inside and outside the plane, `scale` image pixels per logical pixel.
    const auto gold = [&](const QImage& image, double scale) {
        const QRectF plane = QRectF(view.heatmap()->plotRectFor(view.exportSize()));
        std::pair<int, int> inOut{0, 0};
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (c.red() < 220 || c.green() < 170 || c.green() > 230 || c.blue() > 60) continue;
                const QPointF at((x + 0.5) / scale, (y + 0.5) / scale);
                (plane.adjusted(-0.5, -0.5, 0.5, 0.5).contains(at) ? inOut.first : inOut.second)++;
            }
        return inOut;
    };
    // Image pixels per logical pixel: 2 in the PNG; the SVG's as the plugin renders its size.
    const double pngScale = pngImage.width() / double(view.exportSize().width());
    const double svgScale = svgImage.width() / double(view.exportSize().width());
    const auto [pngIn, pngOut] = gold(pngImage, pngScale);
    const auto [svgIn, svgOut] = gold(svgImage, svgScale);
    EXPECT_GT(pngIn, 0);
    EXPECT_EQ(pngOut, 0);
    EXPECT_GT(svgIn, 0);
    EXPECT_EQ(svgOut, 0) << "gold past the plane in the SVG (" << svgIn << " inside)";
    // The dot on the right edge keeps its inner half in the SVG: gold just inside the edge.
    const QRect plane = view.heatmap()->plotRectFor(view.exportSize());
    const QPointF edge(plane.right() - 1.0, plane.center().y());
    int near = 0;
    for (int dy = -8; dy <= 8; ++dy) {
        const QColor c =
            svgImage.pixelColor((QPointF(edge.x(), edge.y() + dy) * svgScale).toPoint());
        near += c.red() >= 220 && c.green() >= 170 && c.green() <= 230 && c.blue() <= 60;
    }
    EXPECT_GT(near, 0) << "the edge dot's inner half is missing from the SVG";
}

TEST(ElementExports, FitPlotWritesItsPointsAndTheFittedCurve) {
    auto data = std::make_shared<TrainingData>();
    data->kind = TaskKind::Regression;
    data->rawDimension = 1;
    data->train = LabelledPoints{1, {-1, 2}, {0.5, -0.25}};
    data->test = LabelledPoints{1, {3}, {0.125}};
    FitPlotView view;
    view.resize(600, 400);
    view.show();
    EXPECT_FALSE(view.hasExportData());
    view.setPoints(data);
    view.setCurve(FittedCurve{{-6, 6}, {0.5f, -0.5f}});
    EXPECT_EQ(PanelExport::attachedElement(&view), &view);
    EXPECT_EQ(exportAll(view, QSize(600, 400)),
              (QStringList{"kind,x,y", "train,-1,0.5", "train,2,-0.25", "test,3,0.125",
                           "fit,-6,0.5", "fit,6,-0.5"}));
}

TEST(ElementExports, AttentionMapsWriteEveryWeightAndDrawCellsAsVectorRectangles) {
    AttentionGridView grid;
    grid.resize(640, 480);
    grid.show();
    grid.setMaps(1, 2, 2, {0.75f, 0.25f, 0.5f, 0.5f, 1, 0, 0.125f, 0.875f}, {"a", "b,c"});
    EXPECT_EQ(PanelExport::attachedElement(&grid), &grid);
    const QStringList expected{"layer,head,query,query_token,key,key_token,weight",
                               "0,0,0,\"a\",0,\"a\",0.75",
                               "0,0,0,\"a\",1,\"b,c\",0.25",
                               "0,0,1,\"b,c\",0,\"a\",0.5",
                               "0,0,1,\"b,c\",1,\"b,c\",0.5",
                               "0,1,0,\"a\",0,\"a\",1",
                               "0,1,0,\"a\",1,\"b,c\",0",
                               "0,1,1,\"b,c\",0,\"a\",0.125",
                               "0,1,1,\"b,c\",1,\"b,c\",0.875"};
    EXPECT_EQ(exportAll(grid, QSize(640, 480), 3), expected);
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(grid.exportSvg(dir.filePath("maps.svg"), &error));
    EXPECT_GE(readSvg(dir.filePath("maps.svg")).shapes, 8);  // a rectangle per weight at least
    // The enlarged head exports as shown; its CSV is still every map.
    const QImage gridImage = PanelExport::renderImage(grid);
    grid.enlarge(0, 1);
    EXPECT_NE(PanelExport::renderImage(grid), gridImage);
    EXPECT_EQ(grid.csvText().split('\n', Qt::SkipEmptyParts), expected);
}
