// A lesson's printed handout: per scene its title, its text (figures already filled in) and the
// view's picture, laid out on A4 or Letter pages by QPdfWriter with the fonts embedded (Noto Sans
// CJK for Chinese). It only lays out what it is given; app/gui/lesson_handout.h collects it.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QString>
#include <optional>
#include <vector>

namespace actlab::ui {

enum class HandoutPaper { A4, Letter };

struct HandoutScene {
    QString title;
    QString html;    // the scene's rich text, figures filled in
    QImage picture;  // the view as shown (null: none); drawn the text's width
    // A question for the class and its answer, both rich text (empty: none): the question and
    // lines to answer on follow the text (before the picture), the answer goes on the last page.
    QString questionHtml;
    QString answerHtml;
};

struct Handout {
    QString lessonTitle;
    QString language;  // "en", "zh_CN": chooses the font
    std::vector<HandoutScene> scenes;
};

class HandoutWriter {
public:
    // The context lupdate files these strings under (the class's qualified name).
    static QString tr(const char* text, const char* disambiguation = nullptr) {
        return QCoreApplication::translate("actlab::ui::HandoutWriter", text, disambiguation);
    }

    // "a4" or "letter" (any case); nullopt for anything else.
    static std::optional<HandoutPaper> paperFromName(const QString& name);
    // The paper where the system's locale measures in inches (US) is Letter, else A4.
    static HandoutPaper defaultPaper();
    // How wide a picture is printed (the text's width), in inches: the caller renders the view
    // at pixelsPerInch × this many pixels.
    static double pictureWidthInches(HandoutPaper paper);
    static constexpr int kPictureDpi = 300;  // what a view's picture is rendered for
    // The handout's font: Noto Sans CJK SC for Chinese (DejaVu Sans after it), else DejaVu Sans
    // with Noto Sans CJK SC after it; at `points`.
    static QFont font(const QString& language, double points = 10.5);
    // The characters of `text` (other than white space) that no family of `font` has: what
    // would print as an empty box.
    static QString missingCharacters(const QString& text, const QFont& font);

    // Writes `handout` to `path` as a PDF: the lesson's title, then a page (or more) per scene,
    // the page numbers at the foot, and where scenes have questions a last page of answers.
    // False with a translated one-line *error when the file cannot be written.
    static bool write(const Handout& handout, HandoutPaper paper, const QString& path,
                      QString* error);

    // The document's HTML (the pictures as resources "handout:scene/N", N from 1): one
    // scene, its question (with room to answer), and the answers' page.
    static QString sceneHtml(const HandoutScene& scene, int index, int pictureWidth);
    static QString questionHtml(const HandoutScene& scene, int index);
    static QString answersHtml(const Handout& handout);
};

}  // namespace actlab::ui
