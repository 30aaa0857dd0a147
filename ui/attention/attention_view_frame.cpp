// AttentionView: the newest frame drawn — the status line, the probe picker and its tokens, the
// maps of the probe or of the typed sequence (run A's, and run B's in compare mode), the
// prediction, the runs' titles, the curves, and a divergence.
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>

#include "training/text_figures.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_maps_pair.h"
#include "ui/attention/attention_view.h"
#include "ui/attention/compare_runs.h"
#include "ui/attention/generation_panel.h"
#include "ui/attention/head_scores_panel.h"
#include "ui/attention/sequence_input_panel.h"
#include "ui/common/status_label.h"

namespace actlab::ui {
namespace {

// A frame whose snapshots are full (SnapshotScope::Full): a keyframe's figures are its step's.
bool fullyEvaluated(const AttentionFrame& frame) {
    for (const SequenceSnapshot* s : {frame.snapshot.get(), frame.compared.snapshot.get()})
        if (s && s->evaluatedStep != s->step && !s->diverged) return false;
    return true;
}

QString percent(double share) { return QString::number(share * 100, 'f', 1) + QLatin1Char('%'); }

// Runs A's and B's ops (TensorOpsTable::describe) as one: the backend, and in "(cpu: …)" every op
// that ran on the CPU in either run. "vulkan" and "vulkan (cpu: mix_forward)" give the latter.
QString mergedEngineOps(const QString& a, const QString& b) {
    if (b.isEmpty() || a == b) return a;
    const QString marker = QStringLiteral(" (cpu: ");
    QString backend;
    QStringList onCpu;
    for (const QString& ops : {a, b}) {
        const qsizetype at = ops.indexOf(marker);
        if (backend.isEmpty()) backend = at < 0 ? ops : ops.left(at);
        if (at < 0) continue;
        const QString list = ops.mid(at + marker.size()).chopped(1);  // without the ")"
        for (const QString& op : list.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            if (!onCpu.contains(op)) onCpu << op;
    }
    if (onCpu.isEmpty()) return backend;
    return backend + marker + onCpu.join(QStringLiteral(", ")) + QLatin1Char(')');
}

}  // namespace

void AttentionView::drawFrame() {
    const AttentionFrame& latest = m_controller->latest();
    if (latest.error.isEmpty() && !latest.engine.ops.isEmpty())
        setEngine(mergedEngineOps(latest.engine.ops, latest.engineB.ops),
                  latest.engine.note.isEmpty() ? latest.engineB.note : latest.engine.note);
    if (latest.error.isEmpty() && latest.snapshot && fullyEvaluated(latest)) recordKeyframe(latest);
    if (m_replayFrame && latest.error.isEmpty()) {  // scrubbed: the keyframe stays
        m_drawnStep = latest.step();
        const bool withB = m_comparing && latest.compareRequest == m_controller->compareRequest();
        m_drawnStepB = withB ? latest.compared.step() : 0;
        drawStatus();
        updateButtons();
        giveWeights(latest);
        return;
    }
    drawShown();
    giveWeights(latest);
}

void AttentionView::giveWeights(const AttentionFrame& latest) {
    // The live run's weights, once the run they belong to is shown.
    if (!latest.error.isEmpty() || latest.info != m_shown[0].info) return;
    m_generation->setWeights(latest.weights);
    m_headScores->setWeights(latest.weights, 0);
    if (m_comparing && latest.compareRequest == m_controller->compareRequest() &&
        latest.compared.info == m_shown[1].info)
        m_headScores->setWeights(latest.compared.weights, 1);
}

void AttentionView::drawShown() {
    const AttentionFrame& frame = shownFrame();
    const bool live = !m_replayFrame;
    if (!frame.error.isEmpty()) {
        showMessage(tr("Cannot build this model: %1").arg(frame.error));
        updateButtons();
        return;
    }
    // Run B's part counts once it answers the latest compare request.
    const bool withB = m_comparing && frame.compareRequest == m_controller->compareRequest();
    if (frame.info && frame.info != m_shown[0].info) startRun(0, frame.info);
    if (withB && frame.compared.info && frame.compared.info != m_shown[1].info)
        startRun(1, frame.compared.info);
    if (!frame.snapshot) return;
    const SequenceSnapshot& run = *frame.snapshot;
    const SequenceSnapshot* runB = withB ? frame.compared.snapshot.get() : nullptr;
    if (live) {
        m_drawnStep = run.step;
        m_drawnStepB = runB ? runB->step : 0;
    }
    // The curves change with a full snapshot (SnapshotScope): at its evaluated step.
    const int stepB = runB ? runB->evaluatedStep : -1;
    if (run.evaluatedStep != m_chartedStep || stepB != m_chartedStepB || run.diverged) {
        if (runB) {
            const auto differences = runDifferences(m_runConfig, m_runConfigB);
            m_charts->setRuns(frame.snapshot, frame.compared.snapshot,
                              {runLegendName(0, differences), runLegendName(1, differences)});
        } else {
            m_charts->setRun(run);
        }
        m_chartedStep = run.evaluatedStep;
        m_chartedStepB = stepB;
    }
    if (m_probe->count() == 0) {
        const ProbeTokens& tokens = run.probes.tokens;
        const int probes =
            tokens.ids.size() == size_t(tokens.probes) * size_t(tokens.length) ? tokens.probes : 0;
        for (int p = 0; p < probes; ++p) {
            QStringList names;
            for (Token token : tokens.probe(p)) names << m_shown[0].info->tokenNames.value(token);
            m_probe->addItem(tr("%1: %2").arg(p + 1).arg(names.join(QLatin1Char(' '))), p);
            if (p == 0) m_input->setExample(names.join(QLatin1Char(' ')));
        }
        m_probe->setCurrentIndex(std::min(m_wantedProbe, m_probe->count() - 1));
        m_wantedProbe = 0;
    }
    drawMaps();
    drawTitles();

    if (live) ++m_framesDrawn;
    drawStatus();
    QStringList problems;
    if (run.diverged)
        problems << tr("Diverged at step %1: the loss or the gradient became NaN or infinite. The "
                       "maps and curves show the last finite state; press Reset (or lower the "
                       "learning rate).")
                        .arg(run.divergedAtStep);
    if (withB && !frame.compared.error.isEmpty())
        problems << tr("Cannot build run B: %1").arg(frame.compared.error);
    else if (runB && runB->diverged)
        problems << tr("Run B diverged at step %1 and stopped; run A trains on.")
                        .arg(runB->divergedAtStep);
    if (!problems.isEmpty()) showMessage(problems.join(QLatin1Char(' ')));
    if (!frame.predictionError.isEmpty() && m_input->isActive())
        m_input->showError(frame.predictionError);
    updateButtons();
}

void AttentionView::drawStatus() {
    const AttentionFrame& frame = shownFrame();
    const SequenceSnapshot& run = *frame.snapshot;
    const SequenceSnapshot* runB =
        m_comparing && frame.compareRequest == m_controller->compareRequest()
            ? frame.compared.snapshot.get()
            : nullptr;
    // The run's progress, then its scores: in a narrow row, one line each.
    QStringList status{m_replayFrame ? tr("Replay: step %1 · the run is at step %2")
                                           .arg(run.step)
                                           .arg(m_controller->latestStep())
                                     : tr("Step %1").arg(run.step)};
    const bool text = m_shown[0].info && m_shown[0].info->corpus;
    if (runB && text)
        status << tr("held out A %1, B %2 bits/char")
                      .arg(bitsPerCharacter(run.testLoss), 0, 'f', 2)
                      .arg(bitsPerCharacter(runB->testLoss), 0, 'f', 2);
    else if (runB)
        status << tr("loss A %1, B %2").arg(run.testLoss, 0, 'f', 3).arg(runB->testLoss, 0, 'f', 3);
    else if (text)
        status << tr("held out %1 bits/char (bigram %2)")
                      .arg(bitsPerCharacter(run.testLoss), 0, 'f', 2)
                      .arg(m_shown[0].info->corpus->bigramBitsPerCharacter(), 0, 'f', 2);
    else
        status << tr("loss %1").arg(run.testLoss, 0, 'f', 3);
    if (!m_replayFrame && frame.running && frame.stepsPerSecond > 0)
        status << tr("%1 steps/s").arg(frame.stepsPerSecond, 0, 'f', 0);
    if (runB && text)
        status << tr("next-character accuracy A %1, B %2")
                      .arg(percent(run.tokenAccuracy), percent(runB->tokenAccuracy));
    else if (runB)
        status << tr("token accuracy A %1, B %2")
                      .arg(percent(run.tokenAccuracy), percent(runB->tokenAccuracy))
               << tr("sequences A %1, B %2")
                      .arg(percent(run.sequenceAccuracy), percent(runB->sequenceAccuracy));
    else if (text)  // a text has no whole sequences
        status << tr("next-character accuracy %1").arg(percent(run.tokenAccuracy));
    else
        status << tr("token accuracy %1").arg(percent(run.tokenAccuracy))
               << tr("sequences %1").arg(percent(run.sequenceAccuracy));
    StatusLabel* line = toolbar()->status();
    line->setParts(status);  // wraps between the parts when the row is narrow
    line->setToolTip(tr("Test loss (cross-entropy over %1 held-out sequences), the share of "
                        "scored positions predicted right, and of sequences entirely right")
                         .arg(m_shown[0].info ? m_shown[0].info->config.testSequences : 0));
}

QString AttentionView::runTitle(int run) const {
    const auto differences = runDifferences(m_runConfig, m_runConfigB);
    return actlab::ui::runTitle(run, run == 1 ? m_runConfigB : m_runConfig, differences);
}

void AttentionView::drawTitles() {
    if (!m_comparing) return;
    QString titleB = runTitle(1);
    if (m_drawnStepB < m_drawnStep)  // B trains up to A's step first
        titleB += tr(" (catching up: step %1 of %2)").arg(m_drawnStepB).arg(m_drawnStep);
    m_maps->title(0)->setText(runTitle(0));
    m_maps->title(1)->setText(titleB);
}

void AttentionView::startRun(int run, const std::shared_ptr<const AttentionRunInfo>& info) {
    m_shown[run] = {info, nullptr, -1};
    m_headScores->clear(run);
    m_maps->grid(run)->setHeadLabels({});
    if (run == 1) return;  // the probes and the vocabulary are A's (B has the same data)
    const TextCorpus* corpus = info->corpus.get();
    m_charts->setTextBaselines(corpus ? std::optional(std::pair(corpus->unigramBitsPerCharacter(),
                                                                corpus->bigramBitsPerCharacter()))
                                      : std::nullopt);
    m_generation->setCorpus(info->corpus);
    m_generation->setVisible(corpus != nullptr);
    m_probe->clear();
    m_input->setVocabulary(info->tokenNames, info->classNames, info->typedLengths, info->pooled);
}

void AttentionView::drawMaps() {
    drawRunMaps(0);
    if (m_comparing) drawRunMaps(1);
}

void AttentionView::drawRunMaps(int run) {
    const AttentionFrame& frame = shownFrame();
    if (run == 1 && frame.compareRequest != m_controller->compareRequest()) return;
    const AttentionRunPictures pictures = frame.pictures(run);
    ShownRun& shown = m_shown[run];
    AttentionGridView* grid = m_maps->grid(run);
    if (!pictures.snapshot || !shown.info) return;
    const int before = grid->layers() * 100 + grid->heads();
    const bool typed = m_input->isActive() && pictures.prediction &&
                       frame.predictionRequest == m_controller->typedRequest();
    if (typed) {
        if (shown.maps == pictures.prediction.get()) return;
        const SequencePrediction& prediction = *pictures.prediction;
        const AttentionMaps& maps = prediction.attention;
        QStringList names;
        for (Token token : prediction.tokens) names << shown.info->tokenNames.value(token);
        grid->setMaps(maps.layers, maps.heads, maps.queries, maps.weights, names);
        grid->setCaption(tr("Your sequence"));
        if (run == 0) m_input->showPrediction(prediction);
        shown.maps = pictures.prediction.get();
    } else {
        if (m_input->isActive()) return;  // the typed sequence's prediction is on its way
        const int p = std::max(0, m_probe->currentIndex());
        if (shown.maps == pictures.snapshot.get() && shown.probe == p) return;
        const AttentionMaps& attention = pictures.snapshot->probes.attention;
        const ProbeTokens& tokens = pictures.snapshot->probes.tokens;
        if (attention.empty() || p >= attention.probes || p >= tokens.probes ||
            tokens.length != attention.queries ||
            tokens.ids.size() != size_t(tokens.probes) * size_t(tokens.length))
            return;
        QStringList names;
        for (Token token : tokens.probe(p)) names << shown.info->tokenNames.value(token);
        grid->setMaps(attention.layers, attention.heads, attention.queries, attention.probeMaps(p),
                      names);
        grid->setCaption(tr("Probe %1").arg(p + 1));
        shown.maps = pictures.snapshot.get();
        shown.probe = p;
        if (run == 0) drawProbeText();
    }
    if (grid->layers() * 100 + grid->heads() != before) m_maps->arrange();
    if (run == 0 && m_wantedEnlarged) {  // a restored state's enlarged head
        grid->enlarge(m_wantedEnlarged->first, m_wantedEnlarged->second);
        m_wantedEnlarged.reset();
    }
    if (run == 1 && grid->layers() > 0 && !grid->isEnlarged() && this->grid()->isEnlarged())
        linkEnlarged(0);
}

void AttentionView::drawProbeText() {
    const AttentionFrame& frame = shownFrame();
    const int p = std::max(0, m_probe->currentIndex());
    const AttentionRunInfo* info = m_shown[0].info.get();
    if (!frame.snapshot || frame.snapshot->probes.predictions.predicted.empty() || !info) {
        m_probeText->clear();
        return;
    }
    ProbePredictions withTargets;  // a keyframe saved before the targets were: the run's own
    const ProbePredictions* c = &frame.snapshot->probes.predictions;
    if (c->targets.empty() && info->probeTargets.size() == c->predicted.size()) {
        withTargets = *c;
        withTargets.targets = info->probeTargets;
        c = &withTargets;
    }
    const int rows = c->rows;
    QStringList predicted;
    int wrong = 0, scored = 0;
    for (int r = 0; r < rows; ++r) {
        const size_t row = size_t(p * rows + r);
        if (row >= c->predicted.size()) break;
        const QString name = info->classNames.value(c->predicted[row]).toHtmlEscaped();
        if (!c->scored(row)) {
            predicted << QStringLiteral("<span style='color:gray'>%1</span>").arg(name);
            continue;
        }
        ++scored;
        const bool right = c->right(row);
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
