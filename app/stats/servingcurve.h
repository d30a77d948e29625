// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QList>
#include <QString>

/// The serving curve (docs/metrics.md#the-serving-curve-and-its-knee): latency against the
/// throughput the server achieved, one point per level, and where latency takes off. Pure
/// functions; thread-safe.
namespace TokenScope::Stats {

/// One level on the curve. Latencies count from the send (the server's queueing shows in them);
/// -1 where the level has no sample.
struct ServingPoint {
    int levelIndex = 0;
    QString label; ///< the level's load point, "r=40/s"
    double throughput = 0; ///< completed requests per second (request_throughput)
    double outputThroughput = 0; ///< output tokens per second
    double ttftP50Ms = -1;
    double ttftP95Ms = -1;
    double tpotP50Ms = -1;
    /// The 95 % intervals of the figures above (docs/metrics.md#confidence-intervals); invalid
    /// where the level had too few samples: charts draw them as whiskers.
    ConfidenceInterval ttftP50Ci, ttftP95Ci, tpotP50Ci, outputThroughputCi;
};

/// The levels of arm `arm` with at least one completed request, in order of throughput.
QList<ServingPoint> servingCurve(const QList<LevelSummary> &levels, int arm = 0);

/// Where TTFT takes off: the first point (by throughput) whose median TTFT is more than twice that
/// of the lowest-throughput point. `takeOff` is its index in the curve and `before` the point
/// just under it; both -1 when TTFT never takes off (or the curve has fewer than two points).
struct Knee {
    int before = -1;
    int takeOff = -1;
    QString sentence; ///< in plain words, naming the rates; empty for fewer than two points
};
Knee findKnee(const QList<ServingPoint> &curve);

} // namespace TokenScope::Stats
