// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A hand-built run with known values, shared by the report tests (samplerun.h).
#include "samplerun.h"
#include "core/runresult.h"
#include "stats/statistics.h"

#include <QTimeZone>

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

} // namespace

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

} // namespace TokenScope::Testing
