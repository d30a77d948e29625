// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Each tool's definitions on hand-made records whose every timestamp is known
// (docs/metrics.md#8-the-same-names-in-other-tools).
#include "stats/peerdefinitions.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace TokenScope;
using namespace TokenScope::Stats;

namespace {

constexpr qint64 msToNs(double ms)
{
    return static_cast<qint64>(ms * 1e6 + 0.5);
}

QList<qint64> chunksNs(std::initializer_list<double> ms)
{
    QList<qint64> out;
    for (double each : ms)
        out.append(msToNs(each));
    return out;
}

// A role-only event at 40 ms, text chunks at 50, 60, 80 and 100 ms, [DONE] at 105, the end at 106;
// usage says 7 tokens.
RequestRecord roleFirstRecord()
{
    RequestRecord r;
    r.ok = true;
    r.firstByteNs = r.firstEventNs = msToNs(40);
    r.chunkTimesNs = chunksNs({ 50, 60, 80, 100 });
    r.ttftNs = r.ttfcNs = msToNs(50);
    r.lastTokenNs = msToNs(100);
    r.doneNs = msToNs(105);
    r.endNs = msToNs(106);
    r.outputTokens = 7;
    r.outputTokensFromUsage = true;
    r.maxTokens = 16;
    return r;
}

// Reasoning at 30 and 40 ms, content at 60 and 70 ms, no usage (4 chunks counted), max_tokens 16.
RequestRecord reasoningRecord()
{
    RequestRecord r;
    r.ok = true;
    r.firstByteNs = r.firstEventNs = r.ttftNs = msToNs(30);
    r.chunkTimesNs = chunksNs({ 30, 40, 60, 70 });
    r.ttfcNs = msToNs(60);
    r.lastTokenNs = msToNs(70);
    r.doneNs = msToNs(75);
    r.endNs = msToNs(76);
    r.outputTokens = 4;
    r.outputTokensFromUsage = false;
    r.maxTokens = 16;
    return r;
}

void expectItl(const PeerRequestFigures &f, std::vector<double> expected)
{
    ASSERT_EQ(f.itlMs.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(f.itlMs.at(i), expected.at(i), 1e-9) << "gap " << i;
}

struct Expected
{
    double ttft, tpot, e2e;
    std::vector<double> itl;
    int tokens;
};

void expectFigures(PeerTool tool, const RequestRecord &r, const Expected &e)
{
    SCOPED_TRACE(peerToolKey(tool).toStdString());
    const PeerRequestFigures f = peerRequestFigures(tool, r, 1);
    EXPECT_NEAR(f.ttftMs, e.ttft, 1e-9);
    EXPECT_NEAR(f.tpotMs, e.tpot, 1e-9);
    EXPECT_NEAR(f.e2eMs, e.e2e, 1e-9);
    EXPECT_EQ(f.outputTokens, e.tokens);
    expectItl(f, e.itl);
}

LevelSummary levelOf(double durationS)
{
    LevelSummary level;
    level.levelIndex = 0;
    level.concurrency = 2;
    level.point.concurrency = 2;
    level.durationS = durationS;
    return level;
}

QList<RequestRecord> levelRecords()
{
    RequestRecord warmup = roleFirstRecord();
    warmup.warmup = true;
    warmup.levelIndex = -1;
    RequestRecord failed;
    failed.errorKind = QStringLiteral("http_500");
    RequestRecord otherArm = roleFirstRecord();
    otherArm.arm = 1;
    return { roleFirstRecord(), reasoningRecord(), warmup, failed, otherArm };
}

} // namespace

TEST(PeerDefinitions, ParsesEveryKeyAndRefusesOthers)
{
    EXPECT_EQ(peerToolKeys().join(u','), QStringLiteral("tokenscope,vllm,sglang,aiperf,guidellm,llmperf"));
    PeerTool tool = PeerTool::TokenScope;
    EXPECT_TRUE(parsePeerTool(QStringLiteral("vLLM"), &tool));
    EXPECT_EQ(tool, PeerTool::Vllm);
    EXPECT_TRUE(parsePeerTool(QStringLiteral("guidellm"), &tool));
    EXPECT_EQ(tool, PeerTool::Guidellm);
    EXPECT_FALSE(parsePeerTool(QStringLiteral("genai-perf"), &tool));
    EXPECT_EQ(tool, PeerTool::Guidellm) << "unchanged on refusal";
}

TEST(PeerDefinitions, RoleOnlyFirstEventUnderEveryTool)
{
    const RequestRecord r = roleFirstRecord();
    expectFigures(PeerTool::TokenScope, r, { 50, 50.0 / 6, 100, { 10, 20, 20 }, 7 });
    // vLLM: TTFT at the role-only event, and its gap to the first text is an ITL sample.
    expectFigures(PeerTool::Vllm, r, { 40, 60.0 / 6, 100, { 10, 10, 20, 20 }, 7 });
    // SGLang: E2E to [DONE], so TPOT includes the wait for it.
    expectFigures(PeerTool::Sglang, r, { 50, 55.0 / 6, 105, { 10, 20, 20 }, 7 });
    expectFigures(PeerTool::Aiperf, r, { 50, 50.0 / 6, 100, { 10, 20, 20 }, 7 });
    // GuideLLM: time_per_output_token includes TTFT; one inter_token_latency per request; E2E to the end.
    expectFigures(PeerTool::Guidellm, r, { 50, 100.0 / 7, 106, { 50.0 / 6 }, 7 });
    // LLMPerf: no TPOT; inter_token_latency is the last content chunk over n.
    expectFigures(PeerTool::Llmperf, r, { 50, -1, 106, { 100.0 / 7 }, 7 });
}

TEST(PeerDefinitions, ReasoningFirstAndNoUsageUnderEveryTool)
{
    const RequestRecord r = reasoningRecord();
    expectFigures(PeerTool::TokenScope, r, { 30, 40.0 / 3, 70, { 10, 20, 10 }, 4 });
    expectFigures(PeerTool::Vllm, r, { 30, 40.0 / 3, 70, { 10, 20, 10 }, 4 });
    // SGLang: TTFT and ITL from the first content chunk; no usage → the requested max_tokens.
    expectFigures(PeerTool::Sglang, r, { 60, 15.0 / 15, 75, { 10 }, 16 });
    expectFigures(PeerTool::Aiperf, r, { 30, 40.0 / 3, 70, { 10, 20, 10 }, 4 });
    expectFigures(PeerTool::Guidellm, r, { 30, 70.0 / 4, 76, { 40.0 / 3 }, 4 });
    expectFigures(PeerTool::Llmperf, r, { 60, -1, 76, { 70.0 / 4 }, 4 });
}

TEST(PeerDefinitions, TokenScopeKeepsItsShortOutputFilter)
{
    const PeerRequestFigures own = peerRequestFigures(PeerTool::TokenScope, roleFirstRecord(), 20);
    EXPECT_LT(own.tpotMs, 0);
    EXPECT_TRUE(own.itlMs.empty());
    const PeerRequestFigures vllm = peerRequestFigures(PeerTool::Vllm, roleFirstRecord(), 20);
    EXPECT_NEAR(vllm.tpotMs, 10, 1e-9) << "vLLM has no short-output filter";
}

TEST(PeerDefinitions, LevelCountsAndThroughputPerTool)
{
    const QList<RequestRecord> records = levelRecords();
    const PeerLevelSummary vllm = summarizePeerLevel(PeerTool::Vllm, records, levelOf(0.5), 1);
    EXPECT_EQ(vllm.requests, 3) << "warm-up and the other arm left out";
    EXPECT_EQ(vllm.completed, 2);
    EXPECT_EQ(vllm.failed, 1);
    EXPECT_EQ(vllm.totalOutputTokens, 11);
    EXPECT_NEAR(vllm.outputThroughput, 22, 1e-9);
    EXPECT_NEAR(vllm.requestThroughput, 4, 1e-9);
    EXPECT_EQ(vllm.itl.count, 7);
    EXPECT_NEAR(vllm.ttft.mean, 35, 1e-9);
    EXPECT_NEAR(vllm.ttft.std, 5, 1e-9) << "population std";
    EXPECT_EQ(vllm.firstEventMissing, 0);

    const PeerLevelSummary sglang = summarizePeerLevel(PeerTool::Sglang, records, levelOf(0.5), 1);
    EXPECT_EQ(sglang.totalOutputTokens, 7 + 16) << "no usage: the requested length";
    EXPECT_NEAR(sglang.outputThroughput, 46, 1e-9);

    const PeerLevelSummary llmperf = summarizePeerLevel(PeerTool::Llmperf, records, levelOf(0.5), 1);
    EXPECT_NEAR(llmperf.ttft.mean, 55, 1e-9);
    EXPECT_NEAR(llmperf.ttft.std, std::sqrt(50.0), 1e-9) << "sample std (n - 1)";
    EXPECT_EQ(llmperf.tpot.count, 0);
}

TEST(PeerDefinitions, VllmCountsRecordsWrittenBeforeFirstEvent)
{
    RequestRecord old = roleFirstRecord();
    old.firstEventNs = RequestRecord::kNever;
    const PeerRequestFigures f = peerRequestFigures(PeerTool::Vllm, old, 1);
    EXPECT_NEAR(f.ttftMs, 50, 1e-9) << "the first text stands in";
    expectItl(f, { 10, 20, 20 });
    EXPECT_EQ(summarizePeerLevel(PeerTool::Vllm, { old }, levelOf(1), 1).firstEventMissing, 1);
}

TEST(PeerDefinitions, TokenScopeLevelMatchesSummarizeLevel)
{
    const QList<RequestRecord> records = { roleFirstRecord(), reasoningRecord() };
    const LevelSummary own = summarizeLevel(records, levelOf(1).point, 1);
    const PeerLevelSummary peer = summarizePeerLevel(PeerTool::TokenScope, records, own, 1);
    EXPECT_DOUBLE_EQ(peer.ttft.p50, own.ttftMs.p50);
    EXPECT_DOUBLE_EQ(peer.tpot.p99, own.tpotMs.p99);
    EXPECT_DOUBLE_EQ(peer.itl.mean, own.itlMs.mean);
    EXPECT_DOUBLE_EQ(peer.e2e.p90, own.e2elMs.p90);
    EXPECT_DOUBLE_EQ(peer.outputThroughput, own.outputThroughput);
}
