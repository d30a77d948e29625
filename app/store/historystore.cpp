// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"

#include "core/runlabel.h"
#include "core/secrets.h"

#include "historycodec.h"
#include "historyimport.h"
#include "historyschema.h"
#include "report/reportwriters.h"
#include "stats/statistics.h"
#include "version.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QThread>
#include <QVariant>
#include <algorithm>
#include <atomic>
#include <utility>

namespace TokenScope {

namespace {

constexpr int kBusyTimeoutMs = 5000; // another process's write transaction is short

// Column list of `requests` after run_id, in the order bindRecord() binds and readRecord() reads.
const QString kRecordColumns = QStringLiteral(
    "level, idx, warmup, response_id, ok, http_status, error_kind, error_message, t_start_ns, start_ns,"
    " connect_ns, tls_ns, request_sent_ns, headers_ns, first_byte_ns, ttft_ns, ttfc_ns, last_token_ns, done_ns,"
    " end_ns, output_tokens, output_tokens_from_usage, prompt_tokens, chunk_times_ns, connections_opened, reads,"
    " events, arm, level_index, http_version, prompt_id, cached_tokens, done_marker, scheduled_ns, cap_wait_ns,"
    " ramp_up, probe, target_input_tokens, max_tokens, events_after_done, chunk_times_dropped,"
    " usage_rejected_tokens, first_event_ns, chunk_tokens, session, turn");
constexpr int kRecordColumnCount = 46;

const QString kRunColumns = QStringLiteral(
    "id, name, tags, started_at, tool_version, model, api, base_url, config, status, error, environment, arms,"
    " repeat_group, repeat_index, repeat_count");

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

bool failed(QString *error, const QSqlQuery &query)
{
    setError(error, query.lastError().text());
    return false;
}

// QtSql binds a null QString as SQL NULL; the text columns are NOT NULL ('' = none).
QString nonNull(const QString &value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

QString noSuchRun(qint64 runId)
{
    return QStringLiteral("There is no run %1 in the history.").arg(runId);
}

// Runs a prepared UPDATE or DELETE of the run `runId`; touching no row means there is no such run.
bool execOnRun(QSqlQuery &query, qint64 runId, QString *error)
{
    if (!query.exec())
        return failed(error, query);
    if (query.numRowsAffected() == 0) {
        setError(error, noSuchRun(runId));
        return false;
    }
    return true;
}

QString placeholders(int count)
{
    QStringList marks;
    for (int i = 0; i < count; ++i)
        marks.append(QStringLiteral("?"));
    return marks.join(u',');
}

QString jsonText(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObjectOf(const QVariant &text)
{
    return QJsonDocument::fromJson(text.toString().toUtf8()).object();
}

QStringList normalizedTags(const QStringList &tags)
{
    QStringList out;
    for (const QString &tag : tags) {
        const QString trimmed = tag.trimmed();
        if (!trimmed.isEmpty() && !out.contains(trimmed))
            out.append(trimmed);
    }
    return out;
}

QString tagsText(const QStringList &tags)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(normalizedTags(tags))).toJson(QJsonDocument::Compact));
}

QStringList tagsOf(const QVariant &text)
{
    QStringList out;
    for (const QJsonValue &tag : QJsonDocument::fromJson(text.toString().toUtf8()).array())
        out.append(tag.toString());
    return out;
}

// runs.arms: each arm's RunConfig::toJson() (never the key), or NULL for an ordinary run.
QVariant armsValue(const QList<RunConfig> &arms)
{
    if (arms.size() < 2)
        return QVariant(QMetaType(QMetaType::QString));
    QJsonArray configs;
    for (const RunConfig &arm : arms)
        configs.append(arm.toJson());
    return QString::fromUtf8(QJsonDocument(configs).toJson(QJsonDocument::Compact));
}

QList<RunConfig> armsOf(const QVariant &text)
{
    QList<RunConfig> arms;
    if (text.isNull())
        return arms;
    for (const QJsonValue &config : QJsonDocument::fromJson(text.toString().toUtf8()).array())
        arms.append(RunConfig::fromJson(config.toObject()));
    return arms;
}

// A level row's summary. The columns are the truth for what older summaries lack: the arm
// (version 1), the level index (before version 3) and the mean prompt tokens.
LevelSummary levelOf(const QVariant &summaryText, const QVariant &arm, const QVariant &levelIndex,
                     const QVariant &meanInputTokens)
{
    LevelSummary summary = HistoryCodec::levelSummaryFromJson(jsonObjectOf(summaryText));
    summary.arm = arm.toInt();
    summary.levelIndex = levelIndex.toInt();
    summary.point.index = summary.levelIndex;
    if (!meanInputTokens.isNull())
        summary.meanInputTokens = meanInputTokens.toDouble();
    return summary;
}

void bindRecord(QSqlQuery &query, const RequestRecord &r)
{
    const QVariantList values {
        r.level,
        r.index,
        r.warmup,
        nonNull(r.responseId),
        r.ok,
        r.httpStatus,
        nonNull(r.errorKind),
        nonNull(r.errorMessage),
        r.tStartNs,
        r.startNs,
        r.connectNs,
        r.tlsNs,
        r.requestSentNs,
        r.headersNs,
        r.firstByteNs,
        r.ttftNs,
        r.ttfcNs,
        r.lastTokenNs,
        r.doneNs,
        r.endNs,
        r.outputTokens,
        r.outputTokensFromUsage,
        r.promptTokens,
        HistoryCodec::packNs(r.chunkTimesNs),
        r.connectionsOpened,
        r.reads,
        r.events,
        r.arm,
        r.levelIndex,
        r.httpVersion,
        nonNull(r.promptId),
        r.cachedTokens,
        r.doneMarker,
        r.scheduledNs,
        r.capWaitNs,
        r.rampUp,
        r.probe,
        r.targetInputTokens,
        r.maxTokens,
        r.eventsAfterDone,
        r.chunkTimesDropped,
        r.usageTokensRejected,
        r.firstEventNs,
        HistoryCodec::packChunkTokens(r.chunkTokens),
        r.session,
        r.turn,
    };
    Q_ASSERT(values.size() == kRecordColumnCount);
    for (const QVariant &value : values)
        query.addBindValue(value);
}

// Reads the kRecordColumns starting at column `first`.
RequestRecord readRecord(const QSqlQuery &query, int first)
{
    int c = first;
    const auto next = [&query, &c] { return query.value(c++); };
    RequestRecord r;
    r.level = next().toInt();
    r.index = next().toInt();
    r.warmup = next().toBool();
    r.responseId = next().toString();
    r.ok = next().toBool();
    r.httpStatus = next().toInt();
    r.errorKind = next().toString();
    r.errorMessage = next().toString();
    r.tStartNs = next().toLongLong();
    r.startNs = next().toLongLong();
    r.connectNs = next().toLongLong();
    r.tlsNs = next().toLongLong();
    r.requestSentNs = next().toLongLong();
    r.headersNs = next().toLongLong();
    r.firstByteNs = next().toLongLong();
    r.ttftNs = next().toLongLong();
    r.ttfcNs = next().toLongLong();
    r.lastTokenNs = next().toLongLong();
    r.doneNs = next().toLongLong();
    r.endNs = next().toLongLong();
    r.outputTokens = next().toInt();
    r.outputTokensFromUsage = next().toBool();
    r.promptTokens = next().toInt();
    r.chunkTimesNs = HistoryCodec::unpackNs(next().toByteArray());
    r.connectionsOpened = next().toInt();
    r.reads = next().toInt();
    r.events = next().toInt();
    r.arm = next().toInt();
    r.levelIndex = next().toInt();
    r.httpVersion = next().toInt();
    r.promptId = next().toString();
    r.cachedTokens = next().toInt();
    r.doneMarker = next().toBool();
    r.scheduledNs = next().toLongLong();
    r.capWaitNs = next().toLongLong();
    r.rampUp = next().toBool();
    r.probe = next().toBool();
    r.targetInputTokens = next().toInt();
    r.maxTokens = next().toInt();
    r.eventsAfterDone = next().toInt();
    r.chunkTimesDropped = next().toInt();
    r.usageTokensRejected = next().toInt();
    r.firstEventNs = next().toLongLong();
    r.chunkTokens = HistoryCodec::unpackChunkTokens(next().toByteArray(), r.chunkTimesNs.size());
    r.session = next().toInt();
    r.turn = next().toInt();
    return r;
}

QString insertRecordSql()
{
    return QStringLiteral("INSERT INTO requests (run_id, %1) VALUES (?, %2)")
        .arg(kRecordColumns, placeholders(kRecordColumnCount));
}

// `query` is prepared with insertRecordSql().
bool insertRecord(QSqlQuery &query, qint64 runId, const RequestRecord &record, QString *error)
{
    query.addBindValue(runId);
    bindRecord(query, record);
    return query.exec() || failed(error, query);
}

// The level goes after the run's stored levels (of every arm).
bool insertLevel(const QSqlDatabase &db, qint64 runId, const LevelSummary &summary, QString *error)
{
    QSqlQuery query(db);
    query.prepare(QStringLiteral(
        "INSERT INTO levels (run_id, position, level_index, concurrency, arm, mean_input_tokens, summary) VALUES (?,"
        " (SELECT count(*) FROM levels WHERE run_id = ?), ?, ?, ?, ?, ?)"));
    query.addBindValue(runId);
    query.addBindValue(runId);
    query.addBindValue(summary.levelIndex);
    query.addBindValue(summary.concurrency);
    query.addBindValue(summary.arm);
    query.addBindValue(summary.meanInputTokens ? QVariant(*summary.meanInputTokens) : QVariant(QMetaType(QMetaType::Double)));
    query.addBindValue(jsonText(HistoryCodec::levelSummaryToJson(summary)));
    return query.exec() || failed(error, query);
}

QVariant figureOrNull(double figure)
{
    return ServerMetricsSample::has(figure) ? QVariant(figure) : QVariant(QMetaType(QMetaType::Double));
}

double figureOf(const QVariant &value)
{
    return value.isNull() ? ServerMetricsSample::kAbsent : value.toDouble();
}

bool insertServerSamples(const QSqlDatabase &db, qint64 runId, const QList<ServerMetricsSample> &samples, QString *error)
{
    QSqlQuery query(db);
    if (!query.prepare(QStringLiteral(
            "INSERT INTO server_metrics (run_id, position, offset_ns, duration_ns, ok, error, server, running, waiting,"
            " cache_usage, preemptions, prompt_tokens, generation_tokens, series, series_dropped, values_rejected)"
            " VALUES (?, (SELECT count(*) FROM server_metrics WHERE run_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            " ?)")))
        return failed(error, query);
    for (const ServerMetricsSample &s : samples) {
        for (const QVariant &value : { QVariant(runId), QVariant(runId), QVariant(s.offsetNs), QVariant(s.durationNs),
                 QVariant(s.ok), QVariant(nonNull(s.error)), QVariant(nonNull(s.server)), figureOrNull(s.running),
                 figureOrNull(s.waiting), figureOrNull(s.cacheUsage), figureOrNull(s.preemptions),
                 figureOrNull(s.promptTokens), figureOrNull(s.generationTokens),
                 QVariant(jsonText(ServerMetricsSample::seriesToJson(s.series))), QVariant(s.seriesDropped),
                 QVariant(s.valuesRejected) })
            query.addBindValue(value);
        if (!query.exec())
            return failed(error, query);
    }
    return true;
}

std::optional<QList<ServerMetricsSample>> readServerSamples(const QSqlDatabase &db, qint64 runId, QString *error)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT offset_ns, duration_ns, ok, error, server, running, waiting, cache_usage,"
                                 " preemptions, prompt_tokens, generation_tokens, series, series_dropped,"
                                 " values_rejected FROM server_metrics"
                                 " WHERE run_id = ? ORDER BY position"));
    query.addBindValue(runId);
    if (!query.exec()) {
        failed(error, query);
        return std::nullopt;
    }
    QList<ServerMetricsSample> out;
    while (query.next()) {
        ServerMetricsSample s;
        s.offsetNs = query.value(0).toLongLong();
        s.durationNs = query.value(1).toLongLong();
        s.ok = query.value(2).toBool();
        s.error = query.value(3).toString();
        s.server = query.value(4).toString();
        s.running = figureOf(query.value(5));
        s.waiting = figureOf(query.value(6));
        s.cacheUsage = figureOf(query.value(7));
        s.preemptions = figureOf(query.value(8));
        s.promptTokens = figureOf(query.value(9));
        s.generationTokens = figureOf(query.value(10));
        s.series = ServerMetricsSample::seriesFromJson(jsonObjectOf(query.value(11)));
        s.seriesDropped = query.value(12).toInt();
        s.valuesRejected = query.value(13).toInt();
        out.append(s);
    }
    return out;
}

