// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped Simplified Chinese translation loads and translates the window (View → Language,
// README.md#a-five-minute-tour).
#include "language.h"
#include "mainwindow.h"
#include "sim/simconfig.h"
#include "stats/significancetext.h"
#include "store/endpointprofile.h"
#include "testpaths.h"

#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QSettings>
#include <QTranslator>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// Removes the translators a test installed, so later tests see English again.
struct EnglishAfterwards {
    ~EnglishAfterwards()
    {
        for (QTranslator *t : qApp->findChildren<QTranslator *>()) {
            QApplication::removeTranslator(t);
            delete t;
        }
        setChosenLanguage(QStringLiteral("system"));
        QLocale::setDefault(QLocale::c());
    }
};

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

} // namespace

TEST(UiLanguage, ChoosingSimplifiedChineseTranslatesTheWindow)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(chosenLanguage(), QStringLiteral("zh_CN"));
    ASSERT_EQ(installTranslators(), QStringLiteral("zh_CN")) << "the .qm is compiled into the binary";
    const MainWindow window;
    const QStringList titles = menuTitles(window);
    EXPECT_TRUE(titles.contains(QStringLiteral("文件(&F)"))) << titles.join(u' ').toStdString();
    EXPECT_NE(MainWindow::tr("Run"), QStringLiteral("Run"));
}

TEST(UiLanguage, EnglishLoadsOnlyItsPluralForms)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("en"));
    EXPECT_EQ(installTranslators(), QStringLiteral("en"));
    const MainWindow window;
    EXPECT_TRUE(menuTitles(window).contains(QStringLiteral("&File")));
    const char *context = "TokenScope::RequestsPane";
    EXPECT_EQ(QApplication::translate(context, "%n request(s)", nullptr, 1), QStringLiteral("1 request"));
    EXPECT_EQ(QApplication::translate(context, "%n request(s)", nullptr, 2), QStringLiteral("2 requests"));
    EXPECT_EQ(QApplication::translate("TokenScope::WorkloadBox", "%n entry(s) skipped: %1", nullptr, 3),
        QStringLiteral("3 entries skipped: %1"));
    EXPECT_EQ(QApplication::translate(
                  "TokenScope::MainWindow", "Run cancelled; the %n finished request(s) are kept.", nullptr, 1),
        QStringLiteral("Run cancelled; the 1 finished request is kept."));
}

// Every plural of the interface has its English forms: none reads "(s)" once English is loaded.
TEST(UiLanguage, EveryEnglishPluralHasItsForms)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("en"));
    ASSERT_EQ(installTranslators(), QStringLiteral("en"));
    QFile ts(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/../../resources/translations/tokenscope_en.ts"));
    ASSERT_TRUE(ts.open(QIODevice::ReadOnly)) << ts.fileName().toStdString();
    QXmlStreamReader xml(&ts);
    QByteArray context;
    int plurals = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == u"name") {
            context = xml.readElementText().toUtf8();
        } else if (xml.isStartElement() && xml.name() == u"source") {
            const QByteArray source = xml.readElementText().toUtf8();
            ++plurals;
            for (int n : { 1, 2 }) {
                const QString shown = QApplication::translate(context.constData(), source.constData(), nullptr, n);
                EXPECT_FALSE(shown.contains(QStringLiteral("(s)"))) << shown.toStdString();
                EXPECT_TRUE(shown.contains(QString::number(n))) << shown.toStdString();
            }
        }
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_GT(plurals, 40);
}

// The Compare tab's judgement of a figure (docs/history-and-compare.md#4-the-compare-tab) reads in
// Chinese, the intervals' verdict and the 5 % band's reason alike.
TEST(UiLanguage, CompareJudgementsReadInSimplifiedChinese)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("zh_CN"));
    ASSERT_EQ(installTranslators(), QStringLiteral("zh_CN"));
    Compare::DeltaCell cell;
    cell.baseline = 100;
    cell.other = 112;
    cell.absolute = 12;
    cell.percent = 12;
    cell.baselineCi = { 90, 110, true };
    cell.otherCi = { 101, 123, true };
    EXPECT_EQ(SignificanceText::sentence(cell, Compare::DeltaMetric::TtftP50, QStringLiteral("B")),
        QStringLiteral("TTFT P50 在 B 中高 12%，差异在噪声范围内（95 % 区间 [90, 110] 与 [101, 123] 重叠）。"));
    cell.baselineCi = {};
    cell.missing = Compare::MissingInterval::TooFewSamples;
    EXPECT_EQ(SignificanceText::fallbackNote(cell), QStringLiteral("无区间（样本太少）：按 5% 的范围判断"));
}

namespace {

// A translation of the two simulator names, as the shipped ones will have.
class SimulatorNames : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (qstrcmp(context, "SimConfig") == 0 && qstrcmp(source, "built-in simulator") == 0)
            return QStringLiteral("内置模拟器");
        if (qstrcmp(context, "SimConfig") == 0 && qstrcmp(source, "batch") == 0)
            return QStringLiteral("批次");
        if (qstrcmp(context, "TokenScope::EndpointProfile") == 0 && qstrcmp(source, "Built-in simulator") == 0)
            return QStringLiteral("内置模拟器");
        return {};
    }
    bool isEmpty() const override { return false; }
};

} // namespace

// The simulator's stored names stay as they are (runs are compared by them); the window shows them
// in its language.
TEST(UiLanguage, TheSimulatorsNamesAreTranslatedWhereShownNotWhereStored)
{
    const QString stored = simulatorEndpointLabel(SimConfig {});
    const EndpointProfile profile = EndpointProfile::builtInSimulatorProfile();
    SimulatorNames names;
    QApplication::installTranslator(&names);
    EXPECT_EQ(simulatorEndpointLabel(SimConfig {}), stored) << "the stored label is never translated";
    EXPECT_TRUE(stored.startsWith(QStringLiteral("built-in simulator (")));
    const QString shown = shownEndpointLabel(stored);
    EXPECT_EQ(shown, QStringLiteral("内置模拟器") + stored.mid(int(qstrlen("built-in simulator"))));
    SimConfig batched;
    batched.maxBatch = 8;
    EXPECT_TRUE(shownEndpointLabel(simulatorEndpointLabel(batched)).contains(QStringLiteral("批次 8")))
        << "the timing's words are shown translated too";
    EXPECT_EQ(shownEndpointLabel(QStringLiteral("https://api.example/v1")), QStringLiteral("https://api.example/v1"));
    EXPECT_EQ(profile.shownName(), QStringLiteral("内置模拟器"));
    EndpointProfile other = EndpointProfile::create(QStringLiteral("Built-in simulator"));
    EXPECT_EQ(other.shownName(), QStringLiteral("Built-in simulator")) << "a user's own name stays";
    // A run records the simulator's profile in English, whatever the language; it is shown translated.
    const EndpointProfile madeInChinese = EndpointProfile::builtInSimulatorProfile();
    EXPECT_EQ(madeInChinese.name, QStringLiteral("内置模拟器"));
    RunConfig config;
    madeInChinese.applyTo(&config);
    EXPECT_EQ(config.profileName, QStringLiteral("Built-in simulator"));
    EXPECT_EQ(EndpointProfile::shownProfileName(config.profileName), QStringLiteral("内置模拟器"));
    EXPECT_EQ(
        EndpointProfile::shownProfileName(QStringLiteral("vLLM on the A100")), QStringLiteral("vLLM on the A100"));
    QApplication::removeTranslator(&names);
    EXPECT_EQ(profile.shownName(), QStringLiteral("Built-in simulator"));
}
