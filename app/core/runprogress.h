// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loadpoint.h"

#include <QMetaType>
#include <QString>

namespace TokenScope {

/// Where a run stands; emitted by the engine whenever a request finishes. Plain value type.
struct RunProgress {
    int levelIndex = 0; ///< 0-based; -1 during warm-up
    int levelCount = 0;
    int concurrency = 0; ///< the level's users, or its cap under a rate (0 = none)
    LoadPoint point; ///< the level under way (warm-up: a default point)
    int done = 0; ///< finished requests of this level (ok or failed)
    int failed = 0;
    int total = 0; ///< requests this level will issue; 0 while a duration-bounded closed-loop level runs
    /// A duration-bounded level: how long it lasts (ramp-up included); 0 otherwise.
    double levelDurationS = 0;
    /// How long the level under way has run (any level; 0 during warm-up and calibration).
    double levelElapsedS = 0;
    int inFlight = 0;
    /// A level of conversations (docs/methodology.md#conversations): `done` and `total` count its
    /// turns; these count the conversations that ended, and that it will hold (0: not known ahead, a
    /// duration-bounded level; -1: the level sends single requests).
    int conversationsDone = 0;
    int conversationsTotal = -1;
    bool warmup = false;
    /// Calibration probes for prompts of N tokens are under way (docs/methodology.md#prompts-of-exactly-n-tokens);
    /// `done` counts the probes answered. warmup is set too: nothing of it is measured.
    bool calibrating = false;
    /// Seconds since the first measured level began (warm-up and calibration excluded); 0 before it.
    double measuredElapsedS = 0;
    /// levelCount is the plan's estimate, not a count: a sweep or a max-rate search chooses its
    /// levels from what it measures and may end sooner.
    bool levelCountEstimated = false;
};

/// How far the whole run is, from one RunProgress (docs/metrics.md#overall-progress). Each planned
/// level weighs the same: the levels of a plan send the same number of requests or last the same
/// duration. Plain value type.
struct OverallProgress
{
    double fraction = 0; ///< 0..1 of the measured levels; 0 during warm-up and calibration
    int levelsDone = 0;
    int levelsLeft = 0; ///< after the current one ends, the current one included while it runs
    bool levelsEstimated = false; ///< RunProgress::levelCountEstimated
    /// Seconds still to go: the rest of the level under way at its own pace so far, and each later
    /// level as long as this one (levels grow heavier, so none is taken to be quicker). −1 until it
    /// means something (kMinFractionForEta of the run done and kMinSecondsForEta measured).
    double remainingS = -1;

    static constexpr double kMinFractionForEta = 0.05;
    static constexpr double kMinSecondsForEta = 2.0;

    static OverallProgress of(const RunProgress &progress);
};

/// "0:42", "12:05" or "1:02:05": a duration of whole seconds as a clock reads it (rounded up, so
/// the last seconds never read 0:00).
QString clockDuration(double seconds);

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunProgress)