// What an imported run records as its environment: where it came from.
QJsonObject importEnvironment(const QDir &source)
{
    return QJsonObject {
        { QStringLiteral("source"), QStringLiteral("import") },
        { QStringLiteral("directory"), QDir::toNativeSeparators(source.absolutePath()) },
    };
}

// A row of kRunColumns, without levels and counts.
HistoryRunInfo readRunInfo(const QSqlQuery &query)
{
    HistoryRunInfo info;
    info.id = query.value(0).toLongLong();
    info.name = query.value(1).toString();
    info.tags = tagsOf(query.value(2));
    info.startedAt = HistoryCodec::parseTimestamp(query.value(3).toString());
    info.toolVersion = query.value(4).toString();
    info.model = query.value(5).toString();
    (void)parseApiKind(query.value(6).toString(), &info.api);
    info.baseUrl = query.value(7).toString();
    const RunConfig config = RunConfig::fromJson(jsonObjectOf(query.value(8)));
    info.maxTokens = config.maxTokens;
    info.profile = config.profileName;
    info.load = RunLabel::loadText(config);
    info.endpoint = config.endpointLabel.isEmpty() ? info.baseUrl : config.endpointLabel;
    (void)parseHistoryRunStatus(query.value(9).toString(), &info.status);
    info.error = query.value(10).toString();
    info.environment = jsonObjectOf(query.value(11));
    for (const RunConfig &arm : armsOf(query.value(12)))
        info.armModels.append(arm.model);
    if (!query.value(13).isNull()) {
        info.repeatGroup = query.value(13).toLongLong();
        info.repeatIndex = query.value(14).toInt();
        info.repeatCount = query.value(15).toInt();
    }
    return info;
}

