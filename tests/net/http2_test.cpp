// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// HTTP/2 end to end against a real HTTP/2 server: tests/net/h2peer.py (Debian's python3-h2), cleartext
// with prior knowledge, which is what the engine speaks to an http:// URL when http2 is on.
#include "report/reportwriters.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// Debian's interpreter first: python3-h2 installs the module there, while a python3 earlier on
// PATH (pyenv, a venv) may lack it.
QString pythonWithH2(QString *whyNot)
{
    QStringList candidates { QStringLiteral("/usr/bin/python3") };
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (!onPath.isEmpty())
        candidates.append(onPath);
    bool anyPython = false;
    for (const QString &python : std::as_const(candidates)) {
        if (!QFile::exists(python))
            continue;
        anyPython = true;
        QProcess probe;
        probe.start(python, { QStringLiteral("-c"), QStringLiteral("import h2.connection") });
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
            return python;
    }
    *whyNot = anyPython ? QStringLiteral("python3 has no h2 module (apt-get install python3-h2)")
                        : QStringLiteral("python3 is not installed (apt-get install python3 python3-h2)");
    return {};
}

/// tests/net/h2peer.py in a child process, stopped (SIGTERM) when this goes out of scope.
class H2Peer
{
public:
    ~H2Peer() { stop(); }

    /// Empty on success, else what went wrong.
    QString start(const QString &python, int maxStreams)
    {
        m_process.start(python,
            { QStringLiteral(TOKENSCOPE_H2PEER_PATH), QStringLiteral("--max-streams"), QString::number(maxStreams),
                QStringLiteral("--ttft-ms"), QStringLiteral("20"), QStringLiteral("--interval-ms"),
                QStringLiteral("20"), QStringLiteral("--tokens"), QStringLiteral("16") });
        if (!m_process.waitForStarted(30000))
            return QStringLiteral("the peer did not start: ") + m_process.errorString();
        // "h2peer serving http://127.0.0.1:<port>/v1 (max concurrent streams N)"
        while (m_baseUrl.isEmpty() && (m_process.canReadLine() || m_process.waitForReadyRead(30000))) {
            const QString line = QString::fromUtf8(m_process.readLine());
            const qsizetype at = line.indexOf(u"http://");
            if (at >= 0)
                m_baseUrl = line.mid(at).section(u' ', 0, 0);
        }
        if (m_baseUrl.isEmpty())
            return QStringLiteral("the peer printed no URL: ") + QString::fromUtf8(m_process.readAllStandardError());
        return {};
    }

    QString baseUrl() const { return m_baseUrl; }

    /// Stops the peer and returns its last stderr line: "h2peer done: streams=S max_open=M refused=R errors=E".
    QString stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000)) {
                m_process.kill();
                m_process.waitForFinished(10000);
            }
            m_stderr += QString::fromUtf8(m_process.readAllStandardError());
        }
        const QStringList lines = m_stderr.trimmed().split(u'\n');
        return lines.isEmpty() ? QString() : lines.constLast();
    }

    QString log() const { return m_stderr; }

private:
    QProcess m_process;
    QString m_baseUrl;
    QString m_stderr;
};

int doneField(const QString &doneLine, const QString &name)
{
    const QRegularExpressionMatch match = QRegularExpression(name + QStringLiteral("=(\\d+)")).match(doneLine);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

} // namespace

class Http2 : public ::testing::Test
{
protected:
    void SetUp() override
    {
        QString whyNot;
        m_python = pythonWithH2(&whyNot);
        if (m_python.isEmpty())
            GTEST_SKIP() << whyNot.toStdString();
    }

    /// 16 requests at concurrency 8 over HTTP/2 against a peer that allows `maxStreams` streams.
    RunResult runAgainstPeer(int maxStreams, QString *peerDone)
    {
        H2Peer peer;
        const QString problem = peer.start(m_python, maxStreams);
        EXPECT_TRUE(problem.isEmpty()) << problem.toStdString();
        if (!problem.isEmpty())
            return {};
        RunConfig config = quickConfig(peer.baseUrl(), 8, 16, 16);
        config.http2 = true;
        const RunResult run = runAndWait(config);
        *peerDone = peer.stop();
        return run;
    }

