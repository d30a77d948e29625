// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QSqlDatabase;
class QSqlQuery;
class QVariant;

namespace TokenScope {

/// Where a stored run stands.
enum class HistoryRunStatus {
    Running, ///< begun and not finished (by this process, or one still running)
    Completed,
    Cancelled, ///< stopped by the user; levels finished so far are kept
    Failed, ///< the engine refused or failed; see HistoryRunInfo::error
    Interrupted, ///< the process ended during the run (crash, kill); its records up to then are kept
};

QString historyRunStatusName(HistoryRunStatus status); ///< "running", "completed", ... (stored as such)
bool parseHistoryRunStatus(const QString &name, HistoryRunStatus *status);

/// One level of a stored run with what the runs table shows next to it (RunsTableRow's inputs).
struct HistoryLevelInfo
{
    LevelSummary summary; ///< its meanInputTokens too
};

/// A stored run as the history list shows it, without its records (listRuns() stays cheap).
struct HistoryRunInfo
{
    qint64 id = 0;
    QString name; ///< empty until renamed (imports get the directory's name)
    QStringList tags;
    QDateTime startedAt;
    QString toolVersion; ///< TokenScope version that measured the run (empty if unknown)
    QString model;
    ApiKind api = ApiKind::ChatCompletions;
    QString baseUrl;
    /// What History shows as the endpoint: RunConfig::endpoint() (the built-in simulator's label,
    /// which names its timing; otherwise the Base URL).
    QString endpoint;
    int maxTokens = 0;
    QString profile; ///< RunConfig::profileName: empty for the CLI's runs and runs stored before it was kept
    QString load; ///< RunLabel::loadText of its config: "c=1,4,8,16", "2 req/s", "sweep"
    HistoryRunStatus status = HistoryRunStatus::Running;
    QString error; ///< why a Failed or Interrupted run stopped; empty otherwise
    /// Measured requests: stored records without warm-ups, calibration probes and ramp-up, the
    /// requests every level summary counts (docs/metrics.md#5-filters-warm-up-and-short-outputs).
    int requestCount = 0;
    QList<HistoryLevelInfo> levels; ///< in run order; only levels that were summarised
    QJsonObject environment; ///< hostname, os, kernel, cpu_count, qt_version (or an import's source)
    /// An A/B interleaved run: each arm's model, in arm order (armModels[0] == model). Empty for
    /// an ordinary run. levels then hold every arm's summaries (HistoryLevelInfo::summary.arm).
    QStringList armModels;

    /// One of a repeated run's runs (docs/metrics.md#repeats): the series' first run's id, this
    /// run's place in it (from 1) and the repeats asked for; -1, 0, 0 for a run that is no repeat.
    qint64 repeatGroup = -1;
    int repeatIndex = 0;
    int repeatCount = 0;

    bool isRepeat() const { return repeatGroup > 0; }
    bool isInterleaved() const { return armModels.size() > 1; }
    int armCount() const { return isInterleaved() ? int(armModels.size()) : 1; }
};

/// Run history in an SQLite file (docs/history-and-compare.md#2-what-is-stored-and-what-a-crash-loses):
/// every run's config without the key, its environment, level summaries and every request record
/// with its chunk times, written as the run goes so that a crash loses at most the request in
/// flight.
///
/// Each instance owns one named QSqlDatabase connection; the file uses WAL, synchronous=NORMAL
/// (a commit survives a crash of the process, though not necessarily a power cut) and foreign
/// keys (deleting a run deletes its levels and requests). Several instances and processes may
/// open the same file; a writer waits up to 5 s for another's lock.
///
/// Thread-safety: none. Use an instance only on the thread that called open() (QtSql's rule).
/// Errors: functions return false / -1 / nullopt and set *error (when given) to a sentence.
class HistoryStore
{
public:
    HistoryStore();
    ~HistoryStore();
    HistoryStore(const HistoryStore &) = delete;
    HistoryStore &operator=(const HistoryStore &) = delete;

    /// QStandardPaths::AppDataLocation + "/history.sqlite".
    static QString defaultPath();

    /// Opens (creating the file and its folder if needed) and migrates the schema to
    /// HistorySchema::currentVersion(). Refuses a database written by a newer schema.
    bool open(const QString &path, QString *error = nullptr);
    void close();
    bool isOpen() const;
    QString path() const { return m_path; }

    // --- Recording a run as it goes (HistoryRecorder drives these from RunController). ---

    /// A new run with status Running; returns its id, or -1.
    qint64 beginRun(const RunConfig &config, const QDateTime &startedAt, QString *error = nullptr);
    /// A new A/B interleaved run over `arms` (RunController::startInterleaved's), status Running:
    /// its config is arms[0], and every arm's config (without the key) is stored. Records and
    /// levels added to it carry their arm. One arm stores an ordinary run. Returns its id, or -1.
    qint64 beginInterleavedRun(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error = nullptr);
    /// One finished request, committed at once (its own transaction), with its arm.
    bool addRequest(qint64 runId, const RequestRecord &record, QString *error = nullptr);
    /// One level's summary (of one arm), after the run's levels stored so far. Also stores the mean
    /// prompt tokens of that level's and arm's completed, measured requests already stored (add
    /// them first).
    bool addLevel(qint64 runId, const LevelSummary &summary, QString *error = nullptr);
    /// Stores what `result` says of its load beyond the config: every load point it had (a sweep's
    /// and a search's chosen levels; NULL when empty), its load plan's outcome and the rate a
    /// max-rate search found. loadRun() gives them back.
    bool setLoadPlan(qint64 runId, const RunResult &result, QString *error = nullptr);
    /// Stores every scrape of the server's metrics (RunResult::serverMetrics) after those stored so far.
    bool addServerMetrics(qint64 runId, const QList<ServerMetricsSample> &samples, QString *error = nullptr);
    /// Sets the final status (and, for Failed / Interrupted, the reason).
    bool finishRun(qint64 runId, HistoryRunStatus status, const QString &reason = {}, QString *error = nullptr);

