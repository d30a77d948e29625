// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "core/secrets.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

/// Writers of the exported files (listed in README.md#where-results-go, their fields in
/// docs/metrics.md). They read a RunResult (never a model) and never write the API key. Pure
/// functions; thread-safe.
///
/// Levels come from RunResult::levels as given (fill them with Stats::summarizeRun); records from
/// RunResult::records, warm-ups included and flagged. Every writer that sees the run also
/// replaces any occurrence of config.apiKey in free text (see redaction.h).
namespace TokenScope::Report {

// The file names of a run directory (a contract: tools outside read them).
inline constexpr char kSummaryJsonFile[] = "summary.json";
inline constexpr char kRequestsJsonlFile[] = "requests.jsonl";
inline constexpr char kResultsCsvFile[] = "results.csv";
inline constexpr char kReportMarkdownFile[] = "report.md";
inline constexpr char kReportHtmlFile[] = "report.html";
inline constexpr char kServerMetricsJsonlFile[] = "server_metrics.jsonl"; ///< only when the run scraped a server

QJsonObject summaryJson(const RunResult &run); ///< summary.json (vLLM key names)
/// One line of requests.jsonl. Sees no config, so it cannot redact: requestsJsonl does.
QJsonObject requestJson(const RequestRecord &record);
QByteArray requestsJsonl(const RunResult &run); ///< one compact object per line, LF-terminated
/// One line of requests.jsonl: requestJson(record) cleaned of `secrets`, compact, LF-terminated.
QByteArray requestsJsonlLine(const RequestRecord &record, const Secrets &secrets);
/// One line of server_metrics.jsonl (docs/metrics.md#server-metrics): the scrape's offset on the
/// run's clock, whether it succeeded (or its error), the known figures and every series.
QJsonObject serverMetricsJson(const ServerMetricsSample &sample);
QByteArray serverMetricsJsonlLine(const ServerMetricsSample &sample, const Secrets &secrets);
QByteArray serverMetricsJsonl(const RunResult &run); ///< every scrape, one line each
QByteArray resultsCsv(const RunResult &run); ///< one row per level, parameter-log columns, CRLF
QString markdownReport(const RunResult &run); ///< report.md
/// report.html: self-contained, inline CSS and SVG charts (see htmlreport.h for the options).
QString htmlReport(const RunResult &run);
QString textTable(const RunResult &run); ///< the results table the CLI prints, then notes

/// Plain-text sentences every report shows under its table: cancellation, warm-ups, short
/// outputs left out of TPOT/ITL, token counts from chunks, errors by kind with a first message.
QStringList reportNotes(const RunResult &run);

/// ISO-8601 with milliseconds and a numeric UTC offset, e.g. 2026-03-14T09:26:53.589+01:00.
/// Empty for an invalid QDateTime.
QString isoTimestamp(const QDateTime &time);

/// Writes summary.json, requests.jsonl, results.csv, report.md and report.html into `dir`
/// (created if needed), holding its RunDirectoryLock meanwhile; refuses a directory where one of
/// them is a symbolic link. Each file is replaced atomically (writeFileAtomically). On failure
/// returns false and sets *error (when given) to a message naming the path and the reason.
bool writeRunDirectory(const RunResult &run, const QString &dir, QString *error);

/// Replaces the file at `path` with `bytes` atomically: written to a new file beside it, synced,
/// then renamed over it, so a reader sees the old file or the new one, never half, and a write
/// that fails (a full disk) leaves the old file, or none, in place. A symbolic link at `path` is
/// replaced, never written through. On failure returns false and sets *error to "Cannot write
/// <path>: <the system's reason>".
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

} // namespace TokenScope::Report
