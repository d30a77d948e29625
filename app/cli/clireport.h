// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace TokenScope::Cli {

/// `tokenscope-cli report DIR [--definitions TOOL] [--format table|md|json] [--out FILE]`: a stored
/// run directory (or the A/B parent of A/ and B/, per arm) re-rendered, under TokenScope's
/// definitions or another tool's (docs/metrics.md#8-the-same-names-in-other-tools). `args` starts
/// with the command name. Returns the exit code: 0, 1 (the directory cannot be read: stderr names
/// the file), 2 (bad arguments), 5 (--out could not be written).
int reportCommand(const QStringList &args);

} // namespace TokenScope::Cli