    /// Stores a whole run at once (one transaction): config, records in order, level summaries.
    /// For runs measured elsewhere (imports, A/B mode). `environment` as in HistoryRunInfo. An
    /// interleaved run (RunResult::isInterleaved()) keeps its arms' configs and each row's arm.
    qint64 storeRun(const RunResult &run, HistoryRunStatus status, const QString &name, const QString &toolVersion,
        const QJsonObject &environment, QString *error = nullptr);

    /// Imports a run directory written by `tokenscope-cli run --out DIR` (summary.json and
    /// requests.jsonl; results.csv and report.md are not needed). Level summaries are
    /// recomputed from the records with Stats::summarizeRun, so an interrupted CLI run (summary
    /// status "running") imports too, as Interrupted. Times come back at the files' µs resolution.
    /// `dir` may also be the parent DIR that `tokenscope-cli run --ab-model M2 --out DIR` writes
    /// (no summary.json, but A/ and B/ run directories): that imports as ONE A/B interleaved run
    /// with arms [A's config, B's config], A's records as arm 0 and B's as arm 1 (indexes kept),
    /// levels recomputed per arm; Completed only if both arms completed (see
    /// HistoryImport::readAbRunDirectory). The run is named after `dir`'s directory name.
    /// One transaction: on failure nothing is stored, and *error names the file (and for an A/B
    /// directory the arm) that failed. Returns the new run's id, or -1.
    /// The parent of a repeated run (`--repeat K --out DIR`: a repeats.json beside repeat-1 …)
    /// imports as one run per repeat, named "DIR repeat-N", in one series (HistoryRunInfo's
    /// repeat fields); on failure none of them is kept. Returns the last repeat's id.
    qint64 importRunDirectory(const QString &dir, QString *error = nullptr);

    // --- Reading and editing. ---

    /// Every run, newest start first.
    QList<HistoryRunInfo> listRuns(QString *error = nullptr) const;
    std::optional<HistoryRunInfo> runInfo(qint64 runId, QString *error = nullptr) const;

    /// The run as measured: config (RunConfig::fromJson of the stored toJson(): no key, header
    /// values empty), startedAt, every record in the order stored (warm-ups flagged), the stored
    /// level summaries, then a summary computed from the records for any level that has measured
    /// records but none stored (a run interrupted mid-level). cancelled = the status is Cancelled
    /// or Interrupted (the run did not finish its plan). An interleaved run comes back with its
    /// arms (configs without the key) and each record's and level's arm, so armResult() works;
    /// a level summarised from the records is summarised per arm.
    std::optional<RunResult> loadRun(qint64 runId, QString *error = nullptr) const;

    bool renameRun(qint64 runId, const QString &name, QString *error = nullptr);
    /// Marks the run as the `index`-th (from 1) of `count` repeats of the series `group` (its first run's id).
    bool setRepeat(qint64 runId, qint64 group, int index, int count, QString *error = nullptr);
    /// Replaces the run's tags: trimmed, empty ones dropped, duplicates dropped (first kept).
    bool setTags(qint64 runId, const QStringList &tags, QString *error = nullptr);
    bool deleteRun(qint64 runId, QString *error = nullptr);

    /// Marks every run still Running as Interrupted, except `exceptRunId`. Call once at start-up
    /// when this is the only process that records into the file (the GUI's single instance):
    /// such runs were left by a crash or kill. Returns how many were marked, or -1.
    int markInterruptedRuns(qint64 exceptRunId = -1, QString *error = nullptr);

    /// This machine's description as stored with each run begun here.
    static QJsonObject currentEnvironment();

private:
    QSqlDatabase database() const;
    bool ensureOpen(QString *error) const;
    static bool configure(QSqlDatabase &db, QString *error);
    std::optional<QList<HistoryRunInfo>> queryRunInfos(std::optional<qint64> onlyId, QString *error) const;
    bool updateRun(qint64 runId, const QString &column, const QVariant &value, QString *error);
    qint64 storeRunWithReason(const RunResult &run, HistoryRunStatus status, const QString &reason,
        const QString &name, const QString &toolVersion, const QJsonObject &environment, QString *error);
    qint64 importRepeatDirectories(const QString &dir, const QStringList &repeatDirs, int asked, QString *error);
    qint64 insertRun(const RunConfig &config, const QList<RunConfig> &arms, const QDateTime &startedAt,
        HistoryRunStatus status, const QString &name, const QString &toolVersion, const QJsonObject &environment,
        QString *error);

    QString m_connectionName;
    QString m_path;
    std::unique_ptr<QSqlQuery> m_insertRequest; ///< addRequest's prepared INSERT, while open
};

} // namespace TokenScope
