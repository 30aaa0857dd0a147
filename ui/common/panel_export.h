// Export of every panel element (chart, heatmap, neuron grid, decision surface, fit plot,
// attention maps): one interface each element implements, the PNG / SVG / CSV / clipboard
// writers around it, its right-click menu, and the whole view as PNG or SVG.
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QMenu>
#include <QPoint>
#include <QSize>
#include <QString>

class QPainter;
class QWidget;

namespace actlab::ui {

// What an exportable element offers; everything is drawn and written as it is shown.
class PanelExportable {
public:
    virtual ~PanelExportable() = default;
    virtual QString exportTitle() const = 0;  // names the SVG and the suggested file; translated
    virtual QSize exportSize() const = 0;     // logical size: on screen, else a default
    // Paints the element into a painter whose device is `size` logical pixels large (a QImage of
    // any device pixel ratio, or a QSvgGenerator: vector where the element paints with QPainter).
    virtual void paintExport(QPainter& painter, const QSize& size) const = 0;
    virtual bool hasExportData() const = 0;  // false: nothing shown yet (no run, no data)
    // The data shown, as CSV: a header row naming the columns (and units), then one row per
    // value; numbers round-trip exactly, NaN is written "nan" and ±∞ "inf" / "-inf".
    virtual QString csvText() const = 0;
    // Actions of the element's own, added to its right-click menu after the exports.
    virtual void addMenuActions(QMenu* /*menu*/) const {}
};

// The writers, the menu and the view exports. Presentation scale: a PNG is painted at the
// element's logical size with a device pixel ratio of kPngDensity × uiScale(), so a 1.5×
// presentation exports 1.5× as many pixels each way with crisp text (never an upscaled bitmap);
// an SVG keeps the logical view box and is 1.5× as large in its width and height.
class PanelExport {
public:
    // The context lupdate files these strings under (the class's qualified name).
    static QString tr(const char* text) {
        return QCoreApplication::translate("actlab::ui::PanelExport", text);
    }
    static constexpr double kPngDensity = 2;  // element PNGs: sharp in documents and on projectors
    enum class Format { Png, Svg, Csv };

    static double pngPixelRatio();                              // kPngDensity × uiScale()
    static QImage renderImage(const PanelExportable& element);  // at pngPixelRatio()
    // At `ratio` pixels per logical pixel (uiScale(): as large as shown, at the presentation
    // scale).
    static QImage renderImage(const PanelExportable& element, double ratio);
    // Each returns false with a translated message in *error: nothing to export yet, or the file
    // could not be written.
    static bool writePng(const PanelExportable& element, const QString& path, QString* error);
    static bool writeSvg(const PanelExportable& element, const QString& path, QString* error);
    static bool writeCsv(const PanelExportable& element, const QString& path, QString* error);
    static bool write(const PanelExportable& element, Format format, const QString& path,
                      QString* error);
    static bool copyImage(const PanelExportable& element, QString* error);  // to the clipboard

    // The whole view (a tab with its controls) as shown: PNG at uiScale() pixels per logical
    // pixel, SVG through QWidget::render (vector for what paints with QPainter).
    static QImage renderWidgetImage(QWidget* view);
    // At `ratio` pixels per logical pixel (a printed handout's resolution).
    static QImage renderWidgetImage(QWidget* view, double ratio);
    static bool writeWidgetPng(QWidget* view, const QString& path, QString* error);
    static bool writeWidgetSvg(QWidget* view, const QString& title, const QString& path,
                               QString* error);

    // Right-click on `widget` (or a child that does not take the event) opens the export menu
    // for `element`; attaching again replaces the element (a wrapper exporting more than its
    // child). showMenu opens it at a global position (for widgets that handle right-clicks).
    static void attachMenu(QWidget* widget, const PanelExportable* element);
    static const PanelExportable* attachedElement(const QWidget* widget);  // nullptr: none
    // The menu's actions (object names exportPng, exportSvg, exportCsv, showTable, copyImage),
    // each asking for a file and reporting an error in a message box over `widget`; showTable
    // opens the CSV's rows in a DataTableDialog.
    static QMenu* createMenu(QWidget* widget, const PanelExportable* element);
    static void showMenu(QWidget* widget, const PanelExportable* element, const QPoint& global);
    // Asks for a file name and writes it; false when cancelled or failed (a message box said why).
    static bool runWithDialog(QWidget* widget, const PanelExportable& element, Format format);

    // CSV helpers: a field quoted when it holds a comma, quote or line break; numbers as the
    // shortest text that reads back exactly ("nan" for NaN).
    static QString csvField(const QString& text);
    static QString csvNumber(double value);
    static QString csvNumber(float value);
};

}  // namespace actlab::ui
