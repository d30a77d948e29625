// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

/// Writers of the exported files of SPEC §4. They read a RunResult (never a model) and never
/// write the API key. Pure functions; thread-safe.
namespace TokenScope::Report {

QJsonObject summaryJson(const RunResult &run); ///< summary.json (vLLM key names)
QJsonObject requestJson(const RequestRecord &record); ///< one line of requests.jsonl
QByteArray requestsJsonl(const RunResult &run);
QByteArray resultsCsv(const RunResult &run); ///< one row per level, parameter-log columns
QString markdownReport(const RunResult &run); ///< report.md
QString textTable(const RunResult &run); ///< the results table the CLI prints

/// Writes summary.json, requests.jsonl, results.csv and report.md into `dir` (created if needed).
bool writeRunDirectory(const RunResult &run, const QString &dir, QString *error);

} // namespace TokenScope::Report
