// LessonController's questions (issue 28, "predict, then reveal"): the held-back pre-training run
// at reveal, the panel the scene covers until then, the question's figures measured on the runs at
// the scene's step, the outcome and the hands in the panel, and their place in a session.
#include <QEvent>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <algorithm>
#include <cmath>

#include "class_visibility.h"
#include "lesson_controller.h"
#include "lessons/lesson_figures.h"
#include "main_window.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/lessons/lesson_panel.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

bool comparing(const LessonScene& scene) {
    return scene.compareActivation.has_value() || !scene.compareConfigJson.empty();
}

QString inLanguage(const LessonText& texts, const std::string& language) {
    auto it = texts.find(language);
    if (it == texts.end()) it = texts.begin();
    return it == texts.end() ? QString() : QString::fromStdString(it->second);
}

QString letter(int choice) { return QString(QChar(u'A' + choice)); }

// "53%", "0.385": as a filled-in figure of that kind is shown.
QString valueText(const LessonFigureRef& ref, double value) {
    return QString::fromStdString(formatLessonFigure(lessonFigureFor(ref), value));
}

QStringList letters(const std::vector<int>& choices) {
    QStringList list;
    for (int choice : choices) list << letter(choice);
    return list;
}

// The card over a covered panel: opaque, the window's colour, one line in the middle; it keeps
// the panel's size and takes its clicks (nothing under it can be changed before the reveal).
class CoverCard : public QLabel {
public:
    explicit CoverCard(QWidget* panel) : QLabel(panel) {
        setObjectName(QStringLiteral("lessonCover"));
        setText(LessonController::tr("Answer hidden until Reveal"));
        setAccessibleName(text());
        setAlignment(Qt::AlignCenter);
        setWordWrap(true);
        setAutoFillBackground(true);
        setBackgroundRole(QPalette::Window);
        setFrameShape(QFrame::StyledPanel);
        QFont face = font();
        face.setPointSizeF(face.pointSizeF() * 1.4);
        setFont(face);
        keepOverParent(this);
    }
};

}  // namespace

const LessonQuestion* LessonController::question() const {
    if (!m_lesson || m_scene < 0 || m_scene >= sceneCount()) return nullptr;
    const auto& q = m_lesson->scenes[size_t(m_scene)].question;
    return q ? &*q : nullptr;
}

bool LessonController::reveal() {
    if (!question() || m_revealed) return false;
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    m_revealed = true;
    updateCover();
    m_pretrainTarget = scene.pretrainSteps;
    if (scene.view == "training") {
        m_window.trainingView()->controller()->advance(scene.pretrainSteps);
    } else if (scene.view == "attention") {
        m_window.attentionView()->controller()->advance(scene.pretrainSteps);
        m_attentionRuns.steps = scene.pretrainSteps;  // the next scene may keep these runs
    }
    updateShortcuts();
    render();
    watchRuns();
    return true;
}

void LessonController::updateCover() {
    for (const QPointer<QWidget>& card : m_coverCards) delete card;
    m_coverCards.clear();
    const LessonQuestion* q = question();
    if (!q || m_revealed) return;
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    for (const std::string& cover : scene.covers)
        for (QWidget* panel : panelWidgets(scene.view, cover))
            m_coverCards.emplace_back(new CoverCard(panel));
}

void LessonController::applyHidden() {
    if (!m_lesson || m_scene < 0 || m_scene >= sceneCount()) {
        m_visibility->show();
        return;
    }
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    m_visibility->apply(scene.view, scene.hidden);
}

std::vector<QWidget*> LessonController::coverCards() const {
    std::vector<QWidget*> cards;
    for (const QPointer<QWidget>& card : m_coverCards)
        if (card) cards.push_back(card);
    return cards;
}

void LessonController::setTally(int choice, int hands) {
    if (choice < 0 || size_t(choice) >= m_tallies.size()) return;
    m_tallies[size_t(choice)] = std::max(0, hands);
    render();
}

bool LessonController::setGuesses(const QString& text) {
    const LessonQuestion* q = question();
    if (!q || !q->choices.empty()) return false;
    std::string problem;
    const auto guesses = parseLessonGuesses(text.toStdString(), *q, &problem);
    m_guessText = text;
    m_guessProblem = guesses ? QString() : QString::fromStdString(problem);
    if (guesses) m_guesses = *guesses;
    render();
    return guesses.has_value();
}

