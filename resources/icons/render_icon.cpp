// actlab-render-icon: a build-time tool that renders the SVG application icon to the PNG sizes of
// the hicolor theme: `actlab-render-icon ICON.svg OUTDIR NAME SIZE...` writes
// OUTDIR/<SIZE>x<SIZE>/apps/NAME.png for each SIZE; exit 1 with one line on any failure.
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>

namespace {

// Renders `renderer` into a transparent size × size image and saves it as PNG at `path`.
bool renderPng(QSvgRenderer& renderer, int size, const QString& path) {
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    return QDir().mkpath(QFileInfo(path).path()) && image.save(path, "PNG");
}

int fail(const QString& message) {
    std::fprintf(stderr, "actlab-render-icon: %s\n", qPrintable(message));
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    // No QGuiApplication: a build machine has no display, and raster painting of paths needs no
    // platform (an icon with text would need one, for the fonts).
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 5)
        return fail(QStringLiteral("usage: actlab-render-icon ICON.svg OUTDIR NAME SIZE..."));
    QSvgRenderer renderer(arguments[1]);
    if (!renderer.isValid()) return fail(QStringLiteral("cannot read the SVG ") + arguments[1]);
    for (qsizetype i = 4; i < arguments.size(); ++i) {
        bool ok = false;
        const int size = arguments[i].toInt(&ok);
        if (!ok || size < 1 || size > 4096)
            return fail(QStringLiteral("bad size \"%1\"").arg(arguments[i]));
        const QString path =
            QStringLiteral("%1/%2x%2/apps/%3.png").arg(arguments[2]).arg(size).arg(arguments[3]);
        if (!renderPng(renderer, size, path)) return fail(QStringLiteral("cannot write ") + path);
    }
    return 0;
}
