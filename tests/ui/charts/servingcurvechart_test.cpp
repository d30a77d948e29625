// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/servingcurvechart.h"

#include "liverun.h"
#include "support/enginerun.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// A level at `rate` that served `throughput` req/s with these medians.
LevelSummary level(int index, double rate, double throughput, double ttftP50, double tpotP50)
{
    LevelSummary l;
    l.levelIndex = index;
    l.point = LoadPoint::openLoop(rate, Arrival::Poisson, 1, 0, index);
    l.point.role = LoadPoint::Role::Swept;
    l.requests = l.completed = 20;
    l.requestThroughput = throughput;
    l.outputThroughput = throughput * 64;
    l.ttftMs.count = l.tpotMs.count = 20;
    l.ttftMs.p50 = ttftP50;
    l.ttftMs.p95 = ttftP50 * 1.4;
    l.tpotMs.p50 = tpotP50;
    return l;
}

// TTFT holds near 40 ms up to 3 req/s and takes off at 3.6.
QList<LevelSummary> syntheticSweep()
{
    return { level(0, 1, 1.0, 40, 5), level(1, 2, 2.0, 42, 5.2), level(2, 3, 2.9, 55, 6), level(3, 4, 3.6, 400, 9) };
}

} // namespace

TEST(UiServingCurveChart, OnePointPerFinishedLevelAndTheKneeMarked)
{
    ServingCurveChart chart;
    chart.resize(900, 420);
    chart.beginRun();
    EXPECT_FALSE(chart.emptyStateText().isEmpty());
    const QList<LevelSummary> levels = syntheticSweep();
    for (qsizetype i = 0; i < levels.size(); ++i) {
        chart.addLevel(levels.at(i));
        chart.refreshNow();
        EXPECT_EQ(chart.pointCount(), i + 1);
    }
    EXPECT_TRUE(chart.emptyStateText().isEmpty());
    ASSERT_EQ(chart.curve().size(), 4);
    EXPECT_EQ(chart.curve().at(3).label, QStringLiteral("r=4/s"));
    // Median TTFT more than doubles between 2.9 and 3.6 req/s served.
    EXPECT_EQ(chart.knee().before, 2);
    EXPECT_EQ(chart.knee().takeOff, 3);
    EXPECT_EQ(chart.kneeText(), chart.knee().sentence);
    EXPECT_NE(chart.kneeText().indexOf(QStringLiteral("knee")), -1) << chart.kneeText().toStdString();

    // Hovering the take-off point reads it out.
    chart.show();
    chart.refreshNow();
    auto *p50 = qobject_cast<QLineSeries *>(chart.chart()->series().at(1));
    ASSERT_NE(p50, nullptr);
    const QPointF scene = chart.chart()->mapToScene(chart.chart()->mapToPosition(p50->at(3), p50));
    const QString readout = chart.readoutAt(chart.mapFromScene(scene));
    EXPECT_NE(readout.indexOf(QStringLiteral("r=4/s")), -1) << readout.toStdString();
    EXPECT_NE(readout.indexOf(QStringLiteral("took off")), -1) << readout.toStdString();
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("serving-curve-synthetic")));
}

TEST(UiServingCurveChart, ALevelWithoutACompletedRequestHasNoPointAndOneLevelHasNoKnee)
{
    ServingCurveChart chart;
    chart.beginRun();
    LevelSummary failed = level(0, 8, 0, 0, 0);
    failed.completed = 0;
    failed.ttftMs.count = failed.tpotMs.count = 0;
    chart.addLevel(failed);
    chart.refreshNow();
    EXPECT_EQ(chart.pointCount(), 0);
    chart.addLevel(level(1, 1, 1, 40, 5));
    chart.refreshNow();
    EXPECT_EQ(chart.pointCount(), 1);
    EXPECT_EQ(chart.knee().takeOff, -1);
    EXPECT_NE(chart.kneeText().indexOf(QStringLiteral("two or more")), -1);
}

TEST(UiServingCurveChart, AStoredRunIsDrawnFromItsLevelSummaries)
{
    RunResult run;
    run.config.loadMode = LoadMode::Sweep;
    run.levels = syntheticSweep();
    LevelSummary armB = level(0, 1, 1.5, 30, 4); // an A/B run's arm B: not on arm A's curve
    armB.arm = 1;
    run.levels.append(armB);
    run.loadPlanOutcome = QStringLiteral("The highest rate that met p95_ttft_ms<=100 was 3 req/s.");
    run.maxRateFound = 3;
    ServingCurveChart chart;
    chart.setRun(run);
    EXPECT_EQ(chart.pointCount(), 4);
    EXPECT_EQ(chart.knee().takeOff, 3);
    EXPECT_EQ(chart.planOutcome(), run.loadPlanOutcome);
    EXPECT_EQ(chart.maxRatePoint(), 2) << "the level at r=3/s";
    chart.beginRun();
    chart.refreshNow();
    EXPECT_EQ(chart.pointCount(), 0);
    EXPECT_TRUE(chart.planOutcome().isEmpty());
    EXPECT_EQ(chart.maxRatePoint(), -1);
}

