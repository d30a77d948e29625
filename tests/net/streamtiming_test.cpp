// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The engine against a loopback server that writes a stream on a fixed schedule, for framings the
// simulator never writes (a last event with no blank line after it, a body that ends by closing).
#include "support/enginerun.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

/// Answers each request with an SSE head, then writes `parts` one after another, `gapMs` apart,
/// and closes the connection `closeAfterMs` after the last one (the body ends with the
/// connection: no Content-Length, no chunked encoding). Lives on the test's thread.
class ScheduledStreamServer : public QObject
{
public:
    ScheduledStreamServer(QList<QByteArray> parts, int gapMs, int closeAfterMs)
        : m_parts(std::move(parts))
        , m_gapMs(gapMs)
        , m_closeAfterMs(closeAfterMs)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { onRequestBytes(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost));
    }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort()); }

private:
    void onRequestBytes(QTcpSocket *socket)
    {
        QByteArray &seen = m_seen[socket];
        seen += socket->readAll();
        const qsizetype headerEnd = seen.indexOf("\r\n\r\n");
        if (headerEnd < 0 || socket->property("answered").toBool())
            return;
        socket->setProperty("answered", true);
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
        for (qsizetype i = 0; i < m_parts.size(); ++i) {
            QTimer::singleShot(int(i) * m_gapMs, socket, [socket, part = m_parts.at(i)] { socket->write(part); });
        }
        const int closeAtMs = int(m_parts.size() - 1) * m_gapMs + m_closeAfterMs;
        QTimer::singleShot(closeAtMs, socket, [socket] { socket->disconnectFromHost(); });
    }

    QTcpServer m_server;
    QList<QByteArray> m_parts;
    int m_gapMs;
    int m_closeAfterMs;
    QHash<QTcpSocket *, QByteArray> m_seen;
};

QByteArray textEvent(const char *text)
{
    return QByteArray("data: {\"id\":\"s1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"") + text
        + "\"},\"finish_reason\":null}]}";
}

} // namespace

// Regression: an event that only the end of the body dispatches (no blank line after it) was
// stamped with the end time, not with the time of the read that brought its bytes.
TEST(StreamTiming, FinalEventWithoutBlankLineKeepsItsReadTime)
{
    constexpr int kCloseAfterMs = 400;
    ScheduledStreamServer server({ textEvent("Hello") + "\n\n", textEvent(" world") + "\n\ndata: [DONE]" }, 50,
        kCloseAfterMs);
    RunConfig config = quickConfig(server.baseUrl(), 1, 1, 8);
    const RunResult run = runAndWait(config);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 1);
    const RequestRecord &r = records.first();
    EXPECT_TRUE(r.ok) << r.errorKind.toStdString() << ": " << r.errorMessage.toStdString();
    ASSERT_EQ(r.chunkTimesNs.size(), 2);
    // [DONE] came with the second chunk's read: it is the last event, dispatched by the end.
    EXPECT_GE(r.doneNs, 0);
    EXPECT_EQ(r.doneNs, r.chunkTimesNs.at(1)) << "[DONE] arrived in the read of the second chunk";
    EXPECT_GT(r.endNs - r.doneNs, (kCloseAfterMs / 2) * 1000000LL) << "the body ended well after that read";
}

TEST(StreamTiming, FinalTextEventWithoutBlankLineKeepsItsReadTime)
{
    constexpr int kCloseAfterMs = 400;
    ScheduledStreamServer server({ textEvent("Hello") + "\n\n", textEvent(" world") }, 50, kCloseAfterMs);
    const RunResult run = runAndWait(quickConfig(server.baseUrl(), 1, 1, 8));
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 1);
    const RequestRecord &r = records.first();
    ASSERT_EQ(r.chunkTimesNs.size(), 2);
    EXPECT_EQ(r.lastTokenNs, r.chunkTimesNs.at(1));
    EXPECT_GT(r.endNs - r.lastTokenNs, (kCloseAfterMs / 2) * 1000000LL) << "E2E is the text's arrival, not the close";
    EXPECT_EQ(r.errorKind, QStringLiteral("incomplete_stream")) << "no [DONE] and no finish_reason";
}

// vLLM stops its TTFT at the first event with a non-empty `choices`, a role-only one included:
// first_event_ms keeps that read, TTFT still waits for text.
TEST(StreamTiming, RoleOnlyFirstEventIsTheFirstEventButNotTheFirstToken)
{
    const QByteArray roleOnly("data: {\"id\":\"s1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
                              "\"content\":\"\"},\"finish_reason\":null}]}\n\n");
    ScheduledStreamServer server(
        { roleOnly, textEvent("Hello") + "\n\n", textEvent(" world") + "\n\ndata: [DONE]\n\n" }, 50, 10);
    const RunResult run = runAndWait(quickConfig(server.baseUrl(), 1, 1, 8));
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 1);
    const RequestRecord &r = records.first();
    ASSERT_EQ(r.chunkTimesNs.size(), 2) << "the role-only event carries no text";
    EXPECT_EQ(r.firstEventNs, r.firstByteNs) << "the role-only event came in the first read";
    EXPECT_LT(r.firstEventNs, r.ttftNs) << "written 50 ms before the first text";
    EXPECT_EQ(r.ttftNs, r.chunkTimesNs.at(0));
}
