// AttentionView as the window knows it (ui/common/app_view.h): its name and title, run A's maps
// as its plot, run A's PyTorch script, and the timeline handed over to a view made again.
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/common/pytorch_code_dialog.h"

namespace actlab::ui {

QString AttentionView::viewTitle() const { return tr("Attention"); }

// The plot is the grid of maps (or the enlarged head), not a chart.
bool AttentionView::exportPlotPng(const QString& path, QString* error) {
    return grid()->exportPng(path, error);
}

bool AttentionView::exportPlotSvg(const QString& path, QString* error) {
    return grid()->exportSvg(path, error);
}

bool AttentionView::exportPlotCsv(const QString& path, QString* error) {
    return grid()->exportCsv(path, error);
}

void AttentionView::showPytorchCode(QWidget* parent) {
    ui::showPytorchCode(parent, m_controls->config(), m_controls->problem(), currentStep());
}

void AttentionView::setKeyframeRecord(const std::any& keyframes) {
    if (const auto* record = std::any_cast<KeyframeTimeline<AttentionFrame>>(&keyframes))
        setKeyframes(*record);
}

}  // namespace actlab::ui
