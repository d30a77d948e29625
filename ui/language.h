// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QMenu;
class QWidget;

namespace TokenScope {

/// The interface language: "system" (the default: the system locale picks), or a code such as
/// "en" or "zh_CN". Kept in QSettings under ui/language.
QString chosenLanguage();
void setChosenLanguage(const QString &code);

/// Installs Qt's and TokenScope's translators for the chosen language; call once after the
/// QApplication exists and before any window. Returns the language loaded: "en" when no other was,
/// with English's plural forms ("1 token", "2 tokens") installed.
QString installTranslators();

/// A "Language" menu: System / English / 简体中文. Choosing one saves it and offers a restart.
QMenu *createLanguageMenu(QWidget *parent);

} // namespace TokenScope
