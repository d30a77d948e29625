// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace TokenScope {

/// Raises RLIMIT_NOFILE's soft limit to the hard limit (desktop sessions often start at 1024,
/// too few for 1024 streams plus an in-process simulator). Returns the soft limit now in force.
long raiseOpenFileLimit();

/// Descriptors a run needs at this concurrency (client sockets, plus the simulator's when it runs
/// in-process, plus a margin for files and Qt's own pipes).
long openFilesNeeded(int concurrency, bool inProcessSimulator);

/// An empty string when the limit fits, otherwise a message saying what to do.
QString checkOpenFileLimit(int concurrency, bool inProcessSimulator);

} // namespace TokenScope
