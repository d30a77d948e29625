// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The engine against the real built-in simulator over loopback (no mocks of QNAM).
#include "net/apidialect.h"
#include "net/requestbuilder.h"
#include "report/reportwriters.h"
#include "sim/simulatorserver.h"
#include "stats/bootstrap.h"
#include "stats/precision.h"
#include "stats/statistics.h"
#include "stats/steadystate.h"
#include "support/enginerun.h"
#include "support/replaypeer.h"

#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

using Sim = StartedSim;

void expectAllInFlightAtOnce(int n)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    // Every request waits 4 s at the server before its first token, so all N overlap even when
    // opening N connections is slow (256 under ASan on a loaded 2-core machine took over 2 s).
    simConfig.baseTtftMs = 4000;
    simConfig.decodeIntervalMs = 20;
    Sim sim(simConfig);
    const RunResult run = runAndWait(quickConfig(sim.url(), n, n, 40), 120000);
    EXPECT_EQ(countOk(run), n);
    EXPECT_EQ(sim.server.maxInFlight(), n) << "the simulator's own counter of requests in flight at once";
}

} // namespace

TEST(Engine, PutsSixtyFourRequestsInFlightAtOnce)
{
    expectAllInFlightAtOnce(64);
}

TEST(Engine, PutsTwoHundredFiftySixRequestsInFlightAtOnce)
{
    expectAllInFlightAtOnce(256);
}

TEST(Engine, ChunkArrivalsFollowTheSimulatorsWireLog)
{
    Sim sim(quickSim());
    const RunResult run = runAndWait(quickConfig(sim.url(), 4, 8, 30));
    ASSERT_EQ(countOk(run), 8);

    QHash<QString, QList<qint64>> wireTextTimes;
    for (const WireEvent &e : sim.server.wireLog())
        if (e.text)
            wireTextTimes[e.responseId].append(e.writtenNs);

    for (const RequestRecord &r : measured(run)) {
        ASSERT_TRUE(wireTextTimes.contains(r.responseId)) << r.responseId.toStdString();
        const QList<qint64> &wire = wireTextTimes[r.responseId];
        ASSERT_EQ(wire.size(), r.chunkTimesNs.size());
        for (qsizetype i = 0; i < wire.size(); ++i) {
            const qint64 arrivalNs = r.tStartNs + r.chunkTimesNs[i];
            const qint64 lagNs = arrivalNs - wire[i];
            // Causality holds exactly; the upper bound is generous for a loaded 2-core CI machine.
            EXPECT_GE(lagNs, 0) << "a chunk cannot arrive before it was written";
            EXPECT_LT(lagNs, 50'000'000) << "chunk " << i << " arrived " << lagNs / 1e6 << " ms after it was written";
        }
        // TTFT is what the server took to write the first token plus delivery.
        EXPECT_GE(r.tStartNs + r.ttftNs, wire.first());
    }
}

TEST(Engine, MixedChunkingTakesTpotFromUsageNotChunkCount)
{
    SimConfig simConfig = quickSim();
    simConfig.mixedChunks = true;
    Sim sim(simConfig);
    const RunResult run = runAndWait(quickConfig(sim.url(), 2, 4, 40));
    ASSERT_EQ(countOk(run), 4);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_TRUE(r.outputTokensFromUsage);
        EXPECT_EQ(r.outputTokens, 40);
        EXPECT_LT(r.chunkTimesNs.size(), 40) << "several tokens share a chunk";
        const double expectedTpot = (r.lastTokenNs - r.ttftNs) / 1e6 / (40 - 1);
        EXPECT_DOUBLE_EQ(Stats::tpotMs(r), expectedTpot);
    }
}

TEST(Engine, ReasoningTokensGiveTtftBeforeFirstContent)
{
    SimConfig simConfig = quickSim();
    simConfig.reasoningTokens = 8;
    Sim sim(simConfig);
    const RunResult run = runAndWait(quickConfig(sim.url(), 1, 2, 20));
    ASSERT_EQ(countOk(run), 2);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_GE(r.ttftNs, 0);
        EXPECT_GT(r.ttfcNs, r.ttftNs) << "reasoning arrives before content";
    }
}

TEST(Engine, RoleOnlyChunkIsNotAToken)
{
    SimConfig simConfig = quickSim();
    simConfig.roleFirstChunk = true;
    Sim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 1, 2, 12);
    config.includeUsage = false; // count from chunks: the role chunk must not be one
    const RunResult run = runAndWait(config);
    ASSERT_EQ(countOk(run), 2);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_FALSE(r.outputTokensFromUsage);
        EXPECT_EQ(r.outputTokens, 12);
        EXPECT_EQ(r.chunkTimesNs.size(), 12);
    }
}

