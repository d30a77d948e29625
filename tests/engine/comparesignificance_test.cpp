// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compare's rule for a real change (docs/history-and-compare.md#4-the-compare-tab) on runs against
// the real simulator over loopback: two runs of one config differ within noise, a simulator 50 %
// slower differs for real.
#include "support/enginerun.h"

#include "stats/comparison.h"

#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;
using namespace TokenScope::Compare;

namespace {

// Every timing of quickSim() times `slowdown`, with a prefill cost that spreads TTFT over the
// requests by their prompt lengths: 20 ms + 300..500 tokens x 100 us = 50..70 ms at slowdown 1.
SimConfig spreadSim(double slowdown)
{
    SimConfig sim = quickSim();
    sim.baseTtftMs = 20 * slowdown;
    sim.prefillUsPerToken = 100 * slowdown;
    sim.decodeIntervalMs = 5 * slowdown;
    return sim;
}

// 40 requests (a P50 interval needs 10) whose prompts are drawn from 300..500 tokens: their TTFT
// P50's interval is several ms wide, more than a loaded machine's jitter between two runs (a
// sanitizer build's client adds a few ms that vary from run to run). Two warm-up requests open the
// connections, so no measured TTFT holds a connection's setup.
RunConfig spreadConfig(const QString &url)
{
    RunConfig config = quickConfig(url, 2, 40, 4);
    config.warmupRequests = 2;
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

TEST(CompareEndToEnd, SameConfigIsWithinNoiseAndAFiftyPercentSlowerSimulatorIsReal)
{
    StartedSim sim(spreadSim(1.0));
    StartedSim slower(spreadSim(1.5));
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
    // The server's part of TTFT is 50 % longer; the client's own share (a few ms, more on a loaded
    // machine) is not, so the whole figure rises by somewhat less than 50 %.
    EXPECT_GT(*slowed.percent, 25.0);
    EXPECT_LT(*slowed.percent, 56.0);
}