// Runs (all, or the one with `onlyId`), each with its levels and record count.
std::optional<QList<HistoryRunInfo>> queryRuns(const QSqlDatabase &db, std::optional<qint64> onlyId, QString *error)
{
    const QString where = onlyId ? QStringLiteral(" WHERE run_id = %1").arg(*onlyId) : QString();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const QString runWhere = onlyId ? QStringLiteral(" WHERE id = %1").arg(*onlyId) : QString();
    if (!query.exec(
            QStringLiteral("SELECT %1 FROM runs%2 ORDER BY started_at_ms DESC, id DESC").arg(kRunColumns, runWhere))) {
        failed(error, query);
        return std::nullopt;
    }
    QList<HistoryRunInfo> runs;
    QHash<qint64, qsizetype> rowOfRun;
    while (query.next()) {
        runs.append(readRunInfo(query));
        rowOfRun.insert(runs.constLast().id, runs.size() - 1);
    }
    if (!query.exec(
            QStringLiteral("SELECT run_id, mean_input_tokens, summary, arm, level_index FROM levels%1"
                           " ORDER BY run_id, position")
                .arg(where))) {
        failed(error, query);
        return std::nullopt;
    }
    while (query.next()) {
        const auto row = rowOfRun.constFind(query.value(0).toLongLong());
        if (row == rowOfRun.constEnd())
            continue;
        HistoryLevelInfo level;
        level.summary = levelOf(query.value(2), query.value(3), query.value(4), query.value(1));
        runs[*row].levels.append(level);
    }
    // What every level summary counts: warm-ups (calibration probes are flagged as warm-ups too)
    // and requests sent while the rate ramped up are left out.
    const QString measured = QStringLiteral("%1 warmup = 0 AND ramp_up = 0")
                                 .arg(where.isEmpty() ? QStringLiteral(" WHERE") : QStringLiteral(" AND"));
    if (!query.exec(QStringLiteral("SELECT run_id, count(*) FROM requests%1%2 GROUP BY run_id").arg(where, measured))) {
        failed(error, query);
        return std::nullopt;
    }
    while (query.next()) {
        const auto row = rowOfRun.constFind(query.value(0).toLongLong());
        if (row != rowOfRun.constEnd())
            runs[*row].requestCount = query.value(1).toInt();
    }
    return runs;
}