TEST(Engine, WarmupIsSentButExcludedFromStatistics)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 4, 10);
    config.warmupRequests = 2;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.records.size(), 6);
    int warmups = 0;
    for (const RequestRecord &r : run.records)
        warmups += r.warmup ? 1 : 0;
    EXPECT_EQ(warmups, 2);
    EXPECT_EQ(sim.server.requestsServed(), 6);
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels[0].requests, 4);
    EXPECT_EQ(run.levels[0].completed, 4);
    EXPECT_EQ(run.levels[0].ttftMs.count, 4);
}

TEST(Engine, ShortOutputsAreExcludedFromTpotAndCounted)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 4, 10);
    config.minTokensForTpot = 20;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels[0].completed, 4);
    EXPECT_EQ(run.levels[0].shortOutputExcluded, 4);
    EXPECT_EQ(run.levels[0].tpotMs.count, 0);
    EXPECT_EQ(run.levels[0].ttftMs.count, 4) << "short outputs still count for TTFT";
}

TEST(Engine, PreconnectedLevelsReuseConnections)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 12, 12, 5);
    const auto connectionsOpened = [](const RunResult &run) {
        int opened = 0;
        for (const RequestRecord &r : measured(run))
            opened += r.connectionsOpened;
        return opened;
    };
    // Over loopback a connection can complete before Qt has seen the manager's next preconnect,
    // which it then serves from that idle connection instead of opening another; the pool sees it
    // and preconnects again on a fresh manager (a few times), so the level finds all 12 open. On a
    // loaded machine every attempt can lose that race: then the level opens the rest itself and
    // says so. Hence: every run counts honestly, and one of three finds all 12 open.
    RunResult run;
    for (int attempt = 0; attempt < 3; ++attempt) {
        run = runAndWait(config);
        ASSERT_EQ(countOk(run), 12);
        EXPECT_EQ(run.levels.value(0).connectionsOpened, connectionsOpened(run));
        if (connectionsOpened(run) == 0)
            break;
    }
    EXPECT_EQ(connectionsOpened(run), 0) << "preconnect never had all 12 connections open in three runs";

    config.preconnect = false;
    const RunResult cold = runAndWait(config);
    ASSERT_EQ(countOk(cold), 12);
    EXPECT_EQ(connectionsOpened(cold), 12) << "without preconnect each of the 12 users opens its connection";
    EXPECT_LT(connectionsOpened(run), connectionsOpened(cold));
}

struct FaultCase {
    SimFault fault;
    const char *kind;
};

class EngineFault : public ::testing::TestWithParam<FaultCase>
{
};

TEST_P(EngineFault, IsClassifiedWhileTheRunGoesOn)
{
    SimConfig simConfig = quickSim();
    simConfig.fault = GetParam().fault;
    simConfig.faultEvery = 3;
    Sim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 3, 9, 10);
    config.timeoutMs = 1500; // the stall case ends by the inactivity timeout
    const RunResult run = runAndWait(config);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 9);
    int failed = 0;
    for (const RequestRecord &r : records) {
        if (r.ok)
            continue;
        ++failed;
        EXPECT_EQ(r.errorKind.toStdString(), GetParam().kind);
        EXPECT_FALSE(r.errorMessage.isEmpty());
    }
    EXPECT_EQ(failed, 3) << "every third request fails, the others complete";
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels[0].failed, 3);
    EXPECT_EQ(run.levels[0].completed, 6);
    EXPECT_EQ(run.levels[0].errorsByKind.value(QString::fromLatin1(GetParam().kind)), 3);
}

INSTANTIATE_TEST_SUITE_P(Faults, EngineFault,
                         ::testing::Values(FaultCase {SimFault::Unauthorized, "http_401"},
                                           FaultCase {SimFault::RateLimited, "http_429"},
                                           FaultCase {SimFault::ServerError, "http_5xx"},
                                           FaultCase {SimFault::ResetMidStream, "reset"},
                                           FaultCase {SimFault::Stall, "timeout"},
                                           FaultCase {SimFault::MalformedSse, "malformed_stream"},
                                           FaultCase {SimFault::EmptyChoices, "empty_response"},
                                           FaultCase {SimFault::Forbidden, "http_403"},
                                           FaultCase {SimFault::BadGateway, "http_5xx"},
                                           FaultCase {SimFault::Unavailable, "http_5xx"},
                                           FaultCase {SimFault::HugeLine, "malformed_stream"}));

