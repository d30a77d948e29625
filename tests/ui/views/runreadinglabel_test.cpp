// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/runreadinglabel.h"

#include "stats/servingcurve.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// A rate level (cap `cap`) completing `requestTps` per second with a median TTFT of `ttftP50Ms`.
LevelSummary rateLevel(double rate, int cap, double ttftP50Ms, double requestTps, int index)
{
    LevelSummary l;
    l.concurrency = cap;
    l.requests = l.completed = 10;
    l.durationS = 5;
    l.ttftMs.count = l.tpotMs.count = 10;
    l.ttftMs.p50 = ttftP50Ms;
    l.tpotMs.p50 = 10;
    l.outputThroughput = requestTps * 100;
    l.requestThroughput = requestTps;
    l.point = LoadPoint::openLoop(rate, Arrival::Poisson, 1, cap, index);
    l.levelIndex = index;
    return l;
}

} // namespace

// The serving-curve chart writes the knee's sentence under its plot, right above the reading: the
// reading does not say it a second time, and a reading that was only the knee is not shown.
TEST(UiRunReadingLabel, LeavesTheKneeToTheServingCurveChart)
{
    RunResult run;
    run.levels = { rateLevel(2, 4, 40, 2, 0), rateLevel(8, 16, 200, 7.5, 1) };
    const QString knee = Stats::findKnee(Stats::servingCurve(run.levels)).sentence;
    ASSERT_FALSE(knee.isEmpty());
    RunReadingLabel label;
    label.setRun(run);
    EXPECT_FALSE(label.readingText().contains(knee)) << label.readingText().toStdString();
    EXPECT_TRUE(label.isHidden()) << "nothing but the knee to say";

    run.levels.first().failed = 3;
    run.levels.first().completed = 7;
    label.setRun(run);
    EXPECT_FALSE(label.isHidden()) << "the failures are still read";
    EXPECT_FALSE(label.readingText().contains(knee)) << label.readingText().toStdString();
    EXPECT_TRUE(label.readingText().contains(u"failed")) << label.readingText().toStdString();
}
