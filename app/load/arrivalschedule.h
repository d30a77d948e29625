// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/loadpoint.h"

#include <QList>
#include <QtGlobal>

/// Open-loop schedules (docs/metrics.md#open-loop-arrivals): when each request of a level is due,
/// precomputed from a seed before the level starts, so the engine fires sends against absolute
/// times and a run can be repeated exactly. Pure functions; thread-safe.
namespace TokenScope::Schedule {

/// One request's place in a level's schedule.
struct Send {
    qint64 atNs = 0; ///< when it is due, from the level's start
    bool rampUp = false; ///< due while the rate still ramps up: not counted in the statistics
};

/// What shapes a level's schedule besides its load point.
struct Bounds {
    int count = 0; ///< measured requests when bounded by count (durationS == 0)
    double durationS = 0; ///< > 0: measured requests are due until this long after the ramp-up
    double rampUpS = 0; ///< the rate rises linearly from 0 to the point's rate over this long first
};

/// The sends of one open-loop level, in order.
/// - Gaps: constant 1/r; Poisson exponential with mean 1/r; gamma with shape B and scale 1/(rB).
/// - Bounded by count: the measured sends are rescaled so that they span exactly (n-1)/r, as
///   vLLM does: a level asked for 40 req/s sends at 40 req/s, not at what the draw happened to give.
/// - Ramp-up of S seconds: the rate grows as r·t/S; a process of rate r is time-warped onto it
///   (t = sqrt(2·S·s) while s < S/2, then t = s + S/2), so the ramp holds about r·S/2 sends.
/// - All at once (rate infinite): `count` sends due at 0, no ramp.
QList<Send> arrivals(const LoadPoint &point, const Bounds &bounds, quint32 seed);

/// Mean and coefficient of variation (std / mean) of the gaps between successive times, in the
/// times' unit; {0, 0} for fewer than three times. How the tests and the independent check judge
/// a schedule: CV is about 1 for Poisson, 0 for constant and 1/sqrt(B) for gamma.
struct GapStats {
    double mean = 0;
    double cv = 0;
};
GapStats gapStats(const QList<qint64> &times);

} // namespace TokenScope::Schedule
