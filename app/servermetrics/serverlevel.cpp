// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverlevel.h"

#include <QCoreApplication>

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

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ServerMetrics)
};

QString count(double v)
{
    return QString::number(v, 'f', v == std::floor(v) ? 0 : 1);
}

} // namespace

QString serverLevelText(const LevelSummary &level)
{
    if (level.serverScrapes == 0)
        return {};
    QStringList parts;
    if (level.serverRunningMean)
        parts << Text::tr("running %1 on average (max %2)").arg(count(*level.serverRunningMean), count(*level.serverRunningMax));
    if (level.serverWaitingMean)
        parts << Text::tr("waiting %1 (max %2)").arg(count(*level.serverWaitingMean), count(*level.serverWaitingMax));
    if (level.serverCacheUsageMax)
        parts << Text::tr("KV cache up to %1 %").arg(std::lround(*level.serverCacheUsageMax * 100));
    if (parts.isEmpty())
        return Text::tr("server: %n scrape(s), none with running, waiting or KV-cache figures", nullptr, level.serverScrapes);
    return Text::tr("server: %1").arg(parts.join(QStringLiteral(", ")));
}

QString scrapeCountText(const RunResult &run)
{
    if (run.config.serverMetricsUrl.isEmpty())
        return {};
    const QString url = proxyUrlForDisplay(run.config.serverMetricsUrl);
    const int ok = run.serverScrapesOk();
    const int failed = run.serverScrapesFailed();
    const auto firstFailure = std::find_if(run.serverMetrics.begin(), run.serverMetrics.end(),
        [](const ServerMetricsSample &s) { return !s.ok; });
    const QString first = firstFailure == run.serverMetrics.end() ? QString() : firstFailure->error;
    if (run.serverMetrics.isEmpty())
        return Text::tr("Server metrics from %1: no scrape finished during the run, so the server's figures are missing.").arg(url);
    if (ok == 0)
        return Text::tr("Server metrics from %1: none of %2 scrapes succeeded (first error: %3), so the server's figures "
                  "are missing.").arg(url, QString::number(failed), first);
    if (failed == 0)
        return Text::tr("Server metrics from %1: all %2 scrapes succeeded.").arg(url, QString::number(ok));
    return Text::tr("Server metrics from %1: %2 of %3 scrapes succeeded; %4 failed (first: %5).")
        .arg(url, QString::number(ok), QString::number(run.serverMetrics.size()), QString::number(failed), first);
}

} // namespace TokenScope
