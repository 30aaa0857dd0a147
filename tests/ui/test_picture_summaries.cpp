// Summaries of pictures for a screen reader (issue 29): a neuron grid's accessible description
// states its dead count, a heatmap's the range of its values and its undefined cells.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ui/heatmap/heatmap_view.h"
#include "ui/training/neuron_grid_view.h"

using actlab::LayerDiagnostics;
using actlab::ModelDiagnostics;

namespace {

LayerDiagnostics layer(const char* name, int width, int dead) {
    LayerDiagnostics result;
    result.name = name;
    result.width = width;
    result.passShare.assign(size_t(width), 0.5f);
    result.activeShare.assign(size_t(width), 0.5f);
    result.dead.assign(size_t(width), 0);
    for (int u = 0; u < dead; ++u) {
        result.dead[size_t(u)] = 1;
        result.passShare[size_t(u)] = 0;
    }
    return result;
}

}  // namespace

TEST(AccessibleSummaries, ANeuronGridStatesItsDeadCount) {
    actlab::ui::NeuronGridView grid;
    ModelDiagnostics diagnostics;
    diagnostics.layers = {layer("hidden 1", 48, 30), layer("hidden 2", 48, 21)};
    grid.setDiagnostics(diagnostics);
    const QString description = grid.accessibleDescription();
    EXPECT_TRUE(description.startsWith("51 of 96 units dead (")) << description.toStdString();
    EXPECT_TRUE(description.contains(": 30 of 48")) << description.toStdString();
    EXPECT_TRUE(description.contains(grid.toolTip())) << "the tooltip still describes it";
    diagnostics.layers = {layer("hidden 1", 8, 0)};
    grid.setDiagnostics(diagnostics);
    EXPECT_TRUE(grid.accessibleDescription().startsWith("0 of 8 units dead."));
}

TEST(AccessibleSummaries, AHeatmapStatesItsRange) {
    actlab::ui::HeatmapView map;
    map.setAxisTitles("x", "v");
    map.setValueTitle("f");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    map.setData(2, 2, {-0.5f, 0.25f, nan, 2.0f}, -1, 1, 0, 3);
    const QString description = map.accessibleDescription();
    EXPECT_TRUE(description.startsWith(QString("f from %1").arg(QChar(0x2212)) +
                                       "0.5 to 2 as x goes from " + QChar(0x2212) +
                                       "1 to 1 and v from 0 to 3."))
        << description.toStdString();
    EXPECT_TRUE(description.contains("1 cell(s) undefined")) << description.toStdString();
}
