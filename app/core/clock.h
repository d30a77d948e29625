// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>
#include <chrono>

namespace TokenScope {

/// The one clock of the project: std::chrono::steady_clock, which is CLOCK_MONOTONIC on Linux
/// (libstdc++). The engine's timestamps and the simulator's wire log both use it, so an
/// in-process comparison needs no conversion. Thread-safe.
inline qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace TokenScope