// The guesses as the answer is shown ("40%, 55%"), those within the tolerance of `answer` marked
// when it is given.
QString LessonController::guessesText(std::optional<double> answer) const {
    const LessonQuestion* q = question();
    if (!q) return {};
    const auto ref =
        parseLessonFigureRef(q->answer, m_lesson->scenes[size_t(m_scene)].view, true, nullptr);
    LessonFigure shown = ref ? lessonFigureFor(*ref) : LessonFigure{};
    shown.format = q->format;
    shown.digits = q->digits;
    QStringList items;
    for (double guess : m_guesses) {
        QString item = QString::fromStdString(formatLessonFigure(shown, guess));
        if (answer && lessonGuessIsRight(*q, *answer, guess))
            item = QStringLiteral("<b>%1 ✓</b>").arg(item);
        items << item;
    }
    return items.join(QStringLiteral(", "));
}

void LessonController::measureQuestion(const LessonScene& scene, const LessonSceneSnapshots& runs) {
    const std::vector<LessonFigureRef> refs =
        lessonQuestionFigures(*scene.question, scene.view, comparing(scene));
    LessonScene measuring = scene;
    measuring.figures.clear();
    for (const LessonFigureRef& ref : refs) measuring.figures.push_back(lessonFigureFor(ref));
    const std::vector<FigureMeasurement> measured = measureLessonFigures(measuring, runs);
    const auto lookup = [&](const LessonFigureRef& ref) -> std::optional<double> {
        for (size_t i = 0; i < refs.size(); ++i)
            if (refs[i] == ref && measured[i].problem.empty()) return measured[i].measured;
        return std::nullopt;
    };
    const LessonQuestionOutcome outcome =
        revealLessonQuestion(*scene.question, scene.view, comparing(scene), lookup);
    if (outcome.complete) m_outcome = outcome;  // else: the runs are not at the step yet
}

QString LessonController::questionHtml(bool asked) const {
    const LessonQuestion* q = question();
    if (!q) return {};
    const std::string language = this->language().toStdString();
    // (a handout numbers its questions itself)
    QString html = asked ? QStringLiteral("<p>%1</p>").arg(inLanguage(q->text, language))
                         : QStringLiteral("<hr/><p><b>%1</b> %2</p>")
                               .arg(tr("Question:"), inLanguage(q->text, language));
    const bool marked = !asked && m_outcome && m_outcome->right.size() == 1;
    if (!q->choices.empty()) {
        html += QStringLiteral("<ol type=\"A\">");
        for (size_t i = 0; i < q->choices.size(); ++i) {
            QString item = inLanguage(q->choices[i].text, language);
            if (!asked && m_tallies.size() > i && m_tallies[i] > 0)
                item += QStringLiteral(" — ") + tr("hands: %1").arg(m_tallies[i]);
            if (marked && m_outcome->right[0] == int(i))
                item = QStringLiteral("<b>%1 ✓</b>").arg(item);
            html += QStringLiteral("<li>%1</li>").arg(item);
        }
        html += QStringLiteral("</ol>");
    }
    if (asked) return html;
    if (q->choices.empty() && !m_guessProblem.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("The guesses could not be read: %1").arg(m_guessProblem));
    else if (q->choices.empty() && !m_guesses.empty())
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(tr("The class guessed:"),
                         guessesText(m_outcome ? m_outcome->answer : std::nullopt));
    if (!m_revealed)
        return html + QStringLiteral("<p><i>%1</i></p>")
                          .arg(tr("Predict first, then press Enter or Reveal."));
    if (!m_outcome)
        return html + QStringLiteral("<p><i>%1</i></p>")
                          .arg(tr("Training to step %1 to find out…")
                                   .arg(m_lesson->scenes[size_t(m_scene)].pretrainSteps));
    return html + answerHtml();
}

