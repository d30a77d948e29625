// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QString>

/// Whether an open-loop level kept its schedule (docs/metrics.md#did-the-client-keep-the-schedule).
/// Pure functions; thread-safe.
namespace TokenScope::Stats {

inline constexpr double kKeptRateShare = 0.95; ///< achieved below this share of the asked rate: not kept
inline constexpr double kMaxSendLagP99Ms = 10; ///< send lag p99 above this: the client fell behind

/// Why the client did not keep the level's schedule, in plain words, or empty when it did (and
/// for closed-loop levels, which have none). The send lag checked is the client's own: waiting
/// for the concurrency cap is left out of it and reported by capWaitText().
QString scheduleProblem(const LevelSummary &level);

/// How the concurrency cap held requests back ("31 of 60 requests waited for a place under the
/// cap of 4: p99 212 ms. The cap, not the client, held them."), or empty when none waited.
QString capWaitText(const LevelSummary &level);

} // namespace TokenScope::Stats
