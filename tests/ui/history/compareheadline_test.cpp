// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "history/compareheadline.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

LevelSummary level(int concurrency, double ttftP50, double e2eP50, double outputThroughput)
{
    LevelSummary l;
    l.concurrency = concurrency;
    l.requests = l.completed = 8;
    l.durationS = 2.0;
    l.outputThroughput = outputThroughput;
    l.ttftMs.count = l.tpotMs.count = l.e2elMs.count = 8;
    l.ttftMs.p50 = ttftP50;
    l.e2elMs.p50 = e2eP50;
    l.tpotMs.p50 = (e2eP50 - ttftP50) / 99.0;
    return l;
}

} // namespace

TEST(CompareHeadline, FasterDecodeIsNamedAsTheCauseAtTheHighestCommonLevel)
{
    const QList<LevelSummary> base { level(1, 50, 1050, 95), level(8, 60, 1260, 600) };
    // At 8: TTFT the same, decode a third of the time.
    const QList<LevelSummary> fast { level(1, 50, 400, 250), level(8, 60, 460, 1700), level(16, 70, 500, 3000) };
    const CompareHeadline h = CompareHeadline::compute(base, fast, QStringLiteral("slow"), QStringLiteral("fast"));
    EXPECT_EQ(h.concurrency, 8);
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Faster);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::Decode);
    ASSERT_TRUE(h.throughputPercent);
    EXPECT_NEAR(*h.throughputPercent, (1700.0 - 600.0) / 600.0 * 100.0, 1e-9);
    EXPECT_TRUE(h.html.contains(QStringLiteral("faster")));
    EXPECT_TRUE(h.html.contains(QStringLiteral("decode")));
}

TEST(CompareHeadline, LongerWaitForTheFirstTokenIsSlowerForThatReason)
{
    const QList<LevelSummary> base { level(4, 100, 1100, 400) };
    const QList<LevelSummary> queued { level(4, 600, 1610, 300) };
    const CompareHeadline h = CompareHeadline::compute(base, queued, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Slower);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::FirstToken);
    EXPECT_TRUE(h.html.contains(QStringLiteral("first token")));
}

