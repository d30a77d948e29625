// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run directories that survive a killed process, and the API key kept out of every byte the CLI
// writes and away from every host but the configured one. The real tokenscope-cli binary against
// the real simulator (or a tiny HTTP server here), as in cli_test.cpp.
#include "report/redaction.h"
#include "report/runrecorder.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

struct CliOutput
{
    int exitCode = -1; ///< -1 when the process crashed or was killed
    QByteArray out, err;
};

// Waits with the event loop running: servers of this test answer the CLI meanwhile.
CliOutput runCliProcessingEvents(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 60000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForStarted());
    EXPECT_TRUE(QTest::qWaitFor([&process] { return process.state() == QProcess::NotRunning; }, timeoutMs))
        << "tokenscope-cli did not finish";
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError() };
}

QStringList runArgs(const QString &baseUrl, const QStringList &extra)
{
    return QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), baseUrl, QStringLiteral("--model"),
        QStringLiteral("tokenscope-sim"), QStringLiteral("--max-tokens"), QStringLiteral("24") }
    + Testing::transportArgs() + extra;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

QJsonObject readSummary(const QString &dir)
{
    QJsonParseError error;
    const QJsonDocument doc
        = QJsonDocument::fromJson(readFile(QDir(dir).filePath(QStringLiteral("summary.json"))), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    return doc.object();
}

// Every line of requests.jsonl, parsed. A file that does not end in LF (a partial last line)
// or a line that is not a JSON object fails the current test.
QList<QJsonObject> readRecords(const QString &dir)
{
    const QByteArray bytes = readFile(QDir(dir).filePath(QStringLiteral("requests.jsonl")));
    QList<QJsonObject> out;
    if (bytes.isEmpty())
        return out;
    EXPECT_TRUE(bytes.endsWith('\n')) << "partial last line: " << bytes.right(200).toStdString();
    QList<QByteArray> lines = bytes.split('\n');
    lines.removeLast(); // after the final LF
    for (const QByteArray &line : std::as_const(lines)) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << line.toStdString();
        EXPECT_TRUE(doc.isObject()) << line.toStdString();
        EXPECT_TRUE(doc.object().value(u"status").isString()) << line.toStdString();
        out.append(doc.object());
    }
    return out;
}

/// Answers every HTTP/1.1 request with `response` and keeps every byte it was sent. Lives on the
/// test's thread: wait with the event loop running (runCliProcessingEvents).
class TinyHttpServer : public QObject
{
public:
    explicit TinyHttpServer(const QByteArray &response)
        : m_response(response)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    bool listen(const QHostAddress &address) { return m_server.listen(address); }
    quint16 port() const { return m_server.serverPort(); }
    int requests() const { return m_requests; }
    QByteArray received() const { return m_received; }

private:
    void onReadyRead(QTcpSocket *socket)
    {
        const QByteArray bytes = socket->readAll();
        m_received += bytes;
        QByteArray &buffer = m_buffers[socket];
        buffer += bytes;
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        qsizetype contentLength = 0;
        for (const QByteArray &line : buffer.left(headerEnd).split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                contentLength = line.mid(15).trimmed().toLongLong();
        }
        if (buffer.size() < headerEnd + 4 + contentLength)
            return;
        m_buffers.remove(socket);
        ++m_requests;
        socket->write(m_response);
        socket->disconnectFromHost(); // the response says Connection: close
    }

    QTcpServer m_server;
    QByteArray m_response;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QByteArray m_received;
    int m_requests = 0;
};

} // namespace

