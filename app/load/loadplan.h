// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runconfig.h"

#include <QList>
#include <QString>

#include <optional>

namespace TokenScope {

/// Which level a run takes next (docs/metrics.md#load-modes): the next listed one; for a sweep,
/// synchronous, throughput, then N rates evenly spaced above the synchronous one up to the
/// throughput one (as GuideLLM spaces them), until the server saturates; for a max-rate
/// search, throughput, then probes (each a real level) at its rate, doubling while they meet the
/// constraints, then bisecting between the highest that met and the lowest that missed. Pure logic
/// over finished levels' summaries; lives wherever the engine does.
class LoadPlan
{
public:
    explicit LoadPlan(const RunConfig &config);

    /// The level to run first.
    LoadPoint first() const;
    /// After `finished` (the summary of the level just run; arm 0's in an A/B run), the next level,
    /// or nothing when the run is done (then outcome() says why, for a sweep or a search).
    std::optional<LoadPoint> next(const LevelSummary &finished);

    /// For a sweep or a search, in plain words: where the sweep stopped and why, or the rate found
    /// and the probes tried. Empty for a listed run.
    QString outcome() const { return m_outcome; }
    /// A search: the highest probed rate that met every constraint; -1 when none did or no search.
    double maxRateFound() const { return m_maxRate; }

    /// Why the server looks saturated at `level`, or empty: it fell below 95 % of the rate asked,
    /// or its median TTFT (from the schedule) rose above three times the synchronous level's
    /// `synchronousTtftMs` and above the previous level's `previousTtftMs` (-1 when unknown).
    static QString saturation(const LevelSummary &level, double synchronousTtftMs, double previousTtftMs);
    /// Why `level` fails the search's probe, or empty when it passes: every constraint holds, no
    /// request failed and the client kept the schedule.
    static QString probeFailure(const LevelSummary &level, const QList<SloConstraint> &constraints);

private:
    std::optional<LoadPoint> nextListed(const LevelSummary &finished);
    std::optional<LoadPoint> nextSwept(const LevelSummary &finished);
    std::optional<LoadPoint> nextProbe(const LevelSummary &finished);
    std::optional<LoadPoint> finish(const QString &outcome);
    std::optional<LoadPoint> finishSearch();

    RunConfig m_config;
    QList<LoadPoint> m_listed;
    QList<double> m_sweepRates; ///< a sweep's rates still to run
    double m_synchronousTtftMs = -1;
    double m_previousTtftMs = -1;
    int m_nextIndex = 1;
    // The search: the highest rate that met (0: none yet), the lowest that missed (0: none yet), the log.
    double m_low = 0;
    double m_high = 0;
    int m_probes = 0;
    QStringList m_probeLog;
    double m_maxRate = -1;
    QString m_outcome;
};

} // namespace TokenScope
