// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the Compare tab shows (docs/history-and-compare.md#4-the-compare-tab): CDFs, level deltas and
// config differences against hand-computed values.
#include "stats/comparison.h"

#include <functional>
#include <gtest/gtest.h>
#include <limits>

using namespace TokenScope;
using namespace TokenScope::Compare;

namespace {

qint64 ns(double ms)
{
    return static_cast<qint64>(ms * 1e6 + 0.5);
}

// A completed request: first token at ttftMs, then `tokens - 1` more, one per chunk, stepMs apart.
RequestRecord request(double ttftMs, double stepMs, int tokens, int level = 1)
{
    RequestRecord r;
    r.level = level;
    r.ok = true;
    r.ttftNs = ns(ttftMs);
    for (int i = 0; i < tokens; ++i)
        r.chunkTimesNs.append(ns(ttftMs + stepMs * i));
    r.lastTokenNs = r.chunkTimesNs.constLast();
    r.outputTokens = tokens;
    return r;
}

Distribution distribution(double p50, double p95)
{
    Distribution d;
    d.count = 10;
    d.p50 = p50;
    d.p95 = p95;
    return d;
}

LevelSummary level(int concurrency, double ttftP50, double ttftP95, double tpotP50, double tpotP95, double itlP50,
    double e2eP50, double outputTps, double requestTps)
{
    LevelSummary l;
    l.concurrency = concurrency;
    l.durationS = 10;
    l.ttftMs = distribution(ttftP50, ttftP95);
    l.tpotMs = distribution(tpotP50, tpotP95);
    l.itlMs = distribution(itlP50, 0);
    l.e2elMs = distribution(e2eP50, 0);
    l.outputThroughput = outputTps;
    l.requestThroughput = requestTps;
    return l;
}

void expectCell(const DeltaCell &cell, double baseline, double other, double absolute, double percent)
{
    ASSERT_TRUE(cell.baseline && cell.other && cell.absolute && cell.percent);
    EXPECT_DOUBLE_EQ(*cell.baseline, baseline);
    EXPECT_DOUBLE_EQ(*cell.other, other);
    EXPECT_DOUBLE_EQ(*cell.absolute, absolute);
    EXPECT_NEAR(*cell.percent, percent, 1e-9);
}

ComparedConfig compared(const RunConfig &config, const QString &version = QStringLiteral("0.5.0"))
{
    return ComparedConfig { config, version };
}

} // namespace

TEST(ComparisonCdf, StepsAtEachDistinctValueOverMeasuredCompletedRequests)
{
    RequestRecord warm = request(5, 1, 3);
    warm.warmup = true;
    RequestRecord failedOne = request(1, 1, 3);
    failedOne.ok = false;
    const QList<RequestRecord> records { request(40, 1, 3), request(20, 1, 3), warm, request(10, 1, 3), failedOne,
        request(20, 1, 3) };
    // TTFT samples 10, 20, 20, 40: F(10) = 1/4, F(20) = 3/4, F(40) = 1.
    const QList<QPointF> points = cdf(records, Metric::Ttft, 20);
    ASSERT_EQ(points.size(), 3);
    EXPECT_DOUBLE_EQ(points.at(0).x(), 10.0);
    EXPECT_DOUBLE_EQ(points.at(0).y(), 0.25);
    EXPECT_DOUBLE_EQ(points.at(1).x(), 20.0);
    EXPECT_DOUBLE_EQ(points.at(1).y(), 0.75);
    EXPECT_DOUBLE_EQ(points.at(2).x(), 40.0);
    EXPECT_DOUBLE_EQ(points.at(2).y(), 1.0);
    // E2E = last token: 40 + 2, 20 + 2, 10 + 2, 20 + 2.
    const QList<QPointF> e2e = cdf(records, Metric::E2e, 20);
    ASSERT_EQ(e2e.size(), 3);
    EXPECT_DOUBLE_EQ(e2e.at(0).x(), 12.0);
    EXPECT_DOUBLE_EQ(e2e.constLast().x(), 42.0);
}

