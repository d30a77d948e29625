// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run history (docs/history-and-compare.md#2-what-is-stored-and-what-a-crash-loses): the real SQLite
// file, real engine runs against the real simulator, the real tokenscope-cli for imports, and a real
// child process killed mid-run.
#include "core/runlabel.h"
#include "core/secrets.h"
#include "engine/runcontroller.h"
#include "report/reportwriters.h"
#include "report/runrecorder.h"
#include "sim/simulatorserver.h"
#include "stats/statistics.h"
#include "store/historycodec.h"
#include "store/historyrecorder.h"
#include "store/historyschema.h"
#include "store/historystore.h"
#include "support/enginerun.h"
#include "support/sinkfeed.h"
#include "testpaths.h"
#include "version.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <functional>
#include <gtest/gtest.h>
#include <limits>

using namespace TokenScope;

namespace TokenScope::Testing {
RunResult sampleRun(); // tests/report/samplerun.cpp
RunResult sampleRateRun();
qint64 msToNs(double ms);
}

namespace {

// Every field of a record on one line, so EXPECT_EQ shows exactly what differs.
std::string describe(const RequestRecord &r)
{
    QStringList chunks;
    for (qint64 ns : r.chunkTimesNs)
        chunks.append(QString::number(ns));
    QStringList chunkTokens;
    for (int tokens : r.chunkTokens)
        chunkTokens.append(QString::number(tokens));
    return QStringLiteral(
        "arm=%28 levelIndex=%29 level=%1 index=%2 warmup=%3 id=%4 ok=%5 http=%6 kind=%7 msg=%8 tStart=%9 start=%10 "
        "connect=%11 tls=%12 sent=%13 headers=%14 firstByte=%15 ttft=%16 ttfc=%17 last=%18 "
        "done=%19 end=%20 tokens=%21 usage=%22 prompt=%23 conns=%24 reads=%25 events=%26 chunks=[%27] cached=%30 "
        "doneMarker=%31 scheduled=%32 capWait=%33 rampUp=%34 probe=%35 target=%36 maxTokens=%37 afterDone=%38 "
        "timesDropped=%39 usageRejected=%40 firstEvent=%41 chunkTokens=[%42] session=%43 turn=%44")
        .arg(r.level)
        .arg(r.index)
        .arg(r.warmup)
        .arg(r.responseId)
        .arg(r.ok)
        .arg(r.httpStatus)
        .arg(r.errorKind, r.errorMessage)
        .arg(r.tStartNs)
        .arg(r.startNs)
        .arg(r.connectNs)
        .arg(r.tlsNs)
        .arg(r.requestSentNs)
        .arg(r.headersNs)
        .arg(r.firstByteNs)
        .arg(r.ttftNs)
        .arg(r.ttfcNs)
        .arg(r.lastTokenNs)
        .arg(r.doneNs)
        .arg(r.endNs)
        .arg(r.outputTokens)
        .arg(r.outputTokensFromUsage)
        .arg(r.promptTokens)
        .arg(r.connectionsOpened)
        .arg(r.reads)
        .arg(r.events)
        .arg(chunks.join(u','))
        .arg(r.arm)
        .arg(r.levelIndex)
        .arg(r.cachedTokens)
        .arg(r.doneMarker)
        .arg(r.scheduledNs)
        .arg(r.capWaitNs)
        .arg(r.rampUp)
        .arg(r.probe)
        .arg(r.targetInputTokens)
        .arg(r.maxTokens)
        .arg(r.eventsAfterDone)
        .arg(r.chunkTimesDropped)
        .arg(r.usageTokensRejected)
        .arg(r.firstEventNs)
        .arg(chunkTokens.join(u','))
        .arg(r.session)
        .arg(r.turn)
        .toStdString();
}

std::string describe(const LevelSummary &level)
{
    return QJsonDocument(HistoryCodec::levelSummaryToJson(level)).toJson(QJsonDocument::Compact).toStdString();
}

// The config as stored: every input but the key (and so without the "a key was set" flag).
// What History lists as a run's requests: every level summary's, without warm-ups and ramp-up.
qsizetype measuredCount(const QList<RequestRecord> &records)
{
    return std::count_if(
        records.cbegin(), records.cend(), [](const RequestRecord &r) { return !r.warmup && !r.rampUp; });
}

QJsonObject storedConfig(const RunConfig &config)
{
    QJsonObject json = config.toJson();
    json.remove(QStringLiteral("api_key_set"));
    return json;
}

void expectSameRun(const RunResult &expected, const RunResult &actual)
{
    EXPECT_EQ(storedConfig(actual.config), storedConfig(expected.config));
    EXPECT_TRUE(actual.config.apiKey.isEmpty());
    ASSERT_EQ(actual.records.size(), expected.records.size());
    // Every field as measured, but what the history never keeps: a secret a server echoed
    // (docs/hostile-input.md#secrets).
    const Secrets secrets = Secrets::of(QList<RunConfig> { expected.config } + expected.arms);
    for (qsizetype i = 0; i < expected.records.size(); ++i) {
        RequestRecord kept = expected.records.at(i);
        secrets.redact(&kept);
        EXPECT_EQ(describe(actual.records.at(i)), describe(kept)) << "record " << i;
    }
    ASSERT_EQ(actual.levels.size(), expected.levels.size());
    for (qsizetype i = 0; i < expected.levels.size(); ++i)
        EXPECT_EQ(describe(actual.levels.at(i)), describe(expected.levels.at(i))) << "level " << i;
    EXPECT_EQ(actual.cancelled, expected.cancelled);
}

/// A second, raw connection to a history file, for what the store's API does not show.
class RawDb
{
public:
    explicit RawDb(const QString &path)
        : m_name(QStringLiteral("history-test-raw-%1").arg(++s_count))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        EXPECT_TRUE(db.open()) << db.lastError().text().toStdString();
    }
    ~RawDb()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    RawDb(const RawDb &) = delete;
    RawDb &operator=(const RawDb &) = delete;

    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    void exec(const QString &sql) const
    {
        QSqlQuery query(db());
        EXPECT_TRUE(query.exec(sql)) << sql.toStdString() << ": " << query.lastError().text().toStdString();
    }
    QVariant scalar(const QString &sql) const
    {
        QSqlQuery query(db());
        if (!query.exec(sql) || !query.next()) {
            ADD_FAILURE() << sql.toStdString() << ": " << query.lastError().text().toStdString();
            return {};
        }
        return query.value(0);
    }

private:
    static inline int s_count = 0;
    QString m_name;
};

struct RecordedRun
{
    RunResult result;
    qint64 runId = -1;
    QStringList storeFailures;
};

// Runs `config` on a real RunController with a HistoryRecorder writing into `store`.
RecordedRun runRecorded(const RunConfig &config, HistoryStore &store, const std::function<bool(int)> &cancelWhen = {})
{
    RunController controller;
    HistoryRecorder recorder(&store);
    RecordedRun out;
    Testing::feedSink(&controller, &recorder, &out.storeFailures);
    bool finished = false;
    int requests = 0;
    QObject::connect(&recorder, &HistoryRecorder::runStored, &controller, [&finished] { finished = true; });
    QObject::connect(&controller, &RunController::runFinished, &controller,
        [&out](const RunResult &result) { out.result = result; });
    QObject::connect(&controller, &RunController::requestFinished, &controller, [&](const RequestRecord &) {
        if (cancelWhen && cancelWhen(++requests))
            controller.cancel();
    });
    out.runId = Testing::beginRecording(recorder, { config }, &out.storeFailures);
    EXPECT_GT(out.runId, 0) << out.storeFailures.join(u'\n').toStdString();
    if (out.runId <= 0)
        return out;
    controller.start(config);
    EXPECT_TRUE(QTest::qWaitFor([&finished] { return finished; }, 60000)) << "the run was not stored in time";
    return out;
}

