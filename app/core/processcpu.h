// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace TokenScope {

/// CPUs this process may run on (its affinity mask); at least 1.
int usableCores();

/// CPU time (user + system, seconds) this process has used, less what the threads of an
/// in-process simulator (named "sim-…") used: the client's own CPU
/// (docs/metrics.md#measurement-quality). Linux /proc accounting, 10 ms resolution; -1 when
/// /proc cannot be read.
double clientCpuSeconds();

/// The machine's CPU time so far, from /proc/stat (clock ticks, every CPU): in use and in all.
struct MachineCpuTimes
{
    long long busy = -1; ///< -1 when /proc/stat cannot be read
    long long total = 0;
};
MachineCpuTimes machineCpuTimes();

/// Share (0..1) of the machine's CPU time in use between two readings; -1 when unknown.
double machineCpuShare(const MachineCpuTimes &from, const MachineCpuTimes &to);

} // namespace TokenScope
