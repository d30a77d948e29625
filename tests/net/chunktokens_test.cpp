// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Tokens per chunk from per-chunk usage (docs/metrics.md#per-token-itl-from-per-chunk-usage): the
// measurement fed a hand-made stream directly, and a hand-written vLLM stream replayed over loopback.
#include "net/apidialect.h"
#include "net/streammeasurement.h"
#include "stats/statistics.h"
#include "support/enginerun.h"
#include "support/replaypeer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr qint64 kMs = 1000000;

// A chat chunk with `text` and, when `completionTokens` >= 0, usage saying that many tokens so far.
QByteArray chunk(const char *text, int completionTokens)
{
    QByteArray event = QByteArray(R"(data: {"id":"c1","choices":[{"index":0,"delta":{"content":")") + text
        + R"("},"finish_reason":null}])";
    if (completionTokens >= 0)
        event += R"(,"usage":{"prompt_tokens":5,"completion_tokens":)" + QByteArray::number(completionTokens)
            + R"(,"total_tokens":)" + QByteArray::number(5 + completionTokens) + "}";
    return event + "}\n\n";
}

QByteArray finishChunk(int completionTokens)
{
    return R"(data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":)"
        + QByteArray::number(completionTokens) + "}}\n\ndata: [DONE]\n\n";
}

// `events` fed one per read, the i-th at (i + 1) * 10 ms, then the body's end.
RequestRecord measure(const QList<QByteArray> &events)
{
    StreamMeasurement m(
        QUrl(QStringLiteral("http://127.0.0.1/v1/chat/completions")), apiDialect(ApiKind::ChatCompletions));
    ResponseHead head;
    head.httpStatus = 200;
    head.contentType = "text/event-stream";
    head.headerCount = 1; // Content-Type
    head.headerBytes = head.contentType.size();
    m.headers(1 * kMs, head);
    qint64 t = 0;
    for (const QByteArray &event : events)
        m.body(t += 10 * kMs, event);
    m.finish(t + kMs, {});
    return m.record();
}

} // namespace

TEST(ChunkTokens, RunningUsageGivesTheTokensOfEachChunk)
{
    const RequestRecord r = measure({ chunk("a", 1), chunk("b c d", 4), chunk("e f", 6), finishChunk(6) });
    ASSERT_TRUE(r.ok) << r.errorMessage.toStdString();
    EXPECT_EQ(r.chunkTokens, (QList<int> { 1, 3, 2 }));
    EXPECT_TRUE(r.hasChunkTokens());
    EXPECT_EQ(r.outputTokens, 6);
}

TEST(ChunkTokens, CountGoingBackwardsLeavesTheRequestWithout)
{
    const RequestRecord r = measure({ chunk("a", 2), chunk("b", 1), chunk("c", 3), finishChunk(3) });
    ASSERT_TRUE(r.ok);
    EXPECT_TRUE(r.chunkTokens.isEmpty());
    EXPECT_FALSE(r.hasChunkTokens());
    EXPECT_TRUE(Stats::itlPerTokenMs(r).empty());
    EXPECT_EQ(r.chunkTimesNs.size(), 3) << "the per-chunk figures stay";
}

TEST(ChunkTokens, ATextChunkWithoutUsageLeavesTheRequestWithout)
{
    const RequestRecord r = measure({ chunk("a", 1), chunk("b", -1), chunk("c", 3), finishChunk(3) });
    EXPECT_TRUE(r.chunkTokens.isEmpty());
}

TEST(ChunkTokens, UsageOnlyAtTheEndGivesNoChunkTokens)
{
    const RequestRecord r = measure({ chunk("a", -1), chunk("b", -1), finishChunk(2) });
    EXPECT_TRUE(r.chunkTokens.isEmpty());
    EXPECT_EQ(r.outputTokens, 2) << "the final usage still counts the output";
}

TEST(ChunkTokens, ACountNoAnswerReachesIsNotBelieved)
{
    const int absurd = RequestRecord::kMaxPlausibleTokens + 1;
    const RequestRecord r = measure({ chunk("a", 1), chunk("b", absurd), finishChunk(absurd) });
    EXPECT_TRUE(r.chunkTokens.isEmpty());
    EXPECT_EQ(r.usageTokensRejected, absurd);
}

TEST(ChunkTokens, PerTokenItlSplitsEachGapOverItsChunksTokens)
{
    // 10 ms apart: 1 token, 3 tokens, a chunk of text without a new token, 2 tokens.
    const RequestRecord r
        = measure({ chunk("a", 1), chunk("b c d", 4), chunk("e", 4), chunk("f g", 6), finishChunk(6) });
    ASSERT_EQ(r.chunkTokens, (QList<int> { 1, 3, 0, 2 }));
    const std::vector<Stats::WeightedSample> samples = Stats::itlPerTokenMs(r);
    ASSERT_EQ(samples.size(), size_t(2));
    EXPECT_DOUBLE_EQ(samples[0].value, 10.0 / 3);
    EXPECT_EQ(samples[0].weight, 3);
    EXPECT_DOUBLE_EQ(samples[1].value, 20.0 / 2) << "the token-less chunk's gap goes to the next chunk";
    EXPECT_EQ(samples[1].weight, 2);
}

TEST(ChunkTokens, WeightedSummaryEqualsTheExpandedOne)
{
    const std::vector<Stats::WeightedSample> weighted { { 4.0, 3 }, { 1.0, 1 }, { 9.0, 2 }, { 7.0, 0 } };
    const Distribution w = Stats::summarizeWeighted(weighted);
    const Distribution e = Stats::summarize({ 4.0, 4.0, 4.0, 1.0, 9.0, 9.0 });
    EXPECT_EQ(w.count, 6);
    EXPECT_DOUBLE_EQ(w.mean, e.mean);
    EXPECT_DOUBLE_EQ(w.std, e.std);
    EXPECT_DOUBLE_EQ(w.min, e.min);
    EXPECT_DOUBLE_EQ(w.max, e.max);
    EXPECT_DOUBLE_EQ(w.p50, e.p50);
    EXPECT_DOUBLE_EQ(w.p90, e.p90);
    EXPECT_DOUBLE_EQ(w.p95, e.p95);
    EXPECT_DOUBLE_EQ(w.p99, e.p99);
    EXPECT_EQ(Stats::summarizeWeighted({}).count, 0);
}

// vLLM's shape: usage on the role chunk (0 tokens), on every text chunk, on the finish chunk (the
// stop token, no text) and on the usage-only chunk.
TEST(ChunkTokens, ReplayedVllmContinuousUsage)
{
    ReplayPeer peer(ReplayScript(testData(QStringLiteral("sse-extra/vllm-continuous-usage.sse")), 5));
    ASSERT_TRUE(peer.start());
    RunConfig config = quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 1, 64);
    config.perChunkUsage = true;
    const QList<RequestRecord> records = measured(runAndWait(config));
    ASSERT_EQ(records.size(), 1);
    const RequestRecord &r = records.first();
    ASSERT_TRUE(r.ok) << r.errorMessage.toStdString();
    EXPECT_EQ(r.chunkTokens, (QList<int> { 1, 3, 2 }));
    EXPECT_EQ(r.outputTokens, 7) << "the stop token is counted, in no text chunk";
    ASSERT_EQ(peer.requests().size(), 1);
    const QJsonObject body = QJsonDocument::fromJson(peer.requests().first().body).object();
    EXPECT_EQ(body.value(u"stream_options").toObject(),
        (QJsonObject {
            { QStringLiteral("include_usage"), true }, { QStringLiteral("continuous_usage_stats"), true } }));
}
