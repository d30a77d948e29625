// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runresult.h"
#include "core/servermetrics.h"

#include <QList>

namespace TokenScope {

/// Fills the server figures of `level` (docs/metrics.md#server-metrics) from the successful scrapes
/// sent in [fromNs, toNs] of the run's clock: their count, the mean and max of running and waiting,
/// the max of cache usage. A figure no scrape of the window reported stays absent.
void summarizeServerMetrics(const QList<ServerMetricsSample> &samples, qint64 fromNs, qint64 toNs, LevelSummary *level);

// Sentences in English, like the other figures' sentences the CLI and the reports share.

/// "server: running 7.9 on average (max 8), waiting 7.6 (max 8), KV cache up to 34 %" for a level
/// the server reported on; empty when no scrape of the level succeeded.
QString serverLevelText(const LevelSummary &level);
/// How the scraping went: "Server metrics from http://h:8000/metrics: 58 of 60 scrapes succeeded;
/// 2 failed (first: …)." When none succeeded (or none was sent) it starts "no server figures: …":
/// a warning, since the reading then rests on the client alone. Says so too when no scrape had a
/// figure TokenScope knows, when scrapes had more series than are kept and when values were refused
/// as out of range. Empty when the run had no metrics URL.
QString scrapeCountText(const RunResult &run);

} // namespace TokenScope