TEST(ComparisonCdf, TpotAndItlLeaveOutShortResponsesLikeTheSummaries)
{
    // 21 tokens 10 ms apart: TPOT 10, twenty ITL gaps of 10. 3 tokens 2 ms apart: too short.
    const QList<RequestRecord> records { request(50, 10, 21), request(30, 2, 3) };
    const QList<QPointF> tpot = cdf(records, Metric::Tpot, 20);
    ASSERT_EQ(tpot.size(), 1);
    EXPECT_NEAR(tpot.at(0).x(), 10.0, 1e-9);
    EXPECT_DOUBLE_EQ(tpot.at(0).y(), 1.0);
    EXPECT_EQ(metricSamples(records, Metric::Itl, 20).size(), 20u);
    EXPECT_EQ(metricSamples(records, Metric::Itl, 2).size(), 22u) << "with a lower minimum both count";
    EXPECT_TRUE(cdf(QList<RequestRecord> {}, Metric::Ttft, 20).isEmpty());
}

TEST(ComparisonCdf, ThinningKeepsTheEndsAndEveryPointOnTheCurve)
{
    QList<RequestRecord> records;
    for (int i = 0; i < 100; ++i)
        records.append(request(100 + i, 1, 2)); // TTFT 100..199, all distinct
    const QList<QPointF> points = cdf(records, Metric::Ttft, 20, 10);
    ASSERT_EQ(points.size(), 10);
    EXPECT_NEAR(points.constFirst().x(), 100.0, 1e-9);
    EXPECT_DOUBLE_EQ(points.constFirst().y(), 0.01);
    EXPECT_NEAR(points.constLast().x(), 199.0, 1e-9);
    EXPECT_DOUBLE_EQ(points.constLast().y(), 1.0);
    for (const QPointF &p : points) // value v is the (v - 99)th of 100: F = (v - 99) / 100
        EXPECT_NEAR(p.y(), (p.x() - 99.0) / 100.0, 1e-9);
    EXPECT_EQ(cdf(records, Metric::Ttft, 20, 1000).size(), 100) << "no thinning below the limit";
}

TEST(ComparisonCdf, RunCdfTakesOneLevelOrAll)
{
    RunResult run;
    run.config.minTokensForTpot = 2;
    run.records = { request(10, 1, 3, 1), request(30, 1, 3, 4), request(20, 1, 3, 4) };
    const QList<QPointF> level4 = cdf(run, Metric::Ttft, 4);
    ASSERT_EQ(level4.size(), 2);
    EXPECT_DOUBLE_EQ(level4.at(0).x(), 20.0);
    EXPECT_DOUBLE_EQ(level4.at(0).y(), 0.5);
    EXPECT_EQ(cdf(run, Metric::Ttft).size(), 3);
}

TEST(ComparisonDeltas, LevelsMatchedByConcurrencyWithHandComputedDeltas)
{
    const QList<LevelSummary> baseline { level(1, 100, 150, 10, 12, 9, 300, 50, 2),
        level(4, 200, 260, 12, 15, 11, 500, 160, 6) };
    const QList<LevelSummary> other { level(8, 900, 1000, 20, 30, 18, 1500, 300, 9),
        level(1, 120, 135, 8, 12, 9, 240, 75, 3) };
    const QList<LevelDelta> rows = levelDeltas(baseline, other);
    ASSERT_EQ(rows.size(), 3);
    EXPECT_EQ(rows.at(0).concurrency, 1);
    EXPECT_EQ(rows.at(1).concurrency, 4);
    EXPECT_EQ(rows.at(2).concurrency, 8);

    const LevelDelta &one = rows.at(0);
    EXPECT_TRUE(one.inBaseline && one.inOther);
    expectCell(one.cell(DeltaMetric::TtftP50), 100, 120, 20, 20);
    expectCell(one.cell(DeltaMetric::TtftP95), 150, 135, -15, -10);
    expectCell(one.cell(DeltaMetric::TpotP50), 10, 8, -2, -20);
    expectCell(one.cell(DeltaMetric::TpotP95), 12, 12, 0, 0);
    expectCell(one.cell(DeltaMetric::ItlP50), 9, 9, 0, 0);
    expectCell(one.cell(DeltaMetric::E2eP50), 300, 240, -60, -20);
    expectCell(one.cell(DeltaMetric::OutputThroughput), 50, 75, 25, 50);
    expectCell(one.cell(DeltaMetric::RequestThroughput), 2, 3, 1, 50);

    const LevelDelta &four = rows.at(1); // only in the baseline
    EXPECT_TRUE(four.inBaseline);
    EXPECT_FALSE(four.inOther);
    EXPECT_DOUBLE_EQ(*four.cell(DeltaMetric::TtftP50).baseline, 200);
    EXPECT_FALSE(four.cell(DeltaMetric::TtftP50).other);
    EXPECT_FALSE(four.cell(DeltaMetric::TtftP50).absolute);
    EXPECT_FALSE(four.cell(DeltaMetric::TtftP50).percent);
    EXPECT_FALSE(rows.at(2).inBaseline);
    EXPECT_DOUBLE_EQ(*rows.at(2).cell(DeltaMetric::OutputThroughput).other, 300);
}

