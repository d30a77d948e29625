// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

namespace TokenScope::Testing {

/// Real runs against one in-process simulator that serves two models at different speeds:
/// "sim-slow" decodes at 12 ms per token, "sim-fast" at 3 ms (SimConfig::decodeIntervalMsByModel).
/// Each run: concurrency levels 1 and 4, 4 requests per concurrency, 24 output tokens, no warm-up.
/// Measured once per test process and shared (read-only).
struct ModelRuns
{
    RunResult slow; ///< model sim-slow, max_tokens 24
    RunResult fast; ///< model sim-fast, max_tokens 24
    RunResult fastLonger; ///< model sim-fast, max_tokens 32: two inputs differ from `slow`
};
const ModelRuns &modelRuns();

} // namespace TokenScope::Testing
