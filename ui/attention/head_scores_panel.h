// What each head of run A measurably does (core's measureHeadScores, Olsson et al. 2022): a
// table of layer, head, previous-token, induction, self and first-token scores and the label,
// measured on the panel's own copy of the newest weights at most twice a second, never on the
// worker's model. The labels go on the maps too (AttentionView).
#pragma once

#include <QGroupBox>
#include <QStringList>
#include <QTimer>
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

    void clear();  // a new run: no scores until its weights come
    // The newest weights: measured now when none were, else within kIntervalMilliseconds.
    void setWeights(std::shared_ptr<const ModelWeights> weights);
    void measureNow();  // the newest weights, at once (tests)
    const std::optional<HeadScores>& scores() const { return m_scores; }
    QStringList labels() const;  // translated, layer-major; empty without scores
    QTableWidget* table() const { return m_table; }
    static QString labelText(std::string_view label);  // "previous-token" → "previous token"

signals:
    void measured();  // new scores and labels

private:
    void showScores();

    std::shared_ptr<const ModelWeights> m_weights, m_measuredWeights;
    std::optional<HeadScores> m_scores;
    QTimer m_timer;
    QTableWidget* m_table;
    QLabel* m_note;
};

}  // namespace actlab::ui