RunConfig simulatorConfig(const SimulatorServer &sim)
{
    RunConfig config = Testing::quickConfig(sim.baseUrl().toString(), 1, 0, 24);
    config.concurrencyLevels = { 1, 3 };
    config.requestsPerLevel = 0;
    config.requestsPerConcurrency = 2;
    config.warmupRequests = 1;
    config.minTokensForTpot = 20;
    return config;
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Runs tokenscope-cli to its end: empty when it exited 0, else why not (its stderr).
QString runCliToItsEnd(const QStringList &args)
{
    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    if (!cli.waitForFinished(60000))
        return QStringLiteral("tokenscope-cli did not finish within 60 s");
    return cli.exitCode() == 0 ? QString() : QString::fromLocal8Bit(cli.readAllStandardError());
}

QStringList cliRunArgs(const SimulatorServer &sim, const QString &outDir)
{
    return { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(), QStringLiteral("--model"),
        QStringLiteral("tokenscope-sim"), QStringLiteral("--max-tokens"), QStringLiteral("24"),
        QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests-per-concurrency"),
        QStringLiteral("2"), QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--out"), outDir };
}

/// Runs tokenscope-cli with `args` (writing the run directory `dir`), opens `store` at `dbPath`
/// and imports `dir`: the new run's id, or 0 after a test failure saying which step failed.
qint64 runCliAndImport(const QStringList &args, const QString &dir, HistoryStore &store, const QString &dbPath)
{
    const QString cliError = runCliToItsEnd(args);
    EXPECT_TRUE(cliError.isEmpty()) << cliError.toStdString();
    if (!cliError.isEmpty() || !store.open(dbPath))
        return 0;
    QString error;
    const qint64 id = store.importRunDirectory(dir, &error);
    EXPECT_GT(id, 0) << error.toStdString();
    return id;
}

QJsonObject readJson(const QString &path)
{
    return QJsonDocument::fromJson(fileBytes(path)).object();
}

// The version-1 schema exactly as HistorySchema step 1 created it, frozen here: a migration that
// breaks files made by an older TokenScope fails HandWrittenVersion1FileOpensAndReads.
const QStringList kFrozenVersion1 {
    QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT '',"
                   " tags TEXT NOT NULL DEFAULT '[]', started_at TEXT NOT NULL, started_at_ms INTEGER NOT NULL,"
                   " tool_version TEXT NOT NULL DEFAULT '', model TEXT NOT NULL, api TEXT NOT NULL,"
                   " base_url TEXT NOT NULL, config TEXT NOT NULL, environment TEXT NOT NULL DEFAULT '{}',"
                   " status TEXT NOT NULL CHECK (status IN"
                   " ('running', 'completed', 'cancelled', 'failed', 'interrupted')),"
                   " error TEXT NOT NULL DEFAULT '')"),
    QStringLiteral("CREATE TABLE levels (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                   " position INTEGER NOT NULL, concurrency INTEGER NOT NULL, mean_input_tokens REAL,"
                   " summary TEXT NOT NULL, PRIMARY KEY (run_id, position))"),
    QStringLiteral("CREATE TABLE requests (id INTEGER PRIMARY KEY,"
                   " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, level INTEGER NOT NULL,"
                   " idx INTEGER NOT NULL, warmup INTEGER NOT NULL, response_id TEXT NOT NULL DEFAULT '',"
                   " ok INTEGER NOT NULL, http_status INTEGER NOT NULL, error_kind TEXT NOT NULL DEFAULT '',"
                   " error_message TEXT NOT NULL DEFAULT '', t_start_ns INTEGER NOT NULL, start_ns INTEGER NOT NULL,"
                   " connect_ns INTEGER NOT NULL, tls_ns INTEGER NOT NULL, request_sent_ns INTEGER NOT NULL,"
                   " headers_ns INTEGER NOT NULL, first_byte_ns INTEGER NOT NULL, ttft_ns INTEGER NOT NULL,"
                   " ttfc_ns INTEGER NOT NULL, last_token_ns INTEGER NOT NULL, done_ns INTEGER NOT NULL,"
                   " end_ns INTEGER NOT NULL, output_tokens INTEGER NOT NULL,"
                   " output_tokens_from_usage INTEGER NOT NULL, prompt_tokens INTEGER NOT NULL,"
                   " chunk_times_ns BLOB NOT NULL, connections_opened INTEGER NOT NULL, reads INTEGER NOT NULL,"
                   " events INTEGER NOT NULL)"),
    QStringLiteral("CREATE INDEX requests_by_run ON requests (run_id, id)"),
};

// A version-1 file made with the frozen schema, holding run 1 with `config` (and no rows else).
void createVersion1RunRow(const RawDb &raw, const RunConfig &config)
{
    for (const QString &statement : kFrozenVersion1)
        raw.exec(statement);
    raw.exec(QStringLiteral("INSERT INTO runs (name, started_at, started_at_ms, model, api, base_url, config,"
                            " status) VALUES ('old', '2026-01-02T03:04:05.006+08:00', 1767294245006, 'm1',"
                            " 'chat', 'http://gw/v1', '%1', 'completed')")
                 .arg(QString::fromUtf8(QJsonDocument(config.toJson()).toJson(QJsonDocument::Compact))));
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Round trips

TEST(HistoryStore, RecordedRunReopensWithIdenticalRecordsAndSummaries)
{
    SimConfig simConfig = Testing::quickSim();
    const QString key = QStringLiteral("sk-history-test-KEY-7788");
    simConfig.apiKey = key;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    RunConfig config = simulatorConfig(sim);
    config.apiKey = key;
    config.headers = { { QByteArrayLiteral("X-Trace-Secret"), QByteArrayLiteral("header-value-9911") } };
    config.extraBody = QJsonObject { { QStringLiteral("top_p"), 0.5 } };

    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("history.sqlite"));
    RecordedRun recorded;
    {
        HistoryStore store;
        QString error;
        ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
        recorded = runRecorded(config, store);
    }
    EXPECT_TRUE(recorded.storeFailures.isEmpty()) << recorded.storeFailures.join(u'\n').toStdString();
    ASSERT_EQ(recorded.result.records.size(), 1 + 2 + 6);
    ASSERT_EQ(recorded.result.levels.size(), 2);
    EXPECT_EQ(Testing::countOk(recorded.result), 8);

    HistoryStore reopened;
    QString error;
    ASSERT_TRUE(reopened.open(path, &error)) << error.toStdString();
    const std::optional<RunResult> loaded = reopened.loadRun(recorded.runId, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    expectSameRun(recorded.result, *loaded);
    EXPECT_FALSE(loaded->records.constLast().chunkTimesNs.isEmpty());
    EXPECT_LE(qAbs(loaded->startedAt.msecsTo(recorded.result.startedAt)), 5000);
    ASSERT_EQ(loaded->config.headers.size(), 1);
    EXPECT_EQ(loaded->config.headers.constFirst().first, QByteArrayLiteral("X-Trace-Secret"));
    EXPECT_TRUE(loaded->config.headers.constFirst().second.isEmpty()) << "header values are not stored";

    const std::optional<HistoryRunInfo> info = reopened.runInfo(recorded.runId, &error);
    ASSERT_TRUE(info) << error.toStdString();
    EXPECT_EQ(info->status, HistoryRunStatus::Completed);
    EXPECT_EQ(info->requestCount, 8) << "2 x 1 + 2 x 3 measured; the warm-up is not counted";
    EXPECT_EQ(measuredCount(loaded->records), 8);
    EXPECT_EQ(info->toolVersion, QStringLiteral(TOKENSCOPE_VERSION));
    EXPECT_EQ(info->environment.value(u"qt_version").toString(), QString::fromLatin1(qVersion()));
    EXPECT_GT(info->environment.value(u"cpu_count").toInt(), 0);
    EXPECT_FALSE(info->environment.value(u"hostname").toString().isEmpty());

    reopened.close();
    const QByteArray bytes = fileBytes(path) + fileBytes(path + QStringLiteral("-wal"));
    EXPECT_FALSE(bytes.contains(key.toUtf8())) << "the API key is in the history file";
    EXPECT_FALSE(bytes.contains("header-value-9911")) << "a header value is in the history file";
}

TEST(HistoryStore, StoredRunKeepsEveryFieldAndItsStartTime)
{
    RunResult run = Testing::sampleRun(); // warm-up, a 429, counts from chunks, a key
    // What a request asked of its workload: a calibration probe, and a prompt aimed at a length.
    RequestRecord probe = run.records.constFirst();
    probe.probe = true;
    probe.warmup = true;
    probe.levelIndex = -2;
    probe.maxTokens = 1;
    probe.targetInputTokens = 250;
    run.records.prepend(probe);
    run.records.last().targetInputTokens = 250;
    run.records.last().maxTokens = 64;
    // What a hostile server sent that was counted but not measured.
    run.records.last().eventsAfterDone = 11;
    run.records.last().chunkTimesDropped = 1000;
    run.records.last().usageTokensRejected = 2147483647;
    // The vLLM rules' TTFT end and per-chunk usage (docs/metrics.md#per-token-itl-from-per-chunk-usage).
    RequestRecord &streamed = run.records.first();
    ASSERT_FALSE(streamed.chunkTimesNs.isEmpty());
    streamed.firstEventNs = streamed.ttftNs - 1000;
    streamed.chunkTokens = QList<int>(streamed.chunkTimesNs.size(), 2);
    streamed.session = 3; // a conversation's turn (docs/methodology.md#conversations)
    streamed.turn = 2;
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    const qint64 id = store.storeRun(
        run, HistoryRunStatus::Completed, QStringLiteral("sample"), QStringLiteral("9.9.9"), QJsonObject {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    expectSameRun(run, *loaded); // every field, the key a 429 echoed excepted
    EXPECT_TRUE(loaded->records.last().errorMessage.contains(u"[redacted]"));
    EXPECT_EQ(loaded->startedAt, run.startedAt);
    EXPECT_EQ(loaded->startedAt.offsetFromUtc(), 3600) << "the offset it was measured in";
}

TEST(HistoryStore, ListShowsTheRunsTableValuesNewestFirst)
{
    RunResult older = Testing::sampleRun();
    RunResult newer = Testing::sampleRun();
    newer.config.model = QStringLiteral("model-b");
    newer.config.api = ApiKind::Completions;
    newer.config.maxTokens = 64;
    newer.startedAt = older.startedAt.addDays(1);
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    const qint64 newerId = store.storeRun(newer, HistoryRunStatus::Cancelled, {}, {}, {});
    const qint64 olderId = store.storeRun(older, HistoryRunStatus::Completed, QStringLiteral("first"), {}, {});
    ASSERT_GT(newerId, 0);
    ASSERT_GT(olderId, 0);

    QString error;
    const QList<HistoryRunInfo> runs = store.listRuns(&error);
    ASSERT_EQ(runs.size(), 2) << error.toStdString();
    EXPECT_EQ(runs.at(0).id, newerId);
    EXPECT_EQ(runs.at(1).id, olderId);
    const HistoryRunInfo &b = runs.at(0);
    EXPECT_EQ(b.model, QStringLiteral("model-b"));
    EXPECT_EQ(b.api, ApiKind::Completions);
    EXPECT_EQ(b.maxTokens, 64);
    EXPECT_EQ(b.baseUrl, newer.config.baseUrl);
    EXPECT_EQ(b.status, HistoryRunStatus::Cancelled);
    EXPECT_EQ(b.startedAt, newer.startedAt);
    // The requests every level summary counts, as every other view says: the warm-up is left out.
    EXPECT_EQ(b.requestCount, newer.levels.at(0).requests + newer.levels.at(1).requests);
    ASSERT_TRUE(
        std::any_of(newer.records.cbegin(), newer.records.cend(), [](const RequestRecord &r) { return r.warmup; }));
    EXPECT_EQ(b.requestCount, newer.records.size() - 1);
    ASSERT_EQ(b.levels.size(), 2);
    EXPECT_EQ(describe(b.levels.at(0).summary), describe(newer.levels.at(0)));
    EXPECT_EQ(describe(b.levels.at(1).summary), describe(newer.levels.at(1)));
    // Level 1: two completed measured requests with 12 prompt tokens (the warm-up does not count).
    ASSERT_TRUE(b.levels.at(0).summary.meanInputTokens.has_value());
    EXPECT_DOUBLE_EQ(*b.levels.at(0).summary.meanInputTokens, 12.0);
    // Level 2: the 429 and the request without usage do not count.
    ASSERT_TRUE(b.levels.at(1).summary.meanInputTokens.has_value());
    EXPECT_DOUBLE_EQ(*b.levels.at(1).summary.meanInputTokens, 12.0);
    EXPECT_EQ(runs.at(1).name, QStringLiteral("first"));
}

TEST(HistoryStore, ListGivesEachRunsProfileAndLoadAndOlderRunsHaveNoProfile)
{
    RunResult profiled = Testing::sampleRun();
    profiled.config.profileName = QStringLiteral("vLLM on the A100");
    RunResult older = Testing::sampleRun(); // a config stored before profiles were kept has no "profile"
    ASSERT_FALSE(older.config.toJson().contains(u"profile"));
    older.startedAt = profiled.startedAt.addDays(-1);
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    ASSERT_GT(store.storeRun(profiled, HistoryRunStatus::Completed, {}, {}, {}), 0);
    ASSERT_GT(store.storeRun(older, HistoryRunStatus::Completed, {}, {}, {}), 0);

    const QList<HistoryRunInfo> runs = store.listRuns();
    ASSERT_EQ(runs.size(), 2);
    EXPECT_EQ(runs.at(0).profile, QStringLiteral("vLLM on the A100"));
    EXPECT_TRUE(runs.at(1).profile.isEmpty());
    EXPECT_EQ(runs.at(0).load, RunLabel::loadText(profiled.config));
    EXPECT_TRUE(runs.at(0).load.startsWith(u"c=")) << qPrintable(runs.at(0).load);
    const std::optional<RunResult> reopened = store.loadRun(runs.at(0).id);
    ASSERT_TRUE(reopened);
    EXPECT_EQ(reopened->config.profileName, QStringLiteral("vLLM on the A100"));
}

TEST(HistoryStore, RenameTagAndDeleteARun)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("h.sqlite"));
    HistoryStore store;
    ASSERT_TRUE(store.open(path));
    const qint64 keep = store.storeRun(Testing::sampleRun(), HistoryRunStatus::Completed, {}, {}, {});
    const qint64 drop = store.storeRun(Testing::sampleRun(), HistoryRunStatus::Completed, {}, {}, {});
    ASSERT_GT(keep, 0);
    ASSERT_GT(drop, 0);

    QString error;
    EXPECT_TRUE(store.renameRun(keep, QStringLiteral("  gateway A, Tuesday  "), &error)) << error.toStdString();
    EXPECT_TRUE(store.setTags(keep,
        { QStringLiteral(" baseline"), QString(), QStringLiteral("gpu-a"), QStringLiteral("baseline"),
            QStringLiteral("灰度") },
        &error))
        << error.toStdString();
    EXPECT_TRUE(store.deleteRun(drop, &error)) << error.toStdString();

    HistoryStore reopened;
    store.close();
    ASSERT_TRUE(reopened.open(path));
    const QList<HistoryRunInfo> runs = reopened.listRuns();
    ASSERT_EQ(runs.size(), 1);
    EXPECT_EQ(runs.at(0).id, keep);
    EXPECT_EQ(runs.at(0).name, QStringLiteral("gateway A, Tuesday"));
    EXPECT_EQ(
        runs.at(0).tags, (QStringList { QStringLiteral("baseline"), QStringLiteral("gpu-a"), QStringLiteral("灰度") }));
    reopened.close();

    RawDb raw(path);
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM requests WHERE run_id = %1").arg(drop)).toInt(), 0)
        << "a deleted run's requests go with it";
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM levels WHERE run_id = %1").arg(drop)).toInt(), 0);
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM requests WHERE run_id = %1").arg(keep)).toInt(), 6);
}

TEST(HistoryStore, UnknownRunsAreErrorsNotSilence)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    EXPECT_FALSE(store.renameRun(42, QStringLiteral("x"), &error));
    EXPECT_TRUE(error.contains(u"42")) << error.toStdString();
    EXPECT_FALSE(store.setTags(42, {}, nullptr));
    EXPECT_FALSE(store.deleteRun(42, nullptr));
    EXPECT_FALSE(store.finishRun(42, HistoryRunStatus::Completed));
    EXPECT_FALSE(store.loadRun(42).has_value());
    EXPECT_FALSE(store.runInfo(42).has_value());
    error.clear();
    EXPECT_FALSE(store.addRequest(42, RequestRecord {}, &error)) << "the foreign key refuses a record of no run";
    EXPECT_FALSE(error.isEmpty());
}

TEST(HistoryStore, CancelledRunKeepsTheLevelItWasIn)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    RunConfig config = simulatorConfig(sim);
    config.concurrencyLevels = { 1, 2, 4 };
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    // Warm-up 1 + level 1 (2 requests) + 2 of level 2's 4: cancel inside level 2.
    const RecordedRun recorded = runRecorded(config, store, [](int finished) { return finished == 5; });
    ASSERT_TRUE(recorded.result.cancelled);
    ASSERT_EQ(recorded.result.levels.size(), 2) << "level 1 and the part of level 2";

    const std::optional<RunResult> loaded = store.loadRun(recorded.runId);
    ASSERT_TRUE(loaded);
    expectSameRun(recorded.result, *loaded);
    EXPECT_EQ(store.runInfo(recorded.runId)->status, HistoryRunStatus::Cancelled);
}