    QString m_python;
};

// Regression: a run with --http2 against a server whose SETTINGS_MAX_CONCURRENT_STREAMS is below the
// concurrency said nothing. Qt 6.4 keeps the requests past the limit in its own queue and sends each
// when a stream ends (request_sent_ms is late), so the wait counted as TTFT. The level now counts the
// requests that waited, and the report says why.
TEST_F(Http2, StreamLimitBelowConcurrencyIsReportedAsClientQueue)
{
    QString peerDone;
    const RunResult run = runAgainstPeer(2, &peerDone);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    // The peer never had more than its 2 streams open. Qt sends its first requests before it has read the
    // peer's SETTINGS now and then; the peer refuses those past the limit, as nghttp2 and Go do, and Qt
    // fails them. Every later request waits for a stream instead.
    EXPECT_EQ(doneField(peerDone, QStringLiteral("max_open")), 2) << peerDone.toStdString();
    EXPECT_EQ(doneField(peerDone, QStringLiteral("errors")), 0) << peerDone.toStdString();
    EXPECT_EQ(level.completed + level.failed, 16);
    ASSERT_GE(level.completed, 8) << "only the first 8 requests can race the peer's SETTINGS";
    EXPECT_EQ(level.http2Responses, level.completed);
    EXPECT_EQ(level.http1Responses, 0);

    EXPECT_EQ(level.peakInFlight, 8);
    EXPECT_EQ(level.peakOnWire, 2) << "the engine saw more streams on the wire than the peer allowed";
    // All but the first two completed requests waited; a request that found a stream free (the level's
    // tail) did not, hence no exact count.
    EXPECT_GE(level.queuedInClient, level.completed / 2);
    EXPECT_LE(level.queuedInClient, level.completed - 2);
    EXPECT_EQ(level.clientQueueMs.count, level.queuedInClient);
    // Requests posted at the start waited at least one whole stream (20 ms + 15 x 20 ms) for a free one.
    EXPECT_GT(level.clientQueueMs.max, 250.0);

    const QString notes = Report::reportNotes(run).join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("%1 of %2 completed requests waited inside the client before they "
                                              "were sent")
                                   .arg(level.queuedInClient)
                                   .arg(level.completed)))
        << notes.toStdString();
    EXPECT_TRUE(notes.contains(u"at most 2 were on the wire at once against up to 8 in flight")) << notes.toStdString();
    EXPECT_TRUE(notes.contains(u"the server allowed fewer concurrent HTTP/2 streams than the run's concurrency"))
        << notes.toStdString();

    const QJsonObject summary = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(summary.value(u"queued_in_client").toInt(), level.queuedInClient);
    EXPECT_EQ(summary.value(u"peak_on_wire").toInt(), 2);
    EXPECT_TRUE(summary.value(u"p99_client_queue_ms").isDouble());
}

TEST_F(Http2, StreamLimitAtConcurrencyReportsNoQueue)
{
    QString peerDone;
    const RunResult run = runAgainstPeer(8, &peerDone);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels[0];
    EXPECT_EQ(doneField(peerDone, QStringLiteral("refused")), 0) << peerDone.toStdString();
    EXPECT_EQ(level.completed, 16);
    EXPECT_EQ(level.http2Responses, 16);
    EXPECT_EQ(level.peakInFlight, 8);
    EXPECT_EQ(level.peakOnWire, 8);
    EXPECT_EQ(level.queuedInClient, 0);
    EXPECT_EQ(level.clientQueueMs.count, 0);
    const QString notes = Report::reportNotes(run).join(u'\n');
    EXPECT_FALSE(notes.contains(u"waited inside the client")) << notes.toStdString();
    const QJsonObject summary = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(summary.value(u"queued_in_client").toInt(-1), 0);
    EXPECT_TRUE(summary.value(u"p99_client_queue_ms").isNull());
}
