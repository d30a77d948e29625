// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "peerdefinitions.h"

#include "statistics.h"

#include <QCoreApplication>
#include <cmath>
#include <numeric>

namespace TokenScope::Stats {

namespace {

constexpr double kNsPerMs = 1e6;

double msOf(qint64 ns)
{
    return ns >= 0 ? static_cast<double>(ns) / kNsPerMs : -1.0;
}

// Where each tool stops the TTFT clock. vLLM: the first event with a non-empty `choices`, text or
// not (first_event_ms; a run written before that field has only the first text). SGLang and
// LLMPerf: the first chunk with `delta.content`. The others: the first text, reasoning included.
qint64 ttftEndNs(PeerTool tool, const RequestRecord &r)
{
    switch (tool) {
    case PeerTool::Vllm:
        return r.firstEventNs >= 0 ? r.firstEventNs : r.ttftNs;
    case PeerTool::Sglang:
    case PeerTool::Llmperf:
        return r.ttfcNs;
    case PeerTool::TokenScope:
    case PeerTool::Aiperf:
    case PeerTool::Guidellm:
        break;
    }
    return r.ttftNs;
}

// Where each tool stops E2E. SGLang: the last line read, `[DONE]` included (done_ms). GuideLLM and
// LLMPerf: the end of the response. The others: the last text-bearing chunk.
qint64 e2eEndNs(PeerTool tool, const RequestRecord &r)
{
    switch (tool) {
    case PeerTool::Sglang:
        return r.doneNs >= 0 ? r.doneNs : r.endNs;
    case PeerTool::Guidellm:
    case PeerTool::Llmperf:
        return r.endNs;
    case PeerTool::TokenScope:
    case PeerTool::Vllm:
    case PeerTool::Aiperf:
        break;
    }
    return r.lastTokenNs;
}

// The output-token count: usage, else TokenScope's chunk count, except SGLang, which falls back
// to the length it asked for.
int outputTokensOf(PeerTool tool, const RequestRecord &r)
{
    if (tool == PeerTool::Sglang && !r.outputTokensFromUsage)
        return r.maxTokens;
    return r.outputTokens;
}

// (E2E − TTFT) / (n − 1), n > 1: vLLM's and SGLang's TPOT, AIPerf's inter_token_latency.
double perTokenAfterFirstMs(double ttftMs, double e2eMs, int tokens)
{
    if (ttftMs < 0 || e2eMs < 0 || tokens < 2)
        return -1;
    return (e2eMs - ttftMs) / (tokens - 1);
}

// Gaps between successive text-bearing chunks at or after `fromNs`.
std::vector<double> chunkGapsFromMs(const RequestRecord &r, qint64 fromNs)
{
    std::vector<double> gaps;
    qint64 previous = -1;
    for (qint64 t : r.chunkTimesNs) {
        if (t < fromNs)
            continue;
        if (previous >= 0)
            gaps.push_back(msOf(t - previous));
        previous = t;
    }
    return gaps;
}

// vLLM appends a gap for every event with `choices` after the first: a role-only first event adds
// the gap to the first text.
std::vector<double> vllmItlMs(const RequestRecord &r)
{
    std::vector<double> gaps = chunkGapsFromMs(r, 0);
    if (r.firstEventNs >= 0 && !r.chunkTimesNs.isEmpty() && r.firstEventNs < r.chunkTimesNs.first())
        gaps.insert(gaps.begin(), msOf(r.chunkTimesNs.first() - r.firstEventNs));
    return gaps;
}

void setTokenScopeFigures(PeerRequestFigures &f, const RequestRecord &r, int minTokensForTpot)
{
    if (r.outputTokens < minTokensForTpot)
        return;
    f.tpotMs = tpotMs(r);
    f.itlMs = itlMs(r);
}

void setTpotAndItl(PeerTool tool, PeerRequestFigures &f, const RequestRecord &r, int minTokensForTpot)
{
    const int n = f.outputTokens;
    switch (tool) {
    case PeerTool::TokenScope:
        setTokenScopeFigures(f, r, minTokensForTpot);
        return;
    case PeerTool::Vllm:
        f.tpotMs = perTokenAfterFirstMs(f.ttftMs, f.e2eMs, n);
        f.itlMs = vllmItlMs(r);
        return;
    case PeerTool::Sglang:
        f.tpotMs = perTokenAfterFirstMs(f.ttftMs, f.e2eMs, n);
        f.itlMs = chunkGapsFromMs(r, r.ttfcNs);
        return;
    case PeerTool::Aiperf:
        f.tpotMs = perTokenAfterFirstMs(f.ttftMs, f.e2eMs, n);
        f.itlMs = itlMs(r); // inter_chunk_latency
        return;
    case PeerTool::Guidellm: {
        // time_per_output_token includes the first token; inter_token_latency is one per request.
        if (n > 0 && r.lastTokenNs >= 0)
            f.tpotMs = msOf(r.lastTokenNs) / n;
        const double itl = perTokenAfterFirstMs(msOf(r.ttftNs), msOf(r.lastTokenNs), n);
        if (itl >= 0)
            f.itlMs = { itl };
        return;
    }
    case PeerTool::Llmperf:
        // inter_token_latency: the gaps from the start to each content chunk, TTFT included, over n.
        if (n > 0 && r.lastTokenNs >= 0)
            f.itlMs = { msOf(r.lastTokenNs) / n };
        return;
    }
}

double sampleStd(const std::vector<double> &values, double mean)
{
    if (values.size() < 2)
        return 0;
    const double sumSq = std::accumulate(
        values.cbegin(), values.cend(), 0.0, [mean](double sum, double v) { return sum + (v - mean) * (v - mean); });
    return std::sqrt(sumSq / static_cast<double>(values.size() - 1));
}

// Linear percentiles everywhere (numpy's and pandas' default); LLMPerf's std is the sample std.
Distribution summarizeAs(PeerTool tool, std::vector<double> values)
{
    Distribution d = summarize(values);
    if (tool == PeerTool::Llmperf)
        d.std = sampleStd(values, d.mean);
    return d;
}

bool belongsToLevel(const RequestRecord &r, const LevelSummary &level)
{
    return !r.warmup && !r.probe && !r.rampUp && r.levelIndex == level.levelIndex && r.arm == level.arm;
}

struct PeerSamples
{
    std::vector<double> ttft, tpot, itl, e2e;
};

void pushDefined(std::vector<double> &out, double value)
{
    if (value >= 0)
        out.push_back(value);
}

void addCompleted(
    PeerTool tool, const RequestRecord &r, int minTokensForTpot, PeerSamples &samples, PeerLevelSummary &s)
{
    const PeerRequestFigures f = peerRequestFigures(tool, r, minTokensForTpot);
    pushDefined(samples.ttft, f.ttftMs);
    pushDefined(samples.tpot, f.tpotMs);
    pushDefined(samples.e2e, f.e2eMs);
    samples.itl.insert(samples.itl.end(), f.itlMs.cbegin(), f.itlMs.cend());
    s.totalOutputTokens += f.outputTokens;
    if (tool == PeerTool::Vllm && r.firstEventNs < 0)
        ++s.firstEventMissing;
}

} // namespace

QList<PeerTool> peerTools()
{
    return { PeerTool::TokenScope, PeerTool::Vllm, PeerTool::Sglang, PeerTool::Aiperf, PeerTool::Guidellm,
        PeerTool::Llmperf };
}

QString peerToolKey(PeerTool tool)
{
    return peerToolTitle(tool).toLower();
}

QString peerToolTitle(PeerTool tool)
{
    switch (tool) {
    case PeerTool::TokenScope:
        return QStringLiteral("TokenScope");
    case PeerTool::Vllm:
        return QStringLiteral("vLLM");
    case PeerTool::Sglang:
        return QStringLiteral("SGLang");
    case PeerTool::Aiperf:
        return QStringLiteral("AIPerf");
    case PeerTool::Guidellm:
        return QStringLiteral("GuideLLM");
    case PeerTool::Llmperf:
        return QStringLiteral("LLMPerf");
    }
    return {};
}

bool parsePeerTool(const QString &key, PeerTool *tool)
{
    for (PeerTool each : peerTools()) {
        if (key.compare(peerToolKey(each), Qt::CaseInsensitive) == 0) {
            *tool = each;
            return true;
        }
    }
    return false;
}

QStringList peerToolKeys()
{
    QStringList keys;
    for (PeerTool each : peerTools())
        keys.append(peerToolKey(each));
    return keys;
}

PeerMetricNames peerMetricNames(PeerTool tool)
{
    switch (tool) {
    case PeerTool::TokenScope:
    case PeerTool::Vllm:
    case PeerTool::Sglang:
        return { QStringLiteral("TTFT"), QStringLiteral("TPOT"), QStringLiteral("ITL"), QStringLiteral("E2E") };
    case PeerTool::Aiperf:
        return { QStringLiteral("time_to_first_token"), QStringLiteral("inter_token_latency"),
            QStringLiteral("inter_chunk_latency"), QStringLiteral("request_latency") };
    case PeerTool::Guidellm:
        return { QStringLiteral("time_to_first_token_ms"), QStringLiteral("time_per_output_token_ms"),
            QStringLiteral("inter_token_latency_ms"), QStringLiteral("request_latency") };
    case PeerTool::Llmperf:
        return { QStringLiteral("ttft"), QString(), QStringLiteral("inter_token_latency"),
            QStringLiteral("end_to_end_latency") };
    }
    return {};
}

QString peerRulesLine(PeerTool tool)
{
    switch (tool) {
    case PeerTool::TokenScope:
        return QCoreApplication::translate("PeerDefinitions", "TokenScope's definitions: TTFT at the first text (reasoning included); TPOT "
                              "(E2E-TTFT)/(n-1); ITL per chunk; E2E to the last text; n from usage; requests "
                              "under the short-output limit left out of TPOT and ITL.");
    case PeerTool::Vllm:
        return QCoreApplication::translate("PeerDefinitions", "vLLM's definitions (vllm bench serve): TTFT at the first event with non-empty "
                              "choices, a role-only one included; TPOT (E2E-TTFT)/(n-1); ITL per event; E2E to "
                              "the last text; n from usage; numpy linear percentiles, population std.");
    case PeerTool::Sglang:
        return QCoreApplication::translate("PeerDefinitions", "SGLang's definitions (bench_serving): TTFT at the first content chunk (reasoning "
                              "left out); TPOT (E2E-TTFT)/(n-1); ITL per content chunk; E2E to the last line "
                              "read ([DONE]); n from usage, else the requested max_tokens; numpy linear "
                              "percentiles, population std.");
    case PeerTool::Aiperf:
        return QCoreApplication::translate("PeerDefinitions", "AIPerf's definitions: TTFT at the first content response (reasoning included); "
                              "TPOT column = inter_token_latency (E2E-TTFT)/(n-1); ITL column = "
                              "inter_chunk_latency per chunk; E2E = request_latency to the last content response.");
    case PeerTool::Guidellm:
        return QCoreApplication::translate("PeerDefinitions", "GuideLLM's definitions: TTFT at the first iteration with text; TPOT column = "
                              "time_per_output_token last_token/n, first token included; ITL column = "
                              "inter_token_latency (last-first)/(n-1), one per request; E2E = request_latency "
                              "to the end of the response; n from usage, else iterations.");
    case PeerTool::Llmperf:
        return QCoreApplication::translate("PeerDefinitions", "LLMPerf's definitions: TTFT at the first content chunk; no TPOT; ITL column = "
                              "inter_token_latency, the gaps from the start to each content chunk over n "
                              "(about E2E/n); E2E = end_to_end_latency to the end of the stream; pandas linear "
                              "quantiles, sample std (n-1).");
    }
    return {};
}

QStringList peerStandIns(PeerTool tool)
{
    const QString throughput = QStringLiteral("Throughput: tokens and requests over the level's span, first post "
                                              "to last end (each level is one benchmark of the tool).");
    switch (tool) {
    case PeerTool::TokenScope:
        return {};
    case PeerTool::Vllm:
        return { QStringLiteral("Output tokens: the server's usage (vLLM re-tokenizes the text when usage is "
                                "absent; TokenScope counts text chunks then)."),
            QStringLiteral("E2E ends at the last text-bearing chunk; vLLM's last event with choices (often the "
                           "finish_reason chunk) is not stored."),
            throughput };
    case PeerTool::Sglang:
        return { QStringLiteral("Content chunks: text-bearing chunks from the first content chunk on."), throughput };
    case PeerTool::Aiperf:
        return { QStringLiteral("Output tokens: the server's usage (AIPerf counts with a client tokenizer unless "
                                "--use-server-token-count)."),
            QStringLiteral("Percentile method and throughput window: not verified in AIPerf's source; linear "
                           "percentiles, population std."),
            throughput };
    case PeerTool::Guidellm:
        return { QStringLiteral("Percentile method and throughput window: not verified in GuideLLM's source; "
                                "linear percentiles, population std."),
            throughput };
    case PeerTool::Llmperf:
        return { QStringLiteral("Output tokens: the server's usage (LLMPerf counts with a Llama tokenizer)."),
            throughput };
    }
    return {};
}

PeerRequestFigures peerRequestFigures(PeerTool tool, const RequestRecord &record, int minTokensForTpot)
{
    PeerRequestFigures f;
    f.outputTokens = outputTokensOf(tool, record);
    f.ttftMs = msOf(ttftEndNs(tool, record));
    f.e2eMs = msOf(e2eEndNs(tool, record));
    setTpotAndItl(tool, f, record, minTokensForTpot);
    return f;
}

PeerLevelSummary summarizePeerLevel(
    PeerTool tool, const QList<RequestRecord> &records, const LevelSummary &level, int minTokensForTpot)
{
    PeerLevelSummary s;
    s.levelIndex = level.levelIndex;
    s.concurrency = level.concurrency;
    s.point = level.point;
    s.arm = level.arm;
    s.durationS = level.durationS;
    PeerSamples samples;
    for (const RequestRecord &r : records) {
        if (!belongsToLevel(r, level))
            continue;
        ++s.requests;
        if (!r.ok) {
            ++s.failed;
            continue;
        }
        ++s.completed;
        addCompleted(tool, r, minTokensForTpot, samples, s);
    }
    s.ttft = summarizeAs(tool, std::move(samples.ttft));
    s.tpot = summarizeAs(tool, std::move(samples.tpot));
    s.itl = summarizeAs(tool, std::move(samples.itl));
    s.e2e = summarizeAs(tool, std::move(samples.e2e));
    if (s.durationS > 0) {
        s.outputThroughput = static_cast<double>(s.totalOutputTokens) / s.durationS;
        s.requestThroughput = s.completed / s.durationS;
    }
    return s;
}

QList<PeerLevelSummary> summarizePeerRun(PeerTool tool, const RunResult &run)
{
    QList<PeerLevelSummary> levels;
    for (const LevelSummary &level : run.levels)
        levels.append(summarizePeerLevel(tool, run.records, level, run.config.minTokensForTpot));
    return levels;
}

} // namespace TokenScope::Stats
