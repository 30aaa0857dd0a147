// TrainingView as the window knows it (ui/common/app_view.h): its name and title, the loss chart
// as its plot, run A's PyTorch script, and the timeline handed over to a view made again.
#include <QJsonDocument>

#include "config/run_state_json.h"
#include "config/timeline_json.h"
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

std::optional<RunView::SavedRuns> TrainingView::readSavedRuns(const std::vector<std::string>& runs,
                                                              const std::string& timeline,
                                                              QString* error) const {
    return readSaved(
        runs, timeline, error,
        [](const std::string& state, std::string* problem) -> std::optional<int> {
            const auto run = trainerFromStateJson(state, problem);
            return run ? std::optional(run->steps()) : std::nullopt;
        },
        [](const std::string& json, std::string* problem) -> std::any {
            auto record = trainingTimelineFromJson(json, problem);
            return record ? std::any(std::move(*record)) : std::any();
        });
}

void TrainingView::restoreTimelineRecord(const std::any& timeline) {
    if (const auto* record = std::any_cast<TimelineRecord<TrainingSnapshot>>(&timeline))
        restoreTimeline(*record);
}

// Run A's configuration in the controls, compare mode where there are two runs.
QJsonObject TrainingView::stateForRuns(const std::vector<std::string>& runs) const {
    if (runs.empty()) return {};
    const QJsonObject run =
        QJsonDocument::fromJson(QByteArray::fromStdString(runs.front())).object();
    return {{QStringLiteral("controls"),
             QJsonObject{{QStringLiteral("config"), run.value(QStringLiteral("config"))},
                         {QStringLiteral("compare"), runs.size() > 1}}}};
}

}  // namespace actlab::ui
