// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// View → Theme: System, Light, Dark; the choice is kept and applied at once, charts included
// (README.md#a-five-minute-tour).
#include "charts/chartsupport.h"
#include "charts/palette.h"
#include "charts/servingcurvechart.h"
#include "charts/throughputchart.h"
#include "history/compareview.h"
#include "theme.h"

#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QLabel>
#include <QLegend>
#include <QMenu>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// Puts the light theme back, so later tests see the colours they expect.
struct LightAfterwards
{
    ~LightAfterwards()
    {
        applyTheme(Theme::Light);
        QSettings().remove(QStringLiteral("ui/theme"));
        qApp->setStyleSheet({}); // the tests' own look, as before the first applyTheme()
    }
};

// Lightness of a horizontal scroll bar, scrolled to its left end, at its thumb and at its groove's end.
std::pair<int, int> thumbAndGrooveLightness()
{
    QScrollBar bar(Qt::Horizontal);
    bar.setRange(0, 100);
    bar.setPageStep(30);
    bar.setValue(0);
    bar.resize(300, bar.sizeHint().height());
    const QImage image = bar.grab().toImage();
    const int y = image.height() / 2;
    return { image.pixelColor(image.width() / 10, y).lightness(),
        image.pixelColor(image.width() * 9 / 10, y).lightness() };
}

bool darkBackground(const QChart *chart)
{
    return chart->backgroundBrush().color().lightness() < 128;
}

} // namespace

TEST(UiTheme, DarkSetsTheApplicationPaletteAndEveryChart)
{
    LightAfterwards restore;
    applyTheme(Theme::Light);
    const ThroughputChart before;
    EXPECT_FALSE(darkBackground(before.chart()));
    EXPECT_GT(QApplication::palette().color(QPalette::Window).lightness(), 200);

    applyTheme(Theme::Dark);
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80);
    EXPECT_GT(QApplication::palette().color(QPalette::WindowText).lightness(), 200);
    EXPECT_TRUE(themeIsDark());
    // A chart made before the switch follows it; one made after starts dark.
    EXPECT_TRUE(chartIsDark(before.chart()));
    EXPECT_TRUE(darkBackground(before.chart()));
    const ServingCurveChart after;
    EXPECT_TRUE(chartIsDark(after.chart()));
    EXPECT_TRUE(darkBackground(after.chart()));
    for (QAbstractAxis *axis : after.chart()->axes())
        EXPECT_GT(axis->labelsColor().lightness(), 120) << axis->titleText().toStdString(); // some in their series' hue
    EXPECT_GT(after.chart()->legend()->labelColor().lightness(), 200);
    // The colours the chart painters draw text in are light on the dark background.
    EXPECT_GT(Palette::chartText.lightness(), 180);

    applyTheme(Theme::Light);
    EXPECT_FALSE(themeIsDark());
    EXPECT_FALSE(chartIsDark(before.chart()));
    EXPECT_FALSE(darkBackground(after.chart()));
    EXPECT_EQ(Palette::chartText.name(), QStringLiteral("#424242")) << "the light tones come back";
}

TEST(UiTheme, AnAxisInItsSeriesColourKeepsItsHueOnBothThemes)
{
    LightAfterwards restore;
    applyTheme(Theme::Light);
    const ThroughputChart chart; // its two y axes are coloured after their series
    const QList<QAbstractAxis *> left = chart.chart()->axes(Qt::Vertical);
    ASSERT_FALSE(left.isEmpty());
    const QColor lightLabels = left.first()->labelsColor();
    applyTheme(Theme::Dark);
    const QColor darkLabels = left.first()->labelsColor();
    EXPECT_GT(darkLabels.lightness(), lightLabels.lightness());
    EXPECT_NEAR(darkLabels.hslHue(), lightLabels.hslHue(), 3);
}

TEST(UiTheme, TheChoiceIsKeptAndTheMenuAppliesIt)
{
    LightAfterwards restore;
    applyTheme(Theme::Light);
    EXPECT_EQ(chosenTheme(), Theme::System) << "nothing chosen yet";
    QWidget window;
    QMenu *menu = createThemeMenu(&window);
    const QList<QAction *> actions = menu->actions();
    ASSERT_EQ(actions.size(), 3);
    EXPECT_TRUE(actions[0]->isChecked()) << "System";
    actions[2]->trigger(); // Dark
    EXPECT_EQ(chosenTheme(), Theme::Dark);
    EXPECT_EQ(QSettings().value(QStringLiteral("ui/theme")).toString(), QStringLiteral("dark"));
    EXPECT_TRUE(themeIsDark());
    EXPECT_TRUE(createThemeMenu(&window)->actions()[2]->isChecked()) << "a new window's menu shows the kept choice";
    actions[1]->trigger(); // Light
    EXPECT_EQ(chosenTheme(), Theme::Light);
    EXPECT_FALSE(themeIsDark());
}

TEST(UiTheme, TheCompareHeadlinePanelFollowsTheSwitch)
{
    LightAfterwards restore;
    applyTheme(Theme::Light);
    const CompareView view;
    auto *headline = view.findChild<QLabel *>(QStringLiteral("compareHeadline"));
    ASSERT_NE(headline, nullptr);
    EXPECT_TRUE(headline->styleSheet().contains(Palette::panelBackground.name()));
    applyTheme(Theme::Dark);
    EXPECT_TRUE(headline->styleSheet().contains(Palette::panelBackground.name()))
        << headline->styleSheet().toStdString();
    EXPECT_LT(Palette::panelBackground.lightness(), 80);
}

// Fusion's own thumb is lighter than its groove, which reads as a thumb at the far end; the theme's
// thumb is the darker part on a light palette and the lighter part on a dark one.
TEST(UiTheme, AScrollBarsThumbStandsOutFromItsGroove)
{
    LightAfterwards restore;
    applyTheme(Theme::Light);
    ASSERT_FALSE(qApp->styleSheet().isEmpty()) << "Light is Fusion: its scroll bars are restyled";
    const auto [lightThumb, lightGroove] = thumbAndGrooveLightness();
    EXPECT_LT(lightThumb + 40, lightGroove) << "on light, the thumb is the dark part, at the left";

    applyTheme(Theme::Dark);
    const auto [darkThumb, darkGroove] = thumbAndGrooveLightness();
    EXPECT_GT(darkThumb, darkGroove + 40) << "on dark, the thumb is the light part, at the left";

    EXPECT_TRUE(themeStyleSheet(QStringLiteral("Windows"), QApplication::palette()).isEmpty())
        << "other styles keep their own scroll bars";
}
