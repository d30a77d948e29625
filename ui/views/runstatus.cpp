// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runstatus.h"

#include "core/runoutcome.h"
#include "servermetrics/serverlevel.h"
#include "stats/schedulecheck.h"
#include "stats/workloadcheck.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace TokenScope {

QString RunStatus::inFlight(int requests)
{
    return tr("In flight: %1").arg(requests);
}

QString RunStatus::elapsed(qint64 ms)
{
    const qint64 s = ms / 1000;
    return tr("Elapsed %1").arg(QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0')));
}

ProgressShown RunStatus::progress(const RunProgress &progress, const QList<LoadPoint> &levelPoints, int arms)
{
    if (progress.calibrating) // how many probes it takes is not known ahead; a busy bar would hide the text
        return { 1, 0, tr("Calibrating prompt lengths (probe %1)").arg(progress.done + 1) };
    if (progress.warmup)
        return { std::max(1, progress.total), progress.done,
            tr("Warm-up · %1/%2").arg(progress.done).arg(progress.total) };
    const QLocale locale;
    QStringList parts;
    parts.append(tr("Level %1 of %2").arg(progress.levelIndex + 1).arg(progress.levelCount));
    const bool known = progress.levelIndex >= 0 && progress.levelIndex < levelPoints.size()
        && !isUnnamed(levelPoints.at(progress.levelIndex));
    const QString name = known ? levelName(levelPoints, progress.levelIndex) : progress.point.label();
    parts.append(arms > 1 ? tr("%1 × %2 endpoints").arg(name).arg(arms) : name); // an A/B count is over both
    if (progress.conversationsTotal > 0)
        parts.append(tr("conversations %1/%2").arg(progress.conversationsDone).arg(progress.conversationsTotal));
    else if (progress.conversationsTotal == 0)
        parts.append(tr("%n conversation(s) done", nullptr, progress.conversationsDone));
    if (progress.conversationsTotal >= 0 && progress.total > 0)
        parts.append(tr("turns %1/%2").arg(progress.done).arg(progress.total));
    else if (progress.conversationsTotal >= 0)
        parts.append(tr("%n turn(s) done", nullptr, progress.done));
    else if (progress.total > 0)
        parts.append(QStringLiteral("%1/%2").arg(progress.done).arg(progress.total));
    else
        parts.append(tr("%n done", nullptr, progress.done));
    if (progress.levelDurationS > 0)
        parts.append(tr("%1 s of %2 s")
                         .arg(locale.toString(std::min(progress.levelElapsedS, progress.levelDurationS), 'f', 1),
                             locale.toString(progress.levelDurationS, 'f', progress.levelDurationS < 10 ? 1 : 0)));
    constexpr int kSteps = 1000;
    return { kSteps, int(std::lround(kSteps * OverallProgress::of(progress).fraction)),
        parts.join(QStringLiteral(" · ")) };
}

QString RunStatus::overall(const OverallProgress &overall)
{
    if (overall.levelsDone + overall.levelsLeft == 0)
        return {};
    QStringList parts;
    if (overall.levelsEstimated) {
        parts.append(tr("%n level(s) done", nullptr, overall.levelsDone));
        //: the levels a sweep or a max-rate search is expected to run still, the current one included
        parts.append(tr("about %n more", nullptr, overall.levelsLeft));
    } else {
        parts.append(tr("Run %1%").arg(int(std::floor(100 * overall.fraction))));
    }
    if (overall.remainingS >= 0)
        //: %1: a duration as a clock reads it, e.g. 1:20
        parts.append(tr("about %1 left").arg(clockDuration(overall.remainingS)));
    return parts.join(QStringLiteral(" · "));
}

QString RunStatus::finished(const RunResult &result)
{
    const int measured = static_cast<int>(std::count_if(
        result.records.cbegin(), result.records.cend(), [](const RequestRecord &r) { return !r.warmup; }));
    switch (runOutcome(result)) {
    case Outcome::Cancelled:
        return tr("Run cancelled; the %n finished request(s) are kept.", nullptr, measured) + serverMetricsNote(result);
    case Outcome::Failed:
        // The Requests tab lists each failure with its kind and message.
        return tr("Run failed: no request succeeded. The Requests tab says why each one failed.")
            + serverMetricsNote(result);
    default:
        break;
    }
    const QString outcomeWords = runOutcomeText(result);
    QString message = result.loadPlanOutcome.isEmpty()
        ? tr("Run finished · %1 · %n request(s) measured.", nullptr, measured).arg(outcomeWords)
        //: %2: how a sweep or a max-rate search ended, e.g. the rate it found
        : tr("Run finished · %1 · %n request(s) measured. %2", nullptr, measured)
              .arg(outcomeWords, result.loadPlanOutcome);
    const auto late = std::count_if(result.levels.cbegin(), result.levels.cend(),
        [](const LevelSummary &l) { return !Stats::scheduleProblem(l).isEmpty(); });
    if (late > 0)
        message += u' '
            + tr("%n level(s) did not keep their schedule: hover the highlighted Load cells in Runs.", nullptr,
                int(late));
    return message + workloadNotes(result) + serverMetricsNote(result);
}

QString RunStatus::opened(const RunResult &run)
{
    return tr("Opened the run of %1.").arg(run.startedAt.toString(Qt::ISODate)) + serverMetricsNote(run);
}

QString RunStatus::workloadNotes(const RunResult &result)
{
    const auto count = [&result](const std::function<bool(const LevelSummary &)> &flagged) {
        return int(std::count_if(result.levels.cbegin(), result.levels.cend(), flagged));
    };
    QString notes;
    const int off = count([](const LevelSummary &l) { return l.inputTokensOffTarget > 0; });
    if (off > 0)
        notes += u' '
            + tr("%n level(s) sent prompts off their length: hover the highlighted Input tokens cells.", nullptr, off);
    const int cut = count([](const LevelSummary &l) { return l.outputsShort > 0; });
    if (cut > 0)
        notes += u' '
            + tr("%n level(s) had answers that stopped before max_tokens: hover the highlighted TPOT cells.", nullptr,
                cut);
    const QString cache = Stats::cacheWarning(result);
    if (!cache.isEmpty())
        notes += u' ' + cache;
    return notes;
}

QString RunStatus::serverMetricsNote(const RunResult &result)
{
    // The window's own words for scrapeCountText (docs/metrics.md#server-metrics), which the CLI
    // prints in English.
    if (result.config.serverMetricsUrl.isEmpty())
        return {};
    const QString url = proxyUrlForDisplay(result.config.serverMetricsUrl);
    if (result.serverMetrics.isEmpty())
        return u' ' + tr("No server figures: %1 was not scraped during the run.").arg(url);
    const int ok = result.serverScrapesOk();
    const int failed = result.serverScrapesFailed();
    const QString firstError = firstScrapeError(result);
    if (ok == 0)
        return u' ' + tr("No server figures: none of the %n scrape(s) of %1 succeeded.", nullptr, failed).arg(url)
            + firstError;
    QString note
        = u' ' + tr("Server metrics from %1: %2 of %n scrape(s) succeeded.", nullptr, ok + failed).arg(url).arg(ok);
    if (failed > 0)
        note += u' ' + tr("%n scrape(s) failed.", nullptr, failed) + firstError;
    return note + serverSeriesNotes(result);
}

QString RunStatus::firstScrapeError(const RunResult &result)
{
    constexpr int kErrorChars = 200; // cut so the status bar keeps one line
    for (const ServerMetricsSample &sample : result.serverMetrics)
        if (!sample.ok && !sample.error.trimmed().isEmpty())
            return u' ' + tr("First error: %1").arg(sample.error.simplified().left(kErrorChars));
    return {};
}

QString RunStatus::serverSeriesNotes(const RunResult &result)
{
    const auto &samples = result.serverMetrics;
    QString notes;
    if (std::none_of(
            samples.cbegin(), samples.cend(), [](const ServerMetricsSample &s) { return s.ok && s.hasKnownSeries(); }))
        notes += u' '
            + tr("None exposed running or waiting requests or KV-cache usage under a name TokenScope knows, so there "
                 "are no server figures.");
    const qint64 dropped = std::accumulate(samples.cbegin(), samples.cend(), qint64(0),
        [](qint64 sum, const ServerMetricsSample &s) { return sum + s.seriesDropped; });
    if (dropped > 0)
        notes += u' ' + tr("%n sample(s) left out: a scrape exposed more series than are kept.", nullptr, int(dropped));
    const qint64 rejected = std::accumulate(samples.cbegin(), samples.cend(), qint64(0),
        [](qint64 sum, const ServerMetricsSample &s) { return sum + s.valuesRejected; });
    if (rejected > 0)
        notes += u' ' + tr("%n server value(s) out of range not taken as figures.", nullptr, int(rejected));
    return notes;
}

bool RunStatus::isUnnamed(const LoadPoint &point)
{
    return !point.isOpenLoop() && point.concurrency <= 0;
}

} // namespace TokenScope
