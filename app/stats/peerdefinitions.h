// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"
#include "core/runresult.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

/// The same stored timestamps under other benchmark tools' definitions
/// (docs/metrics.md#8-the-same-names-in-other-tools): which event ends TTFT, whether TPOT includes
/// the first token, ITL per chunk or per request, where E2E stops, which output-token count, and
/// how the level's statistics are taken. Pure functions; thread-safe.
namespace TokenScope::Stats {

enum class PeerTool { TokenScope, Vllm, Sglang, Aiperf, Guidellm, Llmperf };

QList<PeerTool> peerTools(); ///< every tool, TokenScope first
QString peerToolKey(PeerTool tool); ///< "tokenscope", "vllm", "sglang", "aiperf", "guidellm", "llmperf"
QString peerToolTitle(PeerTool tool); ///< "TokenScope", "vLLM", "SGLang", "AIPerf", "GuideLLM", "LLMPerf"
bool parsePeerTool(const QString &key, PeerTool *tool); ///< a key as above, any case
QStringList peerToolKeys();

/// What the tool calls the four latency figures; `tpot` is empty for a tool without one.
struct PeerMetricNames
{
    QString ttft, tpot, itl, e2e;
};
PeerMetricNames peerMetricNames(PeerTool tool);

/// One sentence naming the tool's rules (the header line of its table).
QString peerRulesLine(PeerTool tool);
/// The timestamps and counts that stand in for ones TokenScope does not have (a note each).
QStringList peerStandIns(PeerTool tool);

/// One completed request's figures under a tool's rules, in ms; -1 (or no ITL value) when the
/// tool does not define it for this record. `minTokensForTpot` applies to TokenScope only.
struct PeerRequestFigures
{
    double ttftMs = -1, tpotMs = -1, e2eMs = -1;
    std::vector<double> itlMs;
    int outputTokens = 0; ///< the count the tool divides by
};
PeerRequestFigures peerRequestFigures(PeerTool tool, const RequestRecord &record, int minTokensForTpot);

/// One level under a tool's rules.
struct PeerLevelSummary
{
    int levelIndex = 0;
    int concurrency = 0;
    LoadPoint point;
    int arm = 0;
    int requests = 0, completed = 0, failed = 0;
    double durationS = 0; ///< the level's span (first post to last end), every tool's denominator here
    Distribution ttft, tpot, itl, e2e; ///< no confidence intervals
    qint64 totalOutputTokens = 0;
    double outputThroughput = 0; ///< totalOutputTokens / durationS
    double requestThroughput = 0; ///< completed / durationS
    int firstEventMissing = 0; ///< vLLM: completed records without first_event_ms (TTFT from the first token)
};

/// `level`'s measured records of `records` (warm-ups, probes and ramp-up left out, its arm only)
/// under `tool`: completed requests give the samples, the level's durationS the throughput.
PeerLevelSummary summarizePeerLevel(
    PeerTool tool, const QList<RequestRecord> &records, const LevelSummary &level, int minTokensForTpot);
/// Every level of `run` (run.levels, in order) under `tool`.
QList<PeerLevelSummary> summarizePeerRun(PeerTool tool, const RunResult &run);

} // namespace TokenScope::Stats
