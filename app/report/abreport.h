// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparisonreport.h"
#include "core/runresult.h"
#include "htmlreport.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

/// The report of an A/B interleaved run (docs/history-and-compare.md#the-ab-report): the two arms
/// side by side and never mixed. A header naming both arms and what differs between them, one
/// results table with an Arm column (each row from its own arm), B against A level by level with
/// the verdicts the Compare tab gives (comparisonreport.h), each arm's reading, charts with one
/// arm-coloured line per arm, and each arm's notes. htmlReport() and markdownReport() hand an
/// interleaved run (RunResult::isInterleaved()) to these. Pure functions; thread-safe except for
/// translated wording (SignificanceText). Every arm's API key is redacted from every byte.
namespace TokenScope::Report {

/// Arm B against arm A (labelled "A" and "B"); `sources` names where each arm was written (its
/// directory), or is empty.
RunComparison armComparison(const RunResult &run, const QStringList &sources = {});

/// The self-contained page (report.html's style; nothing fetched). With
/// options.requestsJsonlBeside the footer points to A/requests.jsonl and B/requests.jsonl.
QString abHtmlReport(const RunResult &run, const HtmlReportOptions &options);
/// The same as Markdown (report.md): header, results with the Arm column, B against A, readings, notes.
QString abMarkdownReport(const RunResult &run);
/// One JSON document for a single-file export: {"A": {"summary": summary.json of arm A,
/// "requests": [its requests.jsonl objects]}, "B": {…}, "comparison": comparison.json}, every level
/// and request carrying its "arm" ("A", "B").
QJsonObject abJson(const RunResult &run);

/// Writes what an A/B run directory holds beside A/ and B/: comparison.md and comparison.json of
/// `comparison`, report.md and report.html, each replaced atomically. False with *error naming the
/// file that failed.
bool writeAbParentFiles(const RunResult &run, const RunComparison &comparison, const QString &dir, QString *error);
/// writeRunDirectory() of an A/B run: each arm as an ordinary run directory, A/ and B/ (which
/// `tokenscope-cli report` and History → Import read), then writeAbParentFiles() beside them.
bool writeAbRunDirectory(const RunResult &run, const QString &dir, QString *error);

} // namespace TokenScope::Report
