// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QString>

/// Every rule about a RunConfig, in one place: the window's forms, RunSession, the CLI and the
/// engine all ask here before a run (docs/architecture.md#the-run-check). Each function returns
/// an empty string or what is wrong, in words a user can act on. Pure functions; thread-safe.
namespace TokenScope::RunCheck {

/// The bounds loadProblem() holds numbers to (docs/metrics.md#number-limits): below the lowest
/// rate a level's send times would not fit in nanoseconds; beyond the longest duration, grace or
/// ramp-up its timers would not fit in milliseconds; and a level bounded by a duration schedules
/// rate x (duration + ramp-up) sends up front, at most kMaxScheduledSends.
constexpr double kMinRequestRate = 0.001;
constexpr double kMaxLevelSeconds = 7 * 24 * 3600;
constexpr double kMaxScheduledSends = 10'000'000;

/// Why the load settings (mode, levels or rates, cap, duration, sweep, search) cannot run, or empty.
QString loadProblem(const RunConfig &config);
/// Why the workload settings (lengths, spreads, shared prefix, dataset file) cannot run, or empty.
/// Does not read the dataset: Workloads::makeSource() does, and reports its lines.
QString workloadProblem(const RunConfig &config);
/// The first problem of the whole config (endpoint, model, load, request settings, workload,
/// server metrics, extra body, headers, CA file), or empty when it can run.
QString problem(const RunConfig &config);

} // namespace TokenScope::RunCheck
