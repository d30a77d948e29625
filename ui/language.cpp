// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"

#include <QActionGroup>
#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QTranslator>

namespace TokenScope {

namespace {

const QString kSettingsKey = QStringLiteral("ui/language");

struct Language {
    QString code;
    QString nativeName; // shown in its own language, so a user who cannot read the current one finds it
};

QList<Language> languages()
{
    return { { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
}

// The shipped translation that fits `locale`, or "en".
QString languageForLocale(const QLocale &locale)
{
    for (const Language &language : languages()) {
        if (language.code != u"en" && QLocale(language.code).language() == locale.language())
            return language.code;
    }
    return QStringLiteral("en");
}

void restartApplication()
{
    QStringList arguments = QApplication::arguments();
    arguments.removeFirst();
    if (QProcess::startDetached(QApplication::applicationFilePath(), arguments))
        QApplication::quit();
}

} // namespace

QString chosenLanguage()
{
    return QSettings().value(kSettingsKey, QStringLiteral("system")).toString();
}

void setChosenLanguage(const QString &code)
{
    QSettings().setValue(kSettingsKey, code);
}

namespace {

// Loads :/i18n/tokenscope_<code>.qm; false when there is none.
bool installOurTranslator(const QString &code)
{
    auto *ours = new QTranslator(QCoreApplication::instance());
    if (!ours->load(QStringLiteral(":/i18n/tokenscope_") + code)) {
        delete ours;
        return false;
    }
    QApplication::installTranslator(ours);
    return true;
}

} // namespace

QString installTranslators()
{
    const QString chosen = chosenLanguage();
    const QString code = chosen == u"system" ? languageForLocale(QLocale::system()) : chosen;
    // English is the source language; its file holds only the plural forms ("%n token(s)" reads
    // "1 token", "2 tokens"), so English too has a translator.
    if (code != u"en") {
        // Qt's own strings (the standard buttons of dialogs), where qt6-translations-l10n is installed.
        auto *qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QApplication::installTranslator(qt);
        else
            delete qt;
        if (installOurTranslator(code)) {
            QLocale::setDefault(QLocale(code));
            return code;
        }
    }
    installOurTranslator(QStringLiteral("en"));
    return QStringLiteral("en");
}

QMenu *createLanguageMenu(QWidget *parent)
{
    auto *menu = new QMenu(QApplication::translate("Language", "&Language"), parent);
    auto *group = new QActionGroup(menu);
    const QString current = chosenLanguage();
    QList<Language> entries { { QStringLiteral("system"), QApplication::translate("Language", "System Language") } };
    entries.append(languages());
    for (const Language &language : entries) {
        QAction *action = menu->addAction(language.nativeName);
        action->setCheckable(true);
        action->setChecked(language.code == current);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [parent, code = language.code] {
            if (code == chosenLanguage())
                return;
            setChosenLanguage(code);
            const auto answer = QMessageBox::question(parent, QApplication::translate("Language", "Language"),
                QApplication::translate("Language", "The new language is used from the next start. Restart now?"),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
            if (answer == QMessageBox::Yes)
                restartApplication();
        });
    }
    return menu;
}

} // namespace TokenScope
