// Installing ActLab's and Qt's translators for the chosen language; English needs none.
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <memory>

namespace actlab::gui {
namespace {

struct Installed {
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> actlab, qtbase;
};

Installed& installed() {
    static Installed state;
    return state;
}

}  // namespace

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString languageName(const QString& code) {
    if (code == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString normalisedLanguage(const QString& value) {
    QString code = value.trimmed();
    code.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (code.compare(QLatin1String("zh"), Qt::CaseInsensitive) == 0 ||
        code.compare(QLatin1String("zh_CN"), Qt::CaseInsensitive) == 0 ||
        code.compare(QLatin1String("zh_Hans"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("zh_CN");
    if (code.compare(QLatin1String("en"), Qt::CaseInsensitive) == 0 ||
        code.startsWith(QLatin1String("en_"), Qt::CaseInsensitive))
        return QStringLiteral("en");
    return {};
}

QString systemLanguage() {
    const QLocale locale = QLocale::system();
    return locale.language() == QLocale::Chinese && locale.script() != QLocale::TraditionalHanScript
               ? QStringLiteral("zh_CN")
               : QStringLiteral("en");
}

bool installLanguage(const QString& code) {
    if (!availableLanguages().contains(code)) return false;
    Installed& state = installed();
    if (state.actlab) QCoreApplication::removeTranslator(state.actlab.get());
    if (state.qtbase) QCoreApplication::removeTranslator(state.qtbase.get());
    state.actlab.reset();
    state.qtbase.reset();
    state.code = code;
    if (code == QLatin1String("en")) return true;
    // Qt's own texts (the buttons of message boxes and file dialogs): qt6-translations-l10n.
    auto qtbase = std::make_unique<QTranslator>();
    if (qtbase->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qtbase.get());
        state.qtbase = std::move(qtbase);
    }
    auto actlab = std::make_unique<QTranslator>();
    if (actlab->load(QStringLiteral(":/i18n/actlab_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(actlab.get());
        state.actlab = std::move(actlab);
    }
    return true;
}

QString currentLanguage() { return installed().code; }

}  // namespace actlab::gui
