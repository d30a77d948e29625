// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyschema.h"

#include <QSqlError>
#include <QSqlQuery>

namespace TokenScope::HistorySchema {

namespace {

// Version 1. Times inside a run are integer nanoseconds from the request's post (-1 = did not
// happen), exactly as RequestRecord holds them, so a reloaded run is bit-identical.
QStringList version1()
{
    return {
        QStringLiteral("CREATE TABLE runs ("
                       " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                       " name TEXT NOT NULL DEFAULT '',"
                       " tags TEXT NOT NULL DEFAULT '[]'," // JSON array of strings
                       " started_at TEXT NOT NULL," // ISO-8601 with ms and UTC offset
                       " started_at_ms INTEGER NOT NULL," // ms since the epoch (UTC), for ordering
                       " tool_version TEXT NOT NULL DEFAULT '',"
                       " model TEXT NOT NULL," // copies of config fields the run list shows
                       " api TEXT NOT NULL,"
                       " base_url TEXT NOT NULL,"
                       " config TEXT NOT NULL," // RunConfig::toJson(): every input but the key
                       " environment TEXT NOT NULL DEFAULT '{}'," // host, OS, CPUs, Qt version
                       " status TEXT NOT NULL CHECK (status IN"
                       "  ('running', 'completed', 'cancelled', 'failed', 'interrupted')),"
                       " error TEXT NOT NULL DEFAULT '')"),
        QStringLiteral("CREATE TABLE levels ("
                       " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                       " position INTEGER NOT NULL," // order within the run
                       " concurrency INTEGER NOT NULL,"
                       " mean_input_tokens REAL," // NULL when no completed request reported usage
                       " summary TEXT NOT NULL," // the whole LevelSummary as JSON
                       " PRIMARY KEY (run_id, position))"),
        QStringLiteral("CREATE TABLE requests ("
                       " id INTEGER PRIMARY KEY," // insertion order = the run's record order
                       " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                       " level INTEGER NOT NULL,"
                       " idx INTEGER NOT NULL,"
                       " warmup INTEGER NOT NULL,"
                       " response_id TEXT NOT NULL DEFAULT '',"
                       " ok INTEGER NOT NULL,"
                       " http_status INTEGER NOT NULL,"
                       " error_kind TEXT NOT NULL DEFAULT '',"
                       " error_message TEXT NOT NULL DEFAULT '',"
                       " t_start_ns INTEGER NOT NULL,"
                       " start_ns INTEGER NOT NULL,"
                       " connect_ns INTEGER NOT NULL,"
                       " tls_ns INTEGER NOT NULL,"
                       " request_sent_ns INTEGER NOT NULL,"
                       " headers_ns INTEGER NOT NULL,"
                       " first_byte_ns INTEGER NOT NULL,"
                       " ttft_ns INTEGER NOT NULL,"
                       " ttfc_ns INTEGER NOT NULL,"
                       " last_token_ns INTEGER NOT NULL,"
                       " done_ns INTEGER NOT NULL,"
                       " end_ns INTEGER NOT NULL,"
                       " output_tokens INTEGER NOT NULL,"
                       " output_tokens_from_usage INTEGER NOT NULL,"
                       " prompt_tokens INTEGER NOT NULL,"
                       " chunk_times_ns BLOB NOT NULL," // little-endian int64 offsets, in order
                       " connections_opened INTEGER NOT NULL,"
                       " reads INTEGER NOT NULL,"
                       " events INTEGER NOT NULL)"),
        QStringLiteral("CREATE INDEX requests_by_run ON requests (run_id, id)"),
    };
}

// Version 2: A/B interleaved runs. A record and a level summary name the arm (endpoint) that
// measured it, 0 for ordinary runs and every row a version-1 file holds. A level's position stays
// its order within the whole run (every arm's summaries, as the run emitted them), so (run_id,
// position) still identifies it; an arm's levels are those with its number, in position order.
// runs.arms holds each arm's RunConfig::toJson() (no key) as a JSON array; NULL for ordinary runs.
QStringList version2()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN arm INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE levels ADD COLUMN arm INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN arms TEXT"), // JSON array of configs, or NULL
    };
}