TEST(HistoryStore, RefusedRunIsStoredAsFailedWithTheReason)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    RunConfig config;
    config.baseUrl = QStringLiteral("http://127.0.0.1:1/v1/v1"); // the engine refuses a doubled /v1
    RunController controller;
    HistoryRecorder recorder(&store);
    QStringList failures;
    Testing::feedSink(&controller, &recorder, &failures);
    QString reason;
    QObject::connect(&controller, &RunController::runFailed, &controller, [&reason](const QString &m) { reason = m; });
    const qint64 id = Testing::beginRecording(recorder, { config });
    controller.start(config);
    ASSERT_TRUE(QTest::qWaitFor([&recorder] { return recorder.currentRunId() < 0; }, 10000));
    const std::optional<HistoryRunInfo> info = store.runInfo(id);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->status, HistoryRunStatus::Failed);
    EXPECT_FALSE(reason.isEmpty());
    EXPECT_EQ(info->error, reason);
}

TEST(HistoryStore, RecorderReportsEachFailingWriteAndKeepsGoing)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    HistoryRecorder recorder(&store);
    const RunResult run = Testing::sampleRun();
    const qint64 id = Testing::beginRecording(recorder, { run.config });
    ASSERT_GT(id, 0);
    QString error;
    EXPECT_TRUE(recorder.recordRequest(run.records.at(0), &error)) << error.toStdString();
    store.close(); // the file goes away under the recorder (disk removed, store closed)
    for (int i : { 1, 2 }) {
        error.clear();
        EXPECT_FALSE(recorder.recordRequest(run.records.at(i), &error));
        EXPECT_TRUE(error.contains(u"not open")) << error.toStdString();
    }
    EXPECT_FALSE(recorder.finish(run, &error));
    EXPECT_EQ(recorder.currentRunId(), -1) << "the run ended all the same";
}

// ---------------------------------------------------------------------------------------------
// Imports

TEST(HistoryStore, ImportsACliRunDirectory)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("ci-run-42"));
    HistoryStore store;
    const qint64 id = runCliAndImport(cliRunArgs(sim, dir), dir, store, tmp.filePath(QStringLiteral("h.sqlite")));
    ASSERT_GT(id, 0);
    QString error;

    const QJsonObject summary = readJson(QDir(dir).filePath(QStringLiteral("summary.json")));
    const QList<QByteArray> lines
        = fileBytes(QDir(dir).filePath(QStringLiteral("requests.jsonl"))).trimmed().split('\n');
    const std::optional<RunResult> run = store.loadRun(id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    EXPECT_EQ(run->records.size(), lines.size());
    EXPECT_EQ(run->records.size(), 1 + 2 + 4);
    EXPECT_EQ(storedConfig(run->config), [&summary] {
        QJsonObject c = summary.value(u"config").toObject();
        c.remove(QStringLiteral("api_key_set"));
        return c;
    }());
    EXPECT_EQ(run->startedAt, HistoryCodec::parseTimestamp(summary.value(u"started_at").toString()));
    EXPECT_FALSE(run->cancelled);

    // The level figures recomputed from the records match the CLI's, to the files' µs.
    const QJsonArray levels = summary.value(u"levels").toArray();
    ASSERT_EQ(run->levels.size(), levels.size());
    ASSERT_EQ(levels.size(), 2);
    for (qsizetype i = 0; i < levels.size(); ++i) {
        const QJsonObject written = levels.at(i).toObject();
        const LevelSummary &imported = run->levels.at(i);
        EXPECT_EQ(imported.concurrency, written.value(u"concurrency").toInt());
        EXPECT_EQ(imported.completed, written.value(u"completed").toInt());
        EXPECT_EQ(imported.totalOutputTokens, written.value(u"total_output_tokens").toInteger());
        EXPECT_NEAR(imported.ttftMs.p50, written.value(u"median_ttft_ms").toDouble(), 0.002);
        EXPECT_NEAR(imported.ttftMs.p95, written.value(u"p95_ttft_ms").toDouble(), 0.002);
        EXPECT_NEAR(imported.tpotMs.p50, written.value(u"median_tpot_ms").toDouble(), 0.002);
        EXPECT_NEAR(imported.itlMs.p50, written.value(u"median_itl_ms").toDouble(), 0.002);
        EXPECT_NEAR(imported.e2elMs.p50, written.value(u"median_e2el_ms").toDouble(), 0.002);
        EXPECT_NEAR(imported.outputThroughput, written.value(u"output_throughput").toDouble(),
            1e-4 * written.value(u"output_throughput").toDouble());
        // The measurement's self-check only the engine could make comes from the file.
        const QJsonObject quality = written.value(u"measurement_quality").toObject();
        EXPECT_FALSE(imported.quality.verdict.isEmpty());
        EXPECT_EQ(imported.quality.verdict, quality.value(u"verdict").toString());
        EXPECT_EQ(imported.quality.cores, quality.value(u"cores").toInt());
    }
    for (const RequestRecord &r : run->records) {
        EXPECT_TRUE(r.ok);
        EXPECT_EQ(r.chunkTimesNs.size(), 24) << "chunk times came along";
        EXPECT_EQ(r.lastTokenNs, r.chunkTimesNs.constLast());
        EXPECT_EQ(r.maxTokens, 24) << "each line's max_tokens came along";
    }

    const std::optional<HistoryRunInfo> info = store.runInfo(id);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->name, QStringLiteral("ci-run-42"));
    EXPECT_EQ(info->status, HistoryRunStatus::Completed);
    EXPECT_EQ(info->toolVersion, summary.value(u"tool").toObject().value(u"version").toString());
    EXPECT_EQ(info->environment.value(u"source").toString(), QStringLiteral("import"));
    EXPECT_EQ(info->levels.size(), 2);
}

TEST(HistoryStore, ImportsACalibratedRunWithItsProbesAndEachPromptsAim)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("calibrated"));
    QStringList args = cliRunArgs(sim, dir);
    args << QStringLiteral("--input-tokens") << QStringLiteral("120");
    HistoryStore store;
    const qint64 id = runCliAndImport(args, dir, store, tmp.filePath(QStringLiteral("h.sqlite")));
    ASSERT_GT(id, 0);
    QString error;
    const std::optional<RunResult> run = store.loadRun(id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    int probes = 0;
    for (const RequestRecord &r : run->records) {
        if (r.probe) {
            ++probes;
            EXPECT_TRUE(r.warmup);
            EXPECT_EQ(r.levelIndex, -2) << "a probe stays a probe, not an ordinary warm-up";
            EXPECT_EQ(r.maxTokens, 1);
            continue;
        }
        EXPECT_EQ(r.targetInputTokens, 120);
        EXPECT_EQ(r.promptTokens, 120) << "the simulator counted the calibrated prompt";
        EXPECT_EQ(r.maxTokens, 24);
    }
    EXPECT_GE(probes, 2);
    // Stored and read back from SQLite, the same.
    const qint64 again = store.storeRun(*run, HistoryRunStatus::Completed, QStringLiteral("again"),
        QStringLiteral("9.9.9"), QJsonObject {}, &error);
    ASSERT_GT(again, 0) << error.toStdString();
    const std::optional<RunResult> reloaded = store.loadRun(again, &error);
    ASSERT_TRUE(reloaded) << error.toStdString();
    ASSERT_EQ(reloaded->records.size(), run->records.size());
    for (qsizetype i = 0; i < run->records.size(); ++i)
        EXPECT_EQ(describe(reloaded->records.at(i)), describe(run->records.at(i)));
}

TEST(HistoryStore, ImportsARunDirectoryLeftRunningAsInterrupted)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    RunConfig config = simulatorConfig(sim);
    const RunResult measured = Testing::runAndWait(config);
    ASSERT_EQ(measured.records.size(), 9);

    // What a CLI killed mid-run leaves: a "running" summary and the lines written so far.
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("killed"));
    Report::RunRecorder writer(dir);
    QString error;
    ASSERT_TRUE(writer.begin({ config }, measured.startedAt, &error)) << error.toStdString();
    for (qsizetype i = 0; i < 6; ++i) // warm-up, level 1, and 3 of level 3's 6
        ASSERT_TRUE(writer.recordRequest(measured.records.at(i), &error)) << error.toStdString();

    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    const qint64 id = store.importRunDirectory(dir, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<HistoryRunInfo> info = store.runInfo(id);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->status, HistoryRunStatus::Interrupted);
    EXPECT_FALSE(info->error.isEmpty());
    const std::optional<RunResult> run = store.loadRun(id);
    ASSERT_TRUE(run);
    EXPECT_TRUE(run->cancelled);
    ASSERT_EQ(run->levels.size(), 2);
    EXPECT_EQ(run->levels.at(0).concurrency, 1);
    EXPECT_EQ(run->levels.at(0).completed, 2);
    EXPECT_EQ(run->levels.at(1).concurrency, 3);
    EXPECT_EQ(run->levels.at(1).completed, 3);
}

TEST(HistoryStore, BrokenRunDirectoryImportsNothingAndSaysWhere)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    EXPECT_EQ(store.importRunDirectory(tmp.filePath(QStringLiteral("absent")), &error), -1);
    EXPECT_TRUE(error.contains(u"summary.json")) << error.toStdString();

    const RunResult run = Testing::sampleRun();
    const QString dir = tmp.filePath(QStringLiteral("broken"));
    ASSERT_TRUE(Report::writeRunDirectory(run, dir, &error)) << error.toStdString();
    QFile requests(QDir(dir).filePath(QStringLiteral("requests.jsonl")));
    ASSERT_TRUE(requests.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = requests.readAll().split('\n');
    requests.close();
    lines[1] = "{\"level\": 1, \"index\": "; // a damaged line in the middle
    ASSERT_TRUE(requests.open(QIODevice::WriteOnly | QIODevice::Truncate));
    requests.write(lines.join('\n'));
    requests.close();

    EXPECT_EQ(store.importRunDirectory(dir, &error), -1);
    EXPECT_TRUE(error.contains(u"line 2")) << error.toStdString();
    EXPECT_TRUE(store.listRuns().isEmpty()) << "a failed import leaves nothing behind";
}

