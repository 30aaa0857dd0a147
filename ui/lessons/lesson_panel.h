// The lesson panel beside the views: the lesson's title, the scene's title and rich text, and
// Previous / Next with "Scene k of n". It only shows what it is given; LessonController decides.
#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace actlab::ui {

class LessonPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget* parent = nullptr);

    // Shows scene `index` (0-based) of `count`; the buttons follow (Previous off on the first).
    void show(const QString& lessonTitle, const QString& sceneTitle, const QString& html, int index,
              int count);
    void retranslate();  // the buttons' and the counter's texts in the current language
    // A question's controls under the text (issue 28): the hands the teacher counted for each
    // choice (`letters`: A, B, …), or for a number question (no letters) the class's guesses as
    // typed, and Reveal, enabled until the question is revealed. Without a question
    // (hideQuestion) they are not shown.
    void showQuestion(const QStringList& letters, const std::vector<int>& tallies, bool revealable,
                      const QString& guesses = {});
    void hideQuestion();
    QPushButton* revealButton() const { return m_reveal; }
    QSpinBox* tallyBox(int choice) const;
    QLineEdit* guessesField() const { return m_guesses; }

    QTextBrowser* textBrowser() const { return m_text; }
    QPushButton* previousButton() const { return m_previous; }
    QPushButton* nextButton() const { return m_next; }
    QString counterText() const;

signals:
    void previousRequested();
    void nextRequested();
    void closeRequested();
    void revealRequested();
    void tallyChanged(int choice, int hands);
    void guessesEdited(const QString& text);  // the guesses field, when editing finishes

private:
    QLabel* m_lessonTitle;
    QLabel* m_sceneTitle;
    QTextBrowser* m_text;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_close;
    QLabel* m_counter;
    QWidget* m_question;
    QLabel* m_handsLabel;
    std::vector<QSpinBox*> m_tallies;
    QLineEdit* m_guesses;
    QPushButton* m_reveal;
    int m_index = 0, m_count = 0;
};

}  // namespace actlab::ui