// Levels that have measured records but no stored summary (a run interrupted mid-level), in
// load-point order, one per arm that has records there.
QList<LevelSummary> missingLevels(const RunResult &run)
{
    QSet<std::pair<int, int>> have; // (level index, arm)
    for (const LevelSummary &level : run.levels)
        have.insert({ level.levelIndex, level.arm });
    QList<RequestRecord> unsummarized;
    for (const RequestRecord &r : run.records)
        if (!r.warmup && !have.contains({ r.levelIndex, r.arm }))
            unsummarized.append(r);
    if (unsummarized.isEmpty())
        return {};
    return Stats::summarizeRun(unsummarized, run.config, std::max(1, int(run.arms.size())), run.points());
}

// A run stored without its load points (older than schema 5, or recorded and cut off before it
// finished): its config's, completed by the points its stored levels carry (the levels a sweep
// chose as it went). Empty when that is just the config's, as RunResult::points() then says.
QList<LoadPoint> loadPointsOfLevels(const RunConfig &config, const QList<LevelSummary> &levels)
{
    const QList<LoadPoint> planned = config.loadPoints();
    QList<LoadPoint> points = planned;
    for (const LevelSummary &level : levels) {
        const int index = level.point.index;
        if (index < 0 || index > 4096) // a level index no run reaches: not a point to place
            continue;
        while (points.size() <= index)
            points.append(LoadPoint::closedLoop(0, int(points.size())));
        if (!points.at(index).sameLoad(level.point) || points.at(index).role != level.point.role)
            points[index] = level.point;
    }
    return points == planned ? QList<LoadPoint> {} : points;
}

} // namespace

