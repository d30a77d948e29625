// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runconfig.h"
#include "stats/slices.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

constexpr qint64 msToNs(double ms)
{
    return static_cast<qint64>(ms * 1e6 + 0.5);
}

// A completed request sent at sentMs (from the run's start) whose chunks arrive at the given
// offsets from its send, `tokens` in all (spread over them), ending endMs after its send.
RequestRecord okRecord(double sentMs, const QList<double> &chunksMs, int tokens, double endMs)
{
    RequestRecord r;
    r.ok = true;
    r.startNs = msToNs(sentMs);
    r.tStartNs = r.startNs + msToNs(1000); // the run started a second before the level
    for (const double chunkMs : chunksMs)
        r.chunkTimesNs.append(msToNs(chunkMs));
    r.ttftNs = r.chunkTimesNs.constFirst();
    r.lastTokenNs = r.chunkTimesNs.constLast();
    r.endNs = msToNs(endMs);
    r.outputTokens = tokens;
    r.outputTokensFromUsage = true;
    return r;
}

RequestRecord failedRecord(double sentMs, double endMs)
{
    RequestRecord r;
    r.startNs = msToNs(sentMs);
    r.errorKind = QStringLiteral("http_500");
    r.endNs = msToNs(endMs);
    return r;
}

} // namespace

// A: sent at 0, one token at 100, 600, 1100, 1600 ms, ends at 1.7 s. B: sent at 0.5 s, three
// tokens at 0.8, 1.3, 2.3 s, ends at 2.5 s. One-second slices: [0, 1), [1, 2), [2, 2.5].
TEST(Slices, CountTokensByChunkArrivalAndTtftBySend)
{
    const QList<RequestRecord> records { okRecord(0, { 100, 600, 1100, 1600 }, 4, 1700),
        okRecord(500, { 300, 800, 1800 }, 9, 2000) };
    const QList<LevelSlice> slices = Stats::levelSlices(records, 1.0);
    ASSERT_EQ(slices.size(), 3);
    EXPECT_DOUBLE_EQ(slices[0].startS, 0.0);
    EXPECT_DOUBLE_EQ(slices[2].startS, 2.0);
    EXPECT_DOUBLE_EQ(slices[2].endS, 2.5);
    EXPECT_DOUBLE_EQ(slices[0].outputTokens, 5.0); // A's 100 and 600 ms, B's first chunk (3 tokens)
    EXPECT_DOUBLE_EQ(slices[0].outputThroughput, 5.0);
    EXPECT_DOUBLE_EQ(slices[1].outputThroughput, 5.0);
    EXPECT_DOUBLE_EQ(slices[2].outputTokens, 3.0);
    EXPECT_DOUBLE_EQ(slices[2].outputThroughput, 6.0); // the partial last slice divides by 0.5 s
    EXPECT_EQ(slices[0].started, 2);
    EXPECT_EQ(slices[1].started, 0);
    EXPECT_EQ(slices[1].finished, 1);
    EXPECT_EQ(slices[2].finished, 1); // the last slice holds the level's last end
    ASSERT_TRUE(slices[0].ttftP50Ms.has_value());
    EXPECT_DOUBLE_EQ(*slices[0].ttftP50Ms, 200.0); // TTFTs 100 and 300 ms
    EXPECT_DOUBLE_EQ(*slices[0].ttftP95Ms, 290.0);
    EXPECT_FALSE(slices[1].ttftP50Ms.has_value()); // B's first token came at 0.8 s: sent in slice 0
    EXPECT_DOUBLE_EQ(slices[0].meanInFlight, 1.5); // A the whole second, B half of it
    EXPECT_DOUBLE_EQ(slices[1].meanInFlight, 1.7);
    EXPECT_DOUBLE_EQ(slices[2].meanInFlight, 1.0);
}

TEST(Slices, AnIdleWindowIsAnEmptySlice)
{
    const QList<RequestRecord> records { okRecord(0, { 100 }, 1, 300), okRecord(1200, { 100 }, 1, 200) };
    const QList<LevelSlice> slices = Stats::levelSlices(records, 0.5);
    ASSERT_EQ(slices.size(), 3); // [0, 0.5), [0.5, 1), [1, 1.4]
    EXPECT_EQ(slices[1].started, 0);
    EXPECT_EQ(slices[1].finished, 0);
    EXPECT_FALSE(slices[1].ttftP50Ms.has_value());
    EXPECT_DOUBLE_EQ(slices[1].outputThroughput, 0.0);
    EXPECT_DOUBLE_EQ(slices[1].meanInFlight, 0.0);
    EXPECT_NEAR(slices[2].endS, 1.4, 1e-9);
    EXPECT_NEAR(slices[2].outputThroughput, 2.5, 1e-9); // one token over 0.4 s
}

