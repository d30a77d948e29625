// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QString>

/// Whether an open-loop level kept its schedule (docs/metrics.md#did-the-client-keep-the-schedule).
/// Pure functions; thread-safe. The sentences start lower-case so that callers can put the
/// level's name before them ("r=40/s c≤4: the client did not keep the schedule: …").
namespace TokenScope::Stats {

inline constexpr double kKeptRateShare = 0.95; ///< sent below this share of the rate asked: not kept
inline constexpr double kMaxSendLagP99Ms = 10; ///< the client's send lag p99 above this: it fell behind

/// Why the level's schedule was not kept, in plain words, or empty when it was (and for
/// closed-loop levels, which have none). The rate asked is the one its schedule asked
/// (scheduledRequestRate); the send lag is the client's own, the wait for the cap left out. A
/// shortfall while the client's lag stayed within bounds and the cap held requests is put on the cap.
QString scheduleProblem(const LevelSummary &level);

/// Whether the client itself fell behind an open-loop level's schedule (its send lag, or a rate
/// shortfall the cap does not explain): scheduleProblem() then starts "the client did not keep".
bool clientFellBehindSchedule(const LevelSummary &level);

/// How the concurrency cap held requests back, or empty when none waited.
QString capWaitText(const LevelSummary &level);

} // namespace TokenScope::Stats
