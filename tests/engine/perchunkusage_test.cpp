// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// --per-chunk-usage against the built-in simulator over loopback: the simulator puts the running
// usage on every chunk, as vLLM does, and per-token ITL splits each chunk gap over its tokens
// (docs/metrics.md#per-token-itl-from-per-chunk-usage).
#include "engine/runcheck.h"
#include "sim/simulatorserver.h"
#include "stats/statistics.h"
#include "support/enginerun.h"

#include <gtest/gtest.h>
#include <numeric>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr int kOutputTokens = 40;

RunResult mixedChunkRun(bool perChunkUsage)
{
    SimConfig simConfig = quickSim();
    simConfig.mixedChunks = true; // chunk sizes cycle 1, 3, 2, 4 tokens
    StartedSim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 2, 4, kOutputTokens);
    config.perChunkUsage = perChunkUsage;
    return runAndWait(config);
}

} // namespace

TEST(PerChunkUsage, SimulatorRoundTripGivesTokensPerChunkAndPerTokenItl)
{
    const RunResult run = mixedChunkRun(true);
    ASSERT_EQ(countOk(run), 4);
    int perTokenSamples = 0;
    for (const RequestRecord &r : measured(run)) {
        ASSERT_TRUE(r.hasChunkTokens());
        EXPECT_EQ(std::accumulate(r.chunkTokens.cbegin(), r.chunkTokens.cend(), 0), r.outputTokens);
        EXPECT_EQ(r.outputTokens, kOutputTokens);
        EXPECT_GT(*std::max_element(r.chunkTokens.cbegin(), r.chunkTokens.cend()), 1) << "mixed chunk sizes";
        const std::vector<Stats::WeightedSample> samples = Stats::itlPerTokenMs(r);
        ASSERT_EQ(samples.size(), size_t(r.chunkTimesNs.size() - 1));
        for (qsizetype i = 1; i < r.chunkTimesNs.size(); ++i) {
            const auto &sample = samples[size_t(i - 1)];
            EXPECT_EQ(sample.weight, r.chunkTokens.at(i));
            EXPECT_DOUBLE_EQ(
                sample.value, (r.chunkTimesNs.at(i) - r.chunkTimesNs.at(i - 1)) / 1e6 / r.chunkTokens.at(i));
        }
        perTokenSamples += r.outputTokens - r.chunkTokens.first();
    }
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels.first();
    EXPECT_EQ(level.itlPerTokenMs.count, perTokenSamples) << "one sample per token after the first chunk";
    EXPECT_LT(level.itlPerTokenMs.mean, level.itlMs.mean) << "several tokens share a chunk";
}

TEST(PerChunkUsage, WithoutTheOptionThereIsNoPerTokenItl)
{
    const RunResult run = mixedChunkRun(false);
    ASSERT_EQ(countOk(run), 4);
    for (const RequestRecord &r : measured(run))
        EXPECT_TRUE(r.chunkTokens.isEmpty());
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels.first().itlPerTokenMs.count, 0);
    EXPECT_GT(run.levels.first().itlMs.count, 0);
}

TEST(PerChunkUsage, RunCheckRefusesItWhereItCannotBeAsked)
{
    RunConfig config = quickConfig(QStringLiteral("http://127.0.0.1:1/v1"), 1, 1, 8);
    config.perChunkUsage = true;
    EXPECT_TRUE(RunCheck::requestsProblem(config).isEmpty());
    config.includeUsage = false;
    EXPECT_TRUE(RunCheck::requestsProblem(config).contains(u"--no-usage"));
    config.includeUsage = true;
    config.api = ApiKind::AnthropicMessages;
    EXPECT_TRUE(RunCheck::requestsProblem(config).contains(u"chat and completions"));
}