TEST(Slices, FailuresLoadTheSliceButAddNoTokensOrTtft)
{
    RequestRecord warm = okRecord(0, { 50 }, 7, 60);
    warm.warmup = true;
    const QList<RequestRecord> records { warm, okRecord(100, { 100 }, 2, 900), failedRecord(100, 500) };
    const QList<LevelSlice> slices = Stats::levelSlices(records, 1.0);
    ASSERT_EQ(slices.size(), 1); // from the first counted send (0.1 s) to the last end (1 s)
    EXPECT_NEAR(slices[0].endS, 0.9, 1e-9);
    EXPECT_EQ(slices[0].started, 2);
    EXPECT_EQ(slices[0].finished, 2);
    EXPECT_DOUBLE_EQ(slices[0].outputTokens, 2.0);
    EXPECT_DOUBLE_EQ(*slices[0].ttftP95Ms, 100.0);
    EXPECT_NEAR(slices[0].meanInFlight, (0.9 + 0.5) / 0.9, 1e-9);
}

TEST(Slices, UntimedChunksPastTheCapCountAtTheLastToken)
{
    RequestRecord r = okRecord(0, { 100, 200 }, 4, 2500);
    r.chunkTimesDropped = 2; // two more chunks, the last at 2.4 s
    r.lastTokenNs = msToNs(2400);
    const QList<LevelSlice> slices = Stats::levelSlices({ r }, 1.0);
    ASSERT_EQ(slices.size(), 3);
    EXPECT_DOUBLE_EQ(slices[0].outputTokens, 2.0);
    EXPECT_DOUBLE_EQ(slices[1].outputTokens, 0.0);
    EXPECT_DOUBLE_EQ(slices[2].outputTokens, 2.0);
}

TEST(Slices, NoneWhenOffOrNothingCounted)
{
    EXPECT_TRUE(Stats::levelSlices({ okRecord(0, { 100 }, 1, 200) }, 0).isEmpty());
    RequestRecord ramp = okRecord(0, { 100 }, 1, 200);
    ramp.rampUp = true;
    EXPECT_TRUE(Stats::levelSlices({ ramp }, 1.0).isEmpty());
}

TEST(Slices, ALongLevelGetsWiderSlicesWithinTheCount)
{
    EXPECT_DOUBLE_EQ(Stats::sliceWidthS(999, 1), 1.0);
    EXPECT_DOUBLE_EQ(Stats::sliceWidthS(1000, 1), 1.0);
    EXPECT_DOUBLE_EQ(Stats::sliceWidthS(1000.5, 1), 2.0);
    const QList<RequestRecord> records { okRecord(0, { 100 }, 1, 3000 * 1000.0) }; // 3000 s at 1 s slices
    const QList<LevelSlice> slices = Stats::levelSlices(records, 1.0);
    EXPECT_EQ(slices.size(), RunConfig::kMaxSlicesPerLevel);
    EXPECT_DOUBLE_EQ(slices[1].startS, 3.0);
}

TEST(Slices, JsonRoundTrip)
{
    const QList<LevelSlice> slices = Stats::levelSlices(
        { okRecord(0, { 100, 600, 1100, 1600 }, 4, 1700), okRecord(500, { 300, 800, 1800 }, 9, 2000) }, 1.0);
    const QList<LevelSlice> back = levelSlicesFromJson(levelSlicesToJson(slices));
    ASSERT_EQ(back.size(), slices.size());
    for (int i = 0; i < slices.size(); ++i) {
        EXPECT_DOUBLE_EQ(back[i].endS, slices[i].endS);
        EXPECT_EQ(back[i].started, slices[i].started);
        EXPECT_EQ(back[i].finished, slices[i].finished);
        EXPECT_EQ(back[i].ttftP50Ms, slices[i].ttftP50Ms);
        EXPECT_DOUBLE_EQ(back[i].outputThroughput, slices[i].outputThroughput);
        EXPECT_DOUBLE_EQ(back[i].meanInFlight, slices[i].meanInFlight);
    }
    EXPECT_TRUE(levelSlicesFromJson(QJsonValue()).isEmpty()); // a level stored before slices
}
