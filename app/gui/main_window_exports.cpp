// MainWindow's exports: the current tab's plot as PNG, SVG or CSV, a Training picture, the
// whole view as PNG or SVG, and the file dialog around each. Every plot's own right-click menu
// is PanelExport's (ui/common/panel_export.h).
#include <QFileDialog>
#include <QImage>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

#include "main_window.h"
#include "ui/common/app_view.h"
#include "ui/common/panel_export.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
bool MainWindow::exportPlotPng(const QString& path, QString* error) {
    return currentAppView()->exportPlotPng(path, error);
}

bool MainWindow::exportPlotSvg(const QString& path, QString* error) {
    return currentAppView()->exportPlotSvg(path, error);
}

bool MainWindow::exportDataCsv(const QString& path, QString* error) {
    return currentAppView()->exportPlotCsv(path, error);
}

bool MainWindow::exportPicture(const QString& id, const QString& path, QString* error) {
    ui::AppView* view = currentAppView();
    const QImage image = view ? view->renderPicture(id) : QImage();
    if (!image.isNull() && image.save(path, "PNG")) return true;
    if (error)
        *error = image.isNull() ? tr("The view shows no picture \"%1\".").arg(id)
                                : tr("Could not write the image %1.").arg(path);
    return false;
}

bool MainWindow::exportTrainingPicture(const QString& id, const QString& path, QString* error) {
    const QImage image = m_training->renderPicture(id);
    if (!image.isNull() && image.save(path, "PNG")) return true;
    if (error)
        *error = image.isNull() ? tr("The Training view shows no picture \"%1\".").arg(id)
                                : tr("Could not write the image %1.").arg(path);
    return false;
}

// The whole tab as shown, at the presentation scale (ui/common/panel_export.h).
bool MainWindow::exportPanelImage(const QString& path, QString* error) {
    return ui::PanelExport::writeWidgetPng(viewAt(m_tabs->currentIndex()), path, error);
}

QImage MainWindow::renderCurrentView(double ratio) const {
    return ui::PanelExport::renderWidgetImage(viewAt(m_tabs->currentIndex()), ratio);
}

QSize MainWindow::currentViewSize() const { return viewAt(m_tabs->currentIndex())->size(); }

bool MainWindow::exportPanelSvg(const QString& path, QString* error) {
    return ui::PanelExport::writeWidgetSvg(viewAt(m_tabs->currentIndex()),
                                           m_tabs->tabText(m_tabs->currentIndex()), path, error);
}

void MainWindow::runExport(const QString& title, const QString& filter, const QString& suffix,
                           const std::function<bool(const QString&, QString*)>& action) {
    const QString suggested =
        QStringLiteral("actlab-%1.%2")
            .arg(currentView().isEmpty() ? QStringLiteral("plot") : currentView(), suffix);
    QString path = QFileDialog::getSaveFileName(this, title, suggested, filter);
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
        path += QLatin1Char('.') + suffix;
    QString error;
    if (action(path, &error))
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    else
        QMessageBox::warning(this, title, error);
}

}  // namespace actlab::gui