// Regression: a concurrency repeated within a run (`1,4,1`) was compared through its first
// level only. The k-th level at a concurrency now meets the k-th at it in the other run.
TEST(ComparisonDeltas, RepeatedConcurrencyIsMatchedByOccurrence)
{
    const QList<LevelSummary> baseline { level(1, 100, 150, 10, 12, 9, 300, 50, 2),
        level(4, 200, 260, 12, 15, 11, 500, 160, 6), level(1, 110, 150, 10, 12, 9, 300, 50, 2) };
    const QList<LevelSummary> other { level(1, 120, 150, 10, 12, 9, 300, 50, 2),
        level(4, 200, 260, 12, 15, 11, 500, 160, 6), level(1, 165, 150, 10, 12, 9, 300, 50, 2) };
    const QList<LevelDelta> rows = levelDeltas(baseline, other);
    ASSERT_EQ(rows.size(), 3);
    EXPECT_EQ(rows.at(0).concurrency, 1);
    EXPECT_EQ(rows.at(0).occurrence, 0);
    expectCell(rows.at(0).cell(DeltaMetric::TtftP50), 100, 120, 20, 20);
    EXPECT_EQ(rows.at(1).concurrency, 1);
    EXPECT_EQ(rows.at(1).occurrence, 1);
    expectCell(rows.at(1).cell(DeltaMetric::TtftP50), 110, 165, 55, 50);
    EXPECT_EQ(rows.at(2).concurrency, 4);
}

TEST(ComparisonDeltas, UnmeasuredFiguresAreAbsentNeverZero)
{
    LevelSummary base = level(1, 100, 150, 10, 12, 9, 300, 50, 2);
    LevelSummary other = level(1, 100, 150, 10, 12, 9, 300, 50, 2);
    other.tpotMs = Distribution {}; // every response too short for TPOT
    other.durationS = 0; // no span: no throughput
    base.ttftMs.p50 = 0; // a (degenerate) zero baseline: no percentage
    other.ttftMs.p50 = 5;
    const LevelDelta row = levelDeltas(QList<LevelSummary> { base }, QList<LevelSummary> { other }).at(0);
    EXPECT_TRUE(row.cell(DeltaMetric::TpotP50).baseline);
    EXPECT_FALSE(row.cell(DeltaMetric::TpotP50).other);
    EXPECT_FALSE(row.cell(DeltaMetric::TpotP50).absolute);
    EXPECT_FALSE(row.cell(DeltaMetric::OutputThroughput).other);
    EXPECT_DOUBLE_EQ(*row.cell(DeltaMetric::TtftP50).absolute, 5);
    EXPECT_FALSE(row.cell(DeltaMetric::TtftP50).percent);
    EXPECT_TRUE(higherIsBetter(DeltaMetric::OutputThroughput));
    EXPECT_FALSE(higherIsBetter(DeltaMetric::TtftP95));
    EXPECT_EQ(deltaMetricKey(DeltaMetric::E2eP50), QStringLiteral("e2e_p50_ms"));
}

