// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "steadystate.h"

#include "stats/statistics.h"

#include <algorithm>
#include <vector>

namespace TokenScope::Stats {

namespace {

qint64 endOf(const RequestRecord &r)
{
    return r.startNs + recordEndNs(r);
}

} // namespace

QList<RequestRecord> steadyRecords(const QList<RequestRecord> &measured, const LoadPoint &point)
{
    std::vector<qint64> starts;
    for (const RequestRecord &r : measured)
        if (!r.warmup && !r.rampUp)
            starts.push_back(r.startNs);
    if (starts.empty())
        return {};
    std::sort(starts.begin(), starts.end());
    const qint64 lastStart = starts.back();
    qint64 loadedFrom = starts.front() - 1; // open loop: from its first send (the ramp is out)
    qint64 drainFrom = lastStart;
    if (!point.isOpenLoop()) {
        const int users = std::clamp(point.concurrency, 1, int(starts.size()));
        loadedFrom = starts[std::size_t(users - 1)];
        qint64 firstEndAfter = -1;
        for (const RequestRecord &r : measured)
            if (!r.warmup && endOf(r) >= lastStart && (firstEndAfter < 0 || endOf(r) < firstEndAfter))
                firstEndAfter = endOf(r);
        drainFrom = firstEndAfter;
    }
    QList<RequestRecord> kept;
    for (const RequestRecord &r : measured)
        if (!r.warmup && !r.rampUp && r.startNs > loadedFrom && endOf(r) <= drainFrom)
            kept.append(r);
    return kept;
}

SteadyState steadyState(const QList<RequestRecord> &measured, const LoadPoint &point, int minTokensForTpot)
{
    const QList<RequestRecord> kept = steadyRecords(measured, point);
    SteadyState steady;
    steady.requests = int(kept.size());
    if (kept.isEmpty())
        return steady;
    qint64 from = kept.first().startNs, to = endOf(kept.first());
    for (const RequestRecord &r : kept) {
        from = std::min(from, r.startNs);
        to = std::max(to, endOf(r));
    }
    steady.startS = double(from) / 1e9;
    steady.endS = double(to) / 1e9;
    const LevelSummary s = summarizeLevel(kept, point, minTokensForTpot);
    steady.completed = s.completed;
    steady.ttftMs = s.ttftMs;
    steady.tpotMs = s.tpotMs;
    steady.itlMs = s.itlMs;
    steady.e2elMs = s.e2elMs;
    steady.outputThroughput = s.outputThroughput;
    return steady;
}

} // namespace TokenScope::Stats
