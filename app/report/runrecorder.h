// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "core/runsink.h"
#include "core/secrets.h"

#include <QJsonObject>
#include <QString>
#include <memory>

namespace TokenScope::Report {

class RunDirectoryLock;

/// Writes a run directory while the run goes on, so a crash or `kill -9` keeps what was measured:
/// begin() creates the directory and a summary.json with `"status": "running"`; each
/// recordRequest() appends one line to requests.jsonl and hands it to the OS at once; finish()
/// rewrites summary.json (status `completed` or `cancelled`), results.csv, report.md and report.html.
/// requests.jsonl is not rewritten: it already holds every finished request (unless an append
/// failed, see recordRequest()).
///
/// Hostile disks (README.md#where-results-go): the recorder holds an exclusive lock on the
/// directory (RunDirectoryLock) from begin() to finish() or fail(), refuses a directory where one
/// of its files is a symbolic link, and never leaves a cut file: each summary and report replaces
/// the old one atomically or not at all, and an append that fails (disk full) is rolled back to
/// the last whole line.
///
/// A RunSink: RunSession drives it. One recorder keeps one run, or one arm of an A/B run (each arm
/// is an ordinary run directory of its own). It keeps the outcome of its end (endError()), so the
/// CLI can say which directory is complete.
///
/// GUI-free; not thread-safe: use it on one thread (the CLI's main thread). The API keys of the
/// configs given to begin() are redacted from every byte written.
class RunRecorder : public RunSink
{
public:
    /// Keeps the run in `dir`; with `arm` >= 0 only that arm of an A/B run (its records, its
    /// levels, its config; the server scrapes go with arm A, whose metrics URL the run scrapes).
    explicit RunRecorder(const QString &dir, int arm = -1);
    ~RunRecorder();
    RunRecorder(const RunRecorder &) = delete;
    RunRecorder &operator=(const RunRecorder &) = delete;

    /// Creates and locks the directory, writes the running summary.json and starts requests.jsonl
    /// afresh (and server_metrics.jsonl, with a metrics URL). On failure (another run holds the
    /// directory, a file there is a symbolic link, a write failed) returns false and sets *error;
    /// the recorder then stays idle.
    bool begin(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error) override;
    /// Appends `record` as one LF-terminated line, written in one call: a killed process leaves
    /// whole lines only. False (and *error) if the line could not be written: the file is then
    /// cut back to its last whole line and no further line is appended; finish() writes the whole
    /// file again from the run's records.
    bool recordRequest(const RequestRecord &record, QString *error) override;
    /// Levels are written with the result, at finish().
    bool recordLevel(const LevelSummary &summary, QString *error) override;
    /// Appends one scrape to server_metrics.jsonl the same way (opened by begin() when the config
    /// has a metrics URL).
    bool recordServerSample(const ServerMetricsSample &sample, QString *error) override;
    /// Writes the final summary.json, results.csv, report.md and report.html for `run`, closes
    /// requests.jsonl and releases the directory. `run.records` is written again only when an
    /// append failed. Tries every file: false if any failed, with *error naming each, one per
    /// line (a file that failed keeps its previous content).
    bool finish(const RunResult &run, QString *error) override;
    /// Marks an aborted run (the engine refused to start or failed): summary.json gets
    /// `"status": "failed"` and `"error": message`.
    bool fail(const QString &message, QString *error) override;

    QString directory() const { return m_dir; }
    /// Whether finish() or fail() has run, and what it could not write (empty when all was written).
    bool ended() const { return m_ended; }
    QString endError() const { return m_endError; }

private:
    QJsonObject unfinishedSummary(const QString &status) const; ///< summary.json before the end
    bool writeSummary(const QJsonObject &summary, QString *error);
    struct Log
    {
        QString path;
        int fd = -1;
        qint64 size = 0; ///< bytes of whole lines written so far
        qint64 lines = 0;
        QString brokenBy; ///< the error of the append that failed; empty while appends go on
    };
    bool openLog(Log *log, const char *name, QString *error);
    bool appendLine(Log *log, const QByteArray &line, QString *error);
    void release(); ///< closes the logs and unlocks the directory

    bool mine(int arm) const { return m_arm < 0 || arm == m_arm; }

    QString m_dir;
    int m_arm;
    RunConfig m_config;
    Secrets m_secrets; ///< m_config's, redacted from every line and file
    QDateTime m_startedAt;
    std::unique_ptr<RunDirectoryLock> m_lock;
    Log m_requests;
    Log m_serverMetrics;
    bool m_begun = false;
    bool m_ended = false;
    QString m_endError;
};

} // namespace TokenScope::Report
