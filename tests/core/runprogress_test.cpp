// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runprogress.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

RunProgress levelOf(int index, int count, int done, int total)
{
    RunProgress p;
    p.levelIndex = index;
    p.levelCount = count;
    p.done = done;
    p.total = total;
    return p;
}

} // namespace

TEST(OverallProgress, CountsTheLevelsDoneAndTheShareOfTheLevelUnderWay)
{
    // Level 3 of 4, 8 of 32 requests: two levels done and a quarter of the third.
    const OverallProgress overall = OverallProgress::of(levelOf(2, 4, 8, 32));
    EXPECT_DOUBLE_EQ(overall.fraction, 2.25 / 4);
    EXPECT_EQ(overall.levelsDone, 2);
    EXPECT_EQ(overall.levelsLeft, 2);
    EXPECT_FALSE(overall.levelsEstimated);
    // It does not start over at the next level.
    EXPECT_GT(OverallProgress::of(levelOf(3, 4, 0, 32)).fraction, overall.fraction);
    EXPECT_DOUBLE_EQ(OverallProgress::of(levelOf(3, 4, 32, 32)).fraction, 1.0);
}

TEST(OverallProgress, ALevelBoundedByADurationFollowsTheClock)
{
    RunProgress p = levelOf(1, 2, 5, 0);
    p.levelDurationS = 30;
    p.levelElapsedS = 15;
    EXPECT_DOUBLE_EQ(OverallProgress::of(p).fraction, 0.75);
    p.levelElapsedS = 40; // a count-bounded schedule may run past the clock
    EXPECT_DOUBLE_EQ(OverallProgress::of(p).fraction, 1.0);
    // A level of unknown size, neither counted nor timed, adds nothing until it ends.
    EXPECT_DOUBLE_EQ(OverallProgress::of(levelOf(1, 2, 5, 0)).fraction, 0.5);
}

TEST(OverallProgress, EstimatesWhatIsLeftFromTheElapsedTimeOnceItMeansSomething)
{
    RunProgress p = levelOf(1, 4, 0, 10); // a quarter done
    p.measuredElapsedS = 30;
    EXPECT_DOUBLE_EQ(OverallProgress::of(p).remainingS, 90);

    p.measuredElapsedS = OverallProgress::kMinSecondsForEta / 2; // too early to say
    EXPECT_LT(OverallProgress::of(p).remainingS, 0);
    RunProgress barelyStarted = levelOf(0, 4, 1, 10); // 2.5 % of the run
    barelyStarted.measuredElapsedS = 60;
    EXPECT_LT(OverallProgress::of(barelyStarted).remainingS, 0);
}

namespace {

// One progress event of a closed-loop plan c=1,4,8,16 with 4 requests per user (4, 16, 32 and 64
// requests) whose levels took 12, 12, 13 and 27 s: the last level saturates the server.
RunProgress defaultRunAt(double elapsedS)
{
    const double startsS[] = { 0, 12, 24, 37, 64 };
    const int totals[] = { 4, 16, 32, 64 };
    int level = 0;
    while (level < 3 && elapsedS >= startsS[level + 1])
        ++level;
    const double levelS = startsS[level + 1] - startsS[level];
    RunProgress p = levelOf(level, 4, 0, totals[level]);
    p.measuredElapsedS = elapsedS;
    p.levelElapsedS = elapsedS - startsS[level];
    p.done = int(p.total * p.levelElapsedS / levelS);
    return p;
}

} // namespace

TEST(OverallProgress, EstimatesWhatIsLeftFromThePaceOfTheLevelUnderWay)
{
    // Ended at 64 s. Once the slow last level has a pace of its own, the estimate follows it
    // instead of the quicker levels before it.
    // (Whole requests only: 18 of 64 done 8 s into it reads 20 s left.)
    EXPECT_NEAR(OverallProgress::of(defaultRunAt(45)).remainingS, 19, 2);
    EXPECT_NEAR(OverallProgress::of(defaultRunAt(57)).remainingS, 7, 2);
    // Each later level is taken to last as long as the one under way: 12 s per level.
    EXPECT_NEAR(OverallProgress::of(defaultRunAt(18)).remainingS, 6 + 24, 1);
    // A level without a finished request yet borrows the mean length of the levels before it.
    RunProgress justStarted = defaultRunAt(24.2);
    ASSERT_EQ(justStarted.done, 0);
    EXPECT_NEAR(OverallProgress::of(justStarted).remainingS, 12 + 12, 0.01);
    // A level running longer than that mean is at least as long as it has run.
    justStarted.levelElapsedS = 20;
    justStarted.measuredElapsedS = 44;
    EXPECT_NEAR(OverallProgress::of(justStarted).remainingS, 20 + 20, 0.01);
}

TEST(OverallProgress, WarmUpCalibrationAndAdaptivePlansSayWhatTheyKnow)
{
    RunProgress warmup = levelOf(-1, 4, 1, 2);
    warmup.warmup = true;
    const OverallProgress beforeLevels = OverallProgress::of(warmup);
    EXPECT_DOUBLE_EQ(beforeLevels.fraction, 0);
    EXPECT_EQ(beforeLevels.levelsDone + beforeLevels.levelsLeft, 0);
    EXPECT_LT(beforeLevels.remainingS, 0);

    RunProgress sweep = levelOf(4, 7, 0, 20);
    sweep.levelCountEstimated = true;
    const OverallProgress estimated = OverallProgress::of(sweep);
    EXPECT_TRUE(estimated.levelsEstimated);
    EXPECT_EQ(estimated.levelsDone, 4);
    EXPECT_EQ(estimated.levelsLeft, 3);
    // A search that runs past its estimate is never more than done.
    RunProgress pastEstimate = levelOf(8, 7, 5, 10);
    EXPECT_DOUBLE_EQ(OverallProgress::of(pastEstimate).fraction, 8.5 / 9);
    EXPECT_EQ(OverallProgress::of(pastEstimate).levelsLeft, 1);
}

TEST(OverallProgress, ADurationReadsAsAClock)
{
    EXPECT_EQ(clockDuration(0).toStdString(), "0:00");
    EXPECT_EQ(clockDuration(0.2).toStdString(), "0:01"); // rounded up: the last second never reads 0:00
    EXPECT_EQ(clockDuration(80).toStdString(), "1:20");
    EXPECT_EQ(clockDuration(3599).toStdString(), "59:59");
    EXPECT_EQ(clockDuration(3725).toStdString(), "1:02:05");
    EXPECT_EQ(clockDuration(-5).toStdString(), "0:00");
}