QString historyRunStatusName(HistoryRunStatus status)
{
    switch (status) {
    case HistoryRunStatus::Running:
        return QStringLiteral("running");
    case HistoryRunStatus::Completed:
        return QStringLiteral("completed");
    case HistoryRunStatus::Cancelled:
        return QStringLiteral("cancelled");
    case HistoryRunStatus::Failed:
        return QStringLiteral("failed");
    case HistoryRunStatus::Interrupted:
        return QStringLiteral("interrupted");
    }
    return {};
}

bool parseHistoryRunStatus(const QString &name, HistoryRunStatus *status)
{
    for (HistoryRunStatus s : { HistoryRunStatus::Running, HistoryRunStatus::Completed, HistoryRunStatus::Cancelled,
             HistoryRunStatus::Failed, HistoryRunStatus::Interrupted }) {
        if (historyRunStatusName(s) == name) {
            *status = s;
            return true;
        }
    }
    return false;
}

HistoryStore::HistoryStore()
{
    static std::atomic<int> instances { 0 };
    m_connectionName = QStringLiteral("tokenscope-history-%1").arg(++instances);
}

HistoryStore::~HistoryStore()
{
    close();
}

QString HistoryStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
}

bool HistoryStore::open(const QString &path, QString *error)
{
    close();
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        setError(error, QStringLiteral("Cannot create the folder of %1").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(path);
        if (!db.open()) {
            setError(error,
                QStringLiteral("Cannot open the history %1: %2")
                    .arg(QDir::toNativeSeparators(path), db.lastError().text()));
        } else if (configure(db, error) && HistorySchema::migrate(db, HistorySchema::steps(), error)) {
            m_path = path;
            return true;
        }
    }
    close();
    return false;
}

bool HistoryStore::configure(QSqlDatabase &db, QString *error)
{
    QSqlQuery query(db);
    // WAL: a reader never blocks the recording run, and a commit is one append to the log.
    if (!query.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !query.next())
        return failed(error, query);
    if (query.value(0).toString().compare(u"wal", Qt::CaseInsensitive) != 0) {
        setError(error,
            QStringLiteral("The history file cannot use write-ahead logging (journal mode %1).")
                .arg(query.value(0).toString()));
        return false;
    }
    for (const QString &pragma :
        { QStringLiteral("PRAGMA synchronous = NORMAL"), QStringLiteral("PRAGMA foreign_keys = ON"),
            QStringLiteral("PRAGMA busy_timeout = %1").arg(kBusyTimeoutMs) }) {
        if (!query.exec(pragma))
            return failed(error, query);
    }
    return true;
}

void HistoryStore::close()
{
    m_insertRequest.reset(); // a query must not outlive its connection
    if (!QSqlDatabase::contains(m_connectionName))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
    m_path.clear();
}

bool HistoryStore::isOpen() const
{
    return QSqlDatabase::contains(m_connectionName) && database().isOpen();
}

bool HistoryStore::ensureOpen(QString *error) const
{
    if (isOpen())
        return true;
    setError(error, QStringLiteral("The run history is not open."));
    return false;
}

QSqlDatabase HistoryStore::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

QJsonObject HistoryStore::currentEnvironment()
{
    return QJsonObject {
        { QStringLiteral("hostname"), QSysInfo::machineHostName() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() },
        { QStringLiteral("kernel"), QString(QSysInfo::kernelType() + u' ' + QSysInfo::kernelVersion()) },
        { QStringLiteral("cpu_arch"), QSysInfo::currentCpuArchitecture() },
        { QStringLiteral("cpu_count"), QThread::idealThreadCount() },
        { QStringLiteral("qt_version"), QString::fromLatin1(qVersion()) },
    };
}