TEST(ComparisonConfig, OneChangedVariableIsNotAWarning)
{
    RunConfig a;
    a.apiKey = QStringLiteral("sk-a"); // keys are not an input of the measurement
    RunConfig b = a;
    b.model = QStringLiteral("other-model");
    b.apiKey = QStringLiteral("sk-b");
    const ConfigDiff diff = diffConfigs(compared(a), compared(b));
    ASSERT_EQ(diff.differences.size(), 1);
    EXPECT_EQ(diff.differences.at(0).field, ConfigField::Model);
    EXPECT_EQ(diff.differences.at(0).values, (QStringList { a.model, QStringLiteral("other-model") }));
    EXPECT_FALSE(diff.moreThanOneVariable);
    EXPECT_TRUE(configDiffSummary(diff).contains(configFieldTitle(ConfigField::Model)));

    const ConfigDiff same = diffConfigs(compared(a), compared(a));
    EXPECT_TRUE(same.differences.isEmpty());
    EXPECT_FALSE(same.moreThanOneVariable);
}

TEST(ComparisonConfig, TwoChangedVariablesWarn)
{
    RunConfig a;
    RunConfig b = a;
    b.maxTokens = 512;
    b.baseUrl = QStringLiteral("https://gateway.example/v1");
    const ConfigDiff diff = diffConfigs(compared(a), compared(b));
    EXPECT_EQ(diff.fields(), (QList<ConfigField> { ConfigField::BaseUrl, ConfigField::MaxTokens }));
    EXPECT_TRUE(diff.moreThanOneVariable);
    EXPECT_TRUE(configDiffSummary(diff).contains(u"2 inputs differ")) << configDiffSummary(diff).toStdString();
}

// The window's built-in simulator may listen on another port in another session: two runs on it
// are the same endpoint when its timing is the same, and different ones when it is not.
TEST(ComparisonConfig, TheBuiltInSimulatorIsComparedByItsTimingNotItsPort)
{
    RunConfig a;
    a.baseUrl = QStringLiteral("http://127.0.0.1:8765/v1");
    a.endpointLabel = QStringLiteral("built-in simulator (TTFT 40 ms + 20 µs/prompt token, 10 ms/token)");
    RunConfig b = a;
    b.baseUrl = QStringLiteral("http://127.0.0.1:41234/v1");
    EXPECT_TRUE(diffConfigs(compared(a), compared(b)).differences.isEmpty());
    EXPECT_EQ(configFieldValue(compared(a), ConfigField::BaseUrl), a.endpointLabel);

    RunConfig slower = b;
    slower.endpointLabel = QStringLiteral("built-in simulator (TTFT 40 ms + 20 µs/prompt token, 20 ms/token)");
    EXPECT_EQ(diffConfigs(compared(a), compared(slower)).fields(), QList<ConfigField> { ConfigField::BaseUrl });

    // The label travels with the stored config.
    EXPECT_EQ(RunConfig::fromJson(a.toJson()).endpointLabel, a.endpointLabel);
    EXPECT_FALSE(RunConfig().toJson().contains(u"endpoint_label")) << "an ordinary endpoint keeps the contract's keys";
}

