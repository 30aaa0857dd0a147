// What the export tests read back: an SVG's validity, size and element counts (QSvgRenderer and
// an XML scan), a CSV's lines, a UI scale that is restored when the test ends, and copies of
// the files to look at.
#pragma once

#include <QFile>
#include <QSvgRenderer>
#include <QXmlStreamReader>

#include "ui/common/ui_scale.h"

namespace actlab::test {

struct SvgSummary {
    bool valid = false;  // QSvgRenderer parsed it
    QSize size;          // its width × height as QSvgRenderer reads them (mm at 90 dpi)
    QRectF viewBox;
    int shapes = 0;  // path, rect, polyline, polygon, line, ellipse, circle, image
    int texts = 0;
    QStringList textContent;
};

inline SvgSummary readSvg(const QString& path) {
    SvgSummary summary;
    QSvgRenderer renderer(path);
    summary.valid = renderer.isValid();
    summary.size = renderer.defaultSize();
    summary.viewBox = renderer.viewBoxF();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return summary;
    QXmlStreamReader xml(&file);
    const QStringList shapes = {"path", "rect", "polyline", "polygon", "line", "ellipse", "circle"};
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        const QString name = xml.name().toString();
        if (shapes.contains(name)) ++summary.shapes;
        if (name == QLatin1String("text")) {
            ++summary.texts;
            summary.textContent << xml.readElementText(QXmlStreamReader::IncludeChildElements);
        }
    }
    if (xml.hasError()) summary.valid = false;
    return summary;
}

inline QStringList csvLines(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// With ACTLAB_KEEP_EXPORTS=folder set, a copy of the file goes there (to look at by eye).
inline void keepForLooking(const QString& path, const QString& name) {
    const QString folder = qEnvironmentVariable("ACTLAB_KEEP_EXPORTS");
    if (folder.isEmpty()) return;
    QFile::remove(folder + QLatin1Char('/') + name);
    QFile::copy(path, folder + QLatin1Char('/') + name);
}

// Sets the presentation scale for one test and puts 1 back after it.
class ScopedUiScale {
public:
    explicit ScopedUiScale(double factor) { ui::setUiScale(factor); }
    ~ScopedUiScale() { ui::setUiScale(1.0); }
    ScopedUiScale(const ScopedUiScale&) = delete;
    ScopedUiScale& operator=(const ScopedUiScale&) = delete;
};

}  // namespace actlab::test
