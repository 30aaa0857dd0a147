// AttentionView: the newest frame drawn — the status line, the probe picker and its tokens, the
// maps of the probe or of the typed sequence, the prediction, the curves, and a divergence.
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>

#include "layers/losses.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/attention/sequence_input_panel.h"
#include "ui/common/status_label.h"

namespace actlab::ui {
namespace {

// The maps of probe p from "attention" (L, H, P, T, T), as (L, H, T, T).
std::vector<float> probeMaps(const ProbeTensor& attention, int p) {
    const auto L = attention.shape[0], H = attention.shape[1], P = attention.shape[2],
               T = attention.shape[3];
    std::vector<float> maps;
    maps.reserve(size_t(L * H * T * T));
    for (std::int64_t m = 0; m < L * H; ++m) {
        const float* first = attention.values.data() + (m * P + p) * T * T;
        maps.insert(maps.end(), first, first + T * T);
    }
    return maps;
}

QString percent(double share) { return QString::number(share * 100, 'f', 1) + QLatin1Char('%'); }

}  // namespace

void AttentionView::drawFrame() {
    const AttentionFrame& frame = m_controller->latest();
    if (!frame.error.isEmpty()) {
        showMessage(tr("Cannot build this model: %1").arg(frame.error));
        updateButtons();
        return;
    }
    if (frame.info && frame.info != m_info) startRun(*frame.info);
    if (!frame.snapshot) return;
    const SequenceSnapshot& run = *frame.snapshot;
    m_drawnStep = run.step;
    if (run.step != m_chartedStep || run.diverged) {
        m_charts->setRun(run);
        m_chartedStep = run.step;
    }
    if (m_probe->count() == 0) {
        const ProbeTensor* tokens = run.findProbe("tokens");
        const int probes = tokens ? int(tokens->shape[0]) : 0,
                  T = tokens ? int(tokens->shape[1]) : 0;
        for (int p = 0; p < probes; ++p) {
            QStringList names;
            for (int t = 0; t < T; ++t)
                names << m_info->tokenNames.value(int(tokens->values[size_t(p * T + t)]));
            m_probe->addItem(tr("%1: %2").arg(p + 1).arg(names.join(QLatin1Char(' '))), p);
            if (p == 0) m_input->setExample(names.join(QLatin1Char(' ')));
        }
        m_probe->setCurrentIndex(std::min(m_wantedProbe, m_probe->count() - 1));
        m_wantedProbe = 0;
    }
    drawMaps();

    ++m_framesDrawn;
    // The run's progress, then its scores: in a narrow row, one line each.
    QStringList status{tr("Step %1").arg(run.step), tr("loss %1").arg(run.testLoss, 0, 'f', 3)};
    if (frame.running && frame.stepsPerSecond > 0)
        status << tr("%1 steps/s").arg(frame.stepsPerSecond, 0, 'f', 0);
    status << tr("token accuracy %1").arg(percent(run.tokenAccuracy))
           << tr("sequences %1").arg(percent(run.sequenceAccuracy));
    StatusLabel* line = toolbar()->status();
    line->setParts(status);  // wraps between the parts when the row is narrow
    line->setToolTip(tr("Test loss (cross-entropy over %1 held-out sequences), the share of "
                        "scored positions predicted right, and of sequences entirely right")
                         .arg(m_info ? m_info->config.testSequences : 0));
    if (run.diverged)
        showMessage(tr("Diverged at step %1: the loss or the gradient became NaN or infinite. The "
                       "maps and curves show the last finite state; press Reset (or lower the "
                       "learning rate).")
                        .arg(run.divergedAtStep));
    if (!frame.predictionError.isEmpty() && m_input->isActive())
        m_input->showError(frame.predictionError);
    updateButtons();
}

void AttentionView::startRun(const AttentionRunInfo& info) {
    m_info = m_controller->latest().info;
    m_probe->clear();
    m_input->setVocabulary(info.tokenNames, info.classNames, info.typedLengths, info.pooled);
    m_drawnMaps = nullptr;
    m_drawnProbe = -1;
}

void AttentionView::drawMaps() {
    const AttentionFrame& frame = m_controller->latest();
    if (!frame.snapshot || !m_info) return;
    const bool typed = m_input->isActive() && frame.prediction &&
                       frame.predictionRequest == m_controller->typedRequest();
    if (typed) {
        if (m_drawnMaps == frame.prediction.get()) return;
        const SequencePrediction& prediction = *frame.prediction;
        const auto& shape = prediction.attention.shape;
        QStringList names;
        for (Token token : prediction.tokens) names << m_info->tokenNames.value(token);
        m_grid->setMaps(int(shape[0]), int(shape[1]), int(shape[2]), prediction.attention.values,
                        names);
        m_grid->setCaption(tr("Your sequence"));
        m_input->showPrediction(prediction);
        m_drawnMaps = frame.prediction.get();
        return;
    }
    if (m_input->isActive()) return;  // the typed sequence's prediction is on its way
    const int p = std::max(0, m_probe->currentIndex());
    if (m_drawnMaps == frame.snapshot.get() && m_drawnProbe == p) return;
    const ProbeTensor* attention = frame.snapshot->findProbe("attention");
    const ProbeTensor* tokens = frame.snapshot->findProbe("tokens");
    if (!attention || !tokens || attention->shape.size() != 5 || p >= attention->shape[2]) return;
    const int T = int(attention->shape[3]);
    QStringList names;
    for (int t = 0; t < T; ++t)
        names << m_info->tokenNames.value(int(tokens->values[size_t(p * T + t)]));
    m_grid->setMaps(int(attention->shape[0]), int(attention->shape[1]), T, probeMaps(*attention, p),
                    names);
    m_grid->setCaption(tr("Probe %1").arg(p + 1));
    m_drawnMaps = frame.snapshot.get();
    m_drawnProbe = p;
    drawProbeText();
}

void AttentionView::drawProbeText() {
    const AttentionFrame& frame = m_controller->latest();
    const int p = std::max(0, m_probe->currentIndex());
    const LogitsClassification* c = frame.probePredictions.get();
    if (!c || !m_info) {
        m_probeText->clear();
        return;
    }
    const int rows = m_info->pooled ? 1 : m_info->sequence;
    QStringList predicted;
    int wrong = 0, scored = 0;
    for (int r = 0; r < rows; ++r) {
        const size_t row = size_t(p * rows + r);
        if (row >= c->predicted.size()) break;
        const QString name = m_info->classNames.value(c->predicted[row]).toHtmlEscaped();
        const Token target = row < m_info->probeTargets.size() ? m_info->probeTargets[row] : 0;
        if (target == kIgnoreTarget) {
            predicted << QStringLiteral("<span style='color:gray'>%1</span>").arg(name);
            continue;
        }
        ++scored;
        const bool right = c->predicted[row] == target;
        wrong += !right;
        predicted
            << (right ? name
                      : QStringLiteral("<span style='color:#b00020'><u>%1</u></span>").arg(name));
    }
    m_probeText->setText(tr("model: %1 · %2 of %3 right")
                             .arg(predicted.join(QLatin1Char(' ')))
                             .arg(scored - wrong)
                             .arg(scored));
    m_probeText->setToolTip(
        tr("The model's prediction for this probe; wrong ones underlined in "
           "red, unscored positions grey"));
}

QString AttentionView::messageText() const {
    return messageLabel()->isHidden() ? QString() : messageLabel()->text();
}
QString AttentionView::readoutText() const { return m_readout->text(); }
QString AttentionView::probeText() const {
    QString plain = m_probeText->text();
    plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return plain;
}

}  // namespace actlab::ui
