// SequenceInputPanel: parsing typed names against the vocabulary, and the prediction as a small
// table (position, token, predicted class, its probability), in blocks of a dozen positions.
#include "ui/attention/sequence_input_panel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace actlab::ui {
namespace {

constexpr int kColumnsPerBlock = 12;
constexpr int kNamesListed = 40;  // a longer vocabulary is cut short in the message

}  // namespace

SequenceInputPanel::SequenceInputPanel(QWidget* parent) : QWidget(parent) {
    m_line = new QLineEdit(this);
    m_line->setObjectName(QStringLiteral("typedSequence"));
    m_line->setAccessibleName(tr("Typed sequence"));
    m_line->setClearButtonEnabled(true);
    m_line->setToolTip(tr("Tokens of the task's vocabulary separated by spaces; Enter predicts"));
    m_predict = new QPushButton(tr("Predict"), this);
    m_predict->setObjectName(QStringLiteral("predict"));
    m_clear = new QPushButton(tr("Show probe"), this);
    m_clear->setObjectName(QStringLiteral("clearTyped"));
    m_clear->setToolTip(tr("Back to the probe sequence's maps"));
    m_clear->setEnabled(false);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("typedMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_message->hide();
    m_prediction = new QLabel(this);
    m_prediction->setObjectName(QStringLiteral("typedPrediction"));
    m_prediction->setTextFormat(Qt::RichText);
    m_prediction->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_prediction->hide();

    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Your sequence"), this));
    row->addWidget(m_line, 1);
    row->addWidget(m_predict);
    row->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_message);
    layout->addWidget(m_prediction);

    connect(m_line, &QLineEdit::returnPressed, this, &SequenceInputPanel::submit);
    connect(m_predict, &QPushButton::clicked, this, &SequenceInputPanel::submit);
    connect(m_clear, &QPushButton::clicked, this, &SequenceInputPanel::clearSequence);
}

void SequenceInputPanel::setVocabulary(const QStringList& tokenNames, const QStringList& classNames,
                                       SequenceLengths lengths, bool pooled) {
    m_tokenNames = tokenNames;
    m_classNames = classNames;
    m_lengths = lengths;
    m_pooled = pooled;
    clearSequence();  // a new vocabulary: the typed sequence no longer applies
}

void SequenceInputPanel::setExample(const QString& example) {
    m_line->setPlaceholderText(example.isEmpty() ? QString() : tr("e.g. %1").arg(example));
}

SequenceInputPanel::Parsed SequenceInputPanel::parse(const QString& text) const {
    Parsed parsed;
    const QStringList words =
        text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    if (words.isEmpty()) {
        parsed.error = tr("Type a sequence first: tokens separated by spaces.");
        return parsed;
    }
    QStringList unknown;
    for (const QString& word : words) {
        qsizetype id = m_tokenNames.indexOf(word);
        if (id < 0) id = m_tokenNames.indexOf(word.toLower());
        if (id < 0) {
            if (!unknown.contains(word)) unknown << word;
            continue;
        }
        parsed.tokens.push_back(Token(id));
    }
    if (!unknown.isEmpty()) {
        QStringList known = m_tokenNames.mid(0, kNamesListed);
        if (m_tokenNames.size() > kNamesListed) known << QStringLiteral("…");
        parsed.error =
            tr("Unknown token(s) %1. This task's tokens are: %2.", "", int(unknown.size()))
                .arg(QLatin1Char('"') + unknown.join(QStringLiteral("\", \"")) + QLatin1Char('"'),
                     known.join(QLatin1Char(' ')));
        parsed.tokens.clear();
        return parsed;
    }
    const int count = int(parsed.tokens.size());
    if (count < m_lengths.minimum || count > m_lengths.maximum) {
        parsed.error =
            m_lengths.minimum == m_lengths.maximum
                ? tr("Type exactly %1 tokens: the model was trained on sequences of %1 (you "
                     "typed %2).")
                      .arg(m_lengths.maximum)
                      .arg(count)
                : tr("Type %1 to %2 tokens (you typed %3).")
                      .arg(m_lengths.minimum)
                      .arg(m_lengths.maximum)
                      .arg(count);
        parsed.tokens.clear();
    }
    return parsed;
}

