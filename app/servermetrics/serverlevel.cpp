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

namespace {

constexpr int kErrorChars = 200; // a first error, cut so the sentence stays one line

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
        parts << QStringLiteral("running %1 on average (max %2)").arg(count(*level.serverRunningMean), count(*level.serverRunningMax));
    if (level.serverWaitingMean)
        parts << QStringLiteral("waiting %1 (max %2)").arg(count(*level.serverWaitingMean), count(*level.serverWaitingMax));
    if (level.serverCacheUsageMax)
        parts << QStringLiteral("KV cache up to %1 %").arg(std::lround(*level.serverCacheUsageMax * 100));
    if (parts.isEmpty())
        return QStringLiteral("server: %1 scrape(s), none with running, waiting or KV-cache figures").arg(level.serverScrapes);
    return QStringLiteral("server: ") + parts.join(QStringLiteral(", "));
}

QString scrapeCountText(const RunResult &run)
{
    if (run.config.serverMetricsUrl.isEmpty())
        return {};
    const QString url = proxyUrlForDisplay(run.config.serverMetricsUrl);
    const int ok = run.serverScrapesOk();
    const int failed = run.serverScrapesFailed();
    const auto firstFailure = std::find_if(run.serverMetrics.begin(), run.serverMetrics.end(),
        [](const ServerMetricsSample &s) { return !s.ok && !s.error.trimmed().isEmpty(); });
    const QString first = firstFailure == run.serverMetrics.end()
        ? QString()
        : QStringLiteral(" (first: %1)").arg(firstFailure->error.simplified().left(kErrorChars));
    if (run.serverMetrics.isEmpty())
        return QStringLiteral("no server figures: %1 was not scraped during the run.").arg(url);
    if (ok == 0)
        return QStringLiteral("no server figures: none of the %1 scrape(s) of %2 succeeded%3.")
            .arg(QString::number(failed), url, first);
    QString text = QStringLiteral("Server metrics from %1: %2 of %3 scrape(s) succeeded")
                       .arg(url, QString::number(ok), QString::number(ok + failed));
    text += failed > 0 ? QStringLiteral("; %1 failed%2.").arg(QString::number(failed), first) : QStringLiteral(".");
    const bool known = std::any_of(run.serverMetrics.begin(), run.serverMetrics.end(),
        [](const ServerMetricsSample &s) { return s.ok && s.hasKnownSeries(); });
    if (!known)
        text += QStringLiteral(" None exposed running or waiting requests or KV-cache usage under a name TokenScope "
                               "knows, so there are no server figures.");
    return text;
}

} // namespace TokenScope
