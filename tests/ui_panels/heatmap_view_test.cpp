// HeatmapView: cached image, colour bar, orientation, NaN cells, probe, state and renderers.
#include "ui/heatmap/heatmap_view.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QSignalSpy>
#include <cmath>
#include <limits>

#include "ui/heatmap/axis_ticks.h"
#include "ui/heatmap/color_maps.h"

using actlab::ui::ColorMap;
using actlab::ui::HeatmapView;

namespace {

// nx × nv ramp: value = column + scale·row.
std::vector<float> ramp(int nx, int nv, float scale) {
    std::vector<float> values(size_t(nx) * nv);
    for (int row = 0; row < nv; ++row)
        for (int column = 0; column < nx; ++column)
            values[size_t(row) * nx + column] = float(column) - nx / 2.0f + scale * row;
    return values;
}

QPoint cellCentre(const HeatmapView& view, int column, int row) {
    const QRect plot = view.plotRect();
    const double w = double(plot.width()) / view.columns();
    const double h = double(plot.height()) / view.rows();
    return {plot.left() + int((column + 0.5) * w),
            plot.top() + int((view.rows() - 1 - row + 0.5) * h)};
}

}  // namespace

TEST(ColorMaps, DivergingIsWhiteAtZeroAndBlueToRed) {
    EXPECT_EQ(actlab::ui::colorAt(ColorMap::Diverging, 0.5), qRgb(255, 255, 255));
    const QColor low = QColor::fromRgb(actlab::ui::colorAt(ColorMap::Diverging, 0.0));
    const QColor high = QColor::fromRgb(actlab::ui::colorAt(ColorMap::Diverging, 1.0));
    EXPECT_GT(low.blue(), low.red());
    EXPECT_GT(high.red(), high.blue());
    EXPECT_EQ(actlab::ui::colorAt(ColorMap::Sequential, 0.0), qRgb(68, 1, 84));  // viridis
    EXPECT_EQ(actlab::ui::colorAt(ColorMap::Sequential, 1.0), qRgb(253, 231, 37));
}

TEST(AxisTicks, NiceStepsInsideTheRange) {
    const auto ticks = actlab::ui::niceTicks(-3, 3, 6);
    ASSERT_EQ(ticks.size(), 7u);
    EXPECT_DOUBLE_EQ(ticks.front(), -3);
    EXPECT_DOUBLE_EQ(ticks[3], 0);
    EXPECT_TRUE(actlab::ui::niceTicks(1, 1, 5).empty());
    // A short axis still gets a scale: two ticks asked over −6…6 would give 0 alone.
    EXPECT_EQ(actlab::ui::niceTicks(-6, 6, 2), (std::vector<double>{-5, 0, 5}));
    EXPECT_EQ(actlab::ui::niceTicks(0, 1, 2), (std::vector<double>{0, 0.5, 1}));
    // Unless the finer labels would not fit: a 30-pixel axis keeps its one label.
    EXPECT_EQ(actlab::ui::niceTicks(-6, 6, 2, 30, 20), (std::vector<double>{0}));
    EXPECT_EQ(actlab::ui::niceTicks(-6, 6, 2, 60, 20), (std::vector<double>{-5, 0, 5}));
}

TEST(HeatmapView, ImageChangesWithDataAndHasAColourBar) {
    HeatmapView view;
    view.resize(480, 320);
    view.setData(40, 30, ramp(40, 30, 1.0f), -4, 4, -2, 2);
    const QImage first = view.renderImage(QSize(480, 320));
    view.setData(40, 30, ramp(40, 30, -1.0f), -4, 4, -2, 2);
    const QImage second = view.renderImage(QSize(480, 320));
    EXPECT_NE(first, second);

    // Colour bar: dark red at the top, white in the middle, dark blue at the bottom.
    const QRect bar = view.colorBarRect();
    ASSERT_TRUE(QRect(0, 0, 480, 320).contains(bar));
    const QColor top = second.pixelColor(bar.center().x(), bar.top() + 1);
    const QColor middle = second.pixelColor(bar.center().x(), bar.center().y());
    const QColor bottom = second.pixelColor(bar.center().x(), bar.bottom() - 1);
    EXPECT_GT(top.red(), top.blue() + 50);
    EXPECT_GT(middle.lightness(), 240);
    EXPECT_GT(bottom.blue(), bottom.red() + 50);
}

