// PanelExport: PNG, SVG, CSV and clipboard exports of a PanelExportable at the presentation
// scale, the whole view as PNG or SVG, and the right-click menu that offers them.
#include "ui/common/panel_export.h"

#include <QBuffer>
#include <QClipboard>
#include <QFileDialog>
#include <QGuiApplication>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSvgGenerator>
#include <QWidget>
#include <cmath>
#include <functional>

#include "common/number_format.h"
#include "ui/common/data_table_dialog.h"
#include "ui/common/ui_scale.h"

namespace actlab::ui {
namespace {

constexpr char kHolderName[] = "actlabPanelExportMenu";
constexpr char kElementProperty[] = "exportElement";

QSize scaled(const QSize& size, double ratio) {
    return {int(std::lround(size.width() * ratio)), int(std::lround(size.height() * ratio))};
}

// Fonts are in points: the SVG converts them at the screen's resolution, so that text has the
// size the layout (measured with the widget's screen metrics) made room for.
int screenDpi() {
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen ? int(std::lround(screen->logicalDotsPerInch())) : 96;
}

bool saveBytes(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    if (error) *error = PanelExport::tr("Could not write %1: %2").arg(path, file.errorString());
    return false;
}

bool checkData(const PanelExportable& element, QString* error) {
    if (element.hasExportData()) return true;
    if (error)
        *error = PanelExport::tr(
                     "Nothing to export yet: \"%1\" shows no data. Start a run or "
                     "choose something to show first.")
                     .arg(element.exportTitle());
    return false;
}

QByteArray svgBytes(const QSize& size, const QString& title,
                    const std::function<void(QPainter&)>& paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(screenDpi());
    generator.setSize(scaled(size, uiScale()));
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(PanelExport::tr("Exported by ActLab"));
    QPainter painter;
    if (!painter.begin(&generator)) return {};
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    paint(painter);
    painter.end();
    return buffer.data();
}

}  // namespace

double PanelExport::pngPixelRatio() { return kPngDensity * uiScale(); }

QImage PanelExport::renderImage(const PanelExportable& element) {
    return renderImage(element, pngPixelRatio());
}

QImage PanelExport::renderImage(const PanelExportable& element, double ratio) {
    const QSize size = element.exportSize();
    QImage image(scaled(size, ratio), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    element.paintExport(painter, size);
    return image;
}

bool PanelExport::writePng(const PanelExportable& element, const QString& path, QString* error) {
    if (!checkData(element, error)) return false;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!renderImage(element).save(&buffer, "PNG")) {
        if (error) *error = tr("Could not make the PNG image for %1.").arg(path);
        return false;
    }
    return saveBytes(path, bytes, error);
}

bool PanelExport::writeSvg(const PanelExportable& element, const QString& path, QString* error) {
    if (!checkData(element, error)) return false;
    const QSize size = element.exportSize();
    const QByteArray bytes = svgBytes(size, element.exportTitle(), [&](QPainter& painter) {
        element.paintExport(painter, size);
    });
    if (bytes.isEmpty()) {
        if (error) *error = tr("Could not start the SVG export to %1.").arg(path);
        return false;
    }
    return saveBytes(path, bytes, error);
}

bool PanelExport::writeCsv(const PanelExportable& element, const QString& path, QString* error) {
    if (!checkData(element, error)) return false;
    return saveBytes(path, element.csvText().toUtf8(), error);
}

bool PanelExport::write(const PanelExportable& element, Format format, const QString& path,
                        QString* error) {
    switch (format) {
        case Format::Png:
            return writePng(element, path, error);
        case Format::Svg:
            return writeSvg(element, path, error);
        case Format::Csv:
            return writeCsv(element, path, error);
    }
    return false;
}

bool PanelExport::copyImage(const PanelExportable& element, QString* error) {
    if (!checkData(element, error)) return false;
    QClipboard* clipboard = QGuiApplication::clipboard();
    if (!clipboard) {
        if (error) *error = tr("There is no clipboard to copy the image to.");
        return false;
    }
    clipboard->setImage(renderImage(element));
    return true;
}

QImage PanelExport::renderWidgetImage(QWidget* view) { return renderWidgetImage(view, uiScale()); }

QImage PanelExport::renderWidgetImage(QWidget* view, double ratio) {
    QImage image(scaled(view->size(), ratio), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter painter(&image);
    view->render(&painter, QPoint(), QRegion(),
                 QWidget::DrawWindowBackground | QWidget::DrawChildren);
    return image;
}

bool PanelExport::writeWidgetPng(QWidget* view, const QString& path, QString* error) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!renderWidgetImage(view).save(&buffer, "PNG")) {
        if (error) *error = tr("Could not make the PNG image for %1.").arg(path);
        return false;
    }
    return saveBytes(path, bytes, error);
}