// A run killed outright (no chance to write anything at the end) leaves a run directory that
// says it was running and holds one whole JSON line per request that finished.
TEST(Durable, SigkillMidRunLeavesWholeLinesAndARunningSummary)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.decodeIntervalMs = 20;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("run")); // not there yet: the CLI creates it
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        runArgs(sim.baseUrl().toString(),
            { QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("200"),
                QStringLiteral("--out"), dir }));
    ASSERT_TRUE(process.waitForStarted());
    ASSERT_TRUE(QTest::qWaitFor([&sim] { return sim.requestsServed() >= 6; }, 30000));
    ::kill(pid_t(process.processId()), SIGKILL);
    ASSERT_TRUE(process.waitForFinished(20000));
    EXPECT_EQ(process.exitStatus(), QProcess::CrashExit);

    const QList<QJsonObject> records = readRecords(dir);
    EXPECT_GE(records.size(), 4) << "the simulator served " << sim.requestsServed() << " requests";
    EXPECT_LT(records.size(), 200);
    const QJsonObject summary = readSummary(dir);
    EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("running"));
    EXPECT_FALSE(summary.contains(u"levels")) << "nothing was summarised";
    EXPECT_EQ(summary.value(u"endpoint").toObject().value(u"base_url").toString(), sim.baseUrl().toString());
    EXPECT_EQ(summary.value(u"config").toObject().value(u"max_tokens").toInt(), 24);
    EXPECT_FALSE(summary.value(u"started_at").toString().isEmpty());
    // Written only at the end, which never came.
    EXPECT_FALSE(QFile::exists(QDir(dir).filePath(QStringLiteral("results.csv"))));
    EXPECT_FALSE(QFile::exists(QDir(dir).filePath(QStringLiteral("report.md"))));
    EXPECT_FALSE(QFile::exists(QDir(dir).filePath(QStringLiteral("report.html"))));
}

TEST(Durable, InterruptedRunSaysCancelledAndKeepsItsRecords)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.decodeIntervalMs = 20;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        runArgs(sim.baseUrl().toString(),
            { QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("200"),
                QStringLiteral("--out"), out.path() }));
    ASSERT_TRUE(process.waitForStarted());
    ASSERT_TRUE(QTest::qWaitFor([&sim] { return sim.requestsServed() >= 6; }, 30000));
    ::kill(pid_t(process.processId()), SIGINT);
    ASSERT_TRUE(process.waitForFinished(20000));
    EXPECT_EQ(process.exitCode(), 130) << process.readAllStandardError().toStdString();

    const QJsonObject summary = readSummary(out.path());
    EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("cancelled"));
    EXPECT_TRUE(summary.value(u"cancelled").toBool());
    const QJsonArray levels = summary.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 1) << "the level under way keeps the requests it finished";
    const QJsonObject level = levels.at(0).toObject();
    const int measured = level.value(u"completed").toInt() + level.value(u"failed").toInt();

    // Exactly the run's records, each once: the warm-up plus the measured ones.
    const QList<QJsonObject> records = readRecords(out.path());
    EXPECT_GE(records.size(), 4);
    int warmups = 0;
    for (const QJsonObject &r : records)
        warmups += r.value(u"warmup").toBool() ? 1 : 0;
    EXPECT_EQ(warmups, 1);
    EXPECT_EQ(records.size(), measured + warmups);
    EXPECT_TRUE(QFile::exists(out.filePath(QStringLiteral("results.csv"))));
    EXPECT_TRUE(QFile::exists(out.filePath(QStringLiteral("report.md"))));
}

// The CLI writes requests.jsonl line by line and must not write the run's records again at the end.
TEST(Durable, CompletedRunWritesEachRequestOnce)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    QTemporaryDir out;
    const CliOutput r = runCliProcessingEvents(
        runArgs(sim.baseUrl().toString(),
            { QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"), QStringLiteral("3"),
                QStringLiteral("--out"), out.path() }),
        QProcessEnvironment::systemEnvironment());
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QList<QJsonObject> records = readRecords(out.path());
    ASSERT_EQ(records.size(), 1 + 3 + 3); // warm-up, then 3 per level
    QSet<QString> seen;
    for (const QJsonObject &o : records) {
        const QString id = QStringLiteral("%1/%2/%3")
                               .arg(o.value(u"level").toInt())
                               .arg(o.value(u"warmup").toBool())
                               .arg(o.value(u"index").toInt());
        EXPECT_FALSE(seen.contains(id)) << "written twice: " << id.toStdString();
        seen.insert(id);
    }
    const QJsonObject summary = readSummary(out.path());
    EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("completed"));
    EXPECT_FALSE(summary.value(u"cancelled").toBool());
    EXPECT_EQ(summary.value(u"levels").toArray().size(), 2);
    EXPECT_FALSE(readFile(out.filePath(QStringLiteral("results.csv"))).isEmpty());
    EXPECT_FALSE(readFile(out.filePath(QStringLiteral("report.md"))).isEmpty());
}