// ---------------------------------------------------------------------------------------------
// A crash during a run

TEST(HistoryStore, KillDuringARunLeavesAReadableHistory)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("history.sqlite"));
    QProcess writer;
    writer.start(QStringLiteral(TOKENSCOPE_HISTORY_WRITER_PATH), { path });
    ASSERT_TRUE(writer.waitForStarted());
    constexpr int kStoredBeforeKill = 25;
    QByteArray out;
    while (!out.contains(QByteArrayLiteral("stored %1\n").replace("%1", QByteArray::number(kStoredBeforeKill)))) {
        ASSERT_TRUE(writer.state() == QProcess::Running) << writer.readAllStandardError().toStdString();
        if (writer.waitForReadyRead(30000))
            out += writer.readAllStandardOutput();
        else
            FAIL() << "the writer stopped reporting: " << writer.readAllStandardError().toStdString();
    }
    writer.kill(); // SIGKILL: no destructor, no checkpoint, whatever was in flight is lost
    ASSERT_TRUE(writer.waitForFinished(20000));
    EXPECT_EQ(writer.exitStatus(), QProcess::CrashExit);

    {
        RawDb raw(path);
        EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    QList<HistoryRunInfo> runs = store.listRuns(&error);
    ASSERT_EQ(runs.size(), 1) << error.toStdString();
    EXPECT_EQ(runs.at(0).status, HistoryRunStatus::Running) << "nobody finished it";
    const std::optional<RunResult> run = store.loadRun(runs.at(0).id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    EXPECT_GE(run->records.size(), kStoredBeforeKill) << "every request reported as stored is there";
    EXPECT_EQ(measuredCount(run->records), runs.at(0).requestCount);
    EXPECT_TRUE(run->records.constFirst().warmup);
    for (const RequestRecord &r : run->records) {
        EXPECT_TRUE(r.ok) << describe(r);
        EXPECT_EQ(r.chunkTimesNs.size(), 8) << "a record is stored whole or not at all";
        EXPECT_EQ(r.lastTokenNs, r.chunkTimesNs.constLast());
    }
    ASSERT_EQ(run->levels.size(), 1) << "the level under way is summarised from its records";
    EXPECT_EQ(run->levels.at(0).concurrency, 4);
    EXPECT_EQ(run->levels.at(0).completed, run->records.size() - 1);

    EXPECT_EQ(store.markInterruptedRuns(), 1);
    runs = store.listRuns();
    EXPECT_EQ(runs.at(0).status, HistoryRunStatus::Interrupted);
    EXPECT_FALSE(runs.at(0).error.isEmpty());
    EXPECT_EQ(store.markInterruptedRuns(), 0);
}

// ---------------------------------------------------------------------------------------------
// Schema versions and migration

TEST(HistorySchema, NewFileHasTheCurrentVersionWalAndForeignKeys)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("sub/dir/h.sqlite")); // folders are created
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    EXPECT_TRUE(store.isOpen());
    RawDb raw(path);
    EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), HistorySchema::currentVersion());
    EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    EXPECT_GE(HistorySchema::currentVersion(), 1);
}

TEST(HistorySchema, HandWrittenVersion1FileOpensAndReads)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("v1.sqlite"));
    const RunResult sample = Testing::sampleRun();
    {
        RawDb raw(path);
        for (const QString &statement : kFrozenVersion1)
            raw.exec(statement);
        QSqlQuery insert(raw.db());
        insert.prepare(QStringLiteral("INSERT INTO runs (name, tags, started_at, started_at_ms, tool_version, model,"
                                      " api, base_url, config, status) VALUES (?,?,?,?,?,?,?,?,?,?)"));
        for (const QVariant &value : QVariantList { QStringLiteral("from v1"), QStringLiteral("[\"old\"]"),
                 QStringLiteral("2026-01-02T03:04:05.006+08:00"), qint64(1767294245006), QStringLiteral("0.1.0"),
                 QStringLiteral("m1"), QStringLiteral("chat"), QStringLiteral("http://gw/v1"),
                 QString::fromUtf8(QJsonDocument(sample.config.toJson()).toJson()), QStringLiteral("completed") })
            insert.addBindValue(value);
        EXPECT_TRUE(insert.exec()) << insert.lastError().text().toStdString();
        raw.exec(QStringLiteral("INSERT INTO requests (run_id, level, idx, warmup, ok, http_status, t_start_ns,"
                                " start_ns, connect_ns, tls_ns, request_sent_ns, headers_ns, first_byte_ns, ttft_ns,"
                                " ttfc_ns, last_token_ns, done_ns, end_ns, output_tokens, output_tokens_from_usage,"
                                " prompt_tokens, chunk_times_ns, connections_opened, reads, events) VALUES (1, 1, 0,"
                                " 0, 1, 200, 7, 7, -1, -1, 1000, 2000, 3000, 4000, 4000, 6000, 6500, 7000, 3, 1, 12,"
                                " x'a00f000000000000701700000000000070170000000000', 0, 2, 4)"));
        raw.exec(QStringLiteral("PRAGMA user_version = 1"));
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    const QList<HistoryRunInfo> runs = store.listRuns(&error);
    ASSERT_EQ(runs.size(), 1) << error.toStdString();
    EXPECT_EQ(runs.at(0).name, QStringLiteral("from v1"));
    EXPECT_EQ(runs.at(0).tags, QStringList { QStringLiteral("old") });
    EXPECT_EQ(runs.at(0).startedAt.toMSecsSinceEpoch(), 1767294245006);
    EXPECT_EQ(runs.at(0).requestCount, 1);
    const std::optional<RunResult> run = store.loadRun(runs.at(0).id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    ASSERT_EQ(run->records.size(), 1);
    // The blob is little-endian int64: 4000, 6000 and a trailing partial value that is dropped.
    EXPECT_EQ(run->records.at(0).chunkTimesNs, (QList<qint64> { 4000, 6000 }));
    EXPECT_EQ(run->records.at(0).ttftNs, 4000);
    EXPECT_EQ(run->levels.size(), 1) << "summarised from the records: v1 stored none for this run";
}

TEST(HistorySchema, EmptyVersion0FileIsInitialised)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("empty.sqlite"));
    {
        QFile file(path); // a zero-byte file is a valid, empty SQLite database
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    EXPECT_GT(store.storeRun(Testing::sampleRun(), HistoryRunStatus::Completed, {}, {}, {}, &error), 0)
        << error.toStdString();
}

TEST(HistorySchema, FileWithOtherTablesIsRefusedAndLeftAlone)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("legacy.sqlite"));
    {
        RawDb raw(path);
        raw.exec(QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY, what TEXT)"));
        raw.exec(QStringLiteral("INSERT INTO runs (what) VALUES ('someone else''s data')"));
    }
    HistoryStore store;
    QString error;
    EXPECT_FALSE(store.open(path, &error));
    EXPECT_FALSE(store.isOpen());
    EXPECT_TRUE(error.contains(u"no TokenScope history schema")) << error.toStdString();
    RawDb raw(path);
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT what FROM runs")).toString(), QStringLiteral("someone else's data"));
    EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 0);
}

TEST(HistorySchema, NewerVersionIsRefused)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("future.sqlite"));
    {
        HistoryStore store;
        ASSERT_TRUE(store.open(path));
    }
    {
        RawDb raw(path);
        raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(HistorySchema::currentVersion() + 1));
    }
    HistoryStore store;
    QString error;
    EXPECT_FALSE(store.open(path, &error));
    EXPECT_TRUE(error.contains(u"newer")) << error.toStdString();
}

TEST(HistorySchema, StepsRunInOrderOnceAndAFailedStepRollsBack)
{
    QTemporaryDir tmp;
    RawDb raw(tmp.filePath(QStringLiteral("m.sqlite")));
    QSqlDatabase db = raw.db();
    const HistorySchema::Step one { 1, { QStringLiteral("CREATE TABLE a (x INTEGER)") } };
    const HistorySchema::Step two { 2,
        { QStringLiteral("CREATE TABLE b (y INTEGER)"), QStringLiteral("INSERT INTO a (x) VALUES (1)") } };
    const HistorySchema::Step badThree { 3,
        { QStringLiteral("CREATE TABLE c (z INTEGER)"), QStringLiteral("INSERT INTO nowhere VALUES (1)") } };

    QString error;
    ASSERT_TRUE(HistorySchema::migrate(db, { one }, &error)) << error.toStdString();
    EXPECT_EQ(HistorySchema::userVersion(db), 1);
    // From version 1, step 1 is skipped (its CREATE TABLE would fail if run again).
    ASSERT_TRUE(HistorySchema::migrate(db, { one, two }, &error)) << error.toStdString();
    EXPECT_EQ(HistorySchema::userVersion(db), 2);
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM a")).toInt(), 1);

    EXPECT_FALSE(HistorySchema::migrate(db, { one, two, badThree }, &error));
    EXPECT_TRUE(error.contains(u"3")) << error.toStdString();
    EXPECT_EQ(HistorySchema::userVersion(db), 2) << "the failed step left the version alone";
    EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'c'")).toInt(), 0)
        << "and its first statement was rolled back";
}

// ---------------------------------------------------------------------------------------------
// A/B interleaved runs (schema version 2)

namespace {

// Two endpoints of the one simulator that decode at different speeds (SimConfig's per-model
// interval), with prompts of different lengths so each arm's mean input tokens differs.
QList<RunConfig> interleavedArms(const SimulatorServer &sim, const QString &key)
{
    RunConfig slow = simulatorConfig(sim);
    slow.model = QStringLiteral("sim-slow");
    slow.apiKey = key;
    RunConfig fast = slow;
    fast.model = QStringLiteral("sim-fast");
    fast.prompt = slow.prompt.repeated(6);
    return { slow, fast };
}

SimConfig interleavedSim(const QString &key)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.apiKey = key;
    simConfig.decodeIntervalMsByModel = { { QStringLiteral("sim-slow"), 12 }, { QStringLiteral("sim-fast"), 3 } };
    return simConfig;
}

// runRecorded for an A/B run: the recorder begins with both arms, then startInterleaved.
RecordedRun runInterleavedRecorded(const QList<RunConfig> &arms, HistoryStore &store)
{
    RunController controller;
    HistoryRecorder recorder(&store);
    RecordedRun out;
    Testing::feedSink(&controller, &recorder, &out.storeFailures);
    bool finished = false;
    QObject::connect(&recorder, &HistoryRecorder::runStored, &controller, [&finished] { finished = true; });
    QObject::connect(&controller, &RunController::runFinished, &controller,
        [&out](const RunResult &result) { out.result = result; });
    out.runId = Testing::beginRecording(recorder, arms, &out.storeFailures);
    EXPECT_GT(out.runId, 0) << out.storeFailures.join(u'\n').toStdString();
    if (out.runId <= 0)
        return out;
    controller.startInterleaved(arms);
    EXPECT_TRUE(QTest::qWaitFor([&finished] { return finished; }, 60000)) << "the run was not stored in time";
    return out;
}

