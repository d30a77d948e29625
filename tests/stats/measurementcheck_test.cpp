// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The verdict a level gives its own measurement, from the figures it holds.
#include "stats/measurementcheck.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

LevelSummary quietLevel()
{
    LevelSummary level;
    level.concurrency = 1;
    level.requests = level.completed = 10;
    level.eventsPerRead = 1.0;
    level.quality.engineLagP99Ms = 0.4;
    level.quality.engineLagMaxMs = 1.1;
    level.quality.clientCpuShare = 0.02;
    level.quality.machineCpuShare = 0.1;
    level.quality.cores = 2;
    return level;
}

RunConfig config(const QString &transport = QStringLiteral("qnam"), bool busyPoll = false)
{
    RunConfig c;
    c.transport = transport;
    c.busyPoll = busyPoll;
    return c;
}

QString reasons(const LevelSummary &level)
{
    return level.quality.reasons.join(u'\n');
}

} // namespace

TEST(MeasurementCheck, AQuietLevelIsOkAndSaysWhatStandsForTheHandOff)
{
    LevelSummary level = quietLevel();
    Stats::assessMeasurement(&level, config());
    EXPECT_EQ(level.quality.verdict, u"ok");
    EXPECT_TRUE(level.quality.reasons.isEmpty());
    EXPECT_TRUE(level.quality.handoff.contains(u"engine thread's probe lag stands in"))
        << level.quality.handoff.toStdString();
    EXPECT_TRUE(Stats::measurementText(level).startsWith(u"measurement ok: timestamp thread lag p99 0.40 ms"));
}

TEST(MeasurementCheck, ALateThreadOnAnIdleMachineAdvisesBusyPolling)
{
    LevelSummary level = quietLevel();
    level.quality.engineLagP99Ms = 3.6;
    Stats::assessMeasurement(&level, config());
    EXPECT_EQ(level.quality.verdict, u"degraded");
    EXPECT_TRUE(reasons(level).contains(u"up to 3.60 ms late")) << reasons(level).toStdString();
    EXPECT_TRUE(reasons(level).contains(u"--transport curl --busy-poll"));
}

TEST(MeasurementCheck, ALateThreadOfABusyClientAdvisesFewerStreamsAndTheCurlTransport)
{
    LevelSummary level = quietLevel();
    level.concurrency = 1024;
    level.quality.engineLagP99Ms = 12.0;
    level.quality.clientCpuShare = 0.65;
    level.quality.machineCpuShare = 1.0;
    level.eventsPerRead = 1.4; // 29 % of events shared a read
    level.zeroGapShare = 0.27;
    Stats::assessMeasurement(&level, config());
    ASSERT_EQ(level.quality.reasons.size(), 2) << reasons(level).toStdString();
    EXPECT_TRUE(level.quality.reasons.at(0).contains(u"too busy. Run fewer streams, use --transport curl"));
    EXPECT_TRUE(level.quality.reasons.at(1).contains(u"29 % of events shared a read"));
}

TEST(MeasurementCheck, ALateThreadOnABusyMachineNamesTheOtherWork)
{
    LevelSummary level = quietLevel();
    level.quality.engineLagP99Ms = 2.5;
    level.quality.machineCpuShare = 0.95;
    Stats::assessMeasurement(&level, config());
    EXPECT_TRUE(reasons(level).contains(u"the machine's CPUs were 95 % in use, the client's share 2 %"))
        << reasons(level).toStdString();
}

TEST(MeasurementCheck, UnderCurlTheWorkersLagCountsNotTheEngineThreads)
{
    LevelSummary level = quietLevel();
    level.quality.engineLagP99Ms = 9.0; // hand-over only: no figure depends on it
    level.quality.readerLagP99Ms = 0.3;
    Stats::assessMeasurement(&level, config(QStringLiteral("curl")));
    EXPECT_EQ(level.quality.verdict, u"ok");
    EXPECT_TRUE(level.quality.handoff.contains(u"libcurl's workers take each timestamp"));
    level.quality.readerLagP99Ms = 4.0;
    Stats::assessMeasurement(&level, config(QStringLiteral("curl"), true));
    EXPECT_TRUE(reasons(level).contains(u"although its workers busy-polled")) << reasons(level).toStdString();
}

TEST(MeasurementCheck, ASaturatedClientCpuDegradesOnItsOwn)
{
    LevelSummary level = quietLevel();
    level.quality.clientCpuShare = 0.9;
    Stats::assessMeasurement(&level, config());
    ASSERT_EQ(level.quality.reasons.size(), 1);
    EXPECT_TRUE(level.quality.reasons.at(0).contains(u"90 % of the 2 usable core(s)"));
}

TEST(MeasurementCheck, MergedReadsAloneAreTheServersAndDoNotDegrade)
{
    LevelSummary level = quietLevel();
    level.eventsPerRead = 3.0; // a server that writes three events at once
    Stats::assessMeasurement(&level, config());
    EXPECT_EQ(level.quality.verdict, u"ok");
}

TEST(MeasurementCheck, AnOpenLoopClientBehindItsScheduleDegradesButACapDoesNot)
{
    LevelSummary level = quietLevel();
    level.point = LoadPoint::openLoop(20, Arrival::Poisson, 1.0, 0);
    level.requests = 100;
    level.scheduledRequestRate = 20;
    level.achievedRequestRate = 19.9;
    level.sendLagMs.count = 100;
    level.sendLagMs.p99 = 25;
    Stats::assessMeasurement(&level, config());
    ASSERT_EQ(level.quality.verdict, u"degraded");
    EXPECT_TRUE(reasons(level).startsWith(u"The client did not keep the schedule")) << reasons(level).toStdString();

    level.sendLagMs.p99 = 1; // on time, but the cap held the rate down
    level.achievedRequestRate = 12;
    level.capWaitMs.count = 40;
    Stats::assessMeasurement(&level, config());
    EXPECT_EQ(level.quality.verdict, u"ok");
}

TEST(MeasurementCheck, AnUnassessedLevelSaysNothing)
{
    EXPECT_TRUE(Stats::measurementText(LevelSummary {}).isEmpty());
}