TEST(UiServingCurveChart, ARealSweepAgainstTheSimulatorDrawsEveryLevel)
{
    RunConfig config = quickConfig({}, 1, 0, 24);
    config.loadMode = LoadMode::Sweep;
    config.sweepRates = 2;
    config.requestsPerLevel = 6;
    config.warmupRequests = 0;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_EQ(run.result.levels.size(), 4) << "synchronous, throughput and two swept rates";
    ServingCurveChart chart;
    chart.resize(900, 420);
    chart.beginRun();
    for (const LevelSummary &l : run.result.levels)
        chart.addLevel(l);
    chart.refreshNow();
    EXPECT_EQ(chart.pointCount(), 4);
    EXPECT_FALSE(chart.kneeText().isEmpty());
    for (const WhiskerSet &set : chart.whiskerSets())
        EXPECT_TRUE(set.whiskers.isEmpty()) << "six requests are too few for any interval";
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("serving-curve-sim")));
}

TEST(UiServingCurveChart, EachMedianCarriesItsIntervalAsAWhiskerOnceTheLevelHasEnoughSamples)
{
    RunConfig config = quickConfig({}, 1, 0, 24);
    config.loadMode = LoadMode::Sweep;
    config.sweepRates = 1;
    config.requestsPerLevel = 12; // enough for a P50 interval (docs/metrics.md#confidence-intervals), not a P95
    config.warmupRequests = 0;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ServingCurveChart chart;
    chart.resize(900, 420);
    chart.setRun(run.result);
    const QList<WhiskerSet> sets = chart.whiskerSets();
    ASSERT_EQ(sets.size(), 3) << "TTFT P95, TTFT P50, TPOT P50";
    EXPECT_TRUE(sets.at(0).whiskers.isEmpty()) << "12 requests give no P95 interval";
    ASSERT_EQ(sets.at(1).whiskers.size(), chart.pointCount());
    for (qsizetype i = 0; i < chart.curve().size(); ++i) {
        const Stats::ServingPoint &p = chart.curve().at(i);
        const Whisker &w = sets.at(1).whiskers.at(i);
        EXPECT_DOUBLE_EQ(w.x, p.throughput);
        EXPECT_LE(w.lo, p.ttftP50Ms);
        EXPECT_GE(w.hi, p.ttftP50Ms);
        EXPECT_LT(w.lo, w.hi);
    }
    EXPECT_EQ(sets.at(2).whiskers.size(), chart.pointCount()) << "every level's TPOT median has one too";

    // The readout gives the interval after the figure.
    chart.show();
    chart.refreshNow();
    auto *p50 = qobject_cast<QLineSeries *>(chart.chart()->series().at(1));
    ASSERT_NE(p50, nullptr);
    const QPointF scene = chart.chart()->mapToScene(chart.chart()->mapToPosition(p50->at(0), p50));
    const QString readout = chart.readoutAt(chart.mapFromScene(scene));
    EXPECT_NE(readout.indexOf(QStringLiteral("TTFT P50")), -1) << readout.toStdString();
    EXPECT_NE(readout.indexOf(u'['), -1) << readout.toStdString();
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("serving-curve-whiskers")));
}

// A max-rate search: its answer and the knee have legend keys, and each constraint on a TTFT or
// TPOT figure is a labelled line on that axis, which reaches its bound.
TEST(UiServingCurveChart, ASearchsConstraintsAreLinesAndItsMarksAreInTheLegend)
{
    RunResult run;
    run.config.loadMode = LoadMode::FindMaxRate;
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms<=100,median_tpot_ms<=50,request_goodput>=2"),
        &run.config.maxRateConstraints, &error))
        << error.toStdString();
    run.levels = syntheticSweep();
    run.maxRateFound = 3;
    ServingCurveChart chart;
    chart.resize(900, 420);
    chart.setRun(run);
    chart.show();
    chart.refreshNow();

    const QList<ServingCurveChart::ConstraintLine> lines = chart.constraintLines();
    ASSERT_EQ(lines.size(), 2) << "goodput has no axis here";
    EXPECT_TRUE(lines.at(0).ttft);
    EXPECT_DOUBLE_EQ(lines.at(0).boundMs, 100);
    EXPECT_EQ(lines.at(0).label, QStringLiteral("p95_ttft_ms<=100"));
    EXPECT_FALSE(lines.at(1).ttft);
    auto *tpotAxis = qobject_cast<QValueAxis *>(chart.chart()->axes(Qt::Vertical).value(1));
    ASSERT_NE(tpotAxis, nullptr);
    EXPECT_GE(tpotAxis->max(), 50) << "the TPOT axis reaches the bound, well above the 9 ms data";
    EXPECT_TRUE(chart.legendShows(QStringLiteral("Knee (median TTFT takes off)")));
    EXPECT_TRUE(chart.legendShows(QStringLiteral("Highest passing rate")));
    EXPECT_TRUE(chart.legendShows(QStringLiteral("Search constraint")));
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("serving-curve-search")));

    // A sweep: no search, no constraint; the knee keeps its key.
    run.config.loadMode = LoadMode::Sweep;
    run.maxRateFound = -1;
    chart.setRun(run);
    EXPECT_TRUE(chart.constraintLines().isEmpty());
    EXPECT_FALSE(chart.legendShows(QStringLiteral("Search constraint")));
    EXPECT_FALSE(chart.legendShows(QStringLiteral("Highest passing rate")));
    EXPECT_TRUE(chart.legendShows(QStringLiteral("Knee (median TTFT takes off)")));
}