bool PanelExport::writeWidgetSvg(QWidget* view, const QString& title, const QString& path,
                                 QString* error) {
    const QByteArray bytes = svgBytes(view->size(), title, [&](QPainter& painter) {
        view->render(&painter, QPoint(), QRegion(),
                     QWidget::DrawWindowBackground | QWidget::DrawChildren);
    });
    if (bytes.isEmpty()) {
        if (error) *error = tr("Could not start the SVG export to %1.").arg(path);
        return false;
    }
    return saveBytes(path, bytes, error);
}

// The element lives in a property of a small child object of the widget, so that attaching
// again (a wrapper taking over its child's menu) only replaces it.
void PanelExport::attachMenu(QWidget* widget, const PanelExportable* element) {
    QObject* holder = widget->findChild<QObject*>(kHolderName, Qt::FindDirectChildrenOnly);
    if (!holder) {
        holder = new QObject(widget);
        holder->setObjectName(kHolderName);
        widget->setContextMenuPolicy(Qt::CustomContextMenu);
        QObject::connect(widget, &QWidget::customContextMenuRequested, holder,
                         [widget](const QPoint& position) {
                             if (const PanelExportable* shown = attachedElement(widget))
                                 showMenu(widget, shown, widget->mapToGlobal(position));
                         });
    }
    holder->setProperty(kElementProperty, QVariant::fromValue(quintptr(element)));
}

const PanelExportable* PanelExport::attachedElement(const QWidget* widget) {
    const QObject* holder = widget->findChild<QObject*>(kHolderName, Qt::FindDirectChildrenOnly);
    if (!holder) return nullptr;
    return reinterpret_cast<const PanelExportable*>(
        holder->property(kElementProperty).value<quintptr>());
}

QMenu* PanelExport::createMenu(QWidget* widget, const PanelExportable* element) {
    auto* menu = new QMenu(widget);
    const auto add = [&](const QString& text, const char* name, auto action) {
        QAction* item = menu->addAction(text, menu, action);
        item->setObjectName(QLatin1String(name));
    };
    add(tr("Export as PNG…"), "exportPng",
        [widget, element] { runWithDialog(widget, *element, Format::Png); });
    add(tr("Export as SVG…"), "exportSvg",
        [widget, element] { runWithDialog(widget, *element, Format::Svg); });
    add(tr("Export data as CSV…"), "exportCsv",
        [widget, element] { runWithDialog(widget, *element, Format::Csv); });
    add(tr("Show as table…"), "showTable", [widget, element] {
        if (element->hasExportData())
            DataTableDialog::open(*element, widget);
        else
            QMessageBox::information(widget, tr("Show as table…"), tr("There is no data yet."));
    });
    menu->addSeparator();
    add(tr("Copy image"), "copyImage", [widget, element] {
        QString error;
        if (!copyImage(*element, &error)) QMessageBox::warning(widget, tr("Copy image"), error);
    });
    element->addMenuActions(menu);
    return menu;
}

void PanelExport::showMenu(QWidget* widget, const PanelExportable* element, const QPoint& global) {
    QMenu* menu = createMenu(widget, element);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(global);
}

bool PanelExport::runWithDialog(QWidget* widget, const PanelExportable& element, Format format) {
    QString title, filter, suffix;
    switch (format) {
        case Format::Png:
            title = tr("Export as PNG");
            filter = tr("PNG images (*.png)");
            suffix = QStringLiteral("png");
            break;
        case Format::Svg:
            title = tr("Export as SVG");
            filter = tr("SVG drawings (*.svg)");
            suffix = QStringLiteral("svg");
            break;
        case Format::Csv:
            title = tr("Export data as CSV");
            filter = tr("CSV files (*.csv)");
            suffix = QStringLiteral("csv");
            break;
    }
    QString error;
    if (!element.hasExportData()) {  // say so before asking for a file name
        checkData(element, &error);
        QMessageBox::information(widget, title, error);
        return false;
    }
    QString stem = element.exportTitle().toLower();
    stem.replace(QRegularExpression(QStringLiteral("[^\\w]+"),
                                    QRegularExpression::UseUnicodePropertiesOption),
                 QStringLiteral("-"));
    if (stem.isEmpty() || stem == QLatin1String("-")) stem = QStringLiteral("plot");
    const QString suggested = QStringLiteral("actlab-%1.%2").arg(stem, suffix);
    QString path = QFileDialog::getSaveFileName(widget, title, suggested, filter);
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
        path += QLatin1Char('.') + suffix;
    if (write(element, format, path, &error)) return true;
    QMessageBox::warning(widget, title, error);
    return false;
}

QString PanelExport::csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString PanelExport::csvNumber(double value) {
    return QString::fromStdString(actlab::formatNumber(value));
}

QString PanelExport::csvNumber(float value) {
    return QString::fromStdString(actlab::formatNumber(value));
}

}  // namespace actlab::ui