TEST(Durable, OutputDirectoryThatCannotBeCreatedStopsBeforeMeasuring)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    QTemporaryDir tmp;
    QFile blocker(tmp.filePath(QStringLiteral("file")));
    ASSERT_TRUE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const CliOutput r
        = runCliProcessingEvents(runArgs(sim.baseUrl().toString(),
                                     { QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--out"),
                                         tmp.filePath(QStringLiteral("file/run")) }),
            QProcessEnvironment::systemEnvironment(), 20000);
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("Cannot create the directory")) << r.err.toStdString();
    EXPECT_EQ(sim.requestsServed(), 0);
}

// The recorder on its own: a line per request as it comes, the running summary replaced at the end.
TEST(Durable, RecorderAppendsLinesAndRedactsThem)
{
    QTemporaryDir tmp;
    const QString key = QStringLiteral("sk-recorder-SECRET-0042");
    RunConfig config = Testing::quickConfig(QStringLiteral("http://127.0.0.1:9/v1"), 1, 2, 8);
    config.apiKey = key;
    Report::RunRecorder recorder(tmp.filePath(QStringLiteral("a/b")));
    // An earlier run's table in the same directory must not pass for this run's.
    ASSERT_TRUE(QDir().mkpath(recorder.directory()));
    QFile stale(QDir(recorder.directory()).filePath(QStringLiteral("results.csv")));
    ASSERT_TRUE(stale.open(QIODevice::WriteOnly));
    stale.write("stale\r\n");
    stale.close();
    QString error;
    ASSERT_TRUE(recorder.begin({ config }, QDateTime::currentDateTime(), &error)) << error.toStdString();
    EXPECT_FALSE(stale.exists());
    EXPECT_EQ(readSummary(recorder.directory()).value(u"status").toString(), QStringLiteral("running"));
    EXPECT_EQ(readRecords(recorder.directory()).size(), 0);

    RunResult run;
    run.config = config;
    run.startedAt = QDateTime::currentDateTime();
    for (int i = 0; i < 2; ++i) {
        RequestRecord r;
        r.level = 1;
        r.index = i;
        r.ok = false;
        r.errorKind = QStringLiteral("http_401");
        r.errorMessage = QStringLiteral("The server echoed Bearer ") + key; // a careless server
        ASSERT_TRUE(recorder.recordRequest(r, &error)) << error.toStdString();
        run.records.append(r);
        // On disk at once, before the next request and before finish().
        const QList<QJsonObject> lines = readRecords(recorder.directory());
        ASSERT_EQ(lines.size(), i + 1);
        EXPECT_EQ(lines.last().value(u"index").toInt(), i);
        EXPECT_TRUE(lines.last().value(u"error_message").toString().contains(Report::redactionMark()));
    }
    run.cancelled = true;
    ASSERT_TRUE(recorder.finish(run, &error)) << error.toStdString();
    EXPECT_EQ(readSummary(recorder.directory()).value(u"status").toString(), QStringLiteral("cancelled"));
    EXPECT_EQ(readRecords(recorder.directory()).size(), 2);
    QDirIterator it(recorder.directory(), QDir::Files | QDir::Hidden);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        EXPECT_FALSE(readFile(path).contains(key.toUtf8())) << path.toStdString();
        ++files;
    }
    EXPECT_EQ(files, 5); // summary.json, requests.jsonl, results.csv, report.md, report.html
}