TEST(HeatmapView, RowZeroIsDrawnAtTheBottom) {
    HeatmapView view;
    view.resize(400, 300);
    view.setData(2, 2, {-1.f, -1.f, 1.f, 1.f}, 0, 1, 0, 1);  // row 0 negative, row 1 positive
    const QImage image = view.renderImage(view.size());
    const QColor bottom = image.pixelColor(cellCentre(view, 0, 0));
    const QColor top = image.pixelColor(cellCentre(view, 0, 1));
    EXPECT_GT(bottom.blue(), bottom.red());
    EXPECT_GT(top.red(), top.blue());
}

// A cell's strength blends its colour towards white: 1 the map's colour, 0 white, ½ half-way
// (three classes: the predicted class paled by the model's doubt).
TEST(HeatmapView, CellStrengthPalesTheColourTowardsWhite) {
    HeatmapView view;
    view.resize(400, 300);
    view.setColorMap(ColorMap::Sequential);
    view.setFixedScale(std::pair{0.0, 2.0});
    view.setData(3, 1, {0.f, 0.f, 0.f}, 0, 1, 0, 1, {1.f, 0.5f, 0.f});
    const QImage image = view.renderImage(view.size());
    const QColor full = QColor::fromRgb(colorAt(ColorMap::Sequential, 0.0));
    const QColor strong = image.pixelColor(cellCentre(view, 0, 0));
    const QColor half = image.pixelColor(cellCentre(view, 1, 0));
    const QColor none = image.pixelColor(cellCentre(view, 2, 0));
    EXPECT_EQ(strong, full);
    EXPECT_EQ(none, QColor(Qt::white));
    EXPECT_NEAR(half.red(), (255 + full.red()) / 2.0, 1.0);
    EXPECT_NEAR(half.blue(), (255 + full.blue()) / 2.0, 1.0);
    view.setData(3, 1, {0.f, 0.f, 0.f}, 0, 1, 0, 1);  // no strengths: full colour again
    EXPECT_EQ(view.renderImage(view.size()).pixelColor(cellCentre(view, 2, 0)), full);
}

TEST(HeatmapView, ScaleIsSymmetricWhenDivergingAndTheDataRangeWhenSequential) {
    HeatmapView view;
    view.setData(2, 1, {-1.f, 3.f}, 0, 1, 0, 1);
    EXPECT_DOUBLE_EQ(view.dataMinimum(), -1);
    EXPECT_DOUBLE_EQ(view.dataMaximum(), 3);
    EXPECT_DOUBLE_EQ(view.scaleLow(), -3);
    EXPECT_DOUBLE_EQ(view.scaleHigh(), 3);
    view.setColorMap(ColorMap::Sequential);
    EXPECT_DOUBLE_EQ(view.scaleLow(), -1);
    EXPECT_DOUBLE_EQ(view.scaleHigh(), 3);
}

TEST(HeatmapView, CachedImageIsRebuiltOnlyWhenDataOrSizeChanges) {
    HeatmapView view;
    view.resize(400, 300);
    view.setData(20, 20, ramp(20, 20, 1.0f), -1, 1, -1, 1);
    view.grab();  // paints, building the scaled image
    const int built = view.imageBuildCount();
    view.grab();
    view.grab();
    EXPECT_EQ(view.imageBuildCount(), built);
    view.resize(500, 320);
    view.grab();
    EXPECT_GT(view.imageBuildCount(), built);
    const int afterResize = view.imageBuildCount();
    view.setData(20, 20, ramp(20, 20, 2.0f), -1, 1, -1, 1);
    EXPECT_GT(view.imageBuildCount(), afterResize);
}

TEST(HeatmapView, NanCellsAreCountedAndGrey) {
    HeatmapView view;
    view.resize(400, 300);
    std::vector<float> values = ramp(8, 6, 1.0f);
    values[size_t(2) * 8 + 3] = std::numeric_limits<float>::quiet_NaN();
    view.setData(8, 6, values, 0, 7, 0, 5);
    EXPECT_EQ(view.nanCount(), 1);
    EXPECT_TRUE(std::isfinite(view.dataMinimum()));
    const QImage image = view.renderImage(view.size());
    EXPECT_EQ(image.pixel(cellCentre(view, 3, 2)), actlab::ui::kNanColor);
    EXPECT_TRUE(std::isnan(view.valueAt(3, 2)));

    view.setData(2, 1, {std::nanf(""), std::nanf("")}, 0, 1, 0, 1);  // nothing finite at all
    EXPECT_EQ(view.nanCount(), 2);
    EXPECT_FALSE(view.renderImage(view.size()).isNull());
}

