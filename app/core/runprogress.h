// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loadpoint.h"

#include <QMetaType>

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
    /// A duration-bounded level: how long it lasts (ramp-up included) and how long it has run; 0 otherwise.
    double levelDurationS = 0;
    double levelElapsedS = 0;
    int inFlight = 0;
    bool warmup = false;
    /// Calibration probes for prompts of N tokens are under way (docs/methodology.md#prompts-of-exactly-n-tokens);
    /// `done` counts the probes answered. warmup is set too: nothing of it is measured.
    bool calibrating = false;
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunProgress)
