// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverlevel.h"

#include "core/englishcount.h"

#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

/// The mean and max of one figure over samples, skipping those where it is absent or out of its
/// range (docs/metrics.md#server-metrics): a scrape reads none, but samples also come back from
/// the history, which older versions filled without the ranges.
struct MeanMax
{
    bool (*inRange)(double);
    double sum = 0;
    double max = 0;
    int count = 0;

    void add(double v)
    {
        if (!inRange(v))
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
    MeanMax running { ServerMetricsSample::isRequestCount };
    MeanMax waiting { ServerMetricsSample::isRequestCount };
    MeanMax cache { ServerMetricsSample::isFraction };
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

// A level's figures come from summarizeServerMetrics() or from the history: a figure out of its
// range there (an older version's, or a hand-edited file's) is said as no figure, never converted.
bool isCount(const std::optional<double> &v)
{
    return v && ServerMetricsSample::isRequestCount(*v);
}

} // namespace

QString serverLevelText(const LevelSummary &level)
{
    if (level.serverScrapes == 0)
        return {};
    QStringList parts;
    if (isCount(level.serverRunningMean) && isCount(level.serverRunningMax))
        parts << QStringLiteral("running %1 on average (max %2)")
                     .arg(count(*level.serverRunningMean), count(*level.serverRunningMax));
    if (isCount(level.serverWaitingMean) && isCount(level.serverWaitingMax))
        parts << QStringLiteral("waiting %1 (max %2)")
                     .arg(count(*level.serverWaitingMean), count(*level.serverWaitingMax));
    if (level.serverCacheUsageMax && ServerMetricsSample::isFraction(*level.serverCacheUsageMax))
        parts << QStringLiteral("KV cache up to %1 %")
                     .arg(std::lround(*level.serverCacheUsageMax * 100)); // 0..100: in range of long
    if (parts.isEmpty())
        return QStringLiteral("server: %1, none with running, waiting or KV-cache figures")
            .arg(countOf(level.serverScrapes, u"scrape", u"scrapes"));
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
    if (ok == 0 && failed == 1)
        return QStringLiteral("no server figures: the one scrape of %1 failed%2.").arg(url, first);
    if (ok == 0)
        return QStringLiteral("no server figures: none of the %1 scrapes of %2 succeeded%3.")
            .arg(QString::number(failed), url, first);
    QString text = QStringLiteral("Server metrics from %1: %2 of %3 succeeded")
                       .arg(url, QString::number(ok), countOf(ok + failed, u"scrape", u"scrapes"));
    text += failed > 0 ? QStringLiteral("; %1 failed%2.").arg(QString::number(failed), first) : QStringLiteral(".");
    const bool known = std::any_of(run.serverMetrics.begin(), run.serverMetrics.end(),
        [](const ServerMetricsSample &s) { return s.ok && s.hasKnownSeries(); });
    if (!known)
        text += QStringLiteral(" None exposed running or waiting requests or KV-cache usage under a name TokenScope "
                               "knows, so there are no server figures.");
    // The bounds and ranges of docs/metrics.md#server-metrics, said when they took something out.
    qint64 dropped = 0;
    qint64 rejected = 0;
    int scrapesDropping = 0;
    for (const ServerMetricsSample &s : run.serverMetrics) {
        dropped += s.seriesDropped;
        rejected += s.valuesRejected;
        scrapesDropping += s.seriesDropped > 0 ? 1 : 0;
    }
    if (dropped > 0)
        text += QStringLiteral(" %1 exposed more series than are kept (%2 of known names, %3 others): %4 left "
                               "out of their series.")
                    .arg(countOf(scrapesDropping, u"scrape", u"scrapes"),
                        QString::number(ServerMetricsSample::kMaxKnownNameSeries),
                        QString::number(ServerMetricsSample::kMaxOtherSeries), countOf(dropped, u"sample", u"samples"));
    if (rejected > 0)
        text += QStringLiteral(" %1 of running, waiting, KV-cache usage or the counters %2 out of range "
                               "(negative, infinite, a count above a billion, a cache usage outside 0..1) and %2 "
                               "not taken as figures.")
                    .arg(countOf(rejected, u"value", u"values"), wordFor(rejected, u"was", u"were"));
    return text;
}

} // namespace TokenScope
