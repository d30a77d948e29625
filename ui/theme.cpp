// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "theme.h"

#include "charts/chartsupport.h"
#include "charts/palette.h"

#include <QActionGroup>
#include <QApplication>
#include <QChartView>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace TokenScope {

namespace {

const QString kSettingsKey = QStringLiteral("ui/theme");

struct ThemeName
{
    Theme theme;
    QString key; // in QSettings
};

QList<ThemeName> themeNames()
{
    return { { Theme::System, QStringLiteral("system") }, { Theme::Light, QStringLiteral("light") },
        { Theme::Dark, QStringLiteral("dark") } };
}

// The desktop's own look, as the application started with it (before a theme replaced it).
struct SystemLook
{
    QString styleName;
    QPalette palette;
};

const SystemLook &systemLook()
{
    static const SystemLook look { QApplication::style()->name(), QApplication::palette() };
    return look;
}

// Fusion's dark palette: the window a dark grey, text near white, links and selection blue.
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2a, 0x2a, 0x2a);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabledText(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x80, 0x80));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x3e, 0x3e, 0x3e));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xdb));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

// Every chart view there is takes the chart colours now in force.
void rethemeCharts()
{
    for (QWidget *widget : QApplication::allWidgets()) {
        if (auto *view = qobject_cast<QChartView *>(widget); view && view->chart())
            applyChartTheme(view->chart());
        widget->update();
    }
}

// A colour `share` of the way from `from` to `to`.
QColor mixed(const QColor &from, const QColor &to, double share)
{
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * share),
        float(from.greenF() + (to.greenF() - from.greenF()) * share),
        float(from.blueF() + (to.blueF() - from.blueF()) * share));
}

// Fusion draws a scroll bar's thumb lighter than its groove, so the groove's darker remainder
// reads as the thumb: it sits right while the leftmost columns show and shrinks leftward as the
// view scrolls right. Under Fusion the thumb is drawn darker than a plain groove, as most desktops
// draw it; other styles keep their own scroll bars.
QString scrollBarStyleSheet(const QPalette &palette)
{
    const QColor window = palette.color(QPalette::Window);
    const QColor text = palette.color(QPalette::WindowText);
    const QString groove = mixed(window, palette.color(QPalette::Base), 0.5).name();
    const QString thumb = mixed(window, text, 0.35).name();
    const QString hovered = mixed(window, text, 0.5).name();
    return QStringLiteral("QScrollBar:horizontal { height: 14px; background: %1; border: none; margin: 0; }"
                          "QScrollBar:vertical { width: 14px; background: %1; border: none; margin: 0; }"
                          "QScrollBar::handle { background: %2; border-radius: 4px; }"
                          "QScrollBar::handle:hover, QScrollBar::handle:pressed { background: %3; }"
                          "QScrollBar::handle:horizontal { min-width: 28px; margin: 3px 2px; }"
                          "QScrollBar::handle:vertical { min-height: 28px; margin: 2px 3px; }"
                          "QScrollBar::add-line, QScrollBar::sub-line { width: 0; height: 0; border: none; }"
                          "QScrollBar::add-page, QScrollBar::sub-page { background: none; }")
        .arg(groove, thumb, hovered);
}

} // namespace

QString themeStyleSheet(const QString &styleName, const QPalette &palette)
{
    return styleName.compare(QStringLiteral("fusion"), Qt::CaseInsensitive) == 0 ? scrollBarStyleSheet(palette)
                                                                                 : QString();
}

Theme chosenTheme()
{
    const QString key = QSettings().value(kSettingsKey).toString();
    for (const ThemeName &name : themeNames()) {
        if (name.key == key)
            return name.theme;
    }
    return Theme::System;
}

void setChosenTheme(Theme theme)
{
    for (const ThemeName &name : themeNames()) {
        if (name.theme == theme)
            QSettings().setValue(kSettingsKey, name.key);
    }
}

void applyTheme(Theme theme)
{
    const SystemLook &system = systemLook();
    QStyle *style = QStyleFactory::create(theme == Theme::System ? system.styleName : QStringLiteral("Fusion"));
    QPalette palette = system.palette;
    if (theme == Theme::Dark)
        palette = darkPalette();
    else if (theme == Theme::Light && style)
        palette = style->standardPalette();
    Palette::useDarkColours(isDarkPalette(palette));
    if (style)
        QApplication::setStyle(style);
    QApplication::setPalette(palette);
    // The style's own name: once a style sheet is set, QApplication::style() is the sheet's, unnamed.
    qApp->setStyleSheet(themeStyleSheet(style ? style->name() : system.styleName, palette));
    rethemeCharts();
    Q_EMIT ThemeNotifier::instance()->themeChanged();
}

ThemeNotifier *ThemeNotifier::instance()
{
    static auto *notifier = new ThemeNotifier; // lives as long as the application
    return notifier;
}

bool themeIsDark()
{
    return Palette::darkColours();
}

QMenu *createThemeMenu(QWidget *parent)
{
    auto *menu = new QMenu(QApplication::translate("Theme", "&Theme"), parent);
    auto *group = new QActionGroup(menu);
    const Theme current = chosenTheme();
    const QList<std::pair<Theme, QString>> entries { { Theme::System, QApplication::translate("Theme", "&System") },
        { Theme::Light, QApplication::translate("Theme", "&Light") },
        { Theme::Dark, QApplication::translate("Theme", "&Dark") } };
    for (const auto &[theme, text] : entries) {
        QAction *action = menu->addAction(text);
        action->setCheckable(true);
        action->setChecked(theme == current);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, menu, [theme] {
            setChosenTheme(theme);
            applyTheme(theme);
        });
    }
    return menu;
}

} // namespace TokenScope
