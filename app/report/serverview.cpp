// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverview.h"

#include <algorithm>

namespace TokenScope::Report::Detail {

namespace {

using Figure = std::optional<double> LevelSummary::*;

// A figure out of its range (docs/metrics.md#server-metrics) is missing: a scrape keeps none, but a
// level read back from an older history may hold one.
ResultsColumn figureColumn(const QString &key, const QString &header, int decimals, Figure figure,
    bool (*inRange)(double) = ServerMetricsSample::isRequestCount, double scale = 1)
{
    return { key, header, decimals, [figure, inRange, scale](const LevelRow &row) {
                const std::optional<double> &value = row.level->*figure;
                return value && inRange(*value) ? CellValue(*value * scale) : CellValue();
            } };
}

} // namespace

bool hasServerFigures(const RunResult &run)
{
    return std::any_of(run.levels.cbegin(), run.levels.cend(),
        [](const LevelSummary &l) { return l.serverRunningMax || l.serverWaitingMax || l.serverCacheUsageMax; });
}

QList<ResultsColumn> serverViewColumns()
{
    return {
        { QStringLiteral("level"), QStringLiteral("Level"), 0,
            [](const LevelRow &row) { return CellValue(levelName(row.run->points(), row.level->levelIndex)); }, false },
        { QStringLiteral("server_scrapes"), QStringLiteral("Scrapes"), 0,
            [](const LevelRow &row) { return CellValue(double(row.level->serverScrapes)); } },
        figureColumn(QStringLiteral("server_running_mean"), QStringLiteral("Running (mean)"), 1,
            &LevelSummary::serverRunningMean),
        figureColumn(
            QStringLiteral("server_running_max"), QStringLiteral("Running (max)"), 0, &LevelSummary::serverRunningMax),
        figureColumn(QStringLiteral("server_waiting_mean"), QStringLiteral("Waiting (mean)"), 1,
            &LevelSummary::serverWaitingMean),
        figureColumn(
            QStringLiteral("server_waiting_max"), QStringLiteral("Waiting (max)"), 0, &LevelSummary::serverWaitingMax),
        figureColumn(QStringLiteral("server_cache_usage_max"), QStringLiteral("KV cache (max, %)"), 1,
            &LevelSummary::serverCacheUsageMax, ServerMetricsSample::isFraction, 100),
    };
}

} // namespace TokenScope::Report::Detail
