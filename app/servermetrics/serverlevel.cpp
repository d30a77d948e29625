// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverlevel.h"

#include <algorithm>

namespace TokenScope {

namespace {

/// The mean and max of one figure over samples, skipping those where it is absent.
struct MeanMax {
    double sum = 0;
    double max = 0;
    int count = 0;

    void add(double v)
    {
        if (!ServerMetricsSample::has(v))
            return;
        max = count == 0 ? v : std::max(max, v);
        sum += v;
        ++count;
    }
    std::optional<double> mean() const { return count > 0 ? std::optional(sum / count) : std::nullopt; }
    std::optional<double> maximum() const { return count > 0 ? std::optional(max) : std::nullopt; }
};

} // namespace

void summarizeServerMetrics(const QList<ServerMetricsSample> &samples, qint64 fromNs, qint64 toNs, LevelSummary *level)
{
    MeanMax running, waiting, cache;
    int scrapes = 0;
    for (const ServerMetricsSample &s : samples) {
        if (!s.ok || s.offsetNs < fromNs || s.offsetNs > toNs)
            continue;
        ++scrapes;
        running.add(s.running);
        waiting.add(s.waiting);
        cache.add(s.cacheUsage);
    }
    level->serverScrapes = scrapes;
    level->serverRunningMean = running.mean();
    level->serverRunningMax = running.maximum();
    level->serverWaitingMean = waiting.mean();
    level->serverWaitingMax = waiting.maximum();
    level->serverCacheUsageMax = cache.maximum();
}

} // namespace TokenScope