TEST(HeatmapView, ProbeAndCursorSignalReportTheSampleUnderThePointer) {
    HeatmapView view;
    view.resize(400, 300);
    view.setData(5, 3, ramp(5, 3, 10.0f), -2, 2, 0, 1);  // x: -2..2 step 1; v: 0, 0.5, 1
    const auto hit = view.probe(cellCentre(view, 4, 1));
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->column, 4);
    EXPECT_EQ(hit->row, 1);
    EXPECT_DOUBLE_EQ(hit->x, 2.0);
    EXPECT_DOUBLE_EQ(hit->v, 0.5);
    EXPECT_FLOAT_EQ(hit->value, view.valueAt(4, 1));
    EXPECT_FALSE(view.probe(QPointF(1, 1)).has_value());

    QSignalSpy spy(&view, &HeatmapView::cursorMoved);
    const QPointF at = cellCentre(view, 0, 2);
    QMouseEvent move(QEvent::MouseMove, at, view.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_DOUBLE_EQ(spy.at(0).at(0).toDouble(), -2.0);
    EXPECT_DOUBLE_EQ(spy.at(0).at(1).toDouble(), 1.0);
    EXPECT_DOUBLE_EQ(spy.at(0).at(2).toDouble(), view.valueAt(0, 2));
}

TEST(HeatmapView, StateRoundTrips) {
    HeatmapView view;
    view.setColorMap(ColorMap::Sequential);
    HeatmapView other;
    other.restoreState(view.saveState());
    EXPECT_EQ(other.colorMap(), ColorMap::Sequential);
    EXPECT_EQ(other.saveState(), view.saveState());
}

TEST(HeatmapView, RasterIsTheDefaultAndOpenGlFallsBackOffscreen) {
    HeatmapView view;
    EXPECT_EQ(view.renderer(), HeatmapView::Renderer::Raster);
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        EXPECT_FALSE(HeatmapView::openGlAvailable());
        EXPECT_EQ(view.setRenderer(HeatmapView::Renderer::OpenGl), HeatmapView::Renderer::Raster);
    }
}

// Run under xvfb-run only (CTest: HeatmapOpenGl.UnderXvfb, which sets ACTLAB_REQUIRE_OPENGL):
// there a missing GL path is a failure.
TEST(HeatmapOpenGl, TexturePathShowsTheSameColoursAsRaster) {
    ASSERT_TRUE(HeatmapView::openGlAvailable())
        << "no OpenGL on platform " << QGuiApplication::platformName().toStdString();
    HeatmapView view;
    view.resize(400, 300);
    view.setData(2, 2, {-1.f, -1.f, 1.f, 1.f}, 0, 1, 0, 1);
    view.show();
    ASSERT_EQ(view.setRenderer(HeatmapView::Renderer::OpenGl), HeatmapView::Renderer::OpenGl);
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    const QImage gl = view.grab().toImage();
    const QImage raster = view.renderImage(view.size());
    for (int row : {0, 1}) {
        const QPoint at = cellCentre(view, 1, row);
        EXPECT_EQ(QColor(gl.pixel(at)), QColor(raster.pixel(at))) << "row " << row;
    }
    EXPECT_EQ(view.setRenderer(HeatmapView::Renderer::Raster), HeatmapView::Renderer::Raster);
}

// Under Xvfb too: the keyboard cursor (issue 29) is drawn over the OpenGL canvas, not under it.
TEST(HeatmapOpenGl, TheKeyboardCursorIsDrawnOverTheCanvas) {
    ASSERT_TRUE(HeatmapView::openGlAvailable());
    HeatmapView view;
    view.resize(400, 300);
    view.setData(3, 3, {-1.f, -1.f, -1.f, 1.f, 1.f, 1.f, 0.5f, 0.5f, 0.5f}, 0, 1, 0, 1);
    view.show();
    ASSERT_EQ(view.setRenderer(HeatmapView::Renderer::OpenGl), HeatmapView::Renderer::OpenGl);
    view.activateWindow();
    view.setFocus();
    for (int i = 0; i < 5 && !view.hasFocus(); ++i) QApplication::processEvents();
    ASSERT_TRUE(view.hasFocus());
    QKeyEvent right(QEvent::KeyPress, Qt::Key_Right, Qt::NoModifier);
    QApplication::sendEvent(&view, &right);  // shows the cursor on the middle cell
    ASSERT_EQ(view.cursorCell(), QPoint(1, 1));
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    const QRectF cell = view.cellRectAt(1, 1);
    const QImage image = view.grab().toImage();
    EXPECT_EQ(image.pixelColor(int(cell.left()) - 1, int(cell.center().y())), QColor(Qt::black));
    EXPECT_EQ(view.setRenderer(HeatmapView::Renderer::Raster), HeatmapView::Renderer::Raster);
}
