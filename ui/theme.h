// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QMenu;
class QPalette;
class QWidget;

namespace TokenScope {

/// The window's colours (View → Theme): the desktop's own style and palette, or Qt's Fusion style
/// with a light or a dark palette. Kept in QSettings under ui/theme.
enum class Theme { System, Light, Dark };

Theme chosenTheme();
void setChosenTheme(Theme theme);

/// Gives the application `theme`'s style and palette, switches the chart palette
/// (Palette::useDarkColours) and re-themes every chart that exists (applyChartTheme); charts made
/// later take it when they are made. Works at start and at any time after: no restart.
void applyTheme(Theme theme);

/// The application style sheet applyTheme() sets under the style named `styleName`: under Fusion,
/// scroll bars whose thumb is darker than their groove (Fusion's own draws it lighter, which reads
/// as inverted); under any other style none.
QString themeStyleSheet(const QString &styleName, const QPalette &palette);

/// Whether the colours in force are dark: Dark, or System on a dark desktop.
bool themeIsDark();

/// Tells widgets that colour themselves from the chart palette (style sheets made from Palette
/// colours) that applyTheme() switched it, after the application palette changed.
class ThemeNotifier : public QObject
{
    Q_OBJECT
public:
    static ThemeNotifier *instance();
Q_SIGNALS:
    void themeChanged();
};

/// A "Theme" menu: System / Light / Dark. Choosing one saves it and applies it at once.
QMenu *createThemeMenu(QWidget *parent);

} // namespace TokenScope
