// lessonMarkup: a QTextDocument's blocks and fragments as the lesson subset of HTML.
#include "ui/lessons/lesson_markup.h"

#include <QTextBlock>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextList>

namespace actlab::ui {
namespace {

QString escaped(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'&')
            out += QStringLiteral("&amp;");
        else if (c == u'<')
            out += QStringLiteral("&lt;");
        else if (c == u'>')
            out += QStringLiteral("&gt;");
        else if (c == QChar::LineSeparator)
            out += QStringLiteral("<br>");
        else if (c == QChar::Nbsp)
            out += QStringLiteral("&nbsp;");
        else
            out += c;
    }
    return out;
}

bool isCode(const QTextCharFormat& format) {
    return format.fontFixedPitch() ||
           format.fontFamilies().toStringList().contains(QStringLiteral("monospace"));
}

// One fragment in its tags, outermost first: code, b, i, then sub or sup.
QString fragmentMarkup(const QTextFragment& fragment) {
    const QTextCharFormat format = fragment.charFormat();
    QStringList tags;
    if (isCode(format)) tags << QStringLiteral("code");
    if (format.fontWeight() >= QFont::Bold) tags << QStringLiteral("b");
    if (format.fontItalic()) tags << QStringLiteral("i");
    if (format.verticalAlignment() == QTextCharFormat::AlignSubScript)
        tags << QStringLiteral("sub");
    if (format.verticalAlignment() == QTextCharFormat::AlignSuperScript)
        tags << QStringLiteral("sup");
    QString text = escaped(fragment.text());
    for (auto tag = tags.crbegin(); tag != tags.crend(); ++tag)
        text = QStringLiteral("<%1>%2</%1>").arg(*tag, text);
    return text;
}

QString blockMarkup(const QTextBlock& block) {
    QString text;
    for (auto it = block.begin(); !it.atEnd(); ++it)
        if (it.fragment().isValid()) text += fragmentMarkup(it.fragment());
    // Neighbouring fragments in the same tag (a bold word typed in two goes) join.
    for (const char* tag : {"b", "i", "sub", "sup", "code"})
        text.replace(QStringLiteral("</%1><%1>").arg(QLatin1String(tag)), QString());
    return text;
}

}  // namespace

QString lessonMarkup(const QTextDocument& document) {
    QString markup;
    const QTextList* openList = nullptr;
    QString listTag;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const QTextList* list = block.textList();
        if (list != openList && openList) markup += QStringLiteral("</%1>").arg(listTag);
        if (list && list != openList) {
            listTag = list->format().style() == QTextListFormat::ListDecimal ? QStringLiteral("ol")
                                                                             : QStringLiteral("ul");
            markup += QStringLiteral("<%1>").arg(listTag);
        }
        openList = list;
        const QString text = blockMarkup(block);
        if (list)
            markup += QStringLiteral("<li>%1</li>").arg(text);
        else if (!text.trimmed().isEmpty())
            markup += QStringLiteral("<p>%1</p>").arg(text);
    }
    if (openList) markup += QStringLiteral("</%1>").arg(listTag);
    return markup;
}

}  // namespace actlab::ui
