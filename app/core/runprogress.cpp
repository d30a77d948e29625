// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runprogress.h"

#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

// How far into its level the run is, 0..1: by the clock for a level bounded by a duration, else
// by its requests; 0 while a level of unknown size runs.
double levelFraction(const RunProgress &p)
{
    if (p.levelDurationS > 0)
        return std::clamp(p.levelElapsedS / p.levelDurationS, 0.0, 1.0);
    if (p.total > 0)
        return std::clamp(double(p.done) / p.total, 0.0, 1.0);
    return 0;
}

// Seconds the level under way will take in all: its time so far stretched by how far it is, or,
// before it has a pace of its own, the mean of the levels before it.
double levelLengthS(const RunProgress &p, double levelFraction)
{
    if (levelFraction > 0)
        return p.levelElapsedS / levelFraction;
    const double earlierS = std::max(0.0, p.measuredElapsedS - p.levelElapsedS);
    return std::max(p.levelElapsedS, p.levelIndex > 0 ? earlierS / p.levelIndex : 0.0);
}

} // namespace

OverallProgress OverallProgress::of(const RunProgress &p)
{
    OverallProgress overall;
    overall.levelsEstimated = p.levelCountEstimated;
    if (p.warmup || p.calibrating || p.levelIndex < 0 || p.levelCount <= 0)
        return overall;
    const int levels = std::max(p.levelCount, p.levelIndex + 1);
    overall.levelsDone = p.levelIndex;
    overall.levelsLeft = levels - p.levelIndex;
    const double levelShare = levelFraction(p);
    overall.fraction = std::clamp((p.levelIndex + levelShare) / levels, 0.0, 1.0);
    if (overall.fraction >= kMinFractionForEta && p.measuredElapsedS >= kMinSecondsForEta) {
        const double lengthS = levelLengthS(p, levelShare);
        overall.remainingS = lengthS * (1 - levelShare) + lengthS * (overall.levelsLeft - 1);
    }
    return overall;
}

QString clockDuration(double seconds)
{
    const qint64 s = std::max<qint64>(0, qint64(std::ceil(seconds)));
    const auto twoDigits = [](qint64 n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); };
    if (s < 3600)
        return QStringLiteral("%1:%2").arg(s / 60).arg(twoDigits(s % 60));
    return QStringLiteral("%1:%2:%3").arg(s / 3600).arg(twoDigits(s / 60 % 60), twoDigits(s % 60));
}

} // namespace TokenScope
