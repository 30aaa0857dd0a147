// Reading a Qt Linguist .ts file for the translation tests: every message with its context,
// source, translations (one per numerus form), state and translator comment.
#pragma once

#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>
#include <ostream>
#include <utility>

// QStrings in GoogleTest's messages as text, not bytes.
inline void PrintTo(const QString& text, std::ostream* os) { *os << text.toStdString(); }
inline void PrintTo(const QStringList& list, std::ostream* os) {
    *os << list.join(QLatin1String(" | ")).toStdString();
}

namespace actlab::test {

struct TsMessage {
    QString context, source, type, translatorComment;
    QStringList translations;  // one, or one per numerus form
};

// The messages of `path`; *error says why when it cannot be read.
inline QList<TsMessage> readTs(const QString& path, QString* error) {
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1").arg(path);
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            if (xml.isEndElement() && xml.name() == QLatin1String("message"))
                messages << std::exchange(message, TsMessage{});
            continue;
        }
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message.context = context;
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translatorcomment")) {
            message.translatorComment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            // Either text or <numerusform> children.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters()) text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    message.translations << xml.readElementText();
                if (xml.isEndElement() && xml.name() == QLatin1String("translation")) break;
            }
            if (message.translations.isEmpty()) message.translations << text;
        }
    }
    if (xml.hasError()) *error = QStringLiteral("%1: %2").arg(path, xml.errorString());
    return messages;
}

}  // namespace actlab::test
