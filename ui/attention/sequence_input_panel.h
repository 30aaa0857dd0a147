// "Your own sequence": a line where the user types tokens of the task's vocabulary separated by
// spaces, checked here (unknown tokens, wrong length) with a clear message, and the model's
// prediction for it (per position, or for the whole sequence) with its probabilities. The
// prediction itself comes from the worker; this panel only parses names and shows results.
#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

#include "training/sequence_prediction.h"

class QLabel;
class QLineEdit;
class QPushButton;

namespace actlab::ui {

class SequenceInputPanel : public QWidget {
    Q_OBJECT
public:
    explicit SequenceInputPanel(QWidget* parent = nullptr);

    // The task's names and the lengths a typed sequence may have; clears the prediction.
    void setVocabulary(const QStringList& tokenNames, const QStringList& classNames,
                       SequenceLengths lengths, bool pooled);
    void setExample(const QString& example);  // placeholder text, e.g. the probe's tokens

    struct Parsed {
        std::vector<Token> tokens;
        QString error;  // empty when the tokens are valid
    };
    Parsed parse(const QString& text) const;

    // Checks the line; valid: emits predictRequested, else shows the error and keeps the rest.
    void submit();
    void clearSequence();  // the probe's maps come back; emits cleared
    void showPrediction(const SequencePrediction& prediction);
    void showError(const QString& message);

    bool isActive() const { return m_active; }  // a valid sequence was submitted and not cleared
    QLineEdit* lineEdit() const { return m_line; }
    QPushButton* predictButton() const { return m_predict; }
    QPushButton* clearButton() const { return m_clear; }
    QString messageText() const;     // the error shown, "" if none
    QString predictionText() const;  // the prediction as plain text, "" if none
    QStringList typedTokens() const { return m_typedNames; }

signals:
    void predictRequested(const std::vector<Token>& tokens);
    void cleared();

private:
    QStringList m_tokenNames, m_classNames;
    SequenceLengths m_lengths;
    bool m_pooled = false;
    bool m_active = false;
    QStringList m_typedNames;
    QString m_predictionPlain;
    QLineEdit* m_line;
    QPushButton* m_predict;
    QPushButton* m_clear;
    QLabel* m_message;
    QLabel* m_prediction;
};

}  // namespace actlab::ui