// What loadRun must give back for an A/B run: every arm's config (no key), each record with its
// arm, and each arm's level summaries exactly as measured.
void expectSameInterleavedRun(const RunResult &expected, const RunResult &actual)
{
    ASSERT_TRUE(actual.isInterleaved());
    ASSERT_EQ(actual.arms.size(), expected.arms.size());
    for (qsizetype arm = 0; arm < expected.arms.size(); ++arm) {
        EXPECT_EQ(storedConfig(actual.arms.at(arm)), storedConfig(expected.arms.at(arm))) << "arm " << arm;
        EXPECT_TRUE(actual.arms.at(arm).apiKey.isEmpty());
    }
    expectSameRun(expected, actual); // config (arm 0), every record with its arm, levels in order
    for (int arm = 0; arm < int(expected.arms.size()); ++arm) {
        const RunResult want = expected.armResult(arm);
        const RunResult got = actual.armResult(arm);
        EXPECT_EQ(got.config.model, want.config.model);
        ASSERT_EQ(got.records.size(), want.records.size()) << "arm " << arm;
        ASSERT_EQ(got.levels.size(), want.levels.size()) << "arm " << arm;
        for (qsizetype i = 0; i < want.levels.size(); ++i) {
            EXPECT_EQ(got.levels.at(i).arm, arm);
            EXPECT_EQ(describe(got.levels.at(i)), describe(want.levels.at(i))) << "arm " << arm << " level " << i;
        }
    }
}

// Report's levelRows rule: completed, measured requests of that level and arm that sent usage.
std::optional<double> meanPromptTokens(const RunResult &run, int levelIndex, int arm)
{
    double sum = 0;
    int count = 0;
    for (const RequestRecord &r : run.records) {
        if (r.levelIndex == levelIndex && r.arm == arm && !r.warmup && r.ok && r.promptTokens >= 0) {
            sum += r.promptTokens;
            ++count;
        }
    }
    return count > 0 ? std::optional<double>(sum / count) : std::nullopt;
}

} // namespace

TEST(HistoryStore, InterleavedRunRecordedAndStoredReopensWithItsArms)
{
    const QString key = QStringLiteral("sk-history-ab-KEY-4411");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(interleavedSim(key)));
    const QList<RunConfig> arms = interleavedArms(sim, key);

    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("history.sqlite"));
    RecordedRun recorded;
    qint64 storedId = -1;
    {
        HistoryStore store;
        QString error;
        ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
        recorded = runInterleavedRecorded(arms, store);
        EXPECT_TRUE(recorded.storeFailures.isEmpty()) << recorded.storeFailures.join(u'\n').toStdString();
        storedId = store.storeRun(recorded.result, HistoryRunStatus::Completed, QStringLiteral("A/B"), {}, {}, &error);
        ASSERT_GT(storedId, 0) << error.toStdString();
    }
    const RunResult &run = recorded.result;
    ASSERT_TRUE(run.isInterleaved());
    // Per arm: 1 warm-up, then 2 at concurrency 1 and 6 at concurrency 3.
    ASSERT_EQ(run.records.size(), 2 * (1 + 2 + 6));
    ASSERT_EQ(run.levels.size(), 2 * 2);
    ASSERT_EQ(run.armResult(1).records.size(), 1 + 2 + 6);
    // The arms' records really differ (arm 1's prompt is longer), so a mix-up of arms shows.
    ASSERT_GT(run.armResult(1).levels.at(0).totalInputTokens, run.armResult(0).levels.at(0).totalInputTokens);

    HistoryStore reopened;
    QString error;
    ASSERT_TRUE(reopened.open(path, &error)) << error.toStdString();
    for (qint64 id : { recorded.runId, storedId }) {
        SCOPED_TRACE(id == storedId ? "storeRun" : "HistoryRecorder");
        const std::optional<RunResult> loaded = reopened.loadRun(id, &error);
        ASSERT_TRUE(loaded) << error.toStdString();
        expectSameInterleavedRun(run, *loaded);
        EXPECT_EQ(loaded->arms.at(0).model, QStringLiteral("sim-slow"));
        EXPECT_EQ(loaded->arms.at(1).model, QStringLiteral("sim-fast"));
        // History > Export of it gives the A/B report: every row with its arm and that arm's model.
        const QList<QByteArray> csv = Report::resultsCsv(*loaded).split('\n');
        ASSERT_EQ(csv.size(), 1 + 4 + 1);
        EXPECT_TRUE(csv.at(0).startsWith("arm,")) << csv.at(0).toStdString();
        EXPECT_TRUE(csv.at(1).startsWith("A,") && csv.at(1).contains(",sim-slow,")) << csv.at(1).toStdString();
        EXPECT_TRUE(csv.at(2).startsWith("B,") && csv.at(2).contains(",sim-fast,")) << csv.at(2).toStdString();
        EXPECT_TRUE(Report::htmlReport(*loaded).contains(QStringLiteral("<h1>A: sim-slow · B: sim-fast</h1>")));

        const std::optional<HistoryRunInfo> info = reopened.runInfo(id, &error);
        ASSERT_TRUE(info) << error.toStdString();
        EXPECT_TRUE(info->isInterleaved());
        EXPECT_EQ(info->armCount(), 2);
        EXPECT_EQ(info->armModels, (QStringList { QStringLiteral("sim-slow"), QStringLiteral("sim-fast") }));
        EXPECT_EQ(info->model, QStringLiteral("sim-slow"));
        EXPECT_EQ(info->requestCount, 2 * (2 + 6)) << "the warm-ups are not counted";
        ASSERT_EQ(info->levels.size(), run.levels.size());
        for (qsizetype i = 0; i < run.levels.size(); ++i) {
            const LevelSummary &want = run.levels.at(i);
            const HistoryLevelInfo &got = info->levels.at(i);
            EXPECT_EQ(got.summary.arm, want.arm) << "level " << i;
            EXPECT_EQ(describe(got.summary), describe(want)) << "level " << i;
            const std::optional<double> mean = meanPromptTokens(run, want.levelIndex, want.arm);
            ASSERT_TRUE(mean.has_value()) << "the simulator reports usage";
            ASSERT_TRUE(got.summary.meanInputTokens.has_value()) << "level " << i;
            EXPECT_DOUBLE_EQ(*got.summary.meanInputTokens, *mean) << "level " << i;
        }
    }
    // The longer prompt of arm 1 shows in its own mean, not mixed into arm 0's.
    const HistoryLevelInfo *slowLevel1 = nullptr;
    const HistoryLevelInfo *fastLevel1 = nullptr;
    const std::optional<HistoryRunInfo> info = reopened.runInfo(recorded.runId);
    ASSERT_TRUE(info);
    for (const HistoryLevelInfo &level : info->levels) {
        if (level.summary.concurrency == 1)
            (level.summary.arm == 0 ? slowLevel1 : fastLevel1) = &level;
    }
    ASSERT_TRUE(slowLevel1 && fastLevel1);
    EXPECT_GT(*fastLevel1->summary.meanInputTokens, *slowLevel1->summary.meanInputTokens);

    reopened.close();
    const QByteArray bytes = fileBytes(path) + fileBytes(path + QStringLiteral("-wal"));
    EXPECT_FALSE(bytes.contains(key.toUtf8())) << "an arm's API key is in the history file";
}

