// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace TokenScope::Cli {

/// `tokenscope-cli compare BASE OTHER` (or `compare ABDIR`): reads two run directories written by
/// `run --out` / `demo --out` (or one A/B run's parent of A/ and B/) and prints the comparison
/// (docs/history-and-compare.md#8-comparing-from-the-command-line) as a table, Markdown, JSON or HTML,
/// on stdout or into --out FILE. `args` starts with the command name. Returns the exit code: 0
/// compared, 1 a directory unreadable (stderr names the file), 2 bad arguments, 5 --out not
/// written.
int compareCommand(const QStringList &args);

} // namespace TokenScope::Cli
