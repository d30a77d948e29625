// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace TokenScope::Testing {

/// How a tokenscope-cli process ended: its exit code (-1 when it crashed or did not finish) and
/// everything it wrote.
struct CliResult
{
    int exitCode = -1;
    QByteArray out, err;
};

/// Runs the built tokenscope-cli with `args` to its end (at most two minutes; a test failure if not).
CliResult runCli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

} // namespace TokenScope::Testing