// Every byte the CLI writes, in every output format, with the key used for real (the simulator
// answers 401 without it) and planted where a user might put it: a header and the extra body.
TEST(Secret, KeyIsInNoExportAndNoOutput)
{
    const QString key = QStringLiteral("sk-durable-SECRET-7f3a9c1e");
    SimConfig simConfig = Testing::quickSim();
    simConfig.apiKey = key;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir tmp;
    QProcessEnvironment env = Testing::environmentWithApiKey(key);

    int filesScanned = 0;
    for (const QString &format :
        { QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("markdown"), QStringLiteral("csv"),
          QStringLiteral("html") }) {
        SCOPED_TRACE(format.toStdString());
        const QString dir = tmp.filePath(format);
        const CliOutput r = runCliProcessingEvents(
            runArgs(sim.baseUrl().toString(),
                { QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"),
                    QStringLiteral("2"), QStringLiteral("--format"), format, QStringLiteral("--out"), dir,
                    QStringLiteral("--header"), QStringLiteral("X-Trace: ") + key, QStringLiteral("--extra-body"),
                    QStringLiteral("{\"user\": \"%1\"}").arg(key) }),
            env);
        ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_FALSE(r.out.isEmpty());
        EXPECT_FALSE(r.out.contains(key.toUtf8())) << r.out.toStdString();
        EXPECT_FALSE(r.err.contains(key.toUtf8())) << r.err.toStdString();
        // The key reached the server: every request succeeded past its 401 check.
        const QJsonArray levels = readSummary(dir).value(u"levels").toArray();
        ASSERT_EQ(levels.size(), 2);
        for (const QJsonValue &level : levels)
            EXPECT_EQ(level.toObject().value(u"completed").toInt(), 2);
        QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            const QByteArray bytes = readFile(path);
            EXPECT_FALSE(bytes.isEmpty()) << path.toStdString();
            EXPECT_FALSE(bytes.contains(key.toUtf8())) << path.toStdString();
            ++files;
        }
        EXPECT_EQ(files, 5) << "summary.json, requests.jsonl, results.csv, report.md, report.html and nothing else";
        filesScanned += files;
    }
    EXPECT_EQ(filesScanned, 25);
}

// A redirect to another origin must not take the key along: the engine follows same-origin
// redirects only, and the request is recorded as failed with the Location named.
TEST(Secret, KeyIsSentOnlyToTheConfiguredHost)
{
    const QString key = QStringLiteral("sk-redirect-SECRET-5b2d");
    // The other origin: another port, and reached by another host name (localhost, not 127.0.0.1).
    TinyHttpServer other(QByteArrayLiteral("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n"
                                           "Connection: close\r\n\r\n"));
    ASSERT_TRUE(other.listen(QHostAddress::Any)); // whichever address localhost resolves to
    const QByteArray location = "http://localhost:" + QByteArray::number(other.port()) + "/v1/chat/completions";
    TinyHttpServer configured("HTTP/1.1 307 Temporary Redirect\r\nLocation: " + location
        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    ASSERT_TRUE(configured.listen(QHostAddress::LocalHost));
    const QString baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(configured.port());

    // Control: a client that follows any redirect does reach the other server, so the check
    // below can fail.
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(baseUrl + QStringLiteral("/chat/completions")));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply *reply = manager.post(request, QByteArrayLiteral("{}"));
        ASSERT_TRUE(QTest::qWaitFor([reply] { return reply->isFinished(); }, 10000));
        reply->deleteLater();
        ASSERT_EQ(other.requests(), 1) << "the control request did not reach the redirect target";
    }
    const int controlRequests = configured.requests();
    const qsizetype controlBytes = other.received().size();

    QTemporaryDir out;
    QProcessEnvironment env = Testing::environmentWithApiKey(key);
    const CliOutput r = runCliProcessingEvents(
        runArgs(baseUrl,
            { QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("1"),
                QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--out"), out.path() }),
        env, 30000);
    EXPECT_EQ(r.exitCode, 3) << "no request succeeded: " << r.err.toStdString();
    EXPECT_EQ(configured.requests(), controlRequests + 1);
    EXPECT_TRUE(configured.received().contains(QByteArray("Authorization: Bearer " + key.toUtf8())))
        << "the configured host gets the key";
    EXPECT_EQ(other.requests(), 1) << "only the control request reached the other origin";
    const QByteArray otherSaw = other.received().mid(controlBytes);
    EXPECT_FALSE(otherSaw.contains(key.toUtf8()));
    EXPECT_FALSE(otherSaw.toLower().contains("authorization"));

    const QList<QJsonObject> records = readRecords(out.path());
    ASSERT_EQ(records.size(), 1);
    EXPECT_EQ(records[0].value(u"status").toString(), QStringLiteral("error"));
    EXPECT_EQ(records[0].value(u"error_kind").toString(), QStringLiteral("redirect"));
    const QString message = records[0].value(u"error_message").toString();
    EXPECT_TRUE(message.contains(QString::fromLatin1(location))) << message.toStdString();
    EXPECT_TRUE(r.err.contains("redirect")) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(key.toUtf8()));
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
}
