// Printed handouts (issue 28): `actlab --lesson dying-relu --handout OUT.pdf` in English on A4
// and in Chinese on Letter, checked with poppler (pdfinfo: pages, size and title; pdftotext: each
// scene's title on its page and the figures filled in as measured, within the lesson's claims;
// pdffonts: every font embedded, Noto Sans CJK for Chinese; pdfimages: a picture per scene at
// print resolution, not blank); bad input exits 2 with one line; no character of the lesson
// lacks a glyph in the handout's fonts; the question hook's answers page.
#include <gtest/gtest.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <cmath>
#include <map>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_test_support.h"
#include "lesson_controller.h"
#include "lesson_files.h"
#include "lesson_handout.h"
#include "lessons/lesson.h"
#include "main_window.h"
#include "question_lessons.h"
#include "ui/lessons/handout_writer.h"

using namespace actlab;

namespace {

// A poppler tool's standard output (empty if it failed: the test then says which).
QString runTool(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        ADD_FAILURE() << program.toStdString() << " " << arguments.join(' ').toStdString()
                      << " failed: " << process.readAllStandardError().toStdString();
        return {};
    }
    return QString::fromUtf8(process.readAllStandardOutput());
}

// The text without white space, in NFKC: Qt's PDF writer maps a glyph that several code points
// share to the lowest of them (Noto CJK draws 一 U+4E00 and the Kangxi radical ⼀ U+2F00 with
// one glyph, so pdftotext reads ⼀), which NFKC maps back.
QString withoutSpace(const QString& text) {
    return text.normalized(QString::NormalizationForm_KC)
        .remove(QRegularExpression(QStringLiteral("\\s+")));
}

// pdftotext of one page (1-based), or of the whole file (page 0).
QString pdfText(const QString& pdf, int page = 0) {
    QStringList arguments{QStringLiteral("-enc"), QStringLiteral("UTF-8")};
    if (page > 0)
        arguments << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l")
                  << QString::number(page);
    return runTool(QStringLiteral("pdftotext"), arguments << pdf << QStringLiteral("-"));
}

// pdfinfo's "Key: value" lines.
std::map<QString, QString> pdfInfo(const QString& pdf) {
    std::map<QString, QString> info;
    for (const QString& line : runTool(QStringLiteral("pdfinfo"), {pdf}).split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0) info[line.left(colon)] = line.mid(colon + 1).trimmed();
    }
    return info;
}

const Lesson& dyingRelu() {
    static const Lesson lesson = [] {
        std::string error;
        auto parsed = parseLesson(
            test::readFile(std::filesystem::path(ACTLAB_LESSON_DIR) / "dying-relu.json"),
            "dying-relu.json", &error);
        EXPECT_TRUE(parsed) << error;
        return parsed.value_or(Lesson{});
    }();
    return lesson;
}

QString plainText(const std::string& html) {
    return QTextDocumentFragment::fromHtml(QString::fromStdString(html)).toPlainText();
}

// Each {{id}} of the scene's text, found in `page` after the dozen characters that precede it
// in the text, printed as digits that keep the figure's claim (value ± tolerance, and half a
// printed digit for the rounding). Returns how many were checked.
int checkFilledFigures(const LessonScene& scene, const std::string& language, const QString& page) {
    const QString text = withoutSpace(plainText(scene.text.at(language)));
    const QString printed = withoutSpace(page);
    int checked = 0;
    for (const LessonFigure& figure : scene.figures) {
        if (figure.id.empty()) continue;
        const QString marker = QStringLiteral("{{%1}}").arg(QString::fromStdString(figure.id));
        const qsizetype at = text.indexOf(marker);
        if (at < 0) continue;  // this language's text does not show it
        qsizetype from = std::max<qsizetype>(0, at - 12);
        const qsizetype previous = text.lastIndexOf(QStringLiteral("}}"), at - 1);
        if (previous >= 0 && previous + 2 > from) from = previous + 2;
        const QRegularExpression pattern(QRegularExpression::escape(text.mid(from, at - from)) +
                                         QStringLiteral("([0-9]+(?:\\.[0-9]+)?)(%?)"));
        const QRegularExpressionMatch match = pattern.match(printed);
        EXPECT_TRUE(match.hasMatch())
            << figure.id << " after \"" << text.mid(from, at - from).toStdString()
            << "\" in: " << printed.toStdString();
        if (!match.hasMatch()) continue;
        const bool percent = figure.format == "percent";
        EXPECT_EQ(match.captured(2).isEmpty(), !percent) << figure.id;
        const double value = match.captured(1).toDouble() / (percent ? 100 : 1);
        const double slack = 0.5 * std::pow(10.0, -figure.digits) / (percent ? 100 : 1);
        EXPECT_LE(std::abs(value - figure.value), figure.tolerance + slack)
            << figure.id << " printed " << match.captured(0).toStdString();
        ++checked;
    }
    return checked;
}

