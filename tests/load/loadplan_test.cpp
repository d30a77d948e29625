// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// LoadPlan against a model server whose answers are known: which level a sweep and a search take next.
#include "load/loadplan.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

using namespace TokenScope;

namespace {

/// A level as a server of capacity `capacity` req/s would leave it: below capacity TTFT is `baseMs`;
/// above it requests queue and TTFT grows with the overload.
LevelSummary levelAt(const LoadPoint &point, double capacity, double baseMs)
{
    LevelSummary s;
    s.levelIndex = point.index;
    s.point = point;
    s.requests = s.completed = 100;
    const double asked = point.isOpenLoop() ? point.rate : (point.concurrency == 1 ? capacity / 8 : capacity);
    s.requestThroughput = std::isinf(asked) ? capacity : std::min(asked, capacity);
    s.achievedRequestRate = std::isinf(asked) ? 0 : asked;
    const double ttft = asked <= capacity ? baseMs : baseMs + 1000 * (asked / capacity - 1);
    for (Distribution *d : { &s.ttftMs, &s.ttftFromScheduledMs }) {
        d->count = 100;
        d->p50 = ttft;
        d->p95 = ttft * 1.2;
    }
    return s;
}

QList<LoadPoint> runPlan(double capacity, LoadPlan *plan)
{
    QList<LoadPoint> run;
    std::optional<LoadPoint> point = plan->first();
    while (point && run.size() < 50) {
        point->index = int(run.size());
        run.append(*point);
        point = plan->next(levelAt(*point, capacity, 20));
    }
    return run;
}

RunConfig searchConfig(const QString &constraints, int probes)
{
    RunConfig c;
    c.loadMode = LoadMode::FindMaxRate;
    QString error;
    EXPECT_TRUE(SloConstraint::parseList(constraints, &c.maxRateConstraints, &error)) << error.toStdString();
    c.maxRateProbes = probes;
    return c;
}

} // namespace

TEST(LoadPlan, AListedRunTakesItsLevelsInOrder)
{
    RunConfig c;
    c.loadMode = LoadMode::Rates;
    c.requestRates = { 5, 10, 5 };
    LoadPlan plan(c);
    const QList<LoadPoint> run = runPlan(1000, &plan);
    ASSERT_EQ(run.size(), 3);
    EXPECT_EQ(run.at(2).rate, 5);
    EXPECT_TRUE(plan.outcome().isEmpty());
}

TEST(LoadPlan, ASweepRunsSynchronousThroughputThenEvenlySpacedRatesUpToThroughput)
{
    RunConfig c;
    c.loadMode = LoadMode::Sweep;
    c.sweepRates = 4;
    LoadPlan plan(c);
    const QList<LoadPoint> run = runPlan(80, &plan);
    ASSERT_EQ(run.size(), 6);
    EXPECT_EQ(run.at(0).role, LoadPoint::Role::Synchronous);
    EXPECT_EQ(run.at(1).role, LoadPoint::Role::Throughput);
    // r_sync = 10, r_max = 80: 27.5, 45, 62.5, 80.
    EXPECT_DOUBLE_EQ(run.at(2).rate, 27.5);
    EXPECT_DOUBLE_EQ(run.at(5).rate, 80);
    EXPECT_TRUE(plan.outcome().contains(QStringLiteral("4 rates"))) << plan.outcome().toStdString();
}

TEST(LoadPlan, ASweepOfOneRateSaysOneRate)
{
    RunConfig c;
    c.loadMode = LoadMode::Sweep;
    c.sweepRates = 1;
    LoadPlan plan(c);
    ASSERT_EQ(runPlan(80, &plan).size(), 3);
    EXPECT_TRUE(plan.outcome().startsWith(QStringLiteral("The sweep ran 1 rate from ")))
        << plan.outcome().toStdString();
}

TEST(LoadPlan, ASweepStopsEarlyWhenTheServerSaturatesAndSaysWhy)
{
    RunConfig c;
    c.loadMode = LoadMode::Sweep;
    c.sweepRates = 4;
    LoadPlan plan(c);
    // The throughput level reports 160 req/s, but the server only sustains 60 under a rate.
    std::optional<LoadPoint> point = plan.first();
    QList<LoadPoint> run;
    while (point) {
        point->index = int(run.size());
        run.append(*point);
        LevelSummary s = levelAt(*point, 60, 20);
        if (point->role == LoadPoint::Role::Throughput)
            s.requestThroughput = 160;
        point = plan.next(s);
    }
    // r_sync 7.5 (the model's c=1), r_max 160: 45.625 is fine, 83.75 saturates (TTFT 416 ms > 3 x 20):
    // the sweep stops there, skipping 121.875 and 160.
    ASSERT_EQ(run.size(), 4);
    EXPECT_DOUBLE_EQ(run.last().rate, 83.75);
    EXPECT_TRUE(plan.outcome().contains(QStringLiteral("stopped early"))) << plan.outcome().toStdString();
    EXPECT_TRUE(plan.outcome().contains(QStringLiteral("skipping 2 higher rates: "))) << plan.outcome().toStdString();
}

