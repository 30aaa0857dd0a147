// GatedSurfacePanel: sampled values (ReGLU zero for x < 0, extremes), readout, validation,
// slice and state round trip.
#include "ui/panels/gated_surface_panel.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QDoubleSpinBox>
#include <QMouseEvent>
#include <cmath>

#include "backends/backend_factory.h"
#include "ui/charts/curve_chart.h"
#include "ui/heatmap/heatmap_view.h"

using actlab::ActivationId;
using actlab::ui::GatedSurfacePanel;

namespace {

actlab::Backend& cpuBackend() {
    static const auto selection = actlab::createBackend(actlab::BackendChoice::Cpu);
    return *selection.backend;
}

double sampleX(const actlab::SurfaceSamples& s, int column) {
    return s.xLow + (s.xHigh - s.xLow) * column / (s.nx - 1);
}

}  // namespace

TEST(GatedSurfacePanel, ReGluIsZeroForNegativeXAndHasTheRightExtremes) {
    GatedSurfacePanel panel(cpuBackend());
    panel.setUnit(ActivationId::Reglu);
    panel.setWindows(-3, 3, -2, 2);
    panel.setResolution(61);
    panel.recompute();
    const actlab::SurfaceSamples& s = panel.surface();
    ASSERT_EQ(s.nx, 61);
    ASSERT_EQ(s.nv, 61);
    for (int row = 0; row < s.nv; ++row) {
        for (int column = 0; column < s.nx; ++column) {
            if (sampleX(s, column) >= 0) continue;
            EXPECT_EQ(s.values[size_t(row) * s.nx + column], 0.0f) << row << ", " << column;
        }
    }
    EXPECT_NEAR(s.minimum, -6.0, 1e-6);  // x = 3, v = −2
    EXPECT_NEAR(s.maximum, 6.0, 1e-6);   // x = 3, v = 2
    EXPECT_DOUBLE_EQ(panel.heatmap()->dataMinimum(), s.minimum);
    EXPECT_DOUBLE_EQ(panel.heatmap()->dataMaximum(), s.maximum);
    EXPECT_EQ(panel.heatmap()->nanCount(), 0);
}

TEST(GatedSurfacePanel, ReadoutShowsXVAndYUnderThePointer) {
    GatedSurfacePanel panel(cpuBackend());
    panel.resize(1100, 750);
    panel.setUnit(ActivationId::Reglu);
    panel.setWindows(-3, 3, -2, 2);
    panel.setResolution(61);
    panel.recompute();
    actlab::ui::HeatmapView* view = panel.heatmap();
    const QPointF topRight = view->plotRect().topRight() + QPointF(-1, 1);  // x = 3, v = 2
    QMouseEvent move(QEvent::MouseMove, topRight, view->mapToGlobal(topRight), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view, &move);
    EXPECT_TRUE(panel.readoutText().contains(QStringLiteral("x = 3")))
        << panel.readoutText().toStdString();
    EXPECT_TRUE(panel.readoutText().contains(QStringLiteral("v = 2")));
    EXPECT_TRUE(panel.readoutText().contains(QStringLiteral("y = 6")));
}

TEST(GatedSurfacePanel, RejectsAnEmptyWindowAndKeepsTheLastSurface) {
    GatedSurfacePanel panel(cpuBackend());
    panel.setResolution(32);
    panel.recompute();
    const std::vector<float> before = panel.surface().values;
    panel.setWindows(2, -2, -1, 1);
    panel.recompute();
    EXPECT_FALSE(panel.errorText().isEmpty());
    EXPECT_EQ(panel.surface().values, before);
    panel.setWindows(-2, 2, -1, 1);
    panel.recompute();
    EXPECT_TRUE(panel.errorText().isEmpty());
}

TEST(GatedSurfacePanel, SliceIsTheSampledRowNearestToV) {
    GatedSurfacePanel panel(cpuBackend());
    panel.setUnit(ActivationId::Reglu);
    panel.setWindows(-3, 3, -2, 2);
    panel.setResolution(41);  // v step 0.1
    panel.recompute();
    panel.setSliceValue(1.0);
    const QList<QPointF> points = panel.sliceChart()->curvePoints(QStringLiteral("slice"));
    ASSERT_EQ(points.size(), 41);
    EXPECT_NEAR(points.last().x(), 3.0, 1e-9);
    EXPECT_NEAR(points.last().y(), 3.0, 1e-5);  // max(0, 3)·1
    EXPECT_NEAR(points.first().y(), 0.0, 1e-9);
}

// Issue 7: the box showed v = 5.00 while the slice (nearest sampled row) was taken at v = 2.
TEST(GatedSurfacePanel, TheSliceBoxNeverShowsAVOutsideTheWindow) {
    GatedSurfacePanel panel(cpuBackend());
    panel.setUnit(ActivationId::Swiglu);
    panel.setWindows(-3, 3, -2, 2);
    panel.recompute();
    panel.setSliceValue(5.0);
    auto* box = panel.findChild<QDoubleSpinBox*>("sliceV");
    ASSERT_TRUE(box);
    EXPECT_DOUBLE_EQ(box->value(), 2.0);
    EXPECT_TRUE(panel.sliceChart()->title().contains("v = 2"))
        << panel.sliceChart()->title().toStdString();
    panel.setWindows(-3, 3, -2, 6);  // a wider window lets the box reach further
    panel.recompute();
    panel.setSliceValue(5.0);
    EXPECT_DOUBLE_EQ(box->value(), 5.0);
}

TEST(GatedSurfacePanel, StateRoundTrips) {
    GatedSurfacePanel panel(cpuBackend());
    panel.setUnit(ActivationId::Geglu);
    panel.setWindows(-5, 1.5, -1, 3);
    panel.setResolution(50);
    panel.setSliceValue(0.5);
    panel.setColorMap(actlab::ui::ColorMap::Sequential);
    EXPECT_EQ(panel.heatmap()->colorMap(), actlab::ui::ColorMap::Sequential);
    panel.recompute();
    const QJsonObject state = panel.saveState();

    GatedSurfacePanel restored(cpuBackend());
    restored.restoreState(state);
    EXPECT_EQ(restored.saveState(), state);
    EXPECT_EQ(restored.unit().id, ActivationId::Geglu);
    EXPECT_EQ(restored.surface().values, panel.surface().values);
    EXPECT_EQ(restored.heatmap()->colorMap(), actlab::ui::ColorMap::Sequential);
}

TEST(GatedSurfacePanel, ExportsAnImage) {
    GatedSurfacePanel panel(cpuBackend());
    panel.resize(1000, 700);
    const QImage image = panel.renderImage();
    EXPECT_EQ(image.size(), QSize(1000, 700));
    EXPECT_FALSE(panel.heatmap()->renderImage(QSize(640, 480)).isNull());
}