class HandoutPdf : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", dir.path().toLocal8Bit());  // no Qt warning on stderr
    }
    // Runs actlab with `arguments` (a lesson and --handout) and expects a written PDF.
    QString writeHandout(const QString& name, const QStringList& arguments) {
        const QString pdf = dir.filePath(name);
        const auto result = test::runGui(
            ACTLAB_GUI_BINARY, QStringList{QStringLiteral("--handout"), pdf} + arguments, 600000);
        EXPECT_EQ(result.exitCode, 0) << result.standardError.toStdString();
        EXPECT_TRUE(result.standardError.isEmpty()) << result.standardError.toStdString();
        EXPECT_TRUE(QFile::exists(pdf));
        return pdf;
    }
    // Everything both languages' handouts must show.
    void checkHandout(const QString& pdf, const std::string& language, const QString& size);

    QTemporaryDir dir;
};

void HandoutPdf::checkHandout(const QString& pdf, const std::string& language,
                              const QString& size) {
    const Lesson& lesson = dyingRelu();
    const int scenes = int(lesson.scenes.size());
    auto info = pdfInfo(pdf);
    EXPECT_EQ(info["Pages"].toInt(), scenes) << "one page per scene";
    EXPECT_TRUE(info["Page size"].startsWith(size)) << info["Page size"].toStdString();
    EXPECT_EQ(info["Title"], QString::fromStdString(lesson.title.at(language)));
    const QString whole = pdfText(pdf);
    EXPECT_FALSE(whole.contains(QStringLiteral("{{"))) << "a figure was not filled in";
    EXPECT_FALSE(whole.contains(QChar(0xfffd))) << "a character without its Unicode name";
    int figures = 0;
    for (int p = 1; p <= scenes; ++p) {
        const LessonScene& scene = lesson.scenes[size_t(p - 1)];
        const QString page = pdfText(pdf, p);
        EXPECT_TRUE(withoutSpace(page).contains(
            withoutSpace(QString::fromStdString(scene.title.at(language)))))
            << "page " << p << ": " << page.toStdString();
        figures += checkFilledFigures(scene, language, page);
    }
    EXPECT_GE(figures, 5) << "dead_a twice, acc_a twice, dead_b, acc_b";

    // Every font embedded (emb is the third column from the right: emb sub uni object ID).
    const QStringList fonts = runTool(QStringLiteral("pdffonts"), {pdf}).split('\n');
    bool cjk = false;
    for (const QString& line : fonts.mid(2)) {
        const QStringList columns = line.split(' ', Qt::SkipEmptyParts);
        if (columns.size() < 7) continue;
        EXPECT_EQ(columns[columns.size() - 5], QStringLiteral("yes")) << line.toStdString();
        cjk = cjk || columns[0].contains(QStringLiteral("NotoSansCJK"));
    }
    EXPECT_TRUE(cjk || language != "zh_CN") << fonts.join('\n').toStdString();

    // A picture per scene page, at print resolution (x-ppi ≥ 250), and none of them blank.
    QSet<int> pages;
    for (const QString& line : runTool(QStringLiteral("pdfimages"), {"-list", pdf}).split('\n')) {
        const QStringList columns = line.split(' ', Qt::SkipEmptyParts);
        if (columns.size() < 14 || columns[2] != QStringLiteral("image")) continue;
        if (columns[12].toInt() >= 250 && columns[3].toInt() >= 1500) pages << columns[0].toInt();
    }
    for (int p = 1; p <= scenes; ++p) EXPECT_TRUE(pages.contains(p)) << "no picture on page " << p;
    runTool(QStringLiteral("pdfimages"), {"-png", "-f", "3", "-l", "3", pdf, dir.filePath("p3")});
    const QImage picture(dir.filePath(QStringLiteral("p3-000.png")));
    ASSERT_FALSE(picture.isNull());
    QSet<QRgb> colours;
    for (int y = 0; y < picture.height(); y += 7)
        for (int x = 0; x < picture.width(); x += 7) colours << picture.pixel(x, y);
    EXPECT_GT(colours.size(), 50) << "the Training view's picture is blank";
}

