// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QFile>
#include <QJsonObject>
#include <QString>

namespace TokenScope::Report {

/// Writes a run directory while the run goes on, so a crash or `kill -9` keeps what was measured:
/// begin() creates the directory and a summary.json with `"status": "running"`; each
/// recordRequest() appends one line to requests.jsonl and hands it to the OS at once; finish()
/// rewrites summary.json (status `completed` or `cancelled`), results.csv, report.md and report.html.
/// requests.jsonl is never rewritten: it already holds every finished request.
///
/// GUI-free; not thread-safe: use it on one thread (the CLI's main thread). The API key of the
/// config given to begin() is redacted from every byte written.
class RunRecorder
{
public:
    explicit RunRecorder(const QString &dir);
    ~RunRecorder();
    RunRecorder(const RunRecorder &) = delete;
    RunRecorder &operator=(const RunRecorder &) = delete;

    /// Creates the directory, writes the running summary.json and opens (truncates)
    /// requests.jsonl (and server_metrics.jsonl, with a metrics URL). On failure returns false and sets *error; the recorder then stays idle.
    bool begin(const RunConfig &config, const QDateTime &startedAt, QString *error);
    /// Appends `record` as one LF-terminated line, written in one call and flushed: a killed
    /// process leaves whole lines only. False (and *error) if the line could not be written.
    bool recordRequest(const RequestRecord &record, QString *error);
    /// Appends one scrape to server_metrics.jsonl the same way (opened by begin() when the config
    /// has a metrics URL).
    bool recordServerSample(const ServerMetricsSample &sample, QString *error);
    /// Writes the final summary.json, results.csv, report.md and report.html for `run` and closes
    /// requests.jsonl. `run.records` is not written again.
    bool finish(const RunResult &run, QString *error);
    /// Marks an aborted run (the engine refused to start or failed): summary.json gets
    /// `"status": "failed"` and `"error": message`.
    bool fail(const QString &message, QString *error);

    QString directory() const { return m_dir; }

private:
    QJsonObject unfinishedSummary(const QString &status) const; ///< summary.json before the end
    bool writeSummary(const QJsonObject &summary, QString *error);
    bool openLog(QFile *file, const char *name, QString *error);
    bool appendLine(QFile *file, const QByteArray &line, QString *error);

    QString m_dir;
    RunConfig m_config;
    QDateTime m_startedAt;
    QFile m_requests;
    QFile m_serverMetrics;
    bool m_begun = false;
};

} // namespace TokenScope::Report