TEST(ComparisonConfig, EveryListedInputIsCompared)
{
    RunConfig a;
    a.prompt = QStringLiteral("12345");
    const struct
    {
        ConfigField field;
        std::function<void(RunConfig &)> change;
    } cases[] = {
        { ConfigField::Model, [](RunConfig &c) { c.model = QStringLiteral("x"); } },
        { ConfigField::BaseUrl, [](RunConfig &c) { c.baseUrl = QStringLiteral("http://other/v1"); } },
        { ConfigField::Api, [](RunConfig &c) { c.api = ApiKind::Completions; } },
        { ConfigField::PromptLength, [](RunConfig &c) { c.prompt = QStringLiteral("123456"); } },
        { ConfigField::MaxTokens, [](RunConfig &c) { c.maxTokens = 1; } },
        { ConfigField::Temperature, [](RunConfig &c) { c.temperature = 0.7; } },
        { ConfigField::ConcurrencyLevels,
            [](RunConfig &c) {
                c.concurrencyLevels = { 1, 4 };
            } },
        { ConfigField::Warmup, [](RunConfig &c) { c.warmupRequests = 0; } },
        { ConfigField::RequestsPerLevel, [](RunConfig &c) { c.requestsPerLevel = 100; } },
        { ConfigField::HttpVersion, [](RunConfig &c) { c.http2 = true; } },
        { ConfigField::Proxy,
            [](RunConfig &c) {
                c.proxyMode = ProxyMode::Custom;
                c.proxyUrl = QStringLiteral("http://user:pw@proxy:3128");
            } },
        { ConfigField::Transport, [](RunConfig &c) { c.transport = QStringLiteral("curl"); } },
        { ConfigField::Preconnect, [](RunConfig &c) { c.preconnect = false; } },
        { ConfigField::IncludeUsage, [](RunConfig &c) { c.includeUsage = false; } },
        { ConfigField::ExtraBody, [](RunConfig &c) { c.extraBody.insert(QStringLiteral("top_k"), 5); } },
        { ConfigField::HeaderNames,
            [](RunConfig &c) {
                c.headers.append({ QByteArrayLiteral("X-Org"), QByteArrayLiteral("1") });
            } },
    };
    for (const auto &testCase : cases) {
        RunConfig b = a;
        testCase.change(b);
        const ConfigDiff diff = diffConfigs(compared(a), compared(b));
        EXPECT_EQ(diff.fields(), QList<ConfigField> { testCase.field }) << configFieldKey(testCase.field).toStdString();
    }
    RunConfig proxied = a;
    proxied.proxyMode = ProxyMode::Custom;
    proxied.proxyUrl = QStringLiteral("http://user:pw@proxy:3128");
    EXPECT_FALSE(configFieldValue(compared(proxied), ConfigField::Proxy).contains(u"pw")) << "no proxy password";
    const ConfigDiff prompt = diffConfigs(compared(a), compared([&a] {
        RunConfig b = a;
        b.prompt = QStringLiteral("54321"); // other text, same length: the load is the same
        return b;
    }()));
    EXPECT_TRUE(prompt.differences.isEmpty());
}

// Busy-poll changes what a libcurl run measures (docs/performance.md#busy-poll): on and off are two transports.
TEST(ComparisonConfig, TheTransportNamesQtNetworkOrLibcurlWithItsBusyPoll)
{
    RunConfig qnam;
    RunConfig curl;
    curl.transport = QStringLiteral("curl");
    RunConfig busy = curl;
    busy.busyPoll = true;
    EXPECT_EQ(configFieldValue(compared(qnam), ConfigField::Transport).toStdString(), "Qt network");
    EXPECT_EQ(configFieldValue(compared(curl), ConfigField::Transport).toStdString(), "libcurl");
    EXPECT_EQ(configFieldValue(compared(busy), ConfigField::Transport).toStdString(), "libcurl, busy-poll");

    const ConfigDiff polling = diffConfigs(compared(curl), compared(busy));
    EXPECT_EQ(polling.fields(), QList<ConfigField> { ConfigField::Transport }) << "busy-poll is a changed variable";
    EXPECT_EQ(polling.differences.at(0).values,
        (QStringList { QStringLiteral("libcurl"), QStringLiteral("libcurl, busy-poll") }));
    EXPECT_EQ(diffConfigs(compared(qnam), compared(busy)).fields(), QList<ConfigField> { ConfigField::Transport });

    // Qt network has no worker threads to poll: a stray flag is no difference.
    RunConfig qnamFlagged = qnam;
    qnamFlagged.busyPoll = true;
    EXPECT_TRUE(diffConfigs(compared(qnam), compared(qnamFlagged)).differences.isEmpty());
    EXPECT_EQ(configFieldValue(compared(qnamFlagged), ConfigField::Transport).toStdString(), "Qt network");
}

TEST(ComparisonConfig, HeaderValuesAndCaseDoNotCountAndUnknownVersionsAreNotADifference)
{
    RunConfig a;
    a.headers = { { QByteArrayLiteral("X-Org"), QByteArrayLiteral("secret-1") } };
    RunConfig b;
    b.headers = { { QByteArrayLiteral("x-org"), QByteArrayLiteral("secret-2") } };
    EXPECT_TRUE(diffConfigs(compared(a), compared(b)).differences.isEmpty());

    EXPECT_TRUE(diffConfigs(compared(a, QString()), compared(a, QStringLiteral("0.9.0"))).differences.isEmpty());
    const ConfigDiff versions = diffConfigs(compared(a, QStringLiteral("0.5.0")), compared(a, QStringLiteral("0.6.0")));
    EXPECT_EQ(versions.fields(), QList<ConfigField> { ConfigField::ToolVersion });
}