void SequenceInputPanel::submit() {
    const Parsed parsed = parse(m_line->text());
    if (!parsed.error.isEmpty()) {
        showError(parsed.error);  // the previous sequence, maps and prediction stay
        return;
    }
    m_message->hide();
    m_active = true;
    m_typedNames.clear();
    for (Token token : parsed.tokens) m_typedNames << m_tokenNames.value(token);
    m_clear->setEnabled(true);
    emit predictRequested(parsed.tokens);
}

void SequenceInputPanel::clearSequence() {
    const bool wasActive = m_active;
    m_active = false;
    m_typedNames.clear();
    m_predictionPlain.clear();
    m_prediction->hide();
    m_message->hide();
    m_clear->setEnabled(false);
    if (wasActive) emit cleared();
}

void SequenceInputPanel::showError(const QString& message) {
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void SequenceInputPanel::showPrediction(const SequencePrediction& prediction) {
    const LogitsClassification& c = prediction.classification;
    const int classes = std::max(1, prediction.classes);
    const auto probability = [&](int row) {
        const int predicted = c.predicted[size_t(row)];
        return double(c.probabilities[size_t(row * classes + predicted)]);
    };
    QString html, plain;
    if (prediction.pooled && !c.predicted.empty()) {
        QStringList parts;
        for (int k = 0; k < classes; ++k)
            parts << QStringLiteral("%1 %2")
                         .arg(m_classNames.value(k).toHtmlEscaped())
                         .arg(double(c.probabilities[size_t(k)]), 0, 'f', 2);
        plain = tr("Prediction: %1 (%2)")
                    .arg(m_classNames.value(c.predicted[0]))
                    .arg(probability(0), 0, 'f', 2);
        html = tr("Prediction: <b>%1</b> · probabilities %2")
                   .arg(m_classNames.value(c.predicted[0]).toHtmlEscaped(),
                        parts.join(QStringLiteral(", ")));
    } else {
        const int rows = int(c.predicted.size());
        QStringList plainParts;
        for (int start = 0; start < rows; start += kColumnsPerBlock) {
            QString position, input, output, p;
            for (int t = start; t < std::min(rows, start + kColumnsPerBlock); ++t) {
                const QString cell = QStringLiteral("<td align=center>%1</td>");
                position += cell.arg(t);
                input += cell.arg(m_tokenNames.value(prediction.tokens[size_t(t)]).toHtmlEscaped());
                output +=
                    cell.arg(QStringLiteral("<b>%1</b>")
                                 .arg(m_classNames.value(c.predicted[size_t(t)]).toHtmlEscaped()));
                p += cell.arg(probability(t), 0, 'f', 2);
                plainParts << QStringLiteral("%1→%2 (%3)")
                                  .arg(m_tokenNames.value(prediction.tokens[size_t(t)]),
                                       m_classNames.value(c.predicted[size_t(t)]))
                                  .arg(probability(t), 0, 'f', 2);
            }
            html += QStringLiteral(
                        "<table cellspacing=0 cellpadding=2>"
                        "<tr><td><i>%1</i></td>%2</tr><tr><td><i>%3</i></td>%4</tr>"
                        "<tr><td><i>%5</i></td>%6</tr><tr><td><i>%7</i></td>%8</tr>"
                        "</table>")
                        .arg(tr("pos"), position, tr("input"), input, tr("predicted"), output,
                             tr("probability"), p);
        }
        plain = tr("Prediction: %1").arg(plainParts.join(QLatin1Char(' ')));
    }
    m_predictionPlain = plain;
    m_prediction->setText(html);
    m_prediction->setToolTip(plain);
    m_prediction->show();
}

QString SequenceInputPanel::messageText() const {
    return m_message->isHidden() ? QString() : m_message->text();
}

QString SequenceInputPanel::predictionText() const {
    return m_active ? m_predictionPlain : QString();
}

}  // namespace actlab::ui