// Regression: a stream that ended after its finish_reason (and usage) chunk without `data: [DONE]`
// was reported as incomplete_stream. It is complete; its record says the marker was missing.
TEST(Engine, StreamEndingAfterItsFinishReasonWithoutDoneIsComplete)
{
    SimConfig simConfig = quickSim();
    simConfig.fault = SimFault::NoDone;
    simConfig.faultEvery = 2;
    Sim sim(simConfig);
    const RunResult run = runAndWait(quickConfig(sim.url(), 2, 4, 10));
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 4);
    int withoutMarker = 0;
    for (const RequestRecord &r : records) {
        EXPECT_TRUE(r.ok) << r.errorKind.toStdString() << ": " << r.errorMessage.toStdString();
        EXPECT_EQ(r.outputTokens, 10);
        EXPECT_TRUE(r.outputTokensFromUsage);
        withoutMarker += r.doneMarker ? 0 : 1;
    }
    EXPECT_EQ(withoutMarker, 2) << "every second request ends without [DONE]";
}

TEST(Engine, ErrorBodiesInEveryShapeGiveAReadableMessage)
{
    struct Case {
        SimFault fault;
        const char *expected;
    };
    for (const Case &c : {Case {SimFault::RateLimited, "Retry-After: 1"}, Case {SimFault::BadGateway, "502 Bad Gateway"},
                          Case {SimFault::Unavailable, "HTTP 503"}, Case {SimFault::Forbidden, "not allowed"}}) {
        SimConfig simConfig = quickSim();
        simConfig.fault = c.fault;
        Sim sim(simConfig);
        const RunResult run = runAndWait(quickConfig(sim.url(), 1, 1, 5));
        ASSERT_EQ(run.records.size(), 1);
        const QString message = run.records[0].errorMessage;
        EXPECT_TRUE(message.contains(QString::fromLatin1(c.expected))) << message.toStdString();
        EXPECT_FALSE(message.contains(u'<')) << "no HTML markup: " << message.toStdString();
    }
}

TEST(Engine, UnresolvableHostAndWrongPortAreClassified)
{
    RunResult run = runAndWait(quickConfig(QStringLiteral("http://no-such-host.invalid/v1"), 1, 1, 5));
    ASSERT_EQ(run.records.size(), 1);
    EXPECT_EQ(run.records[0].errorKind, QStringLiteral("dns"));
    EXPECT_TRUE(run.records[0].errorMessage.contains(QStringLiteral("no-such-host.invalid")));

    Sim sim(quickSim());
    const quint16 wrongPort = sim.server.port() == 65535 ? 65534 : quint16(sim.server.port() + 1);
    run = runAndWait(quickConfig(QStringLiteral("http://127.0.0.1:%1/v1").arg(wrongPort), 1, 1, 5));
    ASSERT_EQ(run.records.size(), 1);
    EXPECT_EQ(run.records[0].errorKind, QStringLiteral("connection_refused"));
}

TEST(Engine, WrongKeyIsExplained)
{
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("right-key");
    Sim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 1, 2, 5);
    config.apiKey = QStringLiteral("wrong-key");
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.records.size(), 2);
    EXPECT_EQ(run.records[0].errorKind, QStringLiteral("http_401"));
    EXPECT_TRUE(run.records[0].errorMessage.contains(QStringLiteral("API key"))) << run.records[0].errorMessage.toStdString();
}

TEST(Engine, MissingV1Gives404WithAHint)
{
    Sim sim(quickSim());
    QString base = sim.url();
    base.chop(3); // drop "/v1": the server answers 404
    const RunResult run = runAndWait(quickConfig(base, 1, 1, 5));
    ASSERT_EQ(run.records.size(), 1);
    EXPECT_EQ(run.records[0].errorKind, QStringLiteral("http_404"));
    EXPECT_TRUE(run.records[0].errorMessage.contains(QStringLiteral("/v1")));
}

TEST(Engine, ConnectionRefusedIsClassified)
{
    quint16 freePort = 0;
    {
        Sim sim(quickSim());
        freePort = sim.server.port();
    } // stopped: nothing listens there now
    const RunResult run = runAndWait(quickConfig(QStringLiteral("http://127.0.0.1:%1/v1").arg(freePort), 1, 2, 5));
    ASSERT_EQ(run.records.size(), 2);
    EXPECT_EQ(run.records[0].errorKind, QStringLiteral("connection_refused"));
    EXPECT_EQ(run.levels.value(0).failed, 2);
}