TEST_F(HandoutPdf, DyingReluInEnglishOnA4) {
    const QString pdf =
        writeHandout(QStringLiteral("dying-relu-en.pdf"),
                     {"--lesson", "dying-relu", "--language", "en", "--paper", "a4"});
    checkHandout(pdf, "en", QStringLiteral("595 x 842 pts (A4)"));
}

TEST_F(HandoutPdf, DyingReluInChineseOnLetter) {
    const QString pdf =
        writeHandout(QStringLiteral("dying-relu-zh.pdf"),
                     {"--lesson", "dying-relu", "--language", "zh_CN", "--paper", "Letter"});
    checkHandout(pdf, "zh_CN", QStringLiteral("612 x 792 pts (letter)"));
}

// Bad input: one line on stderr, exit 2, no file.
TEST_F(HandoutPdf, BadInputExitsTwoWithOneLine) {
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "actlab-lesson", "languages": ["en"], "title": {"en": "t"},
        "scenes": [{"title": {"en": "a"}, "text": {"en": "b"}, "view": "nowhere"}]})");
    file.close();
    const QString pdf = dir.filePath(QStringLiteral("out.pdf"));
    const QList<QStringList> runs{{"--lesson", bad, "--handout", pdf},
                                  {"--lesson", "dying-relu", "--handout", pdf, "--paper", "a5"},
                                  {"--handout", pdf},
                                  {"--lesson", "dying-relu", "--paper", "a4"},
                                  {"--lesson", "no-such-lesson", "--handout", pdf}};
    for (const QStringList& arguments : runs) {
        SCOPED_TRACE(arguments.join(' ').toStdString());
        const auto result = test::runGui(ACTLAB_GUI_BINARY, arguments, 60000);
        EXPECT_EQ(result.exitCode, 2);
        EXPECT_TRUE(result.standardError.startsWith(QStringLiteral("actlab: ")))
            << result.standardError.toStdString();
        EXPECT_LE(result.standardError.count('\n'), 2)  // an option error adds "Try --help"
            << result.standardError.toStdString();
        EXPECT_FALSE(QFile::exists(pdf));
    }
}

// Every character of the lesson has a glyph in the handout's fonts (none prints as a box); a
// Devanagari letter has none in them, so the check can fail.
TEST(HandoutFonts, EveryCharacterOfTheLessonHasAGlyph) {
    for (const std::string language : {"en", "zh_CN"}) {
        const QFont font = ui::HandoutWriter::font(QString::fromStdString(language));
        QString all = QString::fromStdString(dyingRelu().title.at(language));
        for (const LessonScene& scene : dyingRelu().scenes)
            all += QString::fromStdString(scene.title.at(language)) +
                   plainText(scene.text.at(language));
        EXPECT_EQ(ui::HandoutWriter::missingCharacters(all, font), QString()) << language;
        EXPECT_EQ(ui::HandoutWriter::missingCharacters(QStringLiteral("a\u0915"), font),
                  QStringLiteral("\u0915"));
    }
}

// In the window: File → Export lesson handout… is there; a handout cancelled in its progress
// writes nothing, and without a lesson there is none to write.
TEST_F(HandoutPdf, InTheWindowACancelledHandoutWritesNothing) {
    const BackendSelection selection = createBackend(BackendChoice::Cpu);
    gui::MainWindow window(*selection.backend, QString::fromStdString(selection.reason));
    window.setQuitQuestion([](const QString&) { return gui::MainWindow::QuitAnswer::Discard; });
    EXPECT_NE(window.findChild<QAction*>(QStringLiteral("exportLessonHandout")), nullptr);
    const QString pdf = dir.filePath(QStringLiteral("cancelled.pdf"));
    QString error;
    EXPECT_FALSE(gui::writeLessonHandout(window, pdf, ui::HandoutPaper::A4, &error, {}));
    EXPECT_FALSE(error.isEmpty());
    ASSERT_TRUE(window.lessons()->open(QStringLiteral("dying-relu"), &error));
    int asked = 0;
    EXPECT_FALSE(gui::writeLessonHandout(window, pdf, ui::HandoutPaper::A4, &error,
                                         [&](int scene, int count) {
                                             EXPECT_EQ(count, 5);
                                             ++asked;
                                             return scene < 1;
                                         }));
    EXPECT_EQ(asked, 2);
    EXPECT_FALSE(QFile::exists(pdf));
}

