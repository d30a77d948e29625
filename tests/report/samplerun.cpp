// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A hand-built run with known values, shared by the report tests (samplerun.h).
#include "samplerun.h"
#include "core/runresult.h"
#include "stats/statistics.h"

#include <QTimeZone>
#include <algorithm>
#include <limits>

namespace TokenScope::Testing {

qint64 msToNs(double ms)
{
    return static_cast<qint64>(ms * 1e6 + 0.5);
}

namespace {

constexpr double kRunStartMs = 5000; // absolute steady-clock time of the run's start

QList<qint64> evenChunksNs(double firstMs, double stepMs, int count)
{
    QList<qint64> out;
    for (int i = 0; i < count; ++i)
        out.append(msToNs(firstMs + stepMs * i));
    return out;
}

RequestRecord streamed(int level, int index, double startMs, double ttftMs, double stepMs, int chunks)
{
    RequestRecord r;
    r.levelIndex = level - 1; // sampleRun's levels are concurrency 1 and 2
    r.level = level;
    r.index = index;
    r.responseId = QStringLiteral("chatcmpl-%1-%2").arg(level).arg(index);
    r.ok = true;
    r.httpStatus = 200;
    r.startNs = msToNs(startMs);
    r.tStartNs = msToNs(kRunStartMs + startMs);
    r.requestSentNs = msToNs(2);
    r.headersNs = msToNs(ttftMs - 10);
    r.firstByteNs = msToNs(ttftMs - 5);
    r.ttftNs = r.ttfcNs = msToNs(ttftMs);
    r.chunkTimesNs = evenChunksNs(ttftMs, stepMs, chunks);
    r.lastTokenNs = r.chunkTimesNs.constLast();
    r.doneNs = r.lastTokenNs + msToNs(1);
    r.endNs = r.lastTokenNs + msToNs(2);
    r.outputTokens = chunks;
    r.outputTokensFromUsage = true;
    r.promptTokens = 12;
    r.doneMarker = true;
    r.reads = chunks;
    r.events = chunks + 2; // role-only first chunk and usage chunk
    return r;
}

RequestRecord rateLimited(int level, int index, double startMs)
{
    RequestRecord r;
    r.levelIndex = level - 1;
    r.level = level;
    r.index = index;
    r.httpStatus = 429;
    r.errorKind = QStringLiteral("http_429");
    r.errorMessage = QStringLiteral("Rate limit exceeded for key sk-test-SECRET-123.\nRetry later.");
    r.startNs = msToNs(startMs);
    r.tStartNs = msToNs(kRunStartMs + startMs);
    r.requestSentNs = msToNs(1);
    r.headersNs = msToNs(15);
    r.endNs = msToNs(16);
    return r;
}

QList<RequestRecord> sampleRecords()
{
    RequestRecord warm = streamed(1, 0, 0, 80, 10, 21);
    warm.warmup = true;
    warm.levelIndex = -1;
    RequestRecord first = streamed(1, 0, 100, 50, 10, 21); // TPOT 10, e2e 250
    first.connectNs = msToNs(1);
    RequestRecord second = streamed(1, 1, 400, 30, 5, 21); // TPOT 5, e2e 130, reused connection
    second.cachedTokens = 8; // its prompt partly served from the provider's cache
    second.doneMarker = false; // ended after its finish signal, without [DONE]
    RequestRecord fromChunks = streamed(2, 0, 600, 40, 8, 25); // no usage: TPOT 192/24 = 8
    fromChunks.outputTokensFromUsage = false;
    fromChunks.promptTokens = -1;
    RequestRecord shortOne = streamed(2, 1, 600, 60, 10, 5); // too short for TPOT
    return { warm, first, second, fromChunks, shortOne, rateLimited(2, 2, 610) };
}

// A request of sampleRateRun's: due at `scheduledMs`, sent at `startMs` (from the run's start).
RequestRecord scheduled(
    int levelIndex, int index, double scheduledMs, double startMs, double capWaitMs, double ttftMs, double stepMs)
{
    RequestRecord r = streamed(4, index, startMs, ttftMs, stepMs, 21);
    r.levelIndex = levelIndex;
    r.responseId = QStringLiteral("chatcmpl-r%1-%2").arg(levelIndex).arg(index);
    r.scheduledNs = msToNs(scheduledMs);
    r.capWaitNs = msToNs(capWaitMs);
    return r;
}

QList<RequestRecord> rateRecords(double lagMs, double gapMs)
{
    QList<RequestRecord> out;
    for (int i = 0; i < 5; ++i)
        out.append(scheduled(0, i, 100.0 * i, gapMs * i + lagMs, 0, 50, 10));
    for (int i = 0; i < 3; ++i)
        out.append(scheduled(1, i, 1000, 1000.5, 0, 150, 2));
    RequestRecord incomplete = scheduled(1, 3, 1000, 1000.5, 0, 150, 2);
    incomplete.ok = false;
    incomplete.errorKind = QStringLiteral("incomplete");
    incomplete.errorMessage = QStringLiteral("still streaming when the grace period ended");
    incomplete.chunkTimesNs = incomplete.chunkTimesNs.mid(0, 5);
    incomplete.lastTokenNs = incomplete.chunkTimesNs.constLast();
    incomplete.doneNs = RequestRecord::kNever;
    incomplete.doneMarker = false;
    incomplete.endNs = msToNs(400);
    out.append(incomplete);
    out.append(scheduled(1, 4, 1000, 1250, 249.5, 150, 2));
    RequestRecord notSent;
    notSent.levelIndex = 1;
    notSent.level = 4;
    notSent.index = 5;
    notSent.errorKind = QStringLiteral("not_sent");
    notSent.errorMessage = QStringLiteral("held by the concurrency cap until the level ended");
    notSent.scheduledNs = msToNs(1000);
    notSent.startNs = msToNs(1400); // the level's end: its whole lag was the cap's
    notSent.tStartNs = msToNs(kRunStartMs + 1400);
    notSent.capWaitNs = msToNs(400);
    notSent.endNs = 0;
    out.append(notSent);
    return out;
}

} // namespace

RunResult sampleRateRunSentLate(double lagMs, double gapMs)
{
    RunResult run;
    run.config.apiKey = QStringLiteral("sk-test-SECRET-123");
    run.config.prompt = QStringLiteral("Say hello.");
    run.config.loadMode = LoadMode::Rates;
    run.config.requestRates = { 10, std::numeric_limits<double>::infinity() };
    run.config.maxConcurrency = 4;
    run.config.warmupRequests = 0;
    run.config.goodput.ttftMs = 100;
    run.startedAt = QDateTime(QDate(2026, 3, 14), QTime(9, 26, 53, 589), QTimeZone(3600));
    run.loadPoints = run.config.loadPoints();
    run.records = rateRecords(lagMs, gapMs);
    run.levels = Stats::summarizeRun(run.records, run.config, 1, run.loadPoints);
    return run;
}

RunResult sampleRateRun()
{
    return sampleRateRunSentLate(1, 100);
}

RunResult sampleRun()
{
    RunResult run;
    run.config.apiKey = QStringLiteral("sk-test-SECRET-123");
    run.config.prompt = QStringLiteral("Say hello.");
    run.config.concurrencyLevels = { 1, 2 };
    run.startedAt = QDateTime(QDate(2026, 3, 14), QTime(9, 26, 53, 589), QTimeZone(3600));
    run.records = sampleRecords();
    run.levels = Stats::summarizeRun(run.records, run.config);
    return run;
}

RunResult sampleRunWithServerMetrics()
{
    RunResult run = sampleRun();
    run.config.serverMetricsUrl = QStringLiteral("http://ops:hunter2@gpu-box:8000/metrics");
    run.config.serverMetricsIntervalMs = 100;
    for (int i = 0; i <= 8; ++i) {
        ServerMetricsSample s;
        s.offsetNs = msToNs(100.0 * i);
        s.durationNs = msToNs(3);
        s.ok = i != 3;
        if (!s.ok) {
            s.error = QStringLiteral("Connection refused");
            run.serverMetrics.append(s);
            continue;
        }
        s.server = QStringLiteral("vllm");
        s.running = std::min(i, 2);
        s.waiting = i >= 6 ? 3 : 0;
        s.cacheUsage = 0.1 * i;
        run.serverMetrics.append(s);
    }
    const auto serverView = [](LevelSummary &l, double running, double waitingMean, double waitingMax, double cache) {
        l.serverScrapes = 4;
        l.serverRunningMean = l.serverRunningMax = running;
        l.serverWaitingMean = waitingMean;
        l.serverWaitingMax = waitingMax;
        l.serverCacheUsageMax = cache;
    };
    serverView(run.levels[0], 1, 0, 0, 0.3);
    serverView(run.levels[1], 2, 1.5, 3, 0.8);
    return run;
}

} // namespace TokenScope::Testing