TEST(Engine, CancelKeepsEveryFinishedRecord)
{
    SimConfig simConfig = quickSim();
    simConfig.decodeIntervalMs = 10;
    Sim sim(simConfig);
    const RunConfig config = quickConfig(sim.url(), 2, 40, 20);
    const RunResult run = runAndWait(config, 60000, [](int finished) { return finished >= 5; });
    EXPECT_TRUE(run.cancelled);
    EXPECT_GE(run.records.size(), 5);
    EXPECT_LT(run.records.size(), 40);
    for (const RequestRecord &r : run.records)
        EXPECT_TRUE(r.ok) << "a finished record is complete, not a cut-off one";
    ASSERT_EQ(run.levels.size(), 1) << "the interrupted level is summarised from what it measured";
    EXPECT_EQ(run.levels[0].completed, run.records.size());
}

namespace {

// A peer for `api` that accepts only `key`: the simulator for the OpenAI kinds it serves, a replay
// of a captured stream for the others, checking the kind's own key header.
struct KeyedPeer {
    std::unique_ptr<Sim> sim;
    std::unique_ptr<ReplayPeer> replay;
    QString baseUrl;

    KeyedPeer(ApiKind api, const QString &key)
    {
        if (api == ApiKind::ChatCompletions || api == ApiKind::Completions) {
            SimConfig simConfig = quickSim();
            simConfig.apiKey = key;
            sim = std::make_unique<Sim>(simConfig);
            baseUrl = sim->url();
            return;
        }
        const RequestHeader auth = apiDialect(api).authHeaders(key).value(0);
        const QString capture = api == ApiKind::AnthropicMessages ? QStringLiteral("sse/anthropic-messages-thinking.sse")
                                                                  : QStringLiteral("sse/openai-responses-text-2025-03.sse");
        replay = std::make_unique<ReplayPeer>(ReplayScript(testData(capture)).requiringHeader(auth.name, auth.value));
        EXPECT_TRUE(replay->start());
        baseUrl = replay->baseUrl() + QStringLiteral("/v1");
    }
};

class EngineKeyAbsence : public ::testing::TestWithParam<ApiKind>
{
};

} // namespace

TEST_P(EngineKeyAbsence, ApiKeyAppearsInNoExportedFileNorCurlCommand)
{
    const QString key = QStringLiteral("sk-test-0123456789-SECRET");
    const KeyedPeer peer(GetParam(), key);
    RunConfig config = quickConfig(peer.baseUrl, 2, 4, 10);
    config.api = GetParam();
    config.apiKey = key;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(countOk(run), 4) << "the key was sent and accepted";
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(run, dir.path(), &error)) << error.toStdString();
    int files = 0;
    QDirIterator it(dir.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        EXPECT_FALSE(file.readAll().contains(key.toUtf8())) << file.fileName().toStdString();
        ++files;
    }
    EXPECT_EQ(files, 5); // summary.json, requests.jsonl, results.csv, report.md, report.html
    const QString curl = RequestBuilder::curlCommand(config, false);
    EXPECT_FALSE(curl.contains(key)) << curl.toStdString();
    EXPECT_TRUE(curl.contains(u'$' + apiDialect(config.api).keyVariable)) << curl.toStdString();
}

INSTANTIATE_TEST_SUITE_P(EveryApi, EngineKeyAbsence, ::testing::ValuesIn(apiKinds()),
    [](const ::testing::TestParamInfo<ApiKind> &p) { return apiKindName(p.param).toStdString(); });

TEST(Engine, ACutStreamKeepsTheChunksItMeasured)
{
    SimConfig simConfig = quickSim();
    simConfig.fault = SimFault::ResetMidStream;
    simConfig.faultAfterChunks = 3;
    Sim sim(simConfig);
    const RunResult run = runAndWait(quickConfig(sim.url(), 1, 1, 20));
    ASSERT_EQ(run.records.size(), 1);
    const RequestRecord &r = run.records[0];
    EXPECT_EQ(r.errorKind, QStringLiteral("reset"));
    EXPECT_EQ(r.chunkTimesNs.size(), 3) << "the chunks before the reset stay measured";
    EXPECT_GE(r.ttftNs, 0);
    EXPECT_TRUE(r.errorMessage.contains(QStringLiteral("3 text chunks"))) << r.errorMessage.toStdString();
}

