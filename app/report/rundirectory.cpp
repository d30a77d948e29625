// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a run directory: summary.json, requests.jsonl, results.csv, report.md and report.html
// (README.md#where-results-go).
#include "reportwriters.h"

#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>

namespace TokenScope::Report {

namespace {

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

} // namespace

// Atomic: a reader never sees half a file, and a failed write leaves the old one in place.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        setError(error, QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        setError(error, QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        file.cancelWriting();
        return false;
    }
    return true;
}

bool writeRunDirectory(const RunResult &run, const QString &dir, QString *error)
{
    if (!QDir().mkpath(dir)) {
        setError(error, QStringLiteral("Cannot create the directory %1").arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    const QDir target(dir);
    const QList<QPair<const char *, QByteArray>> files {
        { kSummaryJsonFile, QJsonDocument(summaryJson(run)).toJson(QJsonDocument::Indented) },
        { kRequestsJsonlFile, requestsJsonl(run) },
        { kResultsCsvFile, resultsCsv(run) },
        { kReportMarkdownFile, markdownReport(run).toUtf8() },
        { kReportHtmlFile, htmlReport(run).toUtf8() },
    };
    for (const auto &[name, bytes] : files)
        if (!writeFileAtomically(target.filePath(QString::fromLatin1(name)), bytes, error))
            return false;
    if (!run.config.serverMetricsUrl.isEmpty()
        && !writeFileAtomically(target.filePath(QString::fromLatin1(kServerMetricsJsonlFile)), serverMetricsJsonl(run), error))
        return false;
    return true;
}

} // namespace TokenScope::Report
