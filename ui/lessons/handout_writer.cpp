// HandoutWriter: one QTextDocument for the whole handout (a page break before each scene),
// paginated on the PDF writer's page and painted page by page with a footer.
#include "ui/lessons/handout_writer.h"

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRawFont>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>
#include <algorithm>

namespace actlab::ui {
namespace {

constexpr double kMarginMillimetres = 18;
constexpr double kLargestPictureShare = 0.5;  // of the page's height: room for the text above
const char* const kLatinFamily = "DejaVu Sans";
const char* const kChineseFamily = "Noto Sans CJK SC";

QPageSize pageSize(HandoutPaper paper) {
    return QPageSize(paper == HandoutPaper::Letter ? QPageSize::Letter : QPageSize::A4);
}

QUrl pictureUrl(int index) { return QUrl(QStringLiteral("handout:scene/%1").arg(index + 1)); }

// Blank ruled lines to write an answer on.
QString ruledLines(int count) {
    QString html;
    for (int i = 0; i < count; ++i) html += QStringLiteral("<p>&nbsp;</p><hr/>");
    return html;
}

}  // namespace

std::optional<HandoutPaper> HandoutWriter::paperFromName(const QString& name) {
    const QString lower = name.trimmed().toLower();
    if (lower == QLatin1String("a4")) return HandoutPaper::A4;
    if (lower == QLatin1String("letter")) return HandoutPaper::Letter;
    return std::nullopt;
}

HandoutPaper HandoutWriter::defaultPaper() {
    return QLocale::system().measurementSystem() == QLocale::ImperialUSSystem ? HandoutPaper::Letter
                                                                              : HandoutPaper::A4;
}

double HandoutWriter::pictureWidthInches(HandoutPaper paper) {
    return (pageSize(paper).size(QPageSize::Millimeter).width() - 2 * kMarginMillimetres) / 25.4;
}

QFont HandoutWriter::font(const QString& language, double points) {
    QFont result;
    const QString latin = QLatin1String(kLatinFamily), chinese = QLatin1String(kChineseFamily);
    result.setFamilies(language.startsWith(QLatin1String("zh")) ? QStringList{chinese, latin}
                                                                : QStringList{latin, chinese});
    result.setPointSizeF(points);
    // No Latin ligatures: "ﬀ" would be what pdftotext, a search or a copy finds of "ff".
    result.setStyleStrategy(QFont::PreferNoShaping);
    return result;
}

QString HandoutWriter::missingCharacters(const QString& text, const QFont& font) {
    std::vector<QRawFont> fonts;  // only the families that are installed
    for (const QString& family : font.families()) {
        QFont single(font);
        single.setFamilies({family});
        const QRawFont raw = QRawFont::fromFont(single);
        if (raw.isValid() && raw.familyName() == family) fonts.push_back(raw);
    }
    QString missing;
    for (const char32_t c : text.toUcs4()) {
        if (QChar::isSpace(c) || QChar::category(c) == QChar::Other_Control) continue;
        const QString character = QString::fromUcs4(&c, 1);
        if (missing.contains(character)) continue;
        if (std::none_of(fonts.begin(), fonts.end(),
                         [c](const QRawFont& f) { return f.supportsCharacter(c); }))
            missing += character;
    }
    return missing;
}

QString HandoutWriter::sceneHtml(const HandoutScene& scene, int index, int pictureWidth) {
    const QString pageBreak =
        index > 0 ? QStringLiteral(" style=\"page-break-before: always\"") : QString();
    QString html = QStringLiteral("<h2%1>%2. %3</h2>")
                       .arg(pageBreak)
                       .arg(index + 1)
                       .arg(scene.title.toHtmlEscaped());
    html += QStringLiteral("<div>%1</div>").arg(scene.html);
    // A question and the lines to answer on come before the picture (the view before the runs
    // trained): they stay together with the text, and the picture gives nothing away above them.
    html += questionHtml(scene, index);
    if (!scene.picture.isNull())
        html += QStringLiteral("<p align=\"center\"><img src=\"%1\" width=\"%2\"/></p>")
                    .arg(pictureUrl(index).toString())
                    .arg(pictureWidth);
    return html;
}

QString HandoutWriter::questionHtml(const HandoutScene& scene, int index) {
    if (scene.questionHtml.isEmpty()) return {};
    return QStringLiteral("<h3>%1</h3><div>%2</div><p><i>%3</i></p>%4")
        .arg(tr("Question %1").arg(index + 1), scene.questionHtml, tr("Your answer:"),
             ruledLines(4));
}

QString HandoutWriter::answersHtml(const Handout& handout) {
    QString answers;
    for (size_t i = 0; i < handout.scenes.size(); ++i) {
        const HandoutScene& scene = handout.scenes[i];
        if (scene.answerHtml.isEmpty()) continue;
        answers += QStringLiteral("<p><b>%1. %2</b></p><div>%3</div>")
                       .arg(int(i) + 1)
                       .arg(scene.title.toHtmlEscaped(), scene.answerHtml);
    }
    if (answers.isEmpty()) return {};
    return QStringLiteral("<h2 style=\"page-break-before: always\">%1</h2>").arg(tr("Answers")) +
           answers;
}

bool HandoutWriter::write(const Handout& handout, HandoutPaper paper, const QString& path,
                          QString* error) {
    const auto fail = [&](const QString& message) {
        if (error) *error = message;
        return false;
    };
    QSaveFile file(path);  // atomic: a failed export leaves no half-written handout
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Could not write the handout %1: %2").arg(path, file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(kPictureDpi);
    writer.setPageSize(pageSize(paper));
    writer.setPageMargins(
        QMarginsF(kMarginMillimetres, kMarginMillimetres, kMarginMillimetres, kMarginMillimetres),
        QPageLayout::Millimeter);
    writer.setTitle(handout.lessonTitle);
    writer.setCreator(QStringLiteral("ActLab"));

    QTextDocument document;
    document.documentLayout()->setPaintDevice(&writer);
    const QFont textFont = font(handout.language);
    document.setDefaultFont(textFont);
    document.setDocumentMargin(0);
    const QFontMetricsF metrics(textFont, &writer);
    const double footer = 2.5 * metrics.height();
    const QSizeF page(writer.width(), writer.height() - footer);
    document.setPageSize(page);
    // Picture widths in the document's pixels (1/96 inch: QTextDocument scales them to the
    // writer's resolution), the text's width unless the picture would take over the page.
    const double toDocumentPixels = 96.0 / writer.resolution();
    QString html = QStringLiteral("<h1>%1</h1>").arg(handout.lessonTitle.toHtmlEscaped());
    for (size_t i = 0; i < handout.scenes.size(); ++i) {
        const QImage& picture = handout.scenes[i].picture;
        double width = page.width();
        if (!picture.isNull())
            width = std::min(width, kLargestPictureShare * page.height() * picture.width() /
                                        std::max(1, picture.height()));
        document.addResource(QTextDocument::ImageResource, pictureUrl(int(i)), picture);
        html += sceneHtml(handout.scenes[i], int(i), int(width * toDocumentPixels));
    }
    document.setHtml(html + answersHtml(handout));

    QPainter painter;
    if (!painter.begin(&writer))
        return fail(tr("Could not start the PDF writer for %1.").arg(path));
    const int pages = document.pageCount();
    for (int p = 0; p < pages; ++p) {
        if (p > 0) writer.newPage();
        const QRectF shown(0, p * page.height(), page.width(), page.height());
        painter.save();
        painter.translate(0, -shown.top());
        document.drawContents(&painter, shown);
        painter.restore();
        painter.setFont(textFont);
        painter.setPen(Qt::darkGray);
        painter.drawText(
            QRectF(0, writer.height() - metrics.height(), page.width(), metrics.height()),
            Qt::AlignCenter,
            tr("%1 · page %2 of %3").arg(handout.lessonTitle).arg(p + 1).arg(pages));
    }
    if (!painter.end()) return fail(tr("Could not finish the handout %1.").arg(path));
    if (!file.commit())
        return fail(tr("Could not write the handout %1: %2").arg(path, file.errorString()));
    return true;
}

}  // namespace actlab::ui
