// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

namespace TokenScope::Testing {

/// A small hand-made run (two levels, a warm-up, a failure, a short output) for the report tests.
RunResult sampleRun();
/// A hand-made open-loop run (docs/metrics.md#latency-from-the-schedule): config rates 10/s and
/// inf under a cap of 4, goodput ttft:100, no warm-up. Level 0 (r=10/s c≤4): five requests due
/// every 100 ms from 0, each sent 1 ms late, TTFT 50 ms, 21 chunks 10 ms apart. Level 1 (r=inf
/// c≤4): six due at 1000 ms; three completed and one incomplete sent 0.5 ms late, one completed
/// after 249.5 ms waiting for the cap (sent at 1250 ms), one never sent (not_sent at 1400 ms, all
/// 400 ms of its lag the cap's); TTFT 150 ms, chunks 2 ms apart.
/// loadPoints are the config's; levels come from Stats::summarizeRun.
RunResult sampleRateRun();
/// sampleRateRun() with level 0's requests sent `lagMs` after their schedule (instead of 1 ms) and
/// `gapMs` apart (instead of 100 ms), levels summarised again.
RunResult sampleRateRunSentLate(double lagMs, double gapMs);
/// sampleRun() with the server's metrics scraped from http://ops:hunter2@gpu-box:8000/metrics every
/// 100 ms from 0 to 800 ms: the scrape at 300 ms failed ("Connection refused"), the others gave
/// running min(i, 2) and waiting 3 from 600 ms on (0 before), cache usage 0.1 x i; level 0 (c=1)
/// ran 1 (max 1) with 0 waiting and cache at most 30 %, level 1 (c=2) ran 2 with 1.5 waiting on
/// average (max 3) and cache at most 80 %, each over 4 scrapes.
RunResult sampleRunWithServerMetrics();
/// Milliseconds as the engine's nanoseconds.
qint64 msToNs(double ms);

} // namespace TokenScope::Testing
