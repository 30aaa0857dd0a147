// Which HeatmapView renderer the Training view uses, chosen once at start: OpenGL textures where
// a hardware GL context exists, raster otherwise (no GL, the offscreen platform, or a software
// rasteriser such as llvmpipe, which composites the whole window ~3× slower than raster).
// ACTLAB_HEATMAP=opengl|raster overrides the choice.
#pragma once

#include <QString>

#include "ui/heatmap/heatmap_view.h"

namespace actlab::ui {

struct HeatmapRendererChoice {
    HeatmapView::Renderer renderer = HeatmapView::Renderer::Raster;
    QString reason;  // one line, e.g. "raster: software OpenGL (llvmpipe)"
};

HeatmapRendererChoice chooseHeatmapRenderer();
HeatmapView::Renderer preferredHeatmapRenderer();  // chooseHeatmapRenderer(), cached

}  // namespace actlab::ui