TEST(LoadPlan, TheSearchConvergesOnTheCapacityByBisection)
{
    // TTFT takes off above 37 req/s; the throughput level says 37 (it cannot tell more). In the
    // model, p95 TTFT = 1.2 x (20 + 1000 x (r/37 - 1)) meets 100 ms up to r = 37 x (1 + 63.3/1000).
    const double boundary = 37 * (1 + (100 / 1.2 - 20) / 1000);
    const RunConfig c = searchConfig(QStringLiteral("p95_ttft_ms<=100"), 12);
    LoadPlan plan(c);
    const QList<LoadPoint> run = runPlan(37, &plan);
    EXPECT_NEAR(plan.maxRateFound(), boundary, boundary * 0.02);
    EXPECT_LE(plan.maxRateFound(), boundary) << "never a rate that missed";
    EXPECT_LE(run.size(), 13);
    EXPECT_TRUE(plan.outcome().contains(QStringLiteral("The highest rate that met p95_ttft_ms<=100"))) << plan.outcome().toStdString();
}

TEST(LoadPlan, TheSearchLooksAboveTheThroughputLevelWhenItUnderestimates)
{
    // The throughput level reports 20 req/s (a cap held it), but the server meets the SLO up to 50.
    const RunConfig c = searchConfig(QStringLiteral("p95_ttft_ms<=100"), 10);
    LoadPlan plan(c);
    std::optional<LoadPoint> point = plan.first();
    QList<double> probes;
    int index = 0;
    while (point) {
        point->index = index++;
        LevelSummary s = levelAt(*point, 50, 20);
        if (point->role == LoadPoint::Role::Throughput)
            s.requestThroughput = 20;
        else
            probes.append(point->rate);
        point = plan.next(s);
    }
    ASSERT_GE(probes.size(), 3);
    EXPECT_DOUBLE_EQ(probes.at(0), 20);
    EXPECT_DOUBLE_EQ(probes.at(1), 40);
    EXPECT_DOUBLE_EQ(probes.at(2), 80);
    EXPECT_NEAR(plan.maxRateFound(), 50 * (1 + (100 / 1.2 - 20) / 1000), 1);
}

TEST(LoadPlan, ASearchWhereNothingMeetsTheConstraintsSaysSo)
{
    const RunConfig c = searchConfig(QStringLiteral("p95_ttft_ms<=5"), 4);
    LoadPlan plan(c);
    runPlan(40, &plan);
    EXPECT_EQ(plan.maxRateFound(), -1);
    EXPECT_TRUE(plan.outcome().startsWith(QStringLiteral("No rate tried met p95_ttft_ms<=5"))) << plan.outcome().toStdString();
}

TEST(LoadPlan, AProbeWithFailuresOrALateScheduleMisses)
{
    LevelSummary s = levelAt(LoadPoint::openLoop(10, Arrival::Poisson, 1, 0), 100, 20);
    QList<SloConstraint> constraints;
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms<=100"), &constraints, &error));
    EXPECT_TRUE(LoadPlan::probeFailure(s, constraints).isEmpty());
    s.failed = 2;
    EXPECT_TRUE(LoadPlan::probeFailure(s, constraints).contains(QStringLiteral("2 failed")));
    s.failed = 0;
    s.achievedRequestRate = 9;
    EXPECT_TRUE(LoadPlan::probeFailure(s, constraints).contains(QStringLiteral("sent at 9.00")));
}

TEST(SloConstraint, ParsesOperatorsAndRejectsUnknownMetrics)
{
    QList<SloConstraint> c;
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms<=500, median_tpot_ms<50,request_goodput>=2"), &c, &error));
    ASSERT_EQ(c.size(), 3);
    EXPECT_EQ(c.at(1).op, SloConstraint::Op::Below);
    EXPECT_EQ(c.at(2).op, SloConstraint::Op::AtLeast);
    EXPECT_TRUE(c.at(0).holdsFor(500));
    EXPECT_FALSE(c.at(1).holdsFor(50));
    EXPECT_EQ(SloConstraint::listText(c), QStringLiteral("p95_ttft_ms<=500,median_tpot_ms<50,request_goodput>=2"));
    EXPECT_FALSE(SloConstraint::parseList(QStringLiteral("p95_ttft<=500"), &c, &error, &Stats::isLevelMetric));
    EXPECT_TRUE(error.contains(QStringLiteral("not a level metric"))) << error.toStdString();
    EXPECT_FALSE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms=500"), &c, &error));
    EXPECT_TRUE(SloConstraint::parseList(QStringLiteral("p99_ttft_from_scheduled_ms<=900"), &c, &error, &Stats::isLevelMetric));
}

TEST(GoodputSlo, ParsesVllmSyntaxAnySubset)
{
    GoodputSlo slo;
    QString error;
    ASSERT_TRUE(GoodputSlo::parse(QStringLiteral("ttft:500 tpot:50"), &slo, &error));
    EXPECT_EQ(slo.ttftMs, 500);
    EXPECT_EQ(slo.tpotMs, 50);
    EXPECT_LT(slo.e2elMs, 0);
    EXPECT_EQ(slo.spec(), QStringLiteral("ttft:500 tpot:50"));
    EXPECT_FALSE(GoodputSlo::parse(QStringLiteral("ttft=500"), &slo, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("ttft=500")));
    EXPECT_FALSE(GoodputSlo::parse(QStringLiteral("itl:5"), &slo, &error));
}