TEST(HistoryStore, InterleavedRunInterruptedMidLevelIsSummarisedPerArm)
{
    const QString key = QStringLiteral("sk-history-ab-KEY-5522");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(interleavedSim(key)));
    const RunResult run = Testing::runInterleavedAndWait(interleavedArms(sim, key));
    ASSERT_EQ(run.levels.size(), 4);
    // As if the process died during concurrency 3: its records are stored, its summaries are not.
    RunResult interrupted = run;
    interrupted.levels.removeIf([](const LevelSummary &level) { return level.concurrency == 3; });
    QTemporaryDir tmp;
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite")), &error)) << error.toStdString();
    const qint64 id = store.storeRun(interrupted, HistoryRunStatus::Interrupted, {}, {}, {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    ASSERT_TRUE(loaded->isInterleaved());
    for (int arm = 0; arm < 2; ++arm) {
        const QList<LevelSummary> levels = loaded->armResult(arm).levels;
        ASSERT_EQ(levels.size(), 2) << "arm " << arm;
        EXPECT_EQ(levels.at(1).concurrency, 3);
        EXPECT_EQ(levels.at(1).arm, arm);
        EXPECT_EQ(levels.at(1).requests, 6) << "only this arm's records, not both arms' 12";
        const LevelSummary measuredLevel = run.armResult(arm).levels.at(1); // a copy: armResult() is a temporary
        EXPECT_EQ(levels.at(1).completed, measuredLevel.completed);
        EXPECT_DOUBLE_EQ(levels.at(1).itlMs.mean, measuredLevel.itlMs.mean);
    }
}

TEST(HistorySchema, Version1FileMigratesToTheCurrentVersionAndItsRunsReadAsArmZero)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("v1.sqlite"));
    const RunResult sample = Testing::sampleRun();
    QJsonObject v1Summary = HistoryCodec::levelSummaryToJson(sample.levels.at(0));
    v1Summary.remove(QStringLiteral("arm")); // version 1 wrote no arm
    {
        RawDb raw(path);
        createVersion1RunRow(raw, sample.config);
        raw.exec(QStringLiteral("INSERT INTO requests (run_id, level, idx, warmup, ok, http_status, t_start_ns,"
                                " start_ns, connect_ns, tls_ns, request_sent_ns, headers_ns, first_byte_ns, ttft_ns,"
                                " ttfc_ns, last_token_ns, done_ns, end_ns, output_tokens, output_tokens_from_usage,"
                                " prompt_tokens, chunk_times_ns, connections_opened, reads, events) VALUES (1, %1, 0,"
                                " 0, 1, 200, 7, 7, -1, -1, 1000, 2000, 3000, 4000, 4000, 6000, 6500, 7000, 3, 1, 12,"
                                " x'a00f0000000000007017000000000000', 0, 2, 4)")
                     .arg(sample.levels.at(0).concurrency));
        raw.exec(QStringLiteral("INSERT INTO levels (run_id, position, concurrency, mean_input_tokens, summary)"
                                " VALUES (1, 0, %1, 12, '%2')")
                     .arg(sample.levels.at(0).concurrency)
                     .arg(QString::fromUtf8(QJsonDocument(v1Summary).toJson(QJsonDocument::Compact))));
        raw.exec(QStringLiteral("PRAGMA user_version = 1"));
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    {
        RawDb raw(path);
        EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 11);
        EXPECT_EQ(HistorySchema::currentVersion(), 11);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT session FROM requests")).toInt(), -1) << "no conversation";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT turn FROM requests")).toInt(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT first_event_ns FROM requests")).toLongLong(), -1) << "none";
        EXPECT_TRUE(raw.scalar(QStringLiteral("SELECT chunk_tokens FROM requests")).toByteArray().isEmpty());
        EXPECT_TRUE(raw.scalar(QStringLiteral("SELECT repeat_group FROM runs")).isNull()) << "no repeat";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT repeat_index FROM runs")).toInt(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT events_after_done FROM requests")).toInt(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT usage_rejected_tokens FROM requests")).toInt(), -1);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT probe FROM requests")).toInt(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT target_input_tokens FROM requests")).toInt(), -1) << "no aim";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT max_tokens FROM requests")).toInt(), 0) << "not stored";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT count(*) FROM server_metrics")).toInt(), 0) << "no scrapes before version 6";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT scheduled_ns FROM requests")).toLongLong(), -1) << "closed loop";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT cap_wait_ns FROM requests")).toLongLong(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT ramp_up FROM requests")).toInt(), 0);
        EXPECT_TRUE(raw.scalar(QStringLiteral("SELECT load_points FROM runs")).isNull()) << "the config's";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT load_plan_outcome FROM runs")).toString(), QString());
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT max_rate_found FROM runs")).toDouble(), -1.0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT done_marker FROM requests")).toInt(), 1) << "an ok row had [DONE]";
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT cached_tokens FROM requests")).toInt(), -1);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT arm FROM requests")).toInt(), 0);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT arm FROM levels")).toInt(), 0);
        EXPECT_TRUE(raw.scalar(QStringLiteral("SELECT arms FROM runs")).isNull());
    }

    const QList<HistoryRunInfo> runs = store.listRuns(&error);
    ASSERT_EQ(runs.size(), 1) << error.toStdString();
    EXPECT_FALSE(runs.at(0).isInterleaved());
    EXPECT_FALSE(runs.at(0).isRepeat());
    EXPECT_EQ(runs.at(0).armCount(), 1);
    EXPECT_TRUE(runs.at(0).armModels.isEmpty());
    ASSERT_EQ(runs.at(0).levels.size(), 1);
    EXPECT_EQ(runs.at(0).levels.at(0).summary.arm, 0);
    EXPECT_EQ(describe(runs.at(0).levels.at(0).summary), describe(sample.levels.at(0)));
    ASSERT_TRUE(runs.at(0).levels.at(0).summary.meanInputTokens.has_value());
    EXPECT_DOUBLE_EQ(*runs.at(0).levels.at(0).summary.meanInputTokens, 12.0);

    const std::optional<RunResult> old = store.loadRun(runs.at(0).id, &error);
    ASSERT_TRUE(old) << error.toStdString();
    EXPECT_FALSE(old->isInterleaved());
    EXPECT_TRUE(old->arms.isEmpty());
    ASSERT_EQ(old->records.size(), 1);
    EXPECT_EQ(old->records.at(0).arm, 0);
    EXPECT_EQ(old->records.at(0).chunkTimesNs, (QList<qint64> { 4000, 6000 }));
    ASSERT_EQ(old->levels.size(), 1);
    EXPECT_EQ(old->levels.at(0).arm, 0);
    EXPECT_EQ(old->armResult(0).levels.size(), 1);

    // The migrated file takes A/B runs like a new one.
    RunResult ab = Testing::sampleRun();
    RunConfig second = ab.config;
    second.model = QStringLiteral("model-b");
    ab.arms = { ab.config, second };
    for (qsizetype i = 0; i < ab.records.size(); i += 2)
        ab.records[i].arm = 1;
    const QList<LevelSummary> armZero = ab.levels;
    for (LevelSummary level : armZero) {
        level.arm = 1;
        level.ttftMs.mean += 1.5;
        ab.levels.append(level);
    }
    const qint64 abId = store.storeRun(ab, HistoryRunStatus::Completed, {}, {}, {}, &error);
    ASSERT_GT(abId, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(abId, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    expectSameInterleavedRun(ab, *loaded);
}

// Regression: levels were keyed by their concurrency, so `1,4,1` stored its third level as the
// first. Schema 3 gives rows a level index; older rows get the first level at their concurrency.
TEST(HistorySchema, Version6ProbesAreMarkedIncludingThoseAnOlderImportStoredAsWarmups)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("v6.sqlite"));
    const QString request = QStringLiteral(
        "INSERT INTO requests (run_id, level, idx, warmup, ok, http_status, t_start_ns, start_ns, connect_ns, tls_ns,"
        " request_sent_ns, headers_ns, first_byte_ns, ttft_ns, ttfc_ns, last_token_ns, done_ns, end_ns,"
        " output_tokens, output_tokens_from_usage, prompt_tokens, chunk_times_ns, connections_opened, reads,"
        " events, level_index, prompt_id) VALUES (1, 1, %1, %2, 1, 200, 7, 7, -1, -1, 1000, 2000, 3000, 4000, 4000,"
        " 6000, 6500, 7000, 1, 1, 12, x'a00f000000000000', 0, 2, 4, %3, '%4')");
    {
        RawDb raw(path);
        createVersion1RunRow(raw, Testing::sampleRun().config);
        raw.exec(QStringLiteral("PRAGMA user_version = 1"));
        QSqlDatabase db = raw.db();
        QString error;
        ASSERT_TRUE(HistorySchema::migrate(db, HistorySchema::steps().mid(0, 6), &error)) << error.toStdString();
        ASSERT_EQ(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 6);
        raw.exec(request.arg(0).arg(1).arg(-2).arg(QStringLiteral("probe-1"))); // recorded live
        raw.exec(request.arg(1).arg(1).arg(-1).arg(QStringLiteral("probe-2"))); // imported before version 7
        raw.exec(request.arg(2).arg(1).arg(-1).arg(QStringLiteral("ds-3"))); // an ordinary warm-up
        raw.exec(request.arg(0).arg(0).arg(0).arg(QStringLiteral("probe-like"))); // measured: never a probe
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    RawDb raw(path);
    EXPECT_EQ(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), HistorySchema::currentVersion());
    const auto probeOf = [&raw](const char *promptId) {
        return raw.scalar(QStringLiteral("SELECT probe || ',' || level_index FROM requests WHERE prompt_id = '%1'")
                              .arg(QLatin1String(promptId)))
            .toString()
            .toStdString();
    };
    EXPECT_EQ(probeOf("probe-1"), "1,-2");
    EXPECT_EQ(probeOf("probe-2"), "1,-2");
    EXPECT_EQ(probeOf("ds-3"), "0,-1");
    EXPECT_EQ(probeOf("probe-like"), "0,0");
}

TEST(HistorySchema, Version1FileGetsLevelIndexesFromItsConfig)
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("v1-levels.sqlite"));
    RunConfig config = Testing::sampleRun().config;
    config.concurrencyLevels = { 2, 4 };
    const QString request = QStringLiteral(
        "INSERT INTO requests (run_id, level, idx, warmup, ok, http_status, t_start_ns, start_ns, connect_ns, tls_ns,"
        " request_sent_ns, headers_ns, first_byte_ns, ttft_ns, ttfc_ns, last_token_ns, done_ns, end_ns,"
        " output_tokens, output_tokens_from_usage, prompt_tokens, chunk_times_ns, connections_opened, reads,"
        " events) VALUES (1, %1, 0, %2, 1, 200, 7, 7, -1, -1, 1000, 2000, 3000, 4000, 4000, 6000, 6500, 7000, 3,"
        " 1, 12, x'a00f0000000000007017000000000000', 0, 2, 4)");
    {
        RawDb raw(path);
        createVersion1RunRow(raw, config);
        raw.exec(request.arg(2).arg(1)); // the warm-up
        raw.exec(request.arg(4).arg(0));
        raw.exec(QStringLiteral("INSERT INTO levels (run_id, position, concurrency, summary) VALUES (1, 0, 4, '{\"concurrency\": 4}')"));
        raw.exec(QStringLiteral("PRAGMA user_version = 1"));
    }
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    {
        RawDb raw(path);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT level_index FROM requests WHERE warmup = 1")).toInt(), -1);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT level_index FROM requests WHERE warmup = 0")).toInt(), 1);
        EXPECT_EQ(raw.scalar(QStringLiteral("SELECT level_index FROM levels")).toInt(), 1);
    }
    const std::optional<RunResult> old = store.loadRun(1, &error);
    ASSERT_TRUE(old) << error.toStdString();
    ASSERT_EQ(old->levels.size(), 1);
    EXPECT_EQ(old->levels.at(0).levelIndex, 1);
    EXPECT_EQ(old->recordsOfLevel(1).size(), 1);
}

TEST(HistoryStore, RepeatedConcurrencyLevelsReopenApart)
{
    QTemporaryDir tmp;
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite")), &error)) << error.toStdString();
    RunResult run = Testing::sampleRun();
    run.config.concurrencyLevels = { 1, 1 };
    QList<RequestRecord> records;
    for (RequestRecord r : std::as_const(run.records)) {
        if (r.warmup)
            continue;
        for (int levelIndex : { 0, 1 }) {
            r.levelIndex = levelIndex;
            r.level = 1;
            records.append(r);
        }
    }
    run.records = records;
    run.levels = Stats::summarizeRun(run.records, run.config);
    ASSERT_EQ(run.levels.size(), 2);
    // Only the first level's summary is stored, as when a run is interrupted in its second level.
    RunResult interrupted = run;
    interrupted.levels.removeLast();
    const qint64 id = store.storeRun(interrupted, HistoryRunStatus::Interrupted, {}, {}, {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    ASSERT_EQ(loaded->levels.size(), 2) << "the second level is summarised from its own records";
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(loaded->levels.at(i).levelIndex, i);
        EXPECT_EQ(loaded->levels.at(i).requests, run.levels.at(i).requests);
        EXPECT_EQ(describe(loaded->levels.at(i)), describe(run.levels.at(i)));
    }
    EXPECT_EQ(loaded->recordsOfLevel(1).size(), run.recordsOfLevel(1).size());
}

// ---------------------------------------------------------------------------------------------
// Importing the parent directory of an A/B run (tokenscope-cli run --ab-model M2 --out DIR)

namespace {

QStringList cliAbRunArgs(const SimulatorServer &sim, const QString &outDir)
{
    return { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(), QStringLiteral("--model"),
        QStringLiteral("sim-slow"), QStringLiteral("--ab-model"), QStringLiteral("sim-fast"),
        QStringLiteral("--max-tokens"), QStringLiteral("24"), QStringLiteral("--concurrency"), QStringLiteral("1,2"),
        QStringLiteral("--requests-per-concurrency"), QStringLiteral("2"), QStringLiteral("--warmup"),
        QStringLiteral("1"), QStringLiteral("--out"), outDir };
}

// One arm's directory as sampleRun() with `model`, written by the report writers.
void writeSampleArm(const QString &dir, const QString &model)
{
    RunResult run = Testing::sampleRun();
    run.config.model = model;
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(run, dir, &error)) << error.toStdString();
}

} // namespace

