// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

namespace TokenScope::Testing {

/// A small hand-made run (two levels, a warm-up, a failure, a short output) for the report tests.
RunResult sampleRun();
/// Milliseconds as the engine's nanoseconds.
qint64 msToNs(double ms);

} // namespace TokenScope::Testing
