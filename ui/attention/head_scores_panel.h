// What each head measurably does (core's measureHeadScores, Olsson et al. 2022): a table of
// layer, head, previous-token, induction, self and first-token scores and the label, measured on
// the panel's own copy of the newest weights at most twice a second, never on the worker's model.
// Run A's heads, and in compare mode run B's below them (a Run column says which). The labels go
// on the maps too (AttentionView).
#pragma once

#include <QGroupBox>
#include <QStringList>
#include <QTimer>
#include <array>
#include <memory>
#include <optional>

#include "diagnostics/head_scores.h"
#include "ui/attention/model_weights.h"

class QLabel;
class QTableWidget;

namespace actlab::ui {

class HeadScoresPanel : public QGroupBox {
    Q_OBJECT
public:
    static constexpr int kBatch = 16;  // repeated random sequences measured
    static constexpr int kIntervalMilliseconds = 500;

    explicit HeadScoresPanel(QWidget* parent = nullptr);

    void clear(int run = 0);  // a new run A (0) or B (1): no scores until its weights come
    // The newest weights of run A or B: measured now when none were, else within
    // kIntervalMilliseconds.
    void setWeights(std::shared_ptr<const ModelWeights> weights, int run = 0);
    void setCompare(bool comparing);  // run B's rows shown (and measured) or not
    void measureNow();                // both runs' newest weights, at once (tests)
    const std::optional<HeadScores>& scores(int run = 0) const { return m_runs[run].scores; }
    QStringList labels(int run = 0) const;  // translated, layer-major; empty without scores
    QTableWidget* table() const { return m_table; }
    static QString labelText(std::string_view label);  // "previous-token" → "previous token"

signals:
    void measured();  // new scores and labels (of either run)

private:
    struct Measured {
        std::shared_ptr<const ModelWeights> weights, measuredWeights;
        std::optional<HeadScores> scores;
    };
    bool measure(int run);  // true when new scores came
    void showScores();
    int shownRuns() const { return m_comparing ? 2 : 1; }

    std::array<Measured, 2> m_runs;
    bool m_comparing = false;
    QTimer m_timer;
    QTableWidget* m_table;
    QLabel* m_note;
};

}  // namespace actlab::ui
