// LessonQuestionEditor: the question's widgets and the edits they make.
#include "lesson_question_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include "lesson_editor.h"
#include "translations.h"

namespace actlab::gui {
namespace {

QString choiceText(const LessonText& texts, const std::string& language) {
    const auto it = texts.find(language);
    return it == texts.end() ? QString() : QString::fromStdString(it->second);
}

void setOrErase(LessonText& texts, const std::string& language, const QString& text) {
    if (text.trimmed().isEmpty())
        texts.erase(language);
    else
        texts[language] = text.toStdString();
}

// A new question: two choices whose conditions the teacher writes.
LessonQuestion newQuestion() {
    LessonQuestion q;
    q.choices.resize(2);
    return q;
}

}  // namespace

LessonQuestionEditor::LessonQuestionEditor(LessonEditor& editor, QWidget* parent)
    : QGroupBox(tr("Ask the class a question"), parent), m_editor(editor) {
    setObjectName(QStringLiteral("questionEditor"));
    setCheckable(true);
    setAccessibleName(title());
    connect(this, &QGroupBox::toggled, this, [this](bool on) {
        m_editor.editQuestion(on ? tr("Add a question") : tr("Remove the question"),
                              [on](std::optional<LessonQuestion>& q) {
                                  if (on && !q) q = newQuestion();
                                  if (!on) q.reset();
                              });
    });
    auto* form = new QFormLayout;
    auto* texts = new QHBoxLayout;
    for (const std::string& language : lessonLanguages()) {
        auto* edit = new QLineEdit(this);
        const QString name = languageName(QString::fromStdString(language));
        edit->setObjectName(QStringLiteral("questionText_") + QString::fromStdString(language));
        edit->setPlaceholderText(tr("The question (%1)").arg(name));
        edit->setAccessibleName(edit->placeholderText());
        connect(edit, &QLineEdit::textEdited, this, [this, language](const QString& text) {
            m_editor.editQuestion(
                tr("Edit the question"),
                [&](std::optional<LessonQuestion>& q) { setOrErase(q->text, language, text); },
                QStringLiteral("text ") + QString::fromStdString(language));
        });
        texts->addWidget(edit);
        m_texts.emplace_back(language, edit);
    }
    form->addRow(tr("Question:"), texts);
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("questionKind"));
    m_kind->setAccessibleName(tr("Kind of question"));
    m_kind->addItem(tr("Multiple choice"));
    m_kind->addItem(tr("A number"));
    connect(m_kind, &QComboBox::activated, this, [this](int index) { setKind(index == 1); });
    form->addRow(tr("Kind:"), m_kind);

    buildChoices();
    buildNumberRow();
    m_figures = new QLabel(this);
    m_figures->setObjectName(QStringLiteral("questionFigures"));
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* choiceButtons = new QHBoxLayout;
    choiceButtons->addWidget(m_addChoice);
    choiceButtons->addWidget(m_removeChoice);
    choiceButtons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_choices);
    layout->addLayout(choiceButtons);
    layout->addWidget(m_numberRow);
    layout->addWidget(m_figures);
}

// The choices' table (a row a choice: its text per language, its condition) and its buttons.
void LessonQuestionEditor::buildChoices() {
    m_choices = new QTableWidget(0, int(lessonLanguages().size()) + 1, this);
    m_choices->setObjectName(QStringLiteral("questionChoices"));
    m_choices->setAccessibleName(tr("Choices: their texts and when each is right"));
    QStringList headers;
    for (const std::string& language : lessonLanguages())
        headers << languageName(QString::fromStdString(language));
    headers << tr("Right when");
    m_choices->setHorizontalHeaderLabels(headers);
    // the texts a word or two, the condition a line
    m_choices->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_choices->horizontalHeader()->setStretchLastSection(true);
    for (int column = 0; column + 1 < m_choices->columnCount(); ++column)
        m_choices->setColumnWidth(column, 110);
    m_choices->setMinimumHeight(110);
    connect(m_choices, &QTableWidget::cellChanged, this, &LessonQuestionEditor::choiceEdited);
    m_addChoice = new QPushButton(tr("Add choice"), this);
    m_addChoice->setObjectName(QStringLiteral("addChoice"));
    m_addChoice->setAccessibleName(m_addChoice->text());
    m_removeChoice = new QPushButton(tr("Remove choice"), this);
    m_removeChoice->setObjectName(QStringLiteral("removeChoice"));
    m_removeChoice->setAccessibleName(m_removeChoice->text());
    connect(m_addChoice, &QPushButton::clicked, this, [this] {
        m_editor.editQuestion(tr("Add a choice"), [](std::optional<LessonQuestion>& q) {
            if (q->choices.size() < 8) q->choices.emplace_back();
        });
    });
    connect(m_removeChoice, &QPushButton::clicked, this, [this] {
        const int row =
            m_choices->currentRow() < 0 ? m_choices->rowCount() - 1 : m_choices->currentRow();
        m_editor.editQuestion(tr("Remove a choice"), [row](std::optional<LessonQuestion>& q) {
            if (q->choices.size() > 2 && row >= 0 && size_t(row) < q->choices.size())
                q->choices.erase(q->choices.begin() + row);
        });
    });
}