// Version 3: levels are identified by their position in the run's load points, since a
// concurrency may repeat (`1,4,1`). requests.level and levels.concurrency keep the concurrency.
// Rows of older files get the first position of their concurrency in the run's config: those
// files summarised a repeated concurrency as one level, so nothing finer can be recovered.
QStringList version3()
{
    const QString firstIndexOf = QStringLiteral(
        "(SELECT min(CAST(j.key AS INTEGER)) FROM runs, json_each(runs.config, '$.concurrency_levels') AS j"
        " WHERE runs.id = %1.run_id AND j.value = %1.%2)");
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN level_index INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("UPDATE requests SET level_index ="
                       " CASE WHEN warmup THEN -1 ELSE coalesce(%1, -1) END")
            .arg(firstIndexOf.arg(QStringLiteral("requests"), QStringLiteral("level"))),
        QStringLiteral("ALTER TABLE levels ADD COLUMN level_index INTEGER NOT NULL DEFAULT 0"),
        // 0 = unknown (no response, or stored before version 3), 1 = HTTP/1.x, 2 = HTTP/2.
        QStringLiteral("ALTER TABLE requests ADD COLUMN http_version INTEGER NOT NULL DEFAULT 0"),
        // The request's prompt (a PromptSource's id); '' for rows stored before version 3.
        QStringLiteral("ALTER TABLE requests ADD COLUMN prompt_id TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("UPDATE levels SET level_index = coalesce(%1, -1)")
            .arg(firstIndexOf.arg(QStringLiteral("levels"), QStringLiteral("concurrency"))),
    };
}

// Version 4: how a stream ended and what the provider's cache served. done_marker is 1 when
// `data: [DONE]` arrived; rows of older files get their `ok`, since a complete stream needed [DONE]
// then. cached_tokens is -1 (not reported) for them.
QStringList version4()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN cached_tokens INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN done_marker INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("UPDATE requests SET done_marker = ok"),
    };
}

// Version 5: open-loop load. A request's scheduled send (ns from the run's start, -1 = closed loop,
// as RequestRecord holds it), its wait for the concurrency cap and whether it went during a
// ramp-up; a run's load points (HistoryCodec::loadPointsToJson, NULL = its config's, as every
// older run's are), what its sweep or max-rate search concluded ('' = none) and the rate such a
// search found (-1 = none). Level summaries carry their load point inside their JSON.
QStringList version5()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN scheduled_ns INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN cap_wait_ns INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN ramp_up INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN load_points TEXT"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN load_plan_outcome TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN max_rate_found REAL NOT NULL DEFAULT -1"),
    };
}

// Version 6: the server's own metrics, scraped through a run (docs/metrics.md#server-metrics). One
// row per scrape in the order sent: its offset on the run's clock (ns), how long it took, whether
// it succeeded (or its error), whose names it had, the known figures (NULL = not exposed) and
// every other series as a JSON object. Level summaries carry their server figures in their JSON.
QStringList version6()
{
    return {
        QStringLiteral("CREATE TABLE server_metrics ("
                       " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                       " position INTEGER NOT NULL,"
                       " offset_ns INTEGER NOT NULL,"
                       " duration_ns INTEGER NOT NULL,"
                       " ok INTEGER NOT NULL,"
                       " error TEXT NOT NULL DEFAULT '',"
                       " server TEXT NOT NULL DEFAULT '',"
                       " running REAL,"
                       " waiting REAL,"
                       " cache_usage REAL,"
                       " preemptions REAL,"
                       " prompt_tokens REAL,"
                       " generation_tokens REAL,"
                       " series TEXT NOT NULL DEFAULT '{}',"
                       " PRIMARY KEY (run_id, position))"),
    };
}

// Version 7: what a request asked of the workload (docs/metrics.md#workload-figures): whether it
// was a calibration probe, the prompt length it aimed for in the server's count (-1 = none) and
// its max_tokens (0 = not stored). Rows of older files: probes are the rows at the calibration's
// level index (-2), and the warm-ups whose prompt is a probe's ("probe-N", app/workload/
// calibration.cpp): an older import of a run directory stored its probes as warm-ups at -1, which
// go back to -2. No aim, max_tokens unknown.
QStringList version7()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN probe INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN target_input_tokens INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN max_tokens INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("UPDATE requests SET probe = 1 WHERE level_index = -2"),
        QStringLiteral("UPDATE requests SET probe = 1, level_index = -2"
                       " WHERE warmup = 1 AND level_index = -1 AND prompt_id GLOB 'probe-[0-9]*'"),
    };
}

