// AttentionView as the window knows it (ui/common/app_view.h): its name and title, run A's maps
// as its plot, run A's PyTorch script, and the timeline handed over to a view made again.
#include <QJsonDocument>

#include "config/run_state_json.h"
#include "config/timeline_json.h"
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

std::optional<RunView::SavedRuns> AttentionView::readSavedRuns(const std::vector<std::string>& runs,
                                                               const std::string& timeline,
                                                               QString* error) const {
    return readSaved(
        runs, timeline, error,
        [](const std::string& state, std::string* problem) -> std::optional<int> {
            const auto run = sequenceTrainerFromStateJson(state, problem);
            return run ? std::optional(run->steps()) : std::nullopt;
        },
        [](const std::string& json, std::string* problem) -> std::any {
            auto record = sequenceTimelineFromJson(json, problem);
            return record ? std::any(std::move(*record)) : std::any();
        });
}

void AttentionView::restoreTimelineRecord(const std::any& timeline) {
    if (const auto* record = std::any_cast<TimelineRecord<SequenceSnapshot>>(&timeline))
        restoreTimeline(*record);
}

// Run A's configuration in the controls (run B's comes with its run).
QJsonObject AttentionView::stateForRuns(const std::vector<std::string>& runs) const {
    if (runs.empty()) return {};
    const QJsonObject run =
        QJsonDocument::fromJson(QByteArray::fromStdString(runs.front())).object();
    return {{QStringLiteral("controls"),
             QJsonObject{{QStringLiteral("training"), run.value(QStringLiteral("config"))}}}};
}

}  // namespace actlab::ui
