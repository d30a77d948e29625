// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Runs listed side by side are named by what differs between them (profile, load, time), never two
// alike, and the profile a run used survives summary.json and the history's stored config.
#include "core/runlabel.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

RunLabel::Parts simRun(const QString &profile, const QString &load, const QDateTime &startedAt, qint64 id)
{
    return { QString(), profile, QStringLiteral("tokenscope-sim"), load, startedAt, id };
}

const QDateTime kMorning(QDate(2026, 12, 5), QTime(9, 30, 15));

} // namespace

TEST(RunLabel, LoadTextSaysEachModeInAFewCharacters)
{
    RunConfig config;
    config.concurrencyLevels = { 1, 4, 8, 16 };
    EXPECT_EQ(RunLabel::loadText(config), QStringLiteral("c=1,4,8,16"));
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 2 };
    EXPECT_EQ(RunLabel::loadText(config), QStringLiteral("2 req/s"));
    config.requestRates = { 1, 2.5, 4 };
    EXPECT_EQ(RunLabel::loadText(config), QStringLiteral("1,2.5,4 req/s"));
    config.loadMode = LoadMode::Sweep;
    EXPECT_EQ(RunLabel::loadText(config), QStringLiteral("sweep"));
    config.loadMode = LoadMode::FindMaxRate;
    EXPECT_EQ(RunLabel::loadText(config), QStringLiteral("max-rate search"));
}

TEST(RunLabel, FullNameIsProfileLoadAndTimeWithTheModelForAMissingProfile)
{
    const QDateTime local = kMorning.toLocalTime();
    const QString when = local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    EXPECT_EQ(RunLabel::fullName(simRun(QStringLiteral("Fast sim"), QStringLiteral("c=1,4"), kMorning, 3)),
        QStringLiteral("Fast sim · c=1,4 · ") + when);
    EXPECT_EQ(RunLabel::fullName(simRun(QString(), QStringLiteral("sweep"), kMorning, 3)),
        QStringLiteral("tokenscope-sim · sweep · ") + when);
    RunLabel::Parts named = simRun(QStringLiteral("Fast sim"), QStringLiteral("c=1"), kMorning, 3);
    named.name = QStringLiteral("baseline before the upgrade");
    EXPECT_EQ(RunLabel::fullName(named), named.name);
}

TEST(RunLabel, RunsThatDifferInProfileOrLoadKeepTheirShortLabels)
{
    const QStringList labels = RunLabel::distinctLabels({
        simRun(QStringLiteral("Fast sim"), QStringLiteral("c=1,4"), kMorning, 1),
        simRun(QStringLiteral("Slow sim"), QStringLiteral("c=1,4"), kMorning, 2),
        simRun(QStringLiteral("Fast sim"), QStringLiteral("2 req/s"), kMorning, 3),
    });
    EXPECT_EQ(labels,
        QStringList({ QStringLiteral("Fast sim · c=1,4"), QStringLiteral("Slow sim · c=1,4"),
            QStringLiteral("Fast sim · 2 req/s") }));
}

TEST(RunLabel, RunsThatWouldReadAlikeAddTheirTimeAndOnlyThey)
{
    const QDateTime later = kMorning.addSecs(3600);
    const QStringList labels = RunLabel::distinctLabels({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 1),
        simRun(QString(), QStringLiteral("c=1"), later, 2),
        simRun(QString(), QStringLiteral("c=8"), later, 3),
    });
    EXPECT_EQ(labels.at(0), QStringLiteral("tokenscope-sim · c=1 · ") + kMorning.toLocalTime().toString(u"HH:mm"));
    EXPECT_EQ(labels.at(1), QStringLiteral("tokenscope-sim · c=1 · ") + later.toLocalTime().toString(u"HH:mm"));
    EXPECT_EQ(labels.at(2), QStringLiteral("tokenscope-sim · c=8"));
}