qint64 HistoryStore::insertRun(const RunConfig &config, const QList<RunConfig> &arms, const QDateTime &startedAt,
    HistoryRunStatus status, const QString &name, const QString &toolVersion, const QJsonObject &environment,
    QString *error)
{
    if (!ensureOpen(error))
        return -1;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("INSERT INTO runs (name, tags, started_at, started_at_ms, tool_version, model, api,"
                                 " base_url, config, environment, status, arms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"));
    query.addBindValue(nonNull(name));
    query.addBindValue(QStringLiteral("[]"));
    query.addBindValue(Report::isoTimestamp(startedAt));
    query.addBindValue(startedAt.isValid() ? startedAt.toMSecsSinceEpoch() : qint64(0));
    query.addBindValue(nonNull(toolVersion));
    query.addBindValue(nonNull(config.model));
    query.addBindValue(apiKindName(config.api));
    query.addBindValue(nonNull(urlForDisplay(config.baseUrl))); // never a URL's credentials
    query.addBindValue(jsonText(config.toJson())); // toJson() never holds the key
    query.addBindValue(jsonText(environment));
    query.addBindValue(historyRunStatusName(status));
    query.addBindValue(armsValue(arms)); // toJson() never holds the key
    if (!query.exec()) {
        failed(error, query);
        return -1;
    }
    return query.lastInsertId().toLongLong();
}

qint64 HistoryStore::beginRun(const RunConfig &config, const QDateTime &startedAt, QString *error)
{
    return insertRun(config, {}, startedAt, HistoryRunStatus::Running, QString(), QStringLiteral(TOKENSCOPE_VERSION),
        currentEnvironment(), error);
}

qint64 HistoryStore::beginInterleavedRun(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error)
{
    if (arms.isEmpty()) {
        setError(error, QStringLiteral("An interleaved run needs at least one endpoint."));
        return -1;
    }
    return insertRun(arms.constFirst(), arms, startedAt, HistoryRunStatus::Running, QString(),
        QStringLiteral(TOKENSCOPE_VERSION), currentEnvironment(), error);
}

bool HistoryStore::addRequest(qint64 runId, const RequestRecord &record, QString *error)
{
    if (!ensureOpen(error))
        return false;
    // Autocommit: this one INSERT is its own transaction (the foreign key rejects an unknown run).
    // Prepared once per connection: a run adds thousands of rows from the GUI thread.
    if (!m_insertRequest) {
        m_insertRequest = std::make_unique<QSqlQuery>(database());
        if (!m_insertRequest->prepare(insertRecordSql())) {
            failed(error, *m_insertRequest);
            m_insertRequest.reset();
            return false;
        }
    }
    return insertRecord(*m_insertRequest, runId, record, error);
}

bool HistoryStore::addLevel(qint64 runId, const LevelSummary &summary, QString *error)
{
    if (!ensureOpen(error))
        return false;
    return insertLevel(database(), runId, summary, error);
}

bool HistoryStore::finishRun(qint64 runId, HistoryRunStatus status, const QString &reason, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE runs SET status = ?, error = ? WHERE id = ?"));
    query.addBindValue(historyRunStatusName(status));
    query.addBindValue(nonNull(reason));
    query.addBindValue(runId);
    return execOnRun(query, runId, error);
}

bool HistoryStore::setLoadPlan(qint64 runId, const RunResult &result, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlQuery query(database());
    query.prepare(
        QStringLiteral("UPDATE runs SET load_points = ?, load_plan_outcome = ?, max_rate_found = ? WHERE id = ?"));
    query.addBindValue(result.loadPoints.isEmpty()
            ? QVariant(QMetaType(QMetaType::QString))
            : QVariant(QString::fromUtf8(
                QJsonDocument(HistoryCodec::loadPointsToJson(result.loadPoints)).toJson(QJsonDocument::Compact))));
    query.addBindValue(nonNull(result.loadPlanOutcome));
    query.addBindValue(result.maxRateFound >= 0 ? result.maxRateFound : -1.0);
    query.addBindValue(runId);
    return execOnRun(query, runId, error);
}

qint64 HistoryStore::storeRun(const RunResult &run, HistoryRunStatus status, const QString &name,
    const QString &toolVersion, const QJsonObject &environment, QString *error)
{
    return storeRunWithReason(run, status, QString(), name, toolVersion, environment, error);
}

