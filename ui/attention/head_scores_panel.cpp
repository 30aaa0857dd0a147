// HeadScoresPanel: the throttled measurement on a model rebuilt from the weights, and the table.
#include "ui/attention/head_scores_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace actlab::ui {

HeadScoresPanel::HeadScoresPanel(QWidget* parent) : QGroupBox(tr("What the heads do"), parent) {
    setObjectName(QStringLiteral("headScores"));
    m_table = new QTableWidget(0, 8, this);
    m_table->setObjectName(QStringLiteral("headScoresTable"));
    m_table->setAccessibleName(tr("Head scores"));
    m_table->setTabKeyNavigation(false);  // Tab leaves the table (arrows read its cells)
    m_table->setHorizontalHeaderLabels({tr("Run"), tr("Layer"), tr("Head"), tr("prev."),
                                        tr("induct."), tr("self"), tr("first"), tr("Label")});
    m_table->horizontalHeaderItem(3)->setToolTip(tr("Mean weight on the previous position"));
    m_table->horizontalHeaderItem(4)->setToolTip(
        tr("On a random sequence repeated twice: the weight on the token after the current "
           "token's earlier occurrence"));
    m_table->horizontalHeaderItem(5)->setToolTip(tr("Mean weight on the position itself"));
    m_table->horizontalHeaderItem(6)->setToolTip(tr("Mean weight on the first position"));
    m_table->setColumnHidden(0, true);  // the Run column, in compare mode
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);  // its rows' height
    // As wide as the settings are, scrolled sideways where they are narrower: the table must not
    // widen the settings panel (at 150 % in compare mode that cut the status line).
    QSizePolicy policy = m_table->sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Ignored);
    m_table->setSizePolicy(policy);
    m_table->setMinimumWidth(1);
    m_note = new QLabel(tr("Measured on random sequences repeated twice; a head is named by the "
                           "score that stands out (over %1)")
                            .arg(kHeadLabelThreshold),
                        this);
    m_note->setAccessibleName(tr("How the heads are measured"));
    m_note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(m_note);
    m_timer.setSingleShot(true);
    m_timer.setInterval(kIntervalMilliseconds);
    connect(&m_timer, &QTimer::timeout, this, &HeadScoresPanel::measureNow);
}

void HeadScoresPanel::clear(int run) {
    m_runs[run] = {};
    showScores();
}

void HeadScoresPanel::setWeights(std::shared_ptr<const ModelWeights> weights, int run) {
    Measured& measured = m_runs[run];
    if (!weights || weights == measured.weights) return;
    measured.weights = std::move(weights);
    if (!measured.scores && (run == 0 || m_comparing))
        measureNow();
    else if (!m_timer.isActive())
        m_timer.start();
}

void HeadScoresPanel::setCompare(bool comparing) {
    if (comparing == m_comparing) return;
    m_comparing = comparing;
    if (!comparing) m_runs[1] = {};
    m_table->setColumnHidden(0, !comparing);
    showScores();
}

void HeadScoresPanel::measureNow() {
    m_timer.stop();
    bool changed = false;
    for (int run = 0; run < shownRuns(); ++run) changed = measure(run) || changed;
    if (!changed) return;
    showScores();
    emit measured();
}

bool HeadScoresPanel::measure(int run) {
    Measured& m = m_runs[run];
    if (!m.weights || m.weights == m.measuredWeights || m.weights->config.sequence < 4)
        return false;
    m.measuredWeights = m.weights;
    std::unique_ptr<Transformer<float>> model = modelFromWeights(*m.weights);
    if (!model) return false;
    m.scores = measureHeadScores(*model, kBatch, 1);
    return true;
}

QString HeadScoresPanel::labelText(std::string_view label) {
    if (label == "previous-token") return tr("previous token");
    if (label == "induction") return tr("induction");
    if (label == "shifted-induction") return tr("shifted induction");
    if (label == "self") return tr("self");
    if (label == "first-token") return tr("first token");
    if (label == "mixed") return tr("mixed");
    return QString::fromUtf8(label.data(), int(label.size()));
}

QStringList HeadScoresPanel::labels(int run) const {
    QStringList out;
    if (m_runs[run].scores)
        for (const HeadScore& score : m_runs[run].scores->score) out << labelText(score.label);
    return out;
}

void HeadScoresPanel::showScores() {
    int rows = 0;
    for (int run = 0; run < shownRuns(); ++run)
        if (const auto& s = m_runs[run].scores) rows += s->layers * s->heads;
    m_table->setRowCount(rows);
    const auto cell = [this](int row, int column, const QString& text) {
        auto* item = m_table->item(row, column);
        if (!item) m_table->setItem(row, column, item = new QTableWidgetItem);
        item->setText(text);
    };
    int row = 0;
    for (int run = 0; run < shownRuns(); ++run) {
        if (!m_runs[run].scores) continue;
        const HeadScores& s = *m_runs[run].scores;
        for (int l = 0; l < s.layers; ++l)
            for (int h = 0; h < s.heads; ++h, ++row) {
                const HeadScore& score = s.at(l, h);
                cell(row, 0, run == 0 ? QStringLiteral("A") : QStringLiteral("B"));
                cell(row, 1, QString::number(l + 1));
                cell(row, 2, QString::number(h + 1));
                cell(row, 3, QString::number(score.previousToken, 'f', 2));
                cell(row, 4, QString::number(score.induction, 'f', 2));
                cell(row, 5, QString::number(score.self, 'f', 2));
                cell(row, 6, QString::number(score.firstToken, 'f', 2));
                cell(row, 7, labelText(score.label));
            }
    }
}

}  // namespace actlab::ui
