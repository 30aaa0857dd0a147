// MainWindow's backend line in the status bar: the backend the window was opened with and why,
// then for each lab where its runs train — the backend and device, the ops that fell back to the
// CPU, or the CPU and why — as the labs' newest frames say (RunView::engineOps).
#include <algorithm>

#include "backends/backend.h"
#include "main_window.h"
#include "ui/common/core_text.h"
#include "ui/common/status_label.h"

namespace actlab::gui {

namespace {

// A reason up to its details: "auto: no usable GPU (…); using the CPU" → "auto: no usable GPU".
// The status bar shows this; the tooltip and About have the whole reason.
QString briefReason(const QString& reason) {
    qsizetype cut = reason.size();
    for (const QString& open : {QStringLiteral(" ("), QStringLiteral("（"), QStringLiteral("(")}) {
        const qsizetype at = reason.indexOf(open);
        if (at > 0) cut = std::min(cut, at);
    }
    QString text = reason.left(cut).trimmed();
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0xFF1A))) text.chop(1);
    return text;
}

}  // namespace

// "cpu — why", "vulkan (device)" or "vulkan (device); on the CPU: ops"; `brief` cuts the reasons
// to their first words and says nothing of the window's reason (the line's first part has it).
QString MainWindow::labEngineText(const ui::RunView& lab, bool brief) const {
    const QString ops = lab.engineOps();  // "vulkan", "vulkan (cpu: mix_forward, …)", "cpu"
    const QString marker = QStringLiteral(" (cpu: ");
    const qsizetype at = ops.indexOf(marker);
    const QString backend = at < 0 ? ops : ops.left(at);
    if (backend == QLatin1String("cpu")) {
        // On the CPU: the lab's own reason, else the window's (its backend is the CPU).
        if (brief && lab.engineNote().isEmpty()) return backend;
        const QString why = !lab.engineNote().isEmpty()
                                ? lab.engineNote()
                                : ui::coreMessage(m_backendReason.toStdString());
        return tr("cpu — %1").arg(brief ? briefReason(why) : why);
    }
    if (brief) {
        QString text = backend;
        if (at >= 0) text += tr("; on the CPU: %1").arg(ops.mid(at + marker.size()).chopped(1));
        return text;
    }
    QString text = tr("%1 (%2)").arg(backend, QString::fromStdString(m_backend->deviceName()));
    if (at >= 0) text += tr("; on the CPU: %1").arg(ops.mid(at + marker.size()).chopped(1));
    return text;
}

// The status bar: the backend, the reason's first words and each lab's backend, short enough for
// 1280 × 720; backendText() (About, the tooltip) has the whole reasons and the device.
void MainWindow::updateBackendText() {
    const std::string_view name = m_backend->name();
    const QString backend = QString::fromUtf8(name.data(), qsizetype(name.size()));
    const QString reason = ui::coreMessage(m_backendReason.toStdString());
    QStringList full{tr("Backend: %1 — %2").arg(backend, reason)};
    QStringList brief{tr("Backend: %1 — %2").arg(backend, briefReason(reason))};
    for (ui::AppView* view : m_views) {
        const ui::RunView* lab = view->runView();
        if (!lab || lab->engineOps().isEmpty()) continue;  // no frame yet
        full << tr("%1 lab: %2").arg(view->viewTitle(), labEngineText(*lab, false));
        brief << tr("%1 lab: %2").arg(view->viewTitle(), labEngineText(*lab, true));
    }
    m_backendText = full.join(QStringLiteral(" · "));
    m_backendLabel->setFullText(brief.join(QStringLiteral(" · ")));
    m_backendLabel->setToolTip(full.join(QLatin1Char('\n')) + QLatin1Char('\n') +
                               QString::fromStdString(m_backend->deviceName()));
}

}  // namespace actlab::gui