TEST(CompareHeadline, SmallDifferencesAreTheSameAndTradeOffsAreMixed)
{
    const QList<LevelSummary> base { level(4, 100, 1000, 400) };
    const CompareHeadline same
        = CompareHeadline::compute(base, { level(4, 103, 1030, 390) }, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(same.outcome, CompareHeadline::Outcome::Similar);
    EXPECT_EQ(same.cause, CompareHeadline::Cause::None);
    // More throughput, but each request takes longer.
    const CompareHeadline mixed
        = CompareHeadline::compute(base, { level(4, 100, 1500, 600) }, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(mixed.outcome, CompareHeadline::Outcome::Mixed);
    const CompareHeadline none
        = CompareHeadline::compute(base, { level(8, 100, 1000, 400) }, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(none.outcome, CompareHeadline::Outcome::NotComparable);
    EXPECT_EQ(none.concurrency, 0);
}

// 9 of 28 requests rejected with 429: the throughput fell because requests failed, while TPOT is
// unchanged. The headline reads failures first and does not blame the decode speed.
TEST(CompareHeadline, FailuresNotSpeedExplainAThroughputDrop)
{
    LevelSummary clean = level(4, 100, 1100, 400);
    clean.requests = clean.completed = 28;
    LevelSummary limited = clean;
    limited.completed = 19;
    limited.failed = 9;
    limited.outputThroughput = 400.0 * 19 / 28;
    const CompareHeadline h = CompareHeadline::compute({ clean }, { limited }, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Slower);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::Failures);
    ASSERT_TRUE(h.errorRatePoints);
    EXPECT_NEAR(*h.errorRatePoints, 100.0 * 9 / 28, 1e-9);
    EXPECT_TRUE(h.html.contains(u"Failures, not speed, explain the throughput drop")) << h.html.toStdString();
    EXPECT_TRUE(h.html.contains(u"9 of 28 (32%)")) << h.html.toStdString();
    EXPECT_FALSE(h.html.contains(u"decode speed: each")) << "TPOT did not move: it is not the cause";
}

// A cause is named only when its figure moved beyond the noise band.
TEST(CompareHeadline, NoCauseIsNamedForFiguresInsideTheNoiseBand)
{
    LevelSummary base = level(4, 100, 1000, 400);
    LevelSummary other = base;
    other.outputThroughput = 340; // -15 %: slower
    other.e2elMs.p50 = 1010; // +1 %
    other.ttftMs.p50 = 102; // +2 %
    const CompareHeadline h = CompareHeadline::compute({ base }, { other }, QStringLiteral("a"), QStringLiteral("b"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Slower);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::None);
    EXPECT_FALSE(h.html.contains(u"The difference is in")) << h.html.toStdString();
}

namespace {

// `l` with 40 samples and 95 % intervals of ±`halfWidthPercent` around TTFT, TPOT and E2E P50 and
// output throughput.
LevelSummary withIntervals(LevelSummary l, double halfWidthPercent)
{
    const auto around = [halfWidthPercent](double value) {
        const double half = value * halfWidthPercent / 100.0;
        return ConfidenceInterval { value - half, value + half, true };
    };
    l.requests = l.completed = 40;
    l.ttftMs.count = l.tpotMs.count = l.e2elMs.count = 40;
    l.ttftMs.p50Ci = around(l.ttftMs.p50);
    l.tpotMs.p50Ci = around(l.tpotMs.p50);
    l.e2elMs.p50Ci = around(l.e2elMs.p50);
    l.outputThroughputCi = around(l.outputThroughput);
    return l;
}

} // namespace

// +12 % everywhere, but from runs so noisy that every interval overlaps: about as fast.
TEST(CompareHeadline, ChangesBeyondFivePercentWithOverlappingIntervalsAreWithinNoise)
{
    const LevelSummary base = withIntervals(level(4, 100, 1000, 400), 10);
    const LevelSummary other = withIntervals(level(4, 112, 1120, 448), 10);
    const CompareHeadline h = CompareHeadline::compute({ base }, { other }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Similar);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::None);
    EXPECT_TRUE(h.html.contains(u"within noise")) << h.html.toStdString();
    EXPECT_FALSE(h.html.contains(u"judged by the 5% band")) << "every figure had its intervals";
    EXPECT_TRUE(h.toolTip.contains(u"TTFT P50 is 12% higher in B, within noise (95 % intervals [90, 110] vs "
                                   u"[101, 123] overlap)."))
        << h.toolTip.toStdString();
}

// +3 % TTFT and E2E, measured tightly enough for the intervals to stand apart: slower, and why.
TEST(CompareHeadline, ChangesInsideFivePercentWithDisjointIntervalsAreReal)
{
    const LevelSummary base = withIntervals(level(4, 100, 1000, 400), 1);
    const LevelSummary other = withIntervals(level(4, 103, 1030, 400), 1);
    const CompareHeadline h = CompareHeadline::compute({ base }, { other }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Slower);
    EXPECT_TRUE(h.toolTip.contains(u"TTFT P50 is 3.0% higher in B, and the difference is real (95 % intervals "
                                   u"[99.0, 101.0] vs [102.0, 104.0] do not overlap)."))
        << h.toolTip.toStdString();
    EXPECT_TRUE(h.toolTip.contains(u"Output throughput is the same in B, within noise")) << h.toolTip.toStdString();
}

// The runs of the tests above without intervals (8 samples): the 5 % band judges, and says so.
TEST(CompareHeadline, WithoutIntervalsTheFivePercentBandJudgesAndTheHeadlineSaysSo)
{
    const CompareHeadline h = CompareHeadline::compute(
        { level(4, 100, 1000, 400) }, { level(4, 103, 1030, 400) }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Similar);
    EXPECT_TRUE(h.html.contains(u"no interval (too few samples): judged by the 5% band")) << h.html.toStdString();
    EXPECT_TRUE(h.html.contains(u"Output throughput, TPOT P50, TTFT P50, E2E P50 — no interval"))
        << h.html.toStdString();
    EXPECT_TRUE(h.toolTip.contains(u"TTFT P50 is 3.0% higher in B, within noise (no interval (too few samples): "
                                   u"judged by the 5% band)."))
        << h.toolTip.toStdString();
}

// TTFT 33 % higher but with intervals that overlap, TPOT and E2E about half with intervals apart:
// the headline leads with the real TPOT change, not with the larger-looking TTFT one.
TEST(CompareHeadline, TheRealChangeLeadsTheFiguresNotOneWithinNoise)
{
    LevelSummary base = withIntervals(level(4, 60, 1050, 400), 1);
    LevelSummary other = withIntervals(level(4, 80, 575, 400), 1);
    base.ttftMs.p50Ci = { 30, 90, true };
    other.ttftMs.p50Ci = { 50, 110, true };
    const CompareHeadline h = CompareHeadline::compute({ base }, { other }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Faster);
    const qsizetype tpot = h.html.indexOf(u"TPOT P50");
    ASSERT_GE(tpot, 0) << h.html.toStdString();
    EXPECT_LT(tpot, h.html.indexOf(u"TTFT P50")) << h.html.toStdString();
    EXPECT_LT(tpot, h.html.indexOf(u"output throughput")) << h.html.toStdString();
}

// Throughput and E2E within the 5 % band, TTFT 33 % lower (no intervals: judged by the band, real):
// not "about as fast".
TEST(CompareHeadline, ARealTtftChangeAloneIsNotAboutAsFast)
{
    const CompareHeadline h = CompareHeadline::compute(
        { level(1, 69.9, 1000, 400) }, { level(1, 46.5, 976.6, 405) }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_EQ(h.outcome, CompareHeadline::Outcome::Faster);
    EXPECT_EQ(h.cause, CompareHeadline::Cause::FirstToken);
    EXPECT_FALSE(h.html.contains(u"about as fast")) << h.html.toStdString();
    EXPECT_FALSE(h.html.contains(u"within noise)")) << h.html.toStdString();
    EXPECT_TRUE(h.html.contains(u"At concurrency 1: TTFT P50")) << h.html.toStdString();
}

// A change that rounds to zero is shown without a sign: "0.0%", never "-0.0%".
TEST(CompareHeadline, AChangeThatRoundsToZeroHasNoSign)
{
    const CompareHeadline h = CompareHeadline::compute(
        { level(4, 100, 1000, 400) }, { level(4, 100, 1000, 399.99) }, QStringLiteral("A"), QStringLiteral("B"));
    EXPECT_FALSE(h.html.contains(u"-0.0%")) << h.html.toStdString();
    EXPECT_TRUE(h.html.contains(u">0.0%<")) << h.html.toStdString();
}
