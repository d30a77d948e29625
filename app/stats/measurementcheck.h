// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runconfig.h"

/// The client's check of its own measurement, per level (docs/metrics.md#measurement-quality).
/// Pure functions; thread-safe. The sentences are marked for translation with
/// QCoreApplication::translate("MeasurementCheck", ...): English in the CLI, the window's language
/// there; the verdict ("ok", "degraded") is a key and never translated.
namespace TokenScope::Stats {

/// The probe on the thread that takes the timestamps fired later than this at p99: a chunk read
/// then may carry as much delay.
inline constexpr double kMaxTimestampLagP99Ms = 2.0;
/// The client used more than this share of its usable cores: it competed with itself.
inline constexpr double kMaxClientCpuShare = 0.8;
/// From this CPU share of the client's, a late thread was kept busy by the client itself.
inline constexpr double kBusyClientCpuShare = 0.5;
/// From this share of the machine's CPU in use, a late thread waited for a CPU others held.
inline constexpr double kBusyMachineCpuShare = 0.8;
/// Chunks that shared a read with an earlier one, past which a slow client's merging shows in ITL.
inline constexpr double kMaxCoalescedShare = 0.05;

/// What stands between a socket read and its timestamp under the run's transport, in plain words.
QString handoffText(const RunConfig &config);

/// Sets `level->quality.verdict` `reasons` and `handoff` from the figures the level holds: the timestamp
/// thread's lag, the client's CPU, coalesced reads, and for open loop the schedule. `config` says
/// which transport ran (where its timestamps are taken, which remedy applies).
void assessMeasurement(LevelSummary *level, const RunConfig &config);

/// One line on the level's measurement, lower-case: "measurement ok: …" with the figures behind
/// it, or "measurement degraded: " and the reasons; empty for a level nobody assessed.
QString measurementText(const LevelSummary &level);

} // namespace TokenScope::Stats
