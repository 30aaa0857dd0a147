// TrainingView as the window knows it (ui/common/app_view.h): its name and title, the loss chart
// as its plot, run A's PyTorch script, and the timeline handed over to a view made again.
#include "ui/charts/curve_chart.h"
#include "ui/common/pytorch_code_dialog.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_view.h"

namespace actlab::ui {

QString TrainingView::viewTitle() const { return tr("Training"); }

bool TrainingView::exportPlotPng(const QString& path, QString* error) {
    return m_charts->lossChart()->exportPng(path, error);
}

bool TrainingView::exportPlotSvg(const QString& path, QString* error) {
    return m_charts->lossChart()->exportSvg(path, error);
}

bool TrainingView::exportPlotCsv(const QString& path, QString* error) {
    return m_charts->lossChart()->exportCsv(path, error);
}

void TrainingView::showPytorchCode(QWidget* parent) {
    ui::showPytorchCode(parent, m_controls->configs(), m_controls->problem(), currentStep());
}

void TrainingView::setKeyframeRecord(const std::any& keyframes) {
    using Record = KeyframeTimeline<std::vector<TrainingSnapshot>>;
    if (const auto* record = std::any_cast<Record>(&keyframes)) setKeyframes(*record);
}

}  // namespace actlab::ui