TEST(Engine, EveryLevelGradesItsOwnMeasurement)
{
    Sim sim(quickSim());
    const RunResult run = runAndWait(quickConfig(sim.url(), 2, 6, 20));
    ASSERT_EQ(run.levels.size(), 1);
    const MeasurementQuality &q = run.levels[0].quality;
    EXPECT_FALSE(q.verdict.isEmpty());
    // The probe ran where the timestamps are taken: the engine thread, or libcurl's workers.
    if (transportUnderTest() == u"curl") {
        EXPECT_GT(q.readerLagSamples, 0);
        EXPECT_EQ(q.engineLagSamples, 0);
    } else {
        EXPECT_GT(q.engineLagSamples, 0);
        EXPECT_FALSE(q.readerLagP99Ms.has_value());
    }
    ASSERT_TRUE(q.clientCpuShare.has_value());
    EXPECT_GE(*q.clientCpuShare, 0.0);
    EXPECT_LE(*q.clientCpuShare, 1.0);
    EXPECT_EQ(q.verdict == u"ok", q.reasons.isEmpty());
    const QJsonObject json
        = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject().value(u"measurement_quality").toObject();
    EXPECT_EQ(json.value(u"verdict").toString(), q.verdict);
    EXPECT_TRUE(json.value(u"client_cpu_share").isDouble());
    EXPECT_EQ(measurementQualityFromJson(json).verdict, q.verdict)
        << "what summary.json and the history hold reads back";
}

namespace {

// The stop rule held at a checkpoint: some prefix of the level's records, in the order they
// finished, pinned the figure within the target (docs/metrics.md#stop-when-precise). The requests
// still in flight then count too, so the level's final interval may end a little wider.
bool preciseAtSomeCheckpoint(const QList<RequestRecord> &records, const RunConfig &config)
{
    Stats::PrecisionFigure figure;
    if (!Stats::parsePrecisionFigure(config.precisionMetric, &figure))
        return false;
    for (qsizetype n = records.size(); n >= Stats::kMinIntervalSamples; --n) {
        const std::optional<double> pct = Stats::precisionPct(records.first(n), figure, config.minTokensForTpot, 0);
        if (pct && *pct <= config.targetPrecisionPct)
            return true;
    }
    return false;
}

} // namespace

TEST(Engine, ALevelStopsOnceItsFigureIsPreciseEnough)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 4, 10);
    config.targetPrecisionPct = 5;
    config.precisionMetric = QStringLiteral("p50_ttft_ms");
    config.maxRequests = 200;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    EXPECT_EQ(level.stop.by, u"precision");
    EXPECT_GE(level.requests, 10) << "P50's interval needs 10 samples";
    EXPECT_LT(level.requests, 200);
    ASSERT_TRUE(level.stop.achievedPct.has_value());
    EXPECT_TRUE(preciseAtSomeCheckpoint(run.recordsOfLevel(0), config));
    EXPECT_EQ(sim.server.requestsServed(), level.requests + config.warmupRequests) << "nothing sent after the stop";
    EXPECT_TRUE(Report::summaryJson(run)
                    .value(u"levels")
                    .toArray()
                    .at(0)
                    .toObject()
                    .value(u"precision")
                    .toObject()
                    .value(u"stopped_by")
                    .toString()
        == u"precision");
}

TEST(Engine, AnOpenLoopLevelStopsItsScheduleOnceItsFigureIsPreciseEnough)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 1, 4, 10);
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 40 };
    config.targetPrecisionPct = 5;
    config.precisionMetric = QStringLiteral("p50_ttft_ms");
    config.maxRequests = 300;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    EXPECT_EQ(level.stop.by, u"precision");
    EXPECT_GE(level.requests, 10);
    EXPECT_LT(level.requests, 300) << "the rest of the schedule was never sent";
    ASSERT_TRUE(level.stop.achievedPct.has_value());
    EXPECT_TRUE(preciseAtSomeCheckpoint(run.recordsOfLevel(0), config));
    EXPECT_EQ(level.failed, 0) << "stopping the schedule fails no request";
    EXPECT_EQ(sim.server.requestsServed(), level.requests + config.warmupRequests);
    for (const RequestRecord &r : run.recordsOfLevel(0))
        EXPECT_TRUE(r.isScheduled()) << "each send kept its place in the schedule";
}