TEST(HistoryStore, ImportsACliAbDirectoryAsOneInterleavedRun)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(interleavedSim(QString())));
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("ab-nightly-3"));
    const QString cliError = runCliToItsEnd(cliAbRunArgs(sim, dir));
    ASSERT_TRUE(cliError.isEmpty()) << cliError.toStdString();
    ASSERT_FALSE(QFile::exists(QDir(dir).filePath(QStringLiteral("summary.json"))));

    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    const qint64 id = store.importRunDirectory(dir, &error);
    ASSERT_GT(id, 0) << error.toStdString();

    const QList<HistoryRunInfo> runs = store.listRuns(&error);
    ASSERT_EQ(runs.size(), 1) << "one interleaved run, not one per arm";
    const HistoryRunInfo &info = runs.constFirst();
    EXPECT_EQ(info.id, id);
    EXPECT_EQ(info.name, QStringLiteral("ab-nightly-3"));
    EXPECT_EQ(info.status, HistoryRunStatus::Completed);
    EXPECT_TRUE(info.isInterleaved());
    EXPECT_EQ(info.armModels, (QStringList { QStringLiteral("sim-slow"), QStringLiteral("sim-fast") }));
    EXPECT_EQ(info.model, QStringLiteral("sim-slow"));
    EXPECT_EQ(info.environment.value(u"source").toString(), QStringLiteral("import"));

    const std::optional<RunResult> run = store.loadRun(id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    ASSERT_TRUE(run->isInterleaved());
    EXPECT_FALSE(run->cancelled);
    QList<QJsonObject> summaries;
    for (int arm = 0; arm < 2; ++arm) {
        SCOPED_TRACE(arm == 0 ? "arm A" : "arm B");
        const QDir armDir(QDir(dir).filePath(arm == 0 ? QStringLiteral("A") : QStringLiteral("B")));
        const QJsonObject summary = readJson(armDir.filePath(QStringLiteral("summary.json")));
        summaries.append(summary);
        EXPECT_EQ(storedConfig(run->arms.at(arm)), [&summary] {
            QJsonObject c = summary.value(u"config").toObject();
            c.remove(QStringLiteral("api_key_set"));
            return c;
        }());
        const qsizetype lines
            = fileBytes(armDir.filePath(QStringLiteral("requests.jsonl"))).trimmed().split('\n').size();
        EXPECT_EQ(run->armResult(arm).records.size(), lines);
        EXPECT_EQ(lines, 1 + 2 + 4) << "its warm-up, then 2 x concurrency per level";

        // Each arm's levels recomputed from its own records match what the CLI wrote for that arm.
        const QJsonArray written = summary.value(u"levels").toArray();
        const QList<LevelSummary> levels = run->armResult(arm).levels;
        ASSERT_EQ(levels.size(), written.size());
        ASSERT_EQ(levels.size(), 2);
        for (qsizetype i = 0; i < levels.size(); ++i) {
            const QJsonObject want = written.at(i).toObject();
            EXPECT_EQ(levels.at(i).arm, arm);
            EXPECT_EQ(levels.at(i).concurrency, want.value(u"concurrency").toInt());
            EXPECT_EQ(levels.at(i).completed, want.value(u"completed").toInt());
            EXPECT_NEAR(levels.at(i).tpotMs.p50, want.value(u"median_tpot_ms").toDouble(), 0.002);
            EXPECT_NEAR(levels.at(i).ttftMs.p50, want.value(u"median_ttft_ms").toDouble(), 0.002);
            EXPECT_EQ(levels.at(i).quality.verdict,
                want.value(u"measurement_quality").toObject().value(u"verdict").toString());
            EXPECT_FALSE(levels.at(i).quality.verdict.isEmpty()) << "each arm's self-check from its own file";
        }
    }
    EXPECT_EQ(run->records.size(), 2 * (1 + 2 + 4));
    EXPECT_EQ(info.requestCount, measuredCount(run->records));
    EXPECT_EQ(info.requestCount, 2 * (2 + 4)) << "the warm-ups are not counted";
    for (const RequestRecord &r : run->records)
        EXPECT_EQ(r.arm, r.index % 2) << describe(r);
    // B (sim-fast) decodes at 3 ms per token, A (sim-slow) at 12.
    for (int level = 0; level < 2; ++level) {
        const double tpotA = run->armResult(0).levels.at(level).tpotMs.p50;
        const double tpotB = run->armResult(1).levels.at(level).tpotMs.p50;
        EXPECT_GT(tpotA, 0.0);
        EXPECT_LT(tpotB, 0.6 * tpotA) << "level " << level;
    }
    // The run list carries both arms' levels too.
    ASSERT_EQ(info.levels.size(), 4);
    EXPECT_EQ(info.levels.at(0).summary.arm, 0);
    EXPECT_EQ(info.levels.at(1).summary.arm, 1);

    // One arm's directory on its own is still an ordinary run.
    const qint64 armId = store.importRunDirectory(QDir(dir).filePath(QStringLiteral("A")), &error);
    ASSERT_GT(armId, 0) << error.toStdString();
    const std::optional<HistoryRunInfo> armInfo = store.runInfo(armId, &error);
    ASSERT_TRUE(armInfo) << error.toStdString();
    EXPECT_FALSE(armInfo->isInterleaved());
    EXPECT_TRUE(armInfo->armModels.isEmpty());
    EXPECT_EQ(armInfo->name, QStringLiteral("A"));
    EXPECT_EQ(armInfo->model, QStringLiteral("sim-slow"));
    EXPECT_EQ(armInfo->requestCount, 2 + 4) << "the warm-up is not counted";
    const qint64 armBId = store.importRunDirectory(QDir(dir).filePath(QStringLiteral("B")), &error);
    ASSERT_GT(armBId, 0) << error.toStdString();
    const std::optional<RunResult> armB = store.loadRun(armBId, &error);
    ASSERT_TRUE(armB) << error.toStdString();
    EXPECT_FALSE(armB->isInterleaved());
    EXPECT_EQ(armB->config.model, QStringLiteral("sim-fast"));
    EXPECT_EQ(armB->armResult(0).records.size(), 1 + 2 + 4) << "B alone is an ordinary run: arm 0";
    EXPECT_EQ(armB->levels.size(), 2);
    EXPECT_EQ(store.listRuns().size(), 3);
}

TEST(HistoryStore, AbDirectoryMissingOrBreakingAnArmImportsNothingAndNamesTheArm)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    const QString dir = tmp.filePath(QStringLiteral("ab"));
    writeSampleArm(QDir(dir).filePath(QStringLiteral("A")), QStringLiteral("model-a"));

    QString error;
    EXPECT_EQ(store.importRunDirectory(dir, &error), -1);
    EXPECT_TRUE(error.contains(u"Arm B")) << error.toStdString();
    EXPECT_TRUE(error.contains(QDir::toNativeSeparators(QDir(dir).filePath(QStringLiteral("B/summary.json")))))
        << error.toStdString();
    EXPECT_TRUE(store.listRuns().isEmpty()) << "arm A alone is not stored";

    // B is there but one of its lines is damaged: still nothing, and the error says where.
    const QString dirB = QDir(dir).filePath(QStringLiteral("B"));
    writeSampleArm(dirB, QStringLiteral("model-b"));
    QFile requests(QDir(dirB).filePath(QStringLiteral("requests.jsonl")));
    ASSERT_TRUE(requests.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = requests.readAll().split('\n');
    requests.close();
    lines[1] = "{\"level\": 1, \"index\": ";
    ASSERT_TRUE(requests.open(QIODevice::WriteOnly | QIODevice::Truncate));
    requests.write(lines.join('\n'));
    requests.close();
    EXPECT_EQ(store.importRunDirectory(dir, &error), -1);
    EXPECT_TRUE(error.contains(u"Arm B")) << error.toStdString();
    EXPECT_TRUE(error.contains(u"line 2")) << error.toStdString();
    EXPECT_TRUE(store.listRuns().isEmpty());

    // Two unrelated runs side by side are not one A/B run.
    const QString mismatched = tmp.filePath(QStringLiteral("mismatched"));
    writeSampleArm(QDir(mismatched).filePath(QStringLiteral("A")), QStringLiteral("model-a"));
    RunResult other = Testing::sampleRun();
    other.config.concurrencyLevels = { 1, 2, 4 };
    ASSERT_TRUE(Report::writeRunDirectory(other, QDir(mismatched).filePath(QStringLiteral("B")), &error));
    EXPECT_EQ(store.importRunDirectory(mismatched, &error), -1);
    EXPECT_TRUE(error.contains(u"concurrency levels")) << error.toStdString();
    EXPECT_TRUE(store.listRuns().isEmpty());
}

TEST(HistoryStore, AbDirectoryWithAnArmLeftRunningImportsAsInterrupted)
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("ab-killed"));
    writeSampleArm(QDir(dir).filePath(QStringLiteral("A")), QStringLiteral("model-a"));
    // B as a killed CLI leaves it: a "running" summary and the lines written so far.
    const RunResult sample = Testing::sampleRun();
    RunConfig configB = sample.config;
    configB.model = QStringLiteral("model-b");
    Report::RunRecorder writer(QDir(dir).filePath(QStringLiteral("B")));
    QString error;
    ASSERT_TRUE(writer.begin({ configB }, sample.startedAt, &error)) << error.toStdString();
    ASSERT_GE(sample.records.size(), 2);
    for (qsizetype i = 0; i < 2; ++i)
        ASSERT_TRUE(writer.recordRequest(sample.records.at(i), &error)) << error.toStdString();

    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    const qint64 id = store.importRunDirectory(dir, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<HistoryRunInfo> info = store.runInfo(id, &error);
    ASSERT_TRUE(info) << error.toStdString();
    EXPECT_EQ(info->status, HistoryRunStatus::Interrupted);
    EXPECT_TRUE(info->error.startsWith(u"B: ")) << info->error.toStdString();
    EXPECT_EQ(info->armModels, (QStringList { QStringLiteral("model-a"), QStringLiteral("model-b") }));
    EXPECT_EQ(info->requestCount, measuredCount(store.loadRun(id).value().records));
    const std::optional<RunResult> run = store.loadRun(id, &error);
    ASSERT_TRUE(run) << error.toStdString();
    EXPECT_TRUE(run->cancelled);
    EXPECT_EQ(run->armResult(1).records.size(), 2);
}