TEST(ComparisonConfig, SeveralRunsAgainstOneBaseline)
{
    RunConfig base;
    RunConfig sameModelOtherGateway = base;
    sameModelOtherGateway.baseUrl = QStringLiteral("http://b/v1");
    RunConfig otherModel = base;
    otherModel.model = QStringLiteral("m2");
    const ConfigDiff diff = diffConfigs({ compared(base), compared(sameModelOtherGateway), compared(otherModel) });
    // Each run changed one thing, but not the same thing: across the set, two variables moved.
    EXPECT_EQ(diff.fields(), (QList<ConfigField> { ConfigField::Model, ConfigField::BaseUrl }));
    EXPECT_TRUE(diff.moreThanOneVariable);
    EXPECT_EQ(diff.differences.at(0).values, (QStringList { base.model, base.model, QStringLiteral("m2") }));
    EXPECT_TRUE(diffConfigs({ compared(base) }).differences.isEmpty());
}

namespace {

// A rate level at `rate` (infinity = all at once) under a cap, with TTFT P50 `ttftP50`.
LevelSummary rateLevel(double rate, int cap, double ttftP50, int index)
{
    LevelSummary l = level(cap, ttftP50, ttftP50 * 1.5, 10, 12, 9, 300, 50, 2);
    l.point = LoadPoint::openLoop(rate, Arrival::Poisson, 1, cap, index);
    l.levelIndex = index;
    return l;
}

} // namespace

// Rate levels meet the level at the same rate and cap in the other run, never a closed-loop level
// (or another rate) that happens to share their concurrency.
TEST(ComparisonDeltas, RateLevelsMatchedByRateAndCapAndLabelledByTheirLoadPoint)
{
    const double inf = std::numeric_limits<double>::infinity();
    const QList<LevelSummary> baseline { rateLevel(10, 4, 100, 0), rateLevel(inf, 4, 400, 1),
        level(4, 90, 120, 10, 12, 9, 300, 50, 2) };
    const QList<LevelSummary> other { rateLevel(inf, 4, 600, 0), rateLevel(10, 4, 110, 1), rateLevel(10, 0, 70, 2) };
    const QList<LevelDelta> rows = levelDeltas(baseline, other);
    ASSERT_EQ(rows.size(), 4);
    EXPECT_EQ(rows.at(0).label, QStringLiteral("c=4")) << "closed loop first";
    EXPECT_TRUE(rows.at(0).inBaseline);
    EXPECT_FALSE(rows.at(0).inOther) << "not the rate levels capped at 4";
    EXPECT_EQ(rows.at(1).label, QStringLiteral("r=10/s"));
    EXPECT_FALSE(rows.at(1).inBaseline);
    EXPECT_EQ(rows.at(2).label, QStringLiteral("r=10/s c≤4"));
    expectCell(rows.at(2).cell(DeltaMetric::TtftP50), 100, 110, 10, 10);
    EXPECT_EQ(rows.at(3).label, QStringLiteral("r=inf c≤4"));
    EXPECT_TRUE(rows.at(3).point.allAtOnce());
    expectCell(rows.at(3).cell(DeltaMetric::TtftP50), 400, 600, 200, 50);
    EXPECT_EQ(levelAt(other, rows.at(3).point, 0), &other.at(0));
    EXPECT_EQ(levelAt(other, LoadPoint::closedLoop(4), 0), nullptr);
}

TEST(ComparisonConfig, RateRunsDifferInTheirLoadNotInTheirConcurrencyList)
{
    ComparedConfig concurrency;
    ComparedConfig rates;
    rates.config.loadMode = LoadMode::Rates;
    rates.config.requestRates = { 2, 8, std::numeric_limits<double>::infinity() };
    rates.config.maxConcurrency = 16;
    EXPECT_EQ(configFieldValue(rates, ConfigField::ConcurrencyLevels),
        QStringLiteral("rates 2, 8, inf /s (poisson, cap 16)"));
    EXPECT_TRUE(diffConfigs(concurrency, rates).differs(ConfigField::ConcurrencyLevels));
    ComparedConfig gamma = rates;
    gamma.config.arrival = Arrival::Gamma;
    gamma.config.burstiness = 0.5;
    EXPECT_TRUE(diffConfigs(rates, gamma).differs(ConfigField::ConcurrencyLevels)) << "another arrival, another load";
}

