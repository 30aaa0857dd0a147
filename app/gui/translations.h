// The languages of the GUI (issue 9, "English and 简体中文"): ActLab's own translation (the .qm
// that qt_add_translations embeds under :/i18n) and Qt's (qtbase, from the system's
// QLibraryInfo::TranslationsPath), installed on the application and swapped at run time.
#pragma once

#include <QString>
#include <QStringList>

namespace actlab::gui {

// The language codes ActLab speaks: "en" (the source texts) and "zh_CN".
QStringList availableLanguages();
// The name of a language in that language ("English", "简体中文"), for View → Language.
QString languageName(const QString& code);
// The code for a command-line or settings value ("zh_CN", "zh-CN", "zh", "en", "en_US"), or
// empty when ActLab does not speak it.
QString normalisedLanguage(const QString& value);
// The system locale's language if ActLab speaks it, else "en".
QString systemLanguage();
// Replaces the installed translators with those of `code` (sends QEvent::LanguageChange to every
// widget); false, and nothing changed, for a language ActLab does not speak.
bool installLanguage(const QString& code);
QString currentLanguage();  // "en" until installLanguage() says otherwise

}  // namespace actlab::gui