QString LessonController::answerHtml() const {
    const LessonQuestion* q = question();
    if (!q || !m_outcome) return {};
    QStringList measured;
    for (const auto& [ref, value] : m_outcome->measured)
        measured << QStringLiteral("%1 = %2").arg(QString::fromStdString(ref.text()),
                                                  valueText(ref, value));
    QString html =
        QStringLiteral("<p>%1 %2</p>").arg(tr("Measured:"), measured.join(QStringLiteral("; ")));
    QString verdict;
    if (!q->choices.empty()) {
        const std::vector<int>& right = m_outcome->right;
        const std::string language = this->language().toStdString();
        verdict = right.size() == 1
                      ? tr("The answer: %1 (%2).")
                            .arg(letter(right[0]),
                                 inLanguage(q->choices[size_t(right[0])].text, language))
                  : right.empty() ? tr("No choice holds on these runs: the question has no "
                                       "answer here.")
                                  : tr("Choices %1 all hold: the runs do not decide between "
                                       "them.")
                                        .arg(letters(right).join(QStringLiteral(", ")));
    } else if (m_outcome->answer) {
        const auto ref =
            parseLessonFigureRef(q->answer, m_lesson->scenes[size_t(m_scene)].view, true, nullptr);
        LessonFigure shown = ref ? lessonFigureFor(*ref) : LessonFigure{};
        shown.format = q->format;
        shown.digits = q->digits;
        verdict = tr("The answer: %1 (a guess within ±%2 counts).")
                      .arg(QString::fromStdString(formatLessonFigure(shown, *m_outcome->answer)),
                           QString::fromStdString(formatLessonFigure(shown, q->tolerance)));
        if (!m_guesses.empty()) {
            const auto right = std::count_if(m_guesses.begin(), m_guesses.end(), [&](double g) {
                return lessonGuessIsRight(*q, *m_outcome->answer, g);
            });
            verdict +=
                QStringLiteral(" ") + tr("%n of the class's guesses within it.", "", int(right));
        }
    }
    return html + QStringLiteral("<p><b>%1</b></p>").arg(verdict);
}

void LessonController::showQuestionControls() {
    const LessonQuestion* q = question();
    if (!q) {
        m_panel->hideQuestion();
        return;
    }
    QStringList choiceLetters;
    for (size_t i = 0; i < q->choices.size(); ++i) choiceLetters << letter(int(i));
    m_panel->showQuestion(choiceLetters, m_tallies, !m_revealed, m_guessText);
}

QJsonObject LessonController::questionState() const {
    if (!question()) return {};
    QJsonArray hands;
    for (int n : m_tallies) hands.append(n);
    QJsonObject measured;  // the figures the reveal measured, by their text
    if (m_outcome)
        for (const auto& [ref, value] : m_outcome->measured)
            measured[QString::fromStdString(ref.text())] = value;
    QJsonArray guesses;
    for (double guess : m_guesses) guesses.append(guess);
    return {{QStringLiteral("revealed"), m_revealed},
            {QStringLiteral("hands"), hands},
            {QStringLiteral("guesses"), guesses},
            {QStringLiteral("guessText"), m_guessText},
            {QStringLiteral("measured"), measured}};
}

// A session's question as it stood: its hands, and the outcome recomputed from the figures the
// reveal measured (the restored runs stand where they stood then).
void LessonController::restoreQuestionState(const QJsonObject& state) {
    const LessonQuestion* q = question();
    m_revealed = q && state.value(QStringLiteral("revealed")).toBool();
    m_outcome.reset();
    m_tallies.assign(q ? q->choices.size() : 0, 0);
    const QJsonArray hands = state.value(QStringLiteral("hands")).toArray();
    for (size_t i = 0; i < m_tallies.size() && qsizetype(i) < hands.size(); ++i)
        m_tallies[i] = std::max(0, hands[qsizetype(i)].toInt());
    m_guesses.clear();
    m_guessProblem.clear();
    for (const QJsonValue& guess : state.value(QStringLiteral("guesses")).toArray())
        if (guess.isDouble() && std::isfinite(guess.toDouble()) && m_guesses.size() < 200)
            m_guesses.push_back(guess.toDouble());
    m_guessText = state.value(QStringLiteral("guessText")).toString();
    if (!m_revealed) return;
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    const QJsonObject measured = state.value(QStringLiteral("measured")).toObject();
    const LessonQuestionOutcome outcome = revealLessonQuestion(
        *q, scene.view, comparing(scene), [&](const LessonFigureRef& ref) -> std::optional<double> {
            const QJsonValue v = measured.value(QString::fromStdString(ref.text()));
            return v.isDouble() ? std::optional(v.toDouble()) : std::nullopt;
        });
    if (outcome.complete) m_outcome = outcome;
    m_pretrainTarget = scene.pretrainSteps;
}

}  // namespace actlab::gui