// ---------------------------------------------------------------------------------------------
// Real change or noise: the 95 % intervals decide when both runs have them, the 5 % band otherwise
// (docs/history-and-compare.md#4-the-compare-tab).

namespace {

// A level of `samples` requests whose TTFT P50 has the interval [lo, hi] (none when lo > hi).
LevelSummary ttftLevel(double p50, double lo, double hi, int samples = 40)
{
    LevelSummary l = level(4, p50, p50 * 2, 10, 12, 9, 300, 50, 2);
    l.requests = samples;
    l.ttftMs.count = samples;
    l.ttftMs.p50Ci = ConfidenceInterval { lo, hi, lo <= hi };
    return l;
}

DeltaCell ttftCell(const LevelSummary &base, const LevelSummary &other)
{
    return levelDeltas(QList<LevelSummary> { base }, QList<LevelSummary> { other }).at(0).cell(DeltaMetric::TtftP50);
}

} // namespace

TEST(ComparisonSignificance, OverlappingIntervalsAreNoiseEvenBeyondTheFivePercentBand)
{
    // +12 %, but each run's P50 is so uncertain that their intervals overlap.
    const DeltaCell cell = ttftCell(ttftLevel(100, 90, 115), ttftLevel(112, 105, 125));
    ASSERT_TRUE(cell.hasIntervals());
    EXPECT_EQ(cell.missing, MissingInterval::None);
    const Judgement judgement = significance(cell, DeltaMetric::TtftP50);
    EXPECT_EQ(judgement.judgedBy, JudgedBy::Intervals);
    EXPECT_EQ(judgement.significance, Significance::WithinNoise);
    EXPECT_EQ(deltaDirection(cell, DeltaMetric::TtftP50), 0);
    EXPECT_DOUBLE_EQ(cell.baselineCi.lo, 90);
    EXPECT_DOUBLE_EQ(cell.otherCi.hi, 125);
}

TEST(ComparisonSignificance, DisjointIntervalsAroundAChangeUnderOnePercentAreStillNoise)
{
    // +0.7 %: [43.73, 44.02] and [44.05, 44.20] are apart, as two runs of one configuration's can
    // be while the machine's load moves; below kMinRealChangePercent that is no real change.
    const DeltaCell cell = ttftCell(ttftLevel(43.84, 43.73, 44.02), ttftLevel(44.15, 44.05, 44.20));
    const Judgement judgement = significance(cell, DeltaMetric::TtftP50);
    EXPECT_EQ(judgement.judgedBy, JudgedBy::Intervals);
    EXPECT_EQ(judgement.significance, Significance::WithinNoise);
    EXPECT_TRUE(judgement.belowFloor);
    EXPECT_EQ(deltaDirection(cell, DeltaMetric::TtftP50), 0);
    const Judgement real = significance(ttftCell(ttftLevel(43.84, 43.73, 44.02), ttftLevel(44.5, 44.3, 44.7)),
        DeltaMetric::TtftP50);
    EXPECT_EQ(real.significance, Significance::Real) << "+1.5 % with apart intervals";
    EXPECT_FALSE(real.belowFloor);
}

TEST(ComparisonSignificance, DisjointIntervalsAreRealEvenInsideTheFivePercentBand)
{
    // +3 %, measured tightly: [99.5, 100.5] and [102.6, 103.4] do not overlap.
    const DeltaCell cell = ttftCell(ttftLevel(100, 99.5, 100.5), ttftLevel(103, 102.6, 103.4));
    const Judgement judgement = significance(cell, DeltaMetric::TtftP50);
    EXPECT_EQ(judgement.judgedBy, JudgedBy::Intervals);
    EXPECT_EQ(judgement.significance, Significance::Real);
    EXPECT_EQ(deltaDirection(cell, DeltaMetric::TtftP50), -1) << "a longer TTFT is worse";
    // Touching ends overlap: the rule is conservative.
    EXPECT_EQ(
        significance(ttftCell(ttftLevel(100, 99, 101), ttftLevel(102, 101, 103)), DeltaMetric::TtftP50).significance,
        Significance::WithinNoise);
}