qint64 HistoryStore::storeRunWithReason(const RunResult &run, HistoryRunStatus status, const QString &reason,
    const QString &name, const QString &toolVersion, const QJsonObject &environment, QString *error)
{
    if (!ensureOpen(error))
        return -1;
    QSqlDatabase db = database();
    if (!db.transaction()) {
        setError(error, db.lastError().text());
        return -1;
    }
    const qint64 runId = insertRun(run.config, run.arms, run.startedAt, status, name, toolVersion, environment, error);
    bool ok = runId > 0;
    QSqlQuery insert(db);
    if (ok && !insert.prepare(insertRecordSql()))
        ok = failed(error, insert);
    // A run from elsewhere (an imported run directory, perhaps written by an older TokenScope) is
    // cleaned here too: the history never holds a secret (docs/hostile-input.md#secrets).
    const Secrets secrets = Secrets::of(QList<RunConfig> { run.config } + run.arms);
    for (qsizetype i = 0; ok && i < run.records.size(); ++i) {
        RequestRecord record = run.records.at(i);
        secrets.redact(&record);
        ok = insertRecord(insert, runId, record, error);
    }
    for (qsizetype i = 0; ok && i < run.levels.size(); ++i)
        ok = insertLevel(db, runId, run.levels.at(i), error);
    if (ok && (!run.loadPoints.isEmpty() || !run.loadPlanOutcome.isEmpty() || run.maxRateFound >= 0))
        ok = setLoadPlan(runId, run, error);
    if (ok && !run.serverMetrics.isEmpty()) {
        QList<ServerMetricsSample> samples = run.serverMetrics;
        for (ServerMetricsSample &sample : samples)
            secrets.redact(&sample);
        ok = insertServerSamples(db, runId, samples, error);
    }
    if (ok && !reason.isEmpty())
        ok = finishRun(runId, status, secrets.redact(reason),
            error); // same transaction: the reason comes with the run or not at all
    if (ok && db.commit())
        return runId;
    if (ok)
        setError(error, db.lastError().text());
    db.rollback();
    return -1;
}

qint64 HistoryStore::importRunDirectory(const QString &dir, QString *error)
{
    if (const HistoryImport::RepeatDirectories repeats = HistoryImport::repeatDirectories(dir); !repeats.dirs.isEmpty())
        return importRepeatDirectories(dir, repeats.dirs, repeats.asked, error);
    const std::optional<HistoryImport::ImportedRun> imported = HistoryImport::isAbParentDirectory(dir)
        ? HistoryImport::readAbRunDirectory(dir, error)
        : HistoryImport::readRunDirectory(dir, error);
    if (!imported)
        return -1;
    const QDir source(dir);
    return storeRunWithReason(imported->run, imported->status, imported->reason, source.dirName(),
        imported->toolVersion, importEnvironment(source), error);
}

qint64 HistoryStore::importRepeatDirectories(
    const QString &dir, const QStringList &repeatDirs, int asked, QString *error)
{
    QList<HistoryImport::ImportedRun> runs; // every repeat read before any is stored
    for (const QString &each : repeatDirs) {
        std::optional<HistoryImport::ImportedRun> imported = HistoryImport::readRunDirectory(each, error);
        if (!imported)
            return -1;
        runs.append(std::move(*imported));
    }
    QList<qint64> ids;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QDir source(repeatDirs.at(i));
        const HistoryImport::ImportedRun &run = runs.at(i);
        const qint64 id = storeRunWithReason(run.run, run.status, run.reason,
            QStringLiteral("%1 %2").arg(QDir(dir).dirName(), source.dirName()), run.toolVersion,
            importEnvironment(source), error);
        if (id > 0)
            ids.append(id);
        if (id < 0 || !setRepeat(id, ids.first(), int(i) + 1, asked, error)) {
            QString ignored; // the error that stopped the import is the one to report
            for (qint64 stored : std::as_const(ids))
                (void)deleteRun(stored, &ignored);
            return -1;
        }
    }
    return ids.constLast();
}

std::optional<QList<HistoryRunInfo>> HistoryStore::queryRunInfos(std::optional<qint64> onlyId, QString *error) const
{
    if (!ensureOpen(error))
        return std::nullopt;
    return queryRuns(database(), onlyId, error);
}

QList<HistoryRunInfo> HistoryStore::listRuns(QString *error) const
{
    return queryRunInfos(std::nullopt, error).value_or(QList<HistoryRunInfo> {});
}

std::optional<HistoryRunInfo> HistoryStore::runInfo(qint64 runId, QString *error) const
{
    const std::optional<QList<HistoryRunInfo>> runs = queryRunInfos(runId, error);
    if (!runs)
        return std::nullopt;
    if (runs->isEmpty()) {
        setError(error, noSuchRun(runId));
        return std::nullopt;
    }
    return runs->constFirst();
}