// Open loop: a rate run keeps each request's schedule, its levels' load points (inf too) and
// schedule figures, and the run's load points, plan outcome and the rate a search found.
TEST(HistoryStore, RateRunStoredReopensWithItsScheduleAndLoadPoints)
{
    RunResult run = Testing::sampleRateRun();
    run.records[2].rampUp = true; // as a ramp-up would have flagged it
    run.levels = Stats::summarizeRun(run.records, run.config, 1, run.loadPoints);
    LoadPoint probe = run.config.ratePoint(7.5, 2, LoadPoint::Role::Probe); // as a search adds one
    run.loadPoints.append(probe);
    run.loadPlanOutcome = QStringLiteral("The highest rate meeting p95_ttft_ms<=500 is 7.5 req/s.");
    run.maxRateFound = 7.5;
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    const qint64 id = store.storeRun(run, HistoryRunStatus::Completed, {}, {}, {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    expectSameRun(run, *loaded);
    EXPECT_EQ(loaded->records.at(9).scheduledNs, Testing::msToNs(1000));
    EXPECT_EQ(loaded->records.at(9).capWaitNs, Testing::msToNs(249.5));
    EXPECT_TRUE(loaded->records.at(2).rampUp);
    EXPECT_EQ(loaded->loadPoints, run.loadPoints);
    EXPECT_EQ(loaded->loadPlanOutcome, run.loadPlanOutcome);
    EXPECT_EQ(loaded->maxRateFound, 7.5);
    ASSERT_EQ(loaded->levels.size(), 2);
    EXPECT_EQ(loaded->levels.at(0).rampUpExcluded, 1);
    EXPECT_TRUE(loaded->levels.at(1).point.isOpenLoop());
    EXPECT_TRUE(loaded->levels.at(1).point.allAtOnce()) << "inf survives the JSON";
    EXPECT_EQ(loaded->levels.at(1).point.maxConcurrency(), 4);
    EXPECT_EQ(loaded->levels.at(1).capWaitMs.count, 2);
    EXPECT_TRUE(loaded->levels.at(0).hasGoodput);
    EXPECT_EQ(loaded->levels.at(0).goodRequests, 4);

    // Cut off before the run's end: no load points stored, the levels' own come back, and a level
    // with records but no summary is summarised as the rate level it was.
    RunResult cut = Testing::sampleRateRun();
    cut.levels.removeLast();
    cut.loadPoints.clear();
    const qint64 cutId = store.storeRun(cut, HistoryRunStatus::Interrupted, {}, {}, {}, &error);
    ASSERT_GT(cutId, 0) << error.toStdString();
    const std::optional<RunResult> partial = store.loadRun(cutId, &error);
    ASSERT_TRUE(partial) << error.toStdString();
    ASSERT_EQ(partial->levels.size(), 2);
    EXPECT_TRUE(partial->levels.at(1).point.allAtOnce());
    EXPECT_EQ(partial->levels.at(1).incomplete, 2);
    EXPECT_EQ(partial->points(), Testing::sampleRateRun().config.loadPoints());
}

TEST(HistoryStore, RecorderStoresTheLoadPlanWithTheResult)
{
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    RunResult run = Testing::sampleRateRun();
    run.loadPoints.append(run.config.ratePoint(5, 2, LoadPoint::Role::Swept));
    run.loadPlanOutcome = QStringLiteral("Swept 1 rate between the synchronous and the throughput level.");
    HistoryRecorder recorder(&store);
    const qint64 id = Testing::beginRecording(recorder, { run.config });
    ASSERT_GT(id, 0);
    QString error;
    for (const RequestRecord &r : run.records)
        ASSERT_TRUE(recorder.recordRequest(r, &error)) << error.toStdString();
    ASSERT_TRUE(recorder.recordLevel(run.levels.at(0), &error)) << error.toStdString();
    ASSERT_TRUE(recorder.finish(run, &error)) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    EXPECT_EQ(loaded->loadPoints, run.loadPoints);
    EXPECT_EQ(loaded->loadPlanOutcome, run.loadPlanOutcome);
    EXPECT_EQ(loaded->maxRateFound, -1.0);
    ASSERT_EQ(loaded->levels.size(), 2);
    EXPECT_EQ(describe(loaded->levels.at(1)), describe(run.levels.at(1)));
}

TEST(HistoryCodec, LoadPointsRoundTripAndOldSummariesAreClosedLoop)
{
    LoadPoint gamma = LoadPoint::openLoop(std::numeric_limits<double>::infinity(), Arrival::Gamma, 0.5, 16, 3);
    gamma.role = LoadPoint::Role::Throughput;
    const QList<LoadPoint> points { LoadPoint::closedLoop(1, 0), LoadPoint::openLoop(2.5, Arrival::Constant, 1, 0, 1),
        gamma };
    EXPECT_EQ(HistoryCodec::loadPointsFromJson(HistoryCodec::loadPointsToJson(points)), points);

    QJsonObject old = HistoryCodec::levelSummaryToJson(Testing::sampleRun().levels.at(1));
    old.remove(QStringLiteral("point"));
    const LevelSummary level = HistoryCodec::levelSummaryFromJson(old);
    EXPECT_FALSE(level.point.isOpenLoop());
    EXPECT_EQ(level.point.concurrency, 2);
    EXPECT_EQ(level.point.index, 1);
}

TEST(HistoryCodec, IntervalsRoundTripAndOldSummariesHaveNone)
{
    LevelSummary level = Testing::sampleRun().levels.at(0);
    level.ttftMs.p50Ci = { 39.5, 41.25, true };
    level.itlMs.p99Ci = { 9.875, 10.5, true };
    level.outputThroughputCi = { 90.5, 104.125, true };
    const QJsonObject json = HistoryCodec::levelSummaryToJson(level);
    const LevelSummary back = HistoryCodec::levelSummaryFromJson(json);
    EXPECT_TRUE(back.ttftMs.p50Ci.valid);
    EXPECT_EQ(back.ttftMs.p50Ci.lo, 39.5);
    EXPECT_EQ(back.ttftMs.p50Ci.hi, 41.25);
    EXPECT_EQ(back.itlMs.p99Ci.hi, 10.5);
    EXPECT_FALSE(back.ttftMs.p99Ci.valid);
    EXPECT_EQ(back.outputThroughputCi.lo, 90.5);
    EXPECT_EQ(back.outputThroughputCi.hi, 104.125);

    QJsonObject old = json; // stored before intervals: no such keys
    old.remove(QStringLiteral("output_throughput_ci"));
    QJsonObject ttft = old.value(u"ttft_ms").toObject();
    ttft.remove(QStringLiteral("p50_ci"));
    old.insert(QStringLiteral("ttft_ms"), ttft);
    const LevelSummary oldLevel = HistoryCodec::levelSummaryFromJson(old);
    EXPECT_FALSE(oldLevel.ttftMs.p50Ci.valid);
    EXPECT_FALSE(oldLevel.outputThroughputCi.valid);
    EXPECT_EQ(oldLevel.ttftMs.p50, level.ttftMs.p50);
}

// Slices (docs/metrics.md#slices) come back from the history as they were stored; a level stored
// without them (not sliced, or before slices) reads back with none.
TEST(HistoryStore, SlicesRoundTripAndOldLevelsHaveNone)
{
    RunResult run = Testing::sampleRun();
    run.config.sliceS = 0.1;
    run.levels = Stats::summarizeRun(run.records, run.config);
    ASSERT_GE(run.levels.at(0).slices.size(), 2);
    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    const qint64 id = store.storeRun(run, HistoryRunStatus::Completed, {}, {}, {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    EXPECT_EQ(loaded->config.sliceS, 0.1);
    ASSERT_EQ(loaded->levels.at(0).slices.size(), run.levels.at(0).slices.size());
    EXPECT_EQ(loaded->levels.at(0).slices.constLast().endS, run.levels.at(0).slices.constLast().endS);
    EXPECT_EQ(loaded->levels.at(0).slices.at(0).ttftP50Ms, run.levels.at(0).slices.at(0).ttftP50Ms);
    expectSameRun(run, *loaded);

    QJsonObject old = HistoryCodec::levelSummaryToJson(run.levels.at(0));
    old.remove(QStringLiteral("slices"));
    EXPECT_TRUE(HistoryCodec::levelSummaryFromJson(old).slices.isEmpty());
}

// A rate run's directory imports as the rate run it was: each line's schedule, the run's load
// points (a sweep's chosen level too) and plan outcome, levels summarised at their load points.
TEST(HistoryStore, ImportsARateRunDirectoryWithItsScheduleAndLoadPoints)
{
    RunResult run = Testing::sampleRateRun();
    run.loadPoints.append(run.config.ratePoint(2.5, 2, LoadPoint::Role::Swept));
    run.loadPlanOutcome = QStringLiteral("Swept 1 rate between the synchronous and the throughput level.");
    run.maxRateFound = 7.5;
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("rates"));
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(run, dir, &error)) << error.toStdString();
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    const qint64 id = store.importRunDirectory(dir, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    EXPECT_EQ(loaded->loadPoints, run.loadPoints);
    EXPECT_EQ(loaded->loadPlanOutcome, run.loadPlanOutcome);
    EXPECT_EQ(loaded->maxRateFound, 7.5);
    ASSERT_EQ(loaded->records.size(), run.records.size());
    for (qsizetype i = 0; i < run.records.size(); ++i) {
        EXPECT_EQ(loaded->records.at(i).scheduledNs, run.records.at(i).scheduledNs) << i;
        EXPECT_EQ(loaded->records.at(i).capWaitNs, run.records.at(i).capWaitNs) << i;
    }
    ASSERT_EQ(loaded->levels.size(), 2);
    EXPECT_TRUE(loaded->levels.at(1).point.allAtOnce());
    EXPECT_EQ(loaded->levels.at(1).capWaitMs.count, 2);
    EXPECT_EQ(loaded->levels.at(1).incomplete, 2);
    EXPECT_NEAR(loaded->levels.at(0).achievedRequestRate, 10.0, 1e-6);
    EXPECT_EQ(loaded->levels.at(0).goodRequests, 5);
}

// A run from elsewhere (an imported run directory written before records were cleaned at the
// source) still leaves no secret in the history: the store cleans records, scrapes and the reason.
TEST(HistoryStore, AStoredRunFromElsewhereLeavesNoSecretInTheFile)
{
    RunResult run = Testing::sampleRun();
    run.config.baseUrl = QStringLiteral("http://bob:pw7@127.0.0.1:9/v1?api_key=query-secret-1");
    run.config.apiKey = QStringLiteral("sk-stored-elsewhere-1");
    run.records.first().errorMessage
        = QStringLiteral("Nothing at http://bob:pw7@127.0.0.1:9/v1/chat/completions?api_key=query-secret-1 (key "
                         "sk-stored-elsewhere-1)");
    ServerMetricsSample sample;
    sample.error = QStringLiteral("Error transferring http://bob:pw7@127.0.0.1:9/metrics");
    run.serverMetrics = { sample };
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("h.sqlite"));
    {
        HistoryStore store;
        ASSERT_TRUE(store.open(path));
        QString error;
        ASSERT_GT(store.storeRun(run, HistoryRunStatus::Completed, QStringLiteral("imported"), QStringLiteral("0"),
                      QJsonObject {}, &error),
            0)
            << error.toStdString();
    }
    const QByteArray bytes = fileBytes(path) + fileBytes(path + QStringLiteral("-wal"));
    for (const char *secret : { "pw7@", "query-secret-1", "sk-stored-elsewhere-1" })
        EXPECT_FALSE(bytes.contains(secret)) << secret << " is in the history file";
}

// The self-check's figures and verdict come back from the history; a level stored before it has none.
TEST(HistoryStore, LevelsKeepTheirMeasurementQuality)
{
    LevelSummary level = Testing::sampleRun().levels.at(0);
    level.quality.verdict = QStringLiteral("degraded");
    level.quality.reasons = QStringList { QStringLiteral("The client was too busy.") };
    level.quality.engineLagP99Ms = 3.25;
    level.quality.engineLagSamples = 900;
    level.quality.clientCpuShare = 0.42;
    level.quality.cores = 2;
    const LevelSummary back = HistoryCodec::levelSummaryFromJson(HistoryCodec::levelSummaryToJson(level));
    EXPECT_EQ(back.quality.verdict, u"degraded");
    EXPECT_EQ(back.quality.reasons, level.quality.reasons);
    EXPECT_EQ(back.quality.engineLagP99Ms, 3.25);
    EXPECT_EQ(back.quality.engineLagSamples, 900);
    EXPECT_EQ(back.quality.clientCpuShare, 0.42);
    EXPECT_FALSE(back.quality.readerLagP99Ms.has_value());

    QJsonObject old = HistoryCodec::levelSummaryToJson(level);
    old.remove(QStringLiteral("measurement_quality"));
    EXPECT_TRUE(HistoryCodec::levelSummaryFromJson(old).quality.verdict.isEmpty());
}

// Per-token ITL (docs/metrics.md#per-token-itl-from-per-chunk-usage) is kept with a level, and a
// level stored before it has none.
TEST(HistoryCodec, PerTokenItlRoundTripsAndOldSummariesHaveNone)
{
    LevelSummary level = Testing::sampleRun().levels.at(0);
    level.itlPerTokenMs = Stats::summarizeWeighted({ { 4.0, 3 }, { 10.0, 1 } });
    QJsonObject json = HistoryCodec::levelSummaryToJson(level);
    const LevelSummary back = HistoryCodec::levelSummaryFromJson(json);
    EXPECT_EQ(back.itlPerTokenMs.count, 4);
    EXPECT_EQ(back.itlPerTokenMs.mean, level.itlPerTokenMs.mean);
    EXPECT_EQ(back.itlPerTokenMs.p99, level.itlPerTokenMs.p99);
    json.remove(QStringLiteral("itl_per_token_ms"));
    EXPECT_EQ(HistoryCodec::levelSummaryFromJson(json).itlPerTokenMs.count, 0);
}

// A requests.jsonl line's chunk_tokens come back only when they fit its chunk times.
TEST(HistoryCodec, ChunkTokensReadBackFromARequestsLine)
{
    RequestRecord r = Testing::sampleRun().records.last();
    r.chunkTimesNs = { 10000000, 20000000, 30000000 };
    r.chunkTokens = { 1, 3, 2 };
    QJsonObject line = Report::requestJson(r);
    EXPECT_EQ(HistoryCodec::recordFromRequestJson(line)->chunkTokens, r.chunkTokens);
    line.insert(QStringLiteral("chunk_tokens"), QJsonArray { 1, 3 });
    EXPECT_TRUE(HistoryCodec::recordFromRequestJson(line)->chunkTokens.isEmpty()) << "one count per chunk time";
    line.insert(QStringLiteral("chunk_tokens"), QJsonArray { 1, -3, 2 });
    EXPECT_TRUE(HistoryCodec::recordFromRequestJson(line)->chunkTokens.isEmpty());
    line.insert(QStringLiteral("chunk_tokens"), QJsonArray { 1, RequestRecord::kMaxPlausibleTokens + 1, 2 });
    EXPECT_TRUE(HistoryCodec::recordFromRequestJson(line)->chunkTokens.isEmpty());
    line.insert(QStringLiteral("chunk_tokens"), QJsonValue::Null);
    EXPECT_TRUE(HistoryCodec::recordFromRequestJson(line)->chunkTokens.isEmpty());
}