// A number question's answer (a figure) and tolerance.
void LessonQuestionEditor::buildNumberRow() {
    m_numberRow = new QWidget(this);
    m_answer = new QLineEdit(m_numberRow);
    m_answer->setObjectName(QStringLiteral("questionAnswer"));
    m_answer->setPlaceholderText(tr("dead_fraction(a)"));
    m_answer->setAccessibleName(tr("The figure that answers it"));
    m_tolerance = new QDoubleSpinBox(m_numberRow);
    m_tolerance->setObjectName(QStringLiteral("questionTolerance"));
    m_tolerance->setAccessibleName(tr("How far a guess may be"));
    m_tolerance->setRange(0, 1e6);
    m_tolerance->setDecimals(3);
    m_tolerance->setSingleStep(0.01);
    connect(m_answer, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_editor.editQuestion(
            tr("Edit the answer"),
            [&](std::optional<LessonQuestion>& q) { q->answer = text.trimmed().toStdString(); },
            QStringLiteral("answer"));
    });
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        m_editor.editQuestion(
            tr("Edit the tolerance"),
            [value](std::optional<LessonQuestion>& q) { q->tolerance = value; },
            QStringLiteral("tolerance"));
    });
    auto* numberRow = new QHBoxLayout(m_numberRow);
    numberRow->setContentsMargins(0, 0, 0, 0);
    numberRow->addWidget(new QLabel(tr("Answer:"), m_numberRow));
    numberRow->addWidget(m_answer, 1);
    numberRow->addWidget(new QLabel(tr("±"), m_numberRow));
    numberRow->addWidget(m_tolerance);
}

QLineEdit* LessonQuestionEditor::questionText(const std::string& language) const {
    for (const auto& [code, edit] : m_texts)
        if (code == language) return edit;
    return nullptr;
}

void LessonQuestionEditor::setKind(bool number) {
    m_editor.editQuestion(number ? tr("Ask for a number") : tr("Ask to choose"),
                          [number](std::optional<LessonQuestion>& q) {
                              if (number == q->choices.empty()) return;
                              if (number) {
                                  q->choices.clear();
                              } else {
                                  q->answer.clear();
                                  q->choices.resize(2);
                              }
                          });
}

// A cell of the table: a choice's text in a language, or (the last column) its condition.
void LessonQuestionEditor::choiceEdited(int row, int column) {
    const QString text =
        m_choices->item(row, column) ? m_choices->item(row, column)->text() : QString();
    const size_t languages = lessonLanguages().size();
    m_editor.editQuestion(
        tr("Edit a choice"),
        [&](std::optional<LessonQuestion>& q) {
            if (!q || size_t(row) >= q->choices.size()) return;
            LessonChoice& choice = q->choices[size_t(row)];
            if (size_t(column) < languages)
                setOrErase(choice.text, lessonLanguages()[size_t(column)], text);
            else
                choice.when = text.trimmed().toStdString();
        },
        QStringLiteral("choice %1 %2").arg(row).arg(column));
}

void LessonQuestionEditor::refresh(const LessonScene& scene) {
    const bool runs = scene.view == "training" || scene.view == "attention";
    setEnabled(runs);
    setToolTip(runs ? QString()
                    : tr("A question is answered by a Training or Attention scene's runs"));
    const QSignalBlocker block(this);
    setChecked(scene.question.has_value());
    const LessonQuestion q = scene.question.value_or(LessonQuestion{});
    for (const auto& [language, edit] : m_texts)
        if (edit->text() != choiceText(q.text, language))
            edit->setText(choiceText(q.text, language));
    const bool number = scene.question && q.choices.empty();
    m_kind->setCurrentIndex(number ? 1 : 0);
    m_choices->setVisible(!number);
    m_addChoice->setVisible(!number);
    m_removeChoice->setVisible(!number);
    m_numberRow->setVisible(number);
    {
        const QSignalBlocker blockTable(m_choices);
        m_choices->setRowCount(int(q.choices.size()));
        const auto& languages = lessonLanguages();
        for (int row = 0; row < int(q.choices.size()); ++row)
            for (int column = 0; column <= int(languages.size()); ++column) {
                const LessonChoice& choice = q.choices[size_t(row)];
                const QString text = column < int(languages.size())
                                         ? choiceText(choice.text, languages[size_t(column)])
                                         : QString::fromStdString(choice.when);
                QTableWidgetItem* item = m_choices->item(row, column);
                if (!item) m_choices->setItem(row, column, item = new QTableWidgetItem);
                if (item->text() != text) item->setText(text);
            }
        m_choices->setVerticalHeaderLabels([&] {
            QStringList letters;
            for (size_t i = 0; i < q.choices.size(); ++i) letters << QString(QChar(u'A' + int(i)));
            return letters;
        }());
    }
    if (m_answer->text() != QString::fromStdString(q.answer))
        m_answer->setText(QString::fromStdString(q.answer));
    {
        const QSignalBlocker blockTolerance(m_tolerance);
        m_tolerance->setValue(q.tolerance);
    }
    m_removeChoice->setEnabled(q.choices.size() > 2);
    QStringList kinds;
    const bool compare = scene.compareActivation || !scene.compareConfigJson.empty();
    for (const std::string& what : lessonFigureKinds())
        if (lessonFigureFitsView(what, scene.view) && !lessonFigureFitsView(what, "explorer"))
            kinds << QString::fromStdString(what);
    m_figures->setText(
        tr("Write each choice's condition on the runs' figures, e.g. %1 or %2. Runs: %3. "
           "Figures: %4 (layer_grad_norm(a, block), previous_token_attention(a, block, head)).")
            .arg(QStringLiteral("<code>dead_fraction(a) &gt; dead_fraction(b)</code>"),
                 QStringLiteral("<code>test_accuracy(a) = 0.9 ± 0.05</code>"),
                 compare ? QStringLiteral("a, b") : QStringLiteral("a"),
                 kinds.join(QStringLiteral(", "))));
}

}  // namespace actlab::gui
