// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace TokenScope {

/// What a length draw is for: each has its own stream of numbers.
enum class LengthDraw : quint64 { Input = 0x696E, Output = 0x6F7574 };

/// Request `index` of the level at `levelIndex` for `arm` draws a length uniformly from the
/// integers of [center(1-spread), center(1+spread)] (vLLM's random-range-ratio), at least 1.
/// Deterministic for a seed: a hash of the request's place, not a generator's state, so the
/// same request of a rerun gets the same length whatever order requests went out in.
inline int drawLength(int center, double spread, quint32 seed, LengthDraw what, int levelIndex, int index, int arm)
{
    if (spread <= 0)
        return std::max(1, center);
    const int lo = std::max(1, int(std::lround(center * (1 - spread))));
    const int hi = std::max(lo, int(std::lround(center * (1 + spread))));
    quint64 z = quint64(what) ^ (quint64(seed) << 20) ^ (quint64(quint32(levelIndex + 2)) << 40)
        ^ (quint64(quint32(index)) * 0x9E3779B97F4A7C15ULL) ^ (quint64(arm) << 60);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; // SplitMix64's finaliser
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return lo + int(z % quint64(hi - lo + 1));
}

} // namespace TokenScope