TEST(ComparisonSignificance, AMissingIntervalFallsBackToTheFivePercentBandAndSaysWhy)
{
    // Too few samples for any interval: +12 % is beyond the band, +3 % inside it.
    const DeltaCell few = ttftCell(ttftLevel(100, 1, 0, 8), ttftLevel(112, 105, 125));
    EXPECT_FALSE(few.hasIntervals());
    EXPECT_EQ(few.missing, MissingInterval::TooFewSamples);
    const Judgement judgement = significance(few, DeltaMetric::TtftP50);
    EXPECT_EQ(judgement.judgedBy, JudgedBy::Band);
    EXPECT_EQ(judgement.significance, Significance::Real);
    EXPECT_EQ(
        significance(ttftCell(ttftLevel(100, 1, 0, 8), ttftLevel(103, 1, 0, 8)), DeltaMetric::TtftP50).significance,
        Significance::WithinNoise);

    // Enough samples, but stored before intervals existed.
    const DeltaCell old = ttftCell(ttftLevel(100, 1, 0, 40), ttftLevel(103, 102.6, 103.4));
    EXPECT_EQ(old.missing, MissingInterval::NotStored);
    EXPECT_EQ(significance(old, DeltaMetric::TtftP50).significance, Significance::WithinNoise);

    // P95 from 40 samples has no interval (it needs 100), whatever the P50 has.
    const LevelDelta row = levelDeltas(
        QList<LevelSummary> { ttftLevel(100, 99.5, 100.5) }, QList<LevelSummary> { ttftLevel(103, 102.6, 103.4) })
                               .at(0);
    EXPECT_EQ(row.cell(DeltaMetric::TtftP95).missing, MissingInterval::TooFewSamples);
}

TEST(ComparisonSignificance, APointThroughputIntervalSaysNothingAboutNoise)
{
    // Every request returned as many tokens: output throughput's interval is [x, x] in both runs.
    LevelSummary base = ttftLevel(100, 99, 101);
    base.outputThroughput = 400;
    base.outputThroughputCi = ConfidenceInterval { 400, 400, true };
    LevelSummary other = base;
    other.outputThroughput = 404;
    other.outputThroughputCi = ConfidenceInterval { 404, 404, true };
    const DeltaCell cell = levelDeltas(QList<LevelSummary> { base }, QList<LevelSummary> { other })
                               .at(0)
                               .cell(DeltaMetric::OutputThroughput);
    EXPECT_EQ(cell.missing, MissingInterval::PointInterval);
    EXPECT_EQ(significance(cell, DeltaMetric::OutputThroughput).judgedBy, JudgedBy::Band);
    EXPECT_EQ(deltaDirection(cell, DeltaMetric::OutputThroughput), 0) << "+1 % is inside the band";
}

TEST(ComparisonSignificance, ErrorRateAndRequestThroughputKeepTheirBands)
{
    EXPECT_FALSE(hasInterval(DeltaMetric::ErrorRate));
    EXPECT_FALSE(hasInterval(DeltaMetric::RequestThroughput));
    EXPECT_TRUE(hasInterval(DeltaMetric::OutputThroughput));
    LevelSummary base = ttftLevel(100, 99, 101);
    base.requests = 100;
    LevelSummary other = base;
    other.failed = 2; // +2 points
    other.requestThroughput = 2.08; // +4 %
    const LevelDelta row = levelDeltas(QList<LevelSummary> { base }, QList<LevelSummary> { other }).at(0);
    EXPECT_EQ(row.cell(DeltaMetric::ErrorRate).missing, MissingInterval::None);
    EXPECT_EQ(significance(row.cell(DeltaMetric::ErrorRate), DeltaMetric::ErrorRate).significance, Significance::Real);
    EXPECT_EQ(deltaDirection(row.cell(DeltaMetric::ErrorRate), DeltaMetric::ErrorRate), -1);
    EXPECT_EQ(row.cell(DeltaMetric::RequestThroughput).missing, MissingInterval::None);
    EXPECT_EQ(deltaDirection(row.cell(DeltaMetric::RequestThroughput), DeltaMetric::RequestThroughput), 0);
}
