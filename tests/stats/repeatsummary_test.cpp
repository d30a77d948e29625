// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The repeat summary on hand-made level summaries (docs/metrics.md#repeats): spreads computed by
// hand, drift told from noise by whether two repeats' 95 % intervals overlap.
#include "stats/repeatsummary.h"

#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Stats;

namespace {

/// A level at concurrency `users` (position `index`) whose TTFT P50 is `ttftMs` ± `halfWidthMs`.
LevelSummary level(int index, int users, double ttftMs, double halfWidthMs)
{
    LevelSummary s;
    s.levelIndex = index;
    s.concurrency = users;
    s.point = LoadPoint::closedLoop(users, index);
    s.completed = 20;
    s.ttftMs.count = 20;
    s.ttftMs.p50 = ttftMs;
    s.ttftMs.p50Ci = { ttftMs - halfWidthMs, ttftMs + halfWidthMs, true };
    s.outputThroughput = 100;
    return s;
}

RunResult run(const QList<LevelSummary> &levels)
{
    RunResult r;
    r.levels = levels;
    return r;
}

const RepeatFigure &ttftP50(const RepeatLevel &level)
{
    return level.figures.at(repeatMetrics().indexOf(RepeatMetric::TtftP50));
}

} // namespace

TEST(RepeatSummary, SpreadsBetweenAndWithinRunsByHand)
{
    // 100, 102, 104 ms, each ± 5 ms: SD 2 ms, CV 2 %, within ± 5 % / 4.90 % / 4.81 %.
    const RepeatSummary summary = summarizeRepeats(
        { run({ level(0, 1, 100, 5) }), run({ level(0, 1, 102, 5) }), run({ level(0, 1, 104, 5) }) }, 3, false);
    ASSERT_EQ(summary.levels.size(), 1);
    const RepeatFigure &f = ttftP50(summary.levels.first());
    ASSERT_EQ(f.values.size(), 3);
    EXPECT_DOUBLE_EQ(*f.values.at(1), 102);
    EXPECT_DOUBLE_EQ(*f.mean, 102);
    EXPECT_DOUBLE_EQ(*f.min, 100);
    EXPECT_DOUBLE_EQ(*f.max, 104);
    EXPECT_DOUBLE_EQ(*f.stdDev, 2);
    EXPECT_NEAR(*f.cvPct, 100.0 * 2 / 102, 1e-9);
    EXPECT_NEAR(*f.withinHalfWidthPct, (5.0 + 500.0 / 102 + 500.0 / 104) / 3, 1e-9);
    EXPECT_EQ(f.intervals, 3);
    EXPECT_FALSE(f.apart);
    EXPECT_EQ(summary.levels.first().verdict, RepeatLevel::Verdict::Agree);
    EXPECT_EQ(summary.levels.first().sentence, QStringLiteral("Repeats agree within their 95 % intervals."));
}

TEST(RepeatSummary, IntervalsThatDoNotOverlapAreDrift)
{
    // 100 ± 2 and 110 ± 2: [98, 102] and [108, 112] leave a gap the noise inside each cannot explain.
    const RepeatSummary summary
        = summarizeRepeats({ run({ level(0, 1, 100, 2) }), run({ level(0, 1, 110, 2) }) }, 2, false);
    const RepeatLevel &l = summary.levels.first();
    EXPECT_TRUE(ttftP50(l).apart);
    EXPECT_TRUE(ttftP50(l).drifted);
    EXPECT_EQ(l.verdict, RepeatLevel::Verdict::Drift);
    EXPECT_TRUE(l.sentence.startsWith(QStringLiteral("The server drifted between repeats: TTFT P50 moved")))
        << l.sentence.toStdString();
    EXPECT_EQ(repeatVerdictName(l.verdict), QStringLiteral("drift"));
}

TEST(RepeatSummary, ATinyGapBetweenNarrowIntervalsIsNoDrift)
{
    // 100 ± 0.01 and 100.5 ± 0.01: apart, but 0.5 % of the mean is below kMinDriftPercent.
    const RepeatSummary summary
        = summarizeRepeats({ run({ level(0, 1, 100, 0.01) }), run({ level(0, 1, 100.5, 0.01) }) }, 2, false);
    const RepeatLevel &l = summary.levels.first();
    EXPECT_TRUE(ttftP50(l).apart);
    EXPECT_FALSE(ttftP50(l).drifted);
    EXPECT_EQ(l.verdict, RepeatLevel::Verdict::Agree);
    EXPECT_TRUE(
        l.sentence.startsWith(QStringLiteral("Repeats agree: they differ beyond their 95 % intervals in TTFT P50,")))
        << l.sentence.toStdString();
}

TEST(RepeatSummary, WithoutIntervalsNothingIsConcluded)
{
    LevelSummary a = level(0, 1, 100, 1), b = level(0, 1, 150, 1);
    a.ttftMs.p50Ci.valid = false;
    const RepeatSummary summary = summarizeRepeats({ run({ a }), run({ b }) }, 2, false);
    const RepeatLevel &l = summary.levels.first();
    EXPECT_EQ(ttftP50(l).intervals, 1);
    EXPECT_FALSE(ttftP50(l).apart);
    EXPECT_EQ(l.verdict, RepeatLevel::Verdict::NotEnoughData) << "a 50 % move with one interval is not called drift";
    EXPECT_DOUBLE_EQ(*ttftP50(l).max, 150) << "the spread between runs is still shown";
}

TEST(RepeatSummary, LevelsAreMatchedByLoadPointAndAMissingOneIsAbsent)
{
    // A stopped series: repeat 2 was cancelled during its first level, so it has no c=4.
    const RepeatSummary summary = summarizeRepeats(
        { run({ level(0, 1, 100, 5), level(1, 4, 200, 5) }), run({ level(0, 1, 101, 5) }) }, 3, true);
    EXPECT_EQ(summary.repeats, 3);
    EXPECT_EQ(summary.finished, 2);
    EXPECT_TRUE(summary.stopped);
    ASSERT_EQ(summary.levels.size(), 2);
    EXPECT_EQ(summary.levels.at(1).point.concurrency, 4);
    const RepeatFigure &c4 = ttftP50(summary.levels.at(1));
    ASSERT_EQ(c4.values.size(), 2);
    EXPECT_TRUE(c4.values.at(0).has_value());
    EXPECT_FALSE(c4.values.at(1).has_value());
    EXPECT_FALSE(c4.stdDev.has_value()) << "one value has no spread";
    EXPECT_EQ(summary.levels.at(1).verdict, RepeatLevel::Verdict::NotEnoughData);
}

TEST(RepeatSummary, TheSameConcurrencyTwiceInARunStaysTwoLevels)
{
    // 1,4,1: the drift check inside a run keeps its first and last level apart.
    const RepeatSummary summary
        = summarizeRepeats({ run({ level(0, 1, 100, 5), level(1, 4, 200, 5), level(2, 1, 300, 5) }) }, 1, false);
    ASSERT_EQ(summary.levels.size(), 3);
    EXPECT_DOUBLE_EQ(*ttftP50(summary.levels.at(0)).values.at(0), 100);
    EXPECT_DOUBLE_EQ(*ttftP50(summary.levels.at(2)).values.at(0), 300);
}
