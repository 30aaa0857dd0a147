// LessonPanel: titles, a QTextBrowser for the scene's rich text, and the scene buttons.
#include "ui/lessons/lesson_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/common/ui_scale.h"

namespace actlab::ui {

LessonPanel::LessonPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("lessonPanel"));
    m_lessonTitle = new QLabel(this);
    m_lessonTitle->setObjectName(QStringLiteral("lessonTitle"));
    m_lessonTitle->setWordWrap(true);
    keepRelativeFont(m_lessonTitle, 1.0, false);
    m_sceneTitle = new QLabel(this);
    m_sceneTitle->setObjectName(QStringLiteral("sceneTitle"));
    m_sceneTitle->setWordWrap(true);
    keepRelativeFont(m_sceneTitle, 1.25, true);
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setOpenExternalLinks(false);
    m_text->setFocusPolicy(Qt::NoFocus);  // PgDn/PgUp step the lesson, not this text
    m_previous = new QPushButton(this);
    m_previous->setObjectName(QStringLiteral("previousScene"));
    m_next = new QPushButton(this);
    m_next->setObjectName(QStringLiteral("nextScene"));
    m_close = new QPushButton(this);
    m_close->setObjectName(QStringLiteral("closeLesson"));
    for (QPushButton* button : {m_previous, m_next, m_close}) button->setFocusPolicy(Qt::NoFocus);
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("sceneCounter"));
    m_counter->setAlignment(Qt::AlignCenter);
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previousRequested);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextRequested);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::closeRequested);
    m_question = new QWidget(this);
    m_question->setObjectName(QStringLiteral("lessonQuestion"));
    m_handsLabel = new QLabel(m_question);
    m_guesses = new QLineEdit(m_question);
    m_guesses->setObjectName(QStringLiteral("classGuesses"));
    connect(m_guesses, &QLineEdit::editingFinished, this,
            [this] { emit guessesEdited(m_guesses->text()); });
    m_reveal = new QPushButton(m_question);
    m_reveal->setObjectName(QStringLiteral("revealQuestion"));
    m_reveal->setFocusPolicy(Qt::NoFocus);  // Enter reveals through the window's action
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::revealRequested);
    auto* questionRow = new QHBoxLayout(m_question);
    questionRow->setContentsMargins(0, 0, 0, 0);
    questionRow->addWidget(m_handsLabel);
    questionRow->addWidget(m_guesses, 1);
    questionRow->addStretch(1);
    questionRow->addWidget(m_reveal);
    m_question->hide();

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_lessonTitle);
    layout->addWidget(m_sceneTitle);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_question);
    layout->addWidget(m_counter);  // a line of its own: "场景 3 / 5" or "Scene 3 of 5" at 200 %
    buttons->addWidget(m_close);
    layout->addLayout(buttons);
    retranslate();
}

void LessonPanel::show(const QString& lessonTitle, const QString& sceneTitle, const QString& html,
                       int index, int count) {
    m_lessonTitle->setText(lessonTitle);
    m_sceneTitle->setText(sceneTitle);
    m_text->setHtml(html);
    m_index = index;
    m_count = count;
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    retranslate();
}

void LessonPanel::retranslate() {
    m_previous->setText(QStringLiteral("◀"));  // arrows: the panel stays narrow at 200 %
    m_previous->setToolTip(tr("The previous scene (PgUp)"));
    m_previous->setAccessibleName(tr("Previous scene"));
    m_next->setText(QStringLiteral("▶"));
    m_next->setToolTip(tr("The next scene (PgDn)"));
    m_next->setAccessibleName(tr("Next scene"));
    m_close->setText(tr("Close"));
    m_close->setToolTip(tr("Close the lesson panel; the views keep their state"));
    m_counter->setText(counterText());
    m_handsLabel->setText(m_tallies.empty() ? tr("Guesses:") : tr("Hands:"));
    m_guesses->setPlaceholderText(tr("e.g. 40, 55, 70"));
    m_guesses->setToolTip(
        tr("The class's guesses, separated by commas; the reveal marks those "
           "within the tolerance"));
    m_guesses->setAccessibleName(tr("The class's guesses"));
    m_reveal->setText(tr("Reveal"));
    m_reveal->setToolTip(tr("Train the runs and show which answer they give (Enter)"));
    m_reveal->setAccessibleName(tr("Reveal the answer"));
    for (size_t i = 0; i < m_tallies.size(); ++i)
        m_tallies[i]->setAccessibleName(
            tr("Hands for choice %1").arg(m_tallies[i]->prefix().trimmed()));
}

void LessonPanel::showQuestion(const QStringList& letters, const std::vector<int>& tallies,
                               bool revealable, const QString& guesses) {
    if (m_tallies.size() != size_t(letters.size())) {
        for (QSpinBox* box : m_tallies) box->deleteLater();
        m_tallies.clear();
        auto* row = static_cast<QHBoxLayout*>(m_question->layout());
        for (qsizetype i = 0; i < letters.size(); ++i) {
            auto* box = new QSpinBox(m_question);
            box->setObjectName(QStringLiteral("tally%1").arg(i));
            box->setRange(0, 999);
            connect(box, &QSpinBox::valueChanged, this,
                    [this, i](int hands) { emit tallyChanged(int(i), hands); });
            row->insertWidget(int(i) + 1, box);
            m_tallies.push_back(box);
        }
    }
    for (size_t i = 0; i < m_tallies.size(); ++i) {
        const QSignalBlocker block(m_tallies[i]);
        m_tallies[i]->setPrefix(letters[qsizetype(i)] + QStringLiteral(": "));
        m_tallies[i]->setValue(i < tallies.size() ? tallies[i] : 0);
    }
    m_guesses->setVisible(letters.isEmpty());  // a number question's
    if (m_guesses->text() != guesses) m_guesses->setText(guesses);
    m_reveal->setEnabled(revealable);
    m_question->show();
    retranslate();
}

void LessonPanel::hideQuestion() { m_question->hide(); }

QSpinBox* LessonPanel::tallyBox(int choice) const {
    return choice >= 0 && size_t(choice) < m_tallies.size() ? m_tallies[size_t(choice)] : nullptr;
}

QString LessonPanel::counterText() const {
    return m_count > 0 ? tr("Scene %1 of %2").arg(m_index + 1).arg(m_count) : QString();
}

}  // namespace actlab::ui
