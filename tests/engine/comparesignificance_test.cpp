// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compare's rule for a real change (docs/history-and-compare.md#4-the-compare-tab) on runs against
// the real simulator over loopback: two runs of one config differ within noise, a simulator 20 %
// slower differs for real.
#include "support/enginerun.h"

#include "stats/comparison.h"

#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;
using namespace TokenScope::Compare;

namespace {

// Every timing of quickSim() times `slowdown`, with a prefill cost that spreads TTFT over the
// requests by their prompt lengths: 20 ms + 300..500 tokens x 50 us = 35..45 ms at slowdown 1.
SimConfig spreadSim(double slowdown)
{
    SimConfig sim = quickSim();
    sim.baseTtftMs = 20 * slowdown;
    sim.prefillUsPerToken = 50 * slowdown;
    sim.decodeIntervalMs = 5 * slowdown;
    return sim;
}

// 40 requests (a P50 interval needs 10) whose prompts are drawn from 300..500 tokens: their TTFT
// P50's interval is a few ms wide, far more than the machine's jitter between two runs.
RunConfig spreadConfig(const QString &url)
{
    RunConfig config = quickConfig(url, 2, 40, 4);
    config.workload.kind = WorkloadKind::Synthetic;
    config.workload.inputTokens = 400;
    config.workload.inputSpread = 0.25;
    return config;
}

DeltaCell ttftP50(const RunResult &baseline, const RunResult &other)
{
    const QList<LevelDelta> rows = levelDeltas(baseline, other);
    EXPECT_EQ(rows.size(), 1);
    return rows.isEmpty() ? DeltaCell {} : rows.first().cell(DeltaMetric::TtftP50);
}

} // namespace

TEST(CompareEndToEnd, SameConfigIsWithinNoiseAndATwentyPercentSlowerSimulatorIsReal)
{
    StartedSim sim(spreadSim(1.0));
    StartedSim slower(spreadSim(1.2));
    const RunResult first = runAndWait(spreadConfig(sim.url()));
    const RunResult again = runAndWait(spreadConfig(sim.url()));
    const RunResult slow = runAndWait(spreadConfig(slower.url()));

    const DeltaCell same = ttftP50(first, again);
    ASSERT_TRUE(same.hasIntervals()) << "40 samples give P50 an interval";
    EXPECT_EQ(significance(same, DeltaMetric::TtftP50).judgedBy, JudgedBy::Intervals);
    EXPECT_EQ(significance(same, DeltaMetric::TtftP50).significance, Significance::WithinNoise)
        << *same.baseline << " [" << same.baselineCi.lo << ", " << same.baselineCi.hi << "] vs " << *same.other << " ["
        << same.otherCi.lo << ", " << same.otherCi.hi << "]";

    const DeltaCell slowed = ttftP50(first, slow);
    ASSERT_TRUE(slowed.hasIntervals());
    EXPECT_EQ(significance(slowed, DeltaMetric::TtftP50).significance, Significance::Real)
        << *slowed.baseline << " [" << slowed.baselineCi.lo << ", " << slowed.baselineCi.hi << "] vs " << *slowed.other
        << " [" << slowed.otherCi.lo << ", " << slowed.otherCi.hi << "]";
    EXPECT_EQ(deltaDirection(slowed, DeltaMetric::TtftP50), -1) << "a longer wait is worse";
    ASSERT_TRUE(slowed.percent);
    // The server's part of TTFT is 20 % longer; the client's own share (a few ms, more on a loaded
    // machine) is not, so the whole figure rises by somewhat less than 20 %.
    EXPECT_GT(*slowed.percent, 5.0);
    EXPECT_LT(*slowed.percent, 26.0);
}