std::optional<RunResult> HistoryStore::loadRun(qint64 runId, QString *error) const
{
    if (!ensureOpen(error))
        return std::nullopt;
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT config, started_at, status, arms, load_points, load_plan_outcome, "
                                 "max_rate_found FROM runs WHERE id = ?"));
    query.addBindValue(runId);
    if (!query.exec()) {
        failed(error, query);
        return std::nullopt;
    }
    if (!query.next()) {
        setError(error, noSuchRun(runId));
        return std::nullopt;
    }
    RunResult run;
    run.config = RunConfig::fromJson(jsonObjectOf(query.value(0)));
    run.startedAt = HistoryCodec::parseTimestamp(query.value(1).toString());
    HistoryRunStatus status = HistoryRunStatus::Completed;
    (void)parseHistoryRunStatus(query.value(2).toString(), &status);
    run.cancelled = status == HistoryRunStatus::Cancelled || status == HistoryRunStatus::Interrupted;
    run.arms = armsOf(query.value(3));
    const bool hasLoadPoints = !query.value(4).isNull();
    if (hasLoadPoints)
        run.loadPoints
            = HistoryCodec::loadPointsFromJson(QJsonDocument::fromJson(query.value(4).toString().toUtf8()).array());
    run.loadPlanOutcome = query.value(5).toString();
    run.maxRateFound = query.value(6).toDouble();

    query.prepare(QStringLiteral("SELECT %1 FROM requests WHERE run_id = ? ORDER BY id").arg(kRecordColumns));
    query.addBindValue(runId);
    if (!query.exec()) {
        failed(error, query);
        return std::nullopt;
    }
    while (query.next())
        run.records.append(readRecord(query, 0));

    query.prepare(QStringLiteral(
        "SELECT summary, arm, level_index, mean_input_tokens FROM levels WHERE run_id = ? ORDER BY position"));
    query.addBindValue(runId);
    if (!query.exec()) {
        failed(error, query);
        return std::nullopt;
    }
    while (query.next())
        run.levels.append(levelOf(query.value(0), query.value(1), query.value(2), query.value(3)));
    if (!hasLoadPoints)
        run.loadPoints = loadPointsOfLevels(run.config, run.levels);
    run.levels += missingLevels(run);
    std::optional<QList<ServerMetricsSample>> samples = readServerSamples(database(), runId, error);
    if (!samples)
        return std::nullopt;
    run.serverMetrics = *samples;
    return run;
}

bool HistoryStore::addServerMetrics(qint64 runId, const QList<ServerMetricsSample> &samples, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlDatabase db = database();
    if (!db.transaction()) {
        setError(error, db.lastError().text());
        return false;
    }
    if (insertServerSamples(db, runId, samples, error) && db.commit())
        return true;
    db.rollback();
    return false;
}

bool HistoryStore::updateRun(qint64 runId, const QString &column, const QVariant &value, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE runs SET %1 = ? WHERE id = ?").arg(column));
    query.addBindValue(value);
    query.addBindValue(runId);
    return execOnRun(query, runId, error);
}

bool HistoryStore::setRepeat(qint64 runId, qint64 group, int index, int count, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE runs SET repeat_group = ?, repeat_index = ?, repeat_count = ? WHERE id = ?"));
    query.addBindValue(group);
    query.addBindValue(index);
    query.addBindValue(count);
    query.addBindValue(runId);
    return execOnRun(query, runId, error);
}

bool HistoryStore::renameRun(qint64 runId, const QString &name, QString *error)
{
    return updateRun(runId, QStringLiteral("name"), nonNull(name.trimmed()), error);
}

bool HistoryStore::setTags(qint64 runId, const QStringList &tags, QString *error)
{
    return updateRun(runId, QStringLiteral("tags"), tagsText(tags), error);
}

bool HistoryStore::deleteRun(qint64 runId, QString *error)
{
    if (!ensureOpen(error))
        return false;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?")); // levels and requests cascade
    query.addBindValue(runId);
    return execOnRun(query, runId, error);
}

int HistoryStore::markInterruptedRuns(qint64 exceptRunId, QString *error)
{
    if (!ensureOpen(error))
        return -1;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE runs SET status = ?, error = ? WHERE status = ? AND id <> ?"));
    query.addBindValue(historyRunStatusName(HistoryRunStatus::Interrupted));
    query.addBindValue(QStringLiteral("TokenScope stopped during the run (crash, kill or power loss); "
                                      "the requests finished before that are kept."));
    query.addBindValue(historyRunStatusName(HistoryRunStatus::Running));
    query.addBindValue(exceptRunId);
    if (!query.exec()) {
        failed(error, query);
        return -1;
    }
    return query.numRowsAffected();
}

} // namespace TokenScope
