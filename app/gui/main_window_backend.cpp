// MainWindow's backend line in the status bar: the backend the window was opened with and why,
// then for each lab where its runs train — the backend and device, the ops that fell back to the
// CPU, or the CPU and why — as the labs' newest frames say (RunView::engineOps).
#include "backends/backend.h"
#include "main_window.h"
#include "ui/common/core_text.h"
#include "ui/common/status_label.h"

namespace actlab::gui {

QString MainWindow::labEngineText(const ui::RunView& lab) const {
    const QString ops = lab.engineOps();  // "vulkan", "vulkan (cpu: mix_forward, …)", "cpu"
    const QString marker = QStringLiteral(" (cpu: ");
    const qsizetype at = ops.indexOf(marker);
    const QString backend = at < 0 ? ops : ops.left(at);
    if (backend == QLatin1String("cpu")) {
        // On the CPU: the lab's own reason, else the window's (its backend is the CPU).
        const QString why = !lab.engineNote().isEmpty()
                                ? lab.engineNote()
                                : ui::coreMessage(m_backendReason.toStdString());
        return tr("cpu — %1").arg(why);
    }
    QString text = tr("%1 (%2)").arg(backend, QString::fromStdString(m_backend->deviceName()));
    if (at >= 0) text += tr("; on the CPU: %1").arg(ops.mid(at + marker.size()).chopped(1));
    return text;
}

void MainWindow::updateBackendText() {
    const std::string_view name = m_backend->name();
    const QString backend = QString::fromUtf8(name.data(), qsizetype(name.size()));
    QStringList parts{
        tr("Backend: %1 — %2").arg(backend, ui::coreMessage(m_backendReason.toStdString()))};
    for (ui::AppView* view : m_views) {
        const ui::RunView* lab = view->runView();
        if (!lab || lab->engineOps().isEmpty()) continue;  // no frame yet
        parts << tr("%1 lab: %2").arg(view->viewTitle(), labEngineText(*lab));
    }
    m_backendText = parts.join(QStringLiteral(" · "));
    m_backendLabel->setFullText(m_backendText);
    // The tooltip: the whole line (the label may be cut at the window's edge), then the device.
    m_backendLabel->setToolTip(m_backendText + QLatin1Char('\n') +
                               QString::fromStdString(m_backend->deviceName()));
}

}  // namespace actlab::gui
