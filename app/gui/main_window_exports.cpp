// MainWindow's exports: the current tab's plot as PNG, SVG or CSV, a Training picture, the
// whole view as PNG or SVG, and the file dialog around each. Every plot's own right-click menu
// is PanelExport's (ui/common/panel_export.h).
#include <QFileDialog>
#include <QImage>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

#include "main_window.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/panel_export.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/gated_surface_panel.h"
#include "ui/panels/gelu_approximation_panel.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
ui::CurveChart* MainWindow::currentChart() const {
    switch (m_tabs->currentIndex()) {
        case 0:
            return m_explorer->chart();
        case 1:
            return m_gelu->curveChart();
        case 2:
            return m_gated->sliceChart();
        case 3:
            return m_training->charts()->lossChart();
        case kAttentionTab:
            return m_attention->charts()->lossChart();
        default:
            return nullptr;
    }
}

// The Attention tab's plot is its grid of maps (or the enlarged head), not a chart.
bool MainWindow::exportPlotPng(const QString& path, QString* error) {
    if (m_tabs->currentIndex() == kAttentionTab) return m_attention->grid()->exportPng(path, error);
    return currentChart()->exportPng(path, error);
}

bool MainWindow::exportPlotSvg(const QString& path, QString* error) {
    if (m_tabs->currentIndex() == kAttentionTab) return m_attention->grid()->exportSvg(path, error);
    return currentChart()->exportSvg(path, error);
}

bool MainWindow::exportDataCsv(const QString& path, QString* error) {
    if (m_tabs->currentIndex() == 0) return m_explorer->exportCsv(path, error);
    if (m_tabs->currentIndex() == kAttentionTab) return m_attention->grid()->exportCsv(path, error);
    return currentChart()->exportCsv(path, error);
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