TEST(RunLabel, SameMinuteOnAnotherDaySaysTheDateAndTheSameSecondSaysTheId)
{
    const QDateTime nextDay = kMorning.addDays(1);
    QStringList labels = RunLabel::distinctLabels({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 1),
        simRun(QString(), QStringLiteral("c=1"), nextDay, 2),
    });
    EXPECT_NE(labels.at(0), labels.at(1));
    EXPECT_TRUE(labels.at(1).endsWith(nextDay.toLocalTime().toString(u"yyyy-MM-dd HH:mm"))) << qPrintable(labels.at(1));

    labels = RunLabel::distinctLabels({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 7),
        simRun(QString(), QStringLiteral("c=1"), kMorning, 8),
    });
    EXPECT_TRUE(labels.at(0).endsWith(u" #7")) << qPrintable(labels.at(0));
    EXPECT_TRUE(labels.at(1).endsWith(u" #8")) << qPrintable(labels.at(1));
}

TEST(RunLabel, SameMinuteOfTheSameDaySaysTheSecondsWithoutTheDate)
{
    const QDateTime secondsLater = kMorning.addSecs(20);
    const QStringList labels = RunLabel::distinctLabels({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 1),
        simRun(QString(), QStringLiteral("c=1"), secondsLater, 2),
    });
    EXPECT_EQ(labels.at(0), QStringLiteral("tokenscope-sim · c=1 · ") + kMorning.toLocalTime().toString(u"HH:mm:ss"));
    EXPECT_EQ(
        labels.at(1), QStringLiteral("tokenscope-sim · c=1 · ") + secondsLater.toLocalTime().toString(u"HH:mm:ss"));
}

TEST(RunLabel, FullNamesOfRunsInTheSameMinuteAddTheirSecondsThenTheirIds)
{
    const QDateTime secondsLater = kMorning.addSecs(20);
    const QDateTime nextHour = kMorning.addSecs(3600);
    QStringList names = RunLabel::distinctNames({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 1),
        simRun(QString(), QStringLiteral("c=1"), secondsLater, 2),
        simRun(QString(), QStringLiteral("c=1"), nextHour, 3),
    });
    const QString base = QStringLiteral("tokenscope-sim · c=1 · ");
    EXPECT_EQ(names.at(0), base + kMorning.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"));
    EXPECT_EQ(names.at(1), base + secondsLater.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"));
    EXPECT_EQ(names.at(2), base + nextHour.toLocalTime().toString(u"yyyy-MM-dd HH:mm")) << "it reads like no other";

    names = RunLabel::distinctNames({
        simRun(QString(), QStringLiteral("c=1"), kMorning, 7),
        simRun(QString(), QStringLiteral("c=1"), kMorning, 8),
    });
    EXPECT_TRUE(names.at(0).endsWith(u":15 #7")) << qPrintable(names.at(0));
    EXPECT_TRUE(names.at(1).endsWith(u":15 #8")) << qPrintable(names.at(1));
}

TEST(RunLabel, TheSameRunTwiceIsToldApartByItsPosition)
{
    const RunLabel::Parts run = simRun(QString(), QStringLiteral("c=1"), kMorning, 7);
    const QStringList labels = RunLabel::distinctLabels({ run, run });
    EXPECT_NE(labels.at(0), labels.at(1));
    EXPECT_TRUE(labels.at(1).endsWith(u"(2)")) << qPrintable(labels.at(1));
}

TEST(RunLabel, ProfileNameSurvivesTheConfigJsonAndOlderConfigsHaveNone)
{
    RunConfig config;
    config.profileName = QStringLiteral("vLLM on the A100");
    EXPECT_EQ(config.toJson().value(u"profile").toString(), config.profileName);
    EXPECT_EQ(RunConfig::fromJson(config.toJson()).profileName, config.profileName);
    QJsonObject older = config.toJson();
    older.remove(u"profile");
    EXPECT_TRUE(RunConfig::fromJson(older).profileName.isEmpty());
}