// Version 8: what a hostile server sent that was counted but not measured
// (docs/metrics.md#protocol-notes): events after the stream's end, chunk times past the per-request
// cap, a usage count no answer reaches; and per scrape, the series past the bound and the values out
// of range (docs/metrics.md#server-metrics). Older rows: none of either.
QStringList version8()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN events_after_done INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN chunk_times_dropped INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN usage_rejected_tokens INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE server_metrics ADD COLUMN series_dropped INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE server_metrics ADD COLUMN values_rejected INTEGER NOT NULL DEFAULT 0"),
    };
}

// Version 9: a run repeated K times (docs/metrics.md#repeats) stores each repeat as its own run,
// naming the series (the first repeat's id), its place in it (from 1) and the repeats asked for.
// A run that is no repeat, and every row an older file holds: NULL, 0, 0.
QStringList version9()
{
    return {
        QStringLiteral("ALTER TABLE runs ADD COLUMN repeat_group INTEGER"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN repeat_index INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE runs ADD COLUMN repeat_count INTEGER NOT NULL DEFAULT 0"),
    };
}

// Version 10: the first data event of each stream (RequestRecord::firstEventNs, -1 = none; the
// vLLM rules' TTFT end, docs/metrics.md#8-the-same-names-in-other-tools) and its chunks' tokens
// from per-chunk usage (little-endian int32s; docs/metrics.md#per-token-itl-from-per-chunk-usage).
// Older rows: neither.
QStringList version10()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN first_event_ns INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN chunk_tokens BLOB NOT NULL DEFAULT x''"),
    };
}

// Version 11: a conversation's turn (docs/methodology.md#conversations): its conversation within the
// level (-1 = none) and its turn (0 = none). Older rows: neither.
QStringList version11()
{
    return {
        QStringLiteral("ALTER TABLE requests ADD COLUMN session INTEGER NOT NULL DEFAULT -1"),
        QStringLiteral("ALTER TABLE requests ADD COLUMN turn INTEGER NOT NULL DEFAULT 0"),
    };
}

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

bool hasTables(const QSqlDatabase &db)
{
    QSqlQuery query(db);
    return query.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table'")) && query.next()
        && query.value(0).toInt() > 0;
}

bool runStep(QSqlDatabase &db, const Step &step, QString *error)
{
    if (!db.transaction()) {
        setError(error, db.lastError().text());
        return false;
    }
    QSqlQuery query(db);
    for (const QString &statement : step.statements) {
        if (!query.exec(statement)) {
            setError(error,
                QStringLiteral("Migration to history schema %1 failed: %2")
                    .arg(step.version)
                    .arg(query.lastError().text()));
            query.finish();
            db.rollback();
            return false;
        }
    }
    // PRAGMA takes no bound parameters; the number is ours.
    if (!query.exec(QStringLiteral("PRAGMA user_version = %1").arg(step.version)) || !db.commit()) {
        setError(error,
            QStringLiteral("Migration to history schema %1 failed: %2").arg(step.version).arg(db.lastError().text()));
        query.finish();
        db.rollback();
        return false;
    }
    return true;
}

} // namespace

QList<Step> steps()
{
    return { Step { 1, version1() }, Step { 2, version2() }, Step { 3, version3() }, Step { 4, version4() },
        Step { 5, version5() }, Step { 6, version6() }, Step { 7, version7() }, Step { 8, version8() },
        Step { 9, version9() }, Step { 10, version10() }, Step { 11, version11() } };
}

int currentVersion()
{
    return steps().constLast().version;
}

int userVersion(const QSqlDatabase &db, QString *error)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        setError(error, query.lastError().text());
        return -1;
    }
    return query.value(0).toInt();
}

bool migrate(QSqlDatabase &db, const QList<Step> &steps, QString *error)
{
    const int from = userVersion(db, error);
    if (from < 0)
        return false;
    const int newest = steps.isEmpty() ? 0 : steps.constLast().version;
    if (from > newest) {
        setError(error,
            QStringLiteral("The history database has schema version %1, newer than this TokenScope knows (%2). "
                           "Open it with a newer TokenScope.")
                .arg(from)
                .arg(newest));
        return false;
    }
    if (from == 0 && hasTables(db)) {
        setError(error, QStringLiteral("The file holds tables but no TokenScope history schema version."));
        return false;
    }
    for (const Step &step : steps)
        if (step.version > from && !runStep(db, step, error))
            return false;
    return true;
}

} // namespace TokenScope::HistorySchema
