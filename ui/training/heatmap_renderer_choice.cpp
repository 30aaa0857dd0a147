// The renderer choice: environment override, the platform's GL support, the GL renderer's name.
#include "ui/training/heatmap_renderer_choice.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>

namespace actlab::ui {
namespace {

// The GL_RENDERER string of a fresh context, "" when none can be made current.
QString openGlRendererName() {
    QOpenGLContext context;
    if (!context.create()) return {};
    QOffscreenSurface surface;
    surface.setFormat(context.format());
    surface.create();
    if (!surface.isValid() || !context.makeCurrent(&surface)) return {};
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString result = name ? QString::fromLatin1(name) : QString();
    context.doneCurrent();
    return result;
}

}  // namespace

HeatmapRendererChoice chooseHeatmapRenderer() {
    using R = HeatmapView::Renderer;
    const QByteArray forced = qgetenv("ACTLAB_HEATMAP").toLower();
    if (forced == "raster") return {R::Raster, QStringLiteral("raster: ACTLAB_HEATMAP=raster")};
    if (!HeatmapView::openGlAvailable())
        return {R::Raster, QStringLiteral("raster: no OpenGL for widgets on this platform")};
    if (forced == "opengl") return {R::OpenGl, QStringLiteral("OpenGL: ACTLAB_HEATMAP=opengl")};
    const QString name = openGlRendererName();
    if (name.isEmpty()) return {R::Raster, QStringLiteral("raster: no current OpenGL context")};
    for (const char* software : {"llvmpipe", "softpipe", "swrast", "software"})
        if (name.contains(QLatin1String(software), Qt::CaseInsensitive))
            return {R::Raster, QStringLiteral("raster: software OpenGL (%1)").arg(name)};
    return {R::OpenGl, QStringLiteral("OpenGL: %1").arg(name)};
}

HeatmapView::Renderer preferredHeatmapRenderer() {
    static const HeatmapView::Renderer renderer = chooseHeatmapRenderer().renderer;
    return renderer;
}

}  // namespace actlab::ui
