// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "stats/peerdefinitions.h"

#include <QJsonObject>
#include <QString>

/// A run's levels under another tool's definitions (Stats::summarizePeerRun,
/// docs/metrics.md#8-the-same-names-in-other-tools) as a terminal table, Markdown or JSON: a line
/// naming the tool's rules first, the stand-ins for what TokenScope does not store last. Pure
/// functions; thread-safe.
namespace TokenScope::Report {

QString peerTextTable(const RunResult &run, Stats::PeerTool tool);
QString peerMarkdownTable(const RunResult &run, Stats::PeerTool tool);
/// {definitions, title, rules, metric_names, notes, levels: [{…, ttft_ms: {mean, median, std, …}}]}
QJsonObject peerJson(const RunResult &run, Stats::PeerTool tool);

} // namespace TokenScope::Report
