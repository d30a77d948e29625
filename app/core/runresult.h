// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "levelsummary.h"
#include "requestrecord.h"
#include "runconfig.h"
#include "servermetrics.h"

#include <QDateTime>
#include <QList>

namespace TokenScope {

/// A whole run: what was asked, what was measured, and the per-level summaries.
struct RunResult {
    RunConfig config;
    QDateTime startedAt;
    QList<RequestRecord> records; ///< warm-ups included, flagged
    QList<LevelSummary> levels;
    /// Every level the run had, in order: config.loadPoints() for a fixed list; for a sweep or a
    /// max-rate search also the levels it chose as it went.
    QList<LoadPoint> loadPoints;
    /// A sweep or a max-rate search: why it ended where it did, in plain words (the saturation
    /// that stopped a sweep, the rate a search found); empty otherwise.
    QString loadPlanOutcome;
    /// A max-rate search: the highest rate that met every constraint; -1 when none did or no search.
    double maxRateFound = -1;
    bool cancelled = false;
    /// Every scrape of config.serverMetricsUrl, in the order sent, failed ones included. An A/B run
    /// scrapes arm A's metrics URL only: its samples and level figures are arm A's.
    QList<ServerMetricsSample> serverMetrics;
    int serverScrapesOk() const;
    int serverScrapesFailed() const { return int(serverMetrics.size()) - serverScrapesOk(); }
    /// An A/B interleaved run: the endpoints it alternated between (arms[0] == config). Each
    /// record and level summary names its arm. Empty for an ordinary run.
    QList<RunConfig> arms;
    /// Set by armResult(): this result is arm `armOf` (0 = A) of an interleaved run over
    /// `interleavedArms` (keys in memory only), so that its exports can say so. -1 and empty otherwise.
    int armOf = -1;
    QList<RunConfig> interleavedArms;

    /// loadPoints, or config.loadPoints() for a result that has none (read back from records).
    QList<LoadPoint> points() const { return loadPoints.isEmpty() ? config.loadPoints() : loadPoints; }
    /// The measured (non-warm-up) records of the level at `levelIndex`: every arm's, or arm `arm`'s.
    QList<RequestRecord> recordsOfLevel(int levelIndex, int arm = -1) const;
    bool isInterleaved() const { return arms.size() > 1; }
    /// One arm of an interleaved run as an ordinary run: its config, records and level summaries.
    RunResult armResult(int arm) const;
};

/// "A", "B", … for arm 0, 1, … of an A/B interleaved run.
QString armLetter(int arm);

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunResult)
