// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// RunConfig's load and transport settings survive summary.json and the history store (toJson /
// fromJson), and its load points are what each mode promises before the run starts.
#include "core/runconfig.h"

#include <QJsonArray>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace TokenScope;

TEST(RunConfigLoad, OpenLoopSettingsRoundTripThroughJson)
{
    RunConfig c;
    c.loadMode = LoadMode::Rates;
    c.requestRates = { 2.5, 40, std::numeric_limits<double>::infinity() };
    c.arrival = Arrival::Gamma;
    c.burstiness = 0.25;
    c.seed = 7;
    c.maxConcurrency = 4;
    c.durationS = 30;
    c.graceS = 5;
    c.rampUpS = 10;
    QString error;
    ASSERT_TRUE(GoodputSlo::parse(QStringLiteral("ttft:500 e2el:9000"), &c.goodput, &error));
    const QJsonObject json = c.toJson();
    EXPECT_EQ(json.value(QStringLiteral("request_rates")).toArray().at(2).toString(), QStringLiteral("inf"));
    const RunConfig back = RunConfig::fromJson(json);
    EXPECT_EQ(back.loadMode, LoadMode::Rates);
    ASSERT_EQ(back.requestRates.size(), 3);
    EXPECT_TRUE(std::isinf(back.requestRates.at(2)));
    EXPECT_EQ(back.arrival, Arrival::Gamma);
    EXPECT_EQ(back.goodput, c.goodput);
    EXPECT_EQ(back.toJson(), json);
}

TEST(RunConfigLoad, SearchConstraintsRoundTripThroughJson)
{
    RunConfig c;
    c.loadMode = LoadMode::FindMaxRate;
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms<=500,p95_tpot_ms<=50"), &c.maxRateConstraints, &error));
    const RunConfig back = RunConfig::fromJson(c.toJson());
    EXPECT_EQ(back.maxRateConstraints, c.maxRateConstraints);
    EXPECT_EQ(back.toJson(), c.toJson());
}

TEST(RunConfigLoad, EachModeListsTheLevelsItKnowsBeforeTheRun)
{
    RunConfig c;
    c.concurrencyLevels = { 1, 4, 1 };
    ASSERT_EQ(c.loadPoints().size(), 3);
    EXPECT_EQ(c.loadPoints().at(2).label(), QStringLiteral("c=1"));

    c.loadMode = LoadMode::Rates;
    c.requestRates = { 10, 20 };
    c.maxConcurrency = 8;
    ASSERT_EQ(c.loadPoints().size(), 2);
    EXPECT_EQ(c.loadPoints().at(1).label(), QStringLiteral("r=20/s c≤8"));
    EXPECT_EQ(c.requestsForPoint(c.loadPoints().at(1)), 200); // ten seconds' worth

    c.loadMode = LoadMode::Sweep;
    ASSERT_EQ(c.loadPoints().size(), 2);
    EXPECT_EQ(c.loadPoints().at(0).role, LoadPoint::Role::Synchronous);
    EXPECT_TRUE(c.loadPoints().at(1).allAtOnce());
    EXPECT_EQ(c.loadPoints().at(1).label(), QStringLiteral("r=inf c≤8"));

    c.loadMode = LoadMode::FindMaxRate;
    ASSERT_EQ(c.loadPoints().size(), 1);
    EXPECT_EQ(c.loadPoints().at(0).role, LoadPoint::Role::Throughput);
}

TEST(RunConfigTransport, TransportThreadsAndBusyPollRoundTripThroughJson)
{
    RunConfig c;
    c.transport = QStringLiteral("curl");
    c.transportThreads = 3;
    c.busyPoll = true;
    const QJsonObject json = c.toJson();
    EXPECT_EQ(json.value(QStringLiteral("transport")).toString(), QStringLiteral("curl"));
    EXPECT_EQ(json.value(QStringLiteral("transport_threads")).toInt(-1), 3);
    EXPECT_TRUE(json.value(QStringLiteral("busy_poll")).toBool(false));
    const RunConfig back = RunConfig::fromJson(json);
    EXPECT_EQ(back.transport, QStringLiteral("curl"));
    EXPECT_EQ(back.transportThreads, 3);
    EXPECT_TRUE(back.busyPoll);
    EXPECT_EQ(back.toJson(), json);
}

TEST(RunConfigTransport, RunsStoredBeforeTheTransportWasRecordedReadAsQnamWithItsDefaults)
{
    RunConfig c;
    c.transport = QStringLiteral("curl");
    c.transportThreads = 3;
    c.busyPoll = true;
    QJsonObject json = c.toJson();
    for (const char *key : { "transport", "transport_threads", "busy_poll" })
        json.remove(QLatin1String(key));
    const RunConfig back = RunConfig::fromJson(json);
    EXPECT_EQ(back.transport, QStringLiteral("qnam"));
    EXPECT_EQ(back.transportThreads, 0);
    EXPECT_FALSE(back.busyPoll);
}

TEST(RunConfigPrecision, TheTargetItsFigureAndItsBoundRoundTripAndBoundTheLevelsCount)
{
    RunConfig c;
    c.targetPrecisionPct = 2.5;
    c.precisionMetric = QStringLiteral("p99_itl_ms");
    c.maxRequests = 300;
    const RunConfig back = RunConfig::fromJson(c.toJson());
    EXPECT_EQ(back.targetPrecisionPct, 2.5);
    EXPECT_EQ(back.precisionMetric, QStringLiteral("p99_itl_ms"));
    EXPECT_EQ(back.maxRequests, 300);
    EXPECT_EQ(back.requestsForPoint(LoadPoint::closedLoop(4, 0)), 300) << "a level runs until precise, at most this";
    RunConfig unbounded = back;
    unbounded.maxRequests = 0;
    EXPECT_EQ(unbounded.requestsForPoint(LoadPoint::closedLoop(4, 0)), RunConfig::kDefaultPrecisionMaxRequests);
    EXPECT_EQ(RunConfig {}.requestsForPoint(LoadPoint::closedLoop(4, 0)), 16) << "without a target: 4 per user";
}