// The hook for questions: a scene's question with room to answer, the answers on a last page.
TEST_F(HandoutPdf, QuestionsGetRoomToAnswerAndALastPageOfAnswers) {
    ui::Handout handout{QStringLiteral("Questions"), QStringLiteral("en"), {}};
    handout.scenes.push_back({QStringLiteral("First"), QStringLiteral("<p>No question.</p>"),
                              QImage(), QString(), QString()});
    handout.scenes.push_back({QStringLiteral("Second"), QStringLiteral("<p>Text.</p>"), QImage(),
                              QStringLiteral("Which units die?"),
                              QStringLiteral("The ReLU units.")});
    const QString pdf = dir.filePath(QStringLiteral("questions.pdf"));
    QString error;
    ASSERT_TRUE(ui::HandoutWriter::write(handout, ui::HandoutPaper::A4, pdf, &error))
        << error.toStdString();
    EXPECT_EQ(pdfInfo(pdf)["Pages"], QStringLiteral("3"));
    EXPECT_TRUE(pdfText(pdf, 2).contains(QStringLiteral("Your answer:")));
    EXPECT_FALSE(pdfText(pdf, 2).contains(QStringLiteral("The ReLU units.")));
    const QString answers = pdfText(pdf, 3);
    EXPECT_TRUE(answers.contains(QStringLiteral("Answers")));
    EXPECT_TRUE(answers.contains(QStringLiteral("The ReLU units.")));
    EXPECT_FALSE(ui::HandoutWriter::write(
        handout, ui::HandoutPaper::A4, dir.filePath(QStringLiteral("no/such/dir/x.pdf")), &error));
    EXPECT_FALSE(error.isEmpty());
}

// A lesson's real question (issue 28): in the handout with room to answer, and its answer, as
// the runs measured it, on the last page.
TEST_F(HandoutPdf, ALessonsQuestionAndItsMeasuredAnswer) {
    const BackendSelection selection = createBackend(BackendChoice::Cpu);
    gui::MainWindow window(*selection.backend, QString::fromStdString(selection.reason));
    window.setQuitQuestion([](const QString&) { return gui::MainWindow::QuitAnswer::Discard; });
    window.resize(1280, 800);
    const QString lesson = dir.filePath(QStringLiteral("question.json"));
    QFile file(lesson);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(test::questionLesson().toUtf8());
    file.close();
    QString error;
    ASSERT_TRUE(window.lessons()->open(lesson, &error)) << error.toStdString();
    const QString pdf = dir.filePath(QStringLiteral("question.pdf"));
    ASSERT_TRUE(gui::writeLessonHandout(window, pdf, ui::HandoutPaper::A4, &error, {}))
        << error.toStdString();
    const int pages = pdfInfo(pdf)["Pages"].toInt();
    ASSERT_GE(pages, 3);
    QString asked;  // every page before the answers
    for (int page = 1; page < pages; ++page) asked += withoutSpace(pdfText(pdf, page));
    EXPECT_TRUE(asked.contains(QStringLiteral("willmoreunitsbedead"))) << asked.toStdString();
    EXPECT_TRUE(asked.contains(QStringLiteral("Youranswer:")));
    EXPECT_FALSE(asked.contains(QStringLiteral("Theanswer:A(ReLU).")));
    const QString answers = withoutSpace(pdfText(pdf, pages));
    EXPECT_TRUE(answers.contains(QStringLiteral("Theanswer:A(ReLU)."))) << answers.toStdString();
    EXPECT_TRUE(answers.contains(QStringLiteral("dead_fraction(a)=")));
    // The speaker notes are the teacher's: not in the class's handout.
    EXPECT_FALSE(withoutSpace(pdfText(pdf, 0)).contains(QStringLiteral("Waitforeveryhand")));
}

}  // namespace
