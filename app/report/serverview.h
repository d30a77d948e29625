// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportformat.h"

/// The "Server view" table of report.html and report.md: per level, the server's own figures over
/// the scrapes of its metrics sent while the level ran (docs/metrics.md#server-metrics). Internal to
/// app/report; pure; thread-safe.
namespace TokenScope::Report::Detail {

/// Whether any level of `run` has a server figure (running, waiting or KV-cache usage); without
/// one, the reports leave the table out.
bool hasServerFigures(const RunResult &run);

/// The columns of the table: the level's name, its successful scrapes, running and waiting (mean
/// and max), the KV-cache usage's max in %. A figure the server did not give is missing.
QList<ResultsColumn> serverViewColumns();

} // namespace TokenScope::Report::Detail
