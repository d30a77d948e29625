// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workloadcheck.h"

namespace TokenScope::Stats {

QString inputTokensText(const LevelSummary &l)
{
    if (l.inputTokens.count == 0)
        return {};
    QString text = QStringLiteral("input tokens as the server counted them: mean %1 (sd %2, %3–%4)")
                       .arg(l.inputTokens.mean, 0, 'f', 1)
                       .arg(l.inputTokens.std, 0, 'f', 1)
                       .arg(l.inputTokens.min, 0, 'f', 0)
                       .arg(l.inputTokens.max, 0, 'f', 0);
    if (l.inputTokensTargeted > 0)
        text += QStringLiteral(", %1 of %2 off their aim by more than 1 %").arg(l.inputTokensOffTarget).arg(l.inputTokensTargeted);
    return text;
}

QString offTargetProblem(const LevelSummary &l)
{
    if (l.inputTokensOffTarget == 0)
        return {};
    return QStringLiteral("%1 of %2 prompts were counted more than 1 % away from the length they aimed at (at worst "
                          "%3 %): the server counts these prompts unlike its calibration probes")
        .arg(l.inputTokensOffTarget)
        .arg(l.inputTokensTargeted)
        .arg(l.inputTokensWorstOffPct, 0, 'f', 1);
}

QString shortOutputProblem(const LevelSummary &l)
{
    if (l.outputsShort == 0)
        return {};
    return QStringLiteral("%1 of %2 answers stopped before their max_tokens (the server ended them early): TPOT "
                          "and throughput then come from shorter answers than asked; --ignore-eos or --min-tokens "
                          "force the length where the server understands them")
        .arg(l.outputsShort)
        .arg(l.completed);
}

QString cacheText(const LevelSummary &l)
{
    if (l.cacheReported == 0 || l.cacheHitRequests == 0)
        return {};
    return QStringLiteral("the server's cache held %1 % of prompt tokens (%2 of %3 requests had cached tokens)")
        .arg(100 * l.cacheHitShare, 0, 'f', 1)
        .arg(l.cacheHitRequests)
        .arg(l.cacheReported);
}

QString cacheWarning(const RunResult &run)
{
    const Workload &w = run.config.workload;
    if ((w.isSynthetic() && w.sharedPrefixTokens > 0) || run.config.loadMode == LoadMode::Trace
        || run.config.conversation.isOn())
        return {}; // a shared prefix, a trace's or a conversation's history is there to be cached
    int reported = 0;
    int hits = 0;
    for (const LevelSummary &l : run.levels) {
        reported += l.cacheReported;
        hits += l.cacheHitRequests;
    }
    if (reported == 0 || hits <= kMostlyCachedShare * reported)
        return {};
    return QStringLiteral("%1 of %2 requests were served partly from the server's prompt cache: their TTFT is a "
                          "cache hit, not a prefill. Send prompts that differ (--input-tokens N makes every one "
                          "distinct) to measure prefill.")
        .arg(hits)
        .arg(reported);
}

} // namespace TokenScope::Stats