TEST(Engine, ALevelThatCannotReachItsPrecisionStopsAtItsRequestLimitAndSaysSo)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 4, 10);
    config.targetPrecisionPct = 0.0001;
    config.precisionMetric = QStringLiteral("p50_ttft_ms");
    config.maxRequests = 12;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels[0].requests, 12);
    EXPECT_EQ(run.levels[0].stop.by, u"max_requests");
    EXPECT_TRUE(Stats::stopText(run.levels[0]).startsWith(u"stopped at the request limit (12) before the target"));
}

// The steady window leaves out each user's first request (the ramp) and whatever ended after the
// first user ran out of requests (the drain).
TEST(Engine, TheSteadyWindowLeavesOutTheRampAndTheDrain)
{
    Sim sim(quickSim());
    const RunResult run = runAndWait(quickConfig(sim.url(), 4, 16, 10)); // 4 users, 4 requests each
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    const QList<RequestRecord> kept = Stats::steadyRecords(run.recordsOfLevel(0), level.point);
    EXPECT_EQ(level.steady.requests, kept.size());
    EXPECT_GE(kept.size(), 4) << "the rounds between the first and the last";
    EXPECT_LE(kept.size(), 12) << "the first round is the ramp";
    qint64 lastStart = 0;
    for (const RequestRecord &r : run.recordsOfLevel(0))
        lastStart = std::max(lastStart, r.startNs);
    QList<qint64> firstRound;
    for (const RequestRecord &r : run.recordsOfLevel(0))
        firstRound.append(r.startNs);
    std::sort(firstRound.begin(), firstRound.end());
    for (const RequestRecord &r : kept) {
        EXPECT_GT(r.startNs, firstRound.at(3)) << "sent after every user had sent its first";
        EXPECT_GE(r.startNs + Stats::recordEndNs(r), 0);
    }
    EXPECT_GT(level.steady.ttftMs.count, 0);
    EXPECT_GT(level.steady.outputThroughput, 0.0);
    const QJsonValue steady = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject().value(u"steady");
    EXPECT_EQ(steady.toObject().value(u"requests").toInt(), kept.size());
    EXPECT_EQ(steadyStateFromJson(steady).requests, kept.size());
}

// Slices of a real run over loopback: they cover the level, add up to its requests and output
// tokens, reach summary.json, and come back the same when the level is summarised from its records
// (a run directory read back).
TEST(Engine, SlicesAddUpToTheLevel)
{
    Sim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 4, 32, 40); // 8 rounds of about 0.22 s
    config.sliceS = 0.5;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    ASSERT_GE(level.slices.size(), 3);
    int started = 0, finished = 0;
    double tokens = 0;
    for (const LevelSlice &slice : level.slices) {
        started += slice.started;
        finished += slice.finished;
        tokens += slice.outputTokens;
        EXPECT_GT(slice.meanInFlight, 0.0) << "closed loop keeps requests in flight the whole level";
        EXPECT_LE(slice.meanInFlight, 4.0 + 1e-9);
    }
    EXPECT_EQ(started, level.requests);
    EXPECT_EQ(finished, level.requests);
    EXPECT_NEAR(tokens, double(level.totalOutputTokens), 1e-6);
    EXPECT_NEAR(level.slices.constLast().endS, level.durationS, 1e-6);
    EXPECT_TRUE(level.slices.constFirst().ttftP50Ms.has_value());
    const QJsonValue json = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject().value(u"slices");
    EXPECT_EQ(json.toArray().size(), level.slices.size());
    const QList<LevelSummary> reread = Stats::summarizeRun(run.records, run.config);
    ASSERT_EQ(reread.size(), 1);
    ASSERT_EQ(reread[0].slices.size(), level.slices.size());
    for (int i = 0; i < level.slices.size(); ++i) {
        EXPECT_DOUBLE_EQ(reread[0].slices[i].outputTokens, level.slices[i].outputTokens);
        EXPECT_EQ(reread[0].slices[i].ttftP95Ms, level.slices[i].ttftP95Ms);
    }
}

TEST(Engine, UnslicedLevelsWriteNoSlices)
{
    Sim sim(quickSim());
    const RunResult run = runAndWait(quickConfig(sim.url(), 2, 4, 10));
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_TRUE(run.levels[0].slices.isEmpty());
    EXPECT_FALSE(Report::summaryJson(run).value(u"levels").toArray().at(0).toObject().contains(u"slices"));
}
