// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A deliberately small raw HTTP/1.1 client for the simulator's tests: it sees exactly what went
// over the wire (status, headers, chunk framing, each SSE event with its arrival time), which
// QNetworkAccessManager hides. Event-driven on the test's thread.

#include "core/clock.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTcpSocket>
#include <QTimer>
#include <functional>

namespace TokenScope::SimTest {

struct SseEvent {
    QByteArray event; ///< the name from an `event:` line (Anthropic, Responses); empty when none
    QByteArray data; ///< the payload after `data: ` (lines joined with \n)
    qint64 arrivalNs = 0; ///< nowNs() at the start of the readyRead that completed it
    QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
    bool isDone() const { return data == "[DONE]"; }
};

struct CapturedResponse {
    int status = 0;
    QHash<QByteArray, QByteArray> headers; ///< lower-case names
    QByteArray body; ///< de-chunked
    QList<SseEvent> events;
    qint64 headersNs = 0;
    bool complete = false;

    bool chunked() const { return headers.value("transfer-encoding") == "chunked"; }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

/// Runs the event loop until done() or the timeout; true if done() became true.
inline bool waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer elapsed;
    elapsed.start();
    QTimer tick; // wakes WaitForMoreEvents so the deadline is noticed
    tick.start(20);
    while (!done()) {
        if (elapsed.hasExpired(timeoutMs))
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

class RawClient : public QObject
{
public:
    explicit RawClient(quint16 port, QObject *parent = nullptr)
        : QObject(parent)
        , m_port(port)
    {
        connect(&m_socket, &QTcpSocket::readyRead, this, &RawClient::onReadyRead);
        connect(&m_socket, &QTcpSocket::disconnected, this, [this] { m_disconnected = true; });
        connect(&m_socket, &QTcpSocket::errorOccurred, this,
                [this](QAbstractSocket::SocketError error) { m_error = error; });
    }

    void connectToServer() { m_socket.connectToHost(QStringLiteral("127.0.0.1"), m_port); }
    bool waitConnected(int timeoutMs = 5000)
    {
        return waitUntil([this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, timeoutMs);
    }

    /// Writes raw bytes (connecting first if needed).
    void sendRaw(const QByteArray &bytes)
    {
        if (m_socket.state() == QAbstractSocket::UnconnectedState)
            connectToServer();
        m_sentNs = nowNs();
        m_socket.write(bytes); // buffered until connected, then sent by Qt
        if (m_socket.state() == QAbstractSocket::ConnectedState)
            m_socket.flush();
    }

    static QByteArray request(const QByteArray &method, const QByteArray &path, const QByteArray &body,
                              const QByteArray &extraHeaders = {})
    {
        QByteArray out = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders;
        if (!body.isEmpty() || method == "POST")
            out += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
        out += "\r\n" + body;
        return out;
    }

    void post(const QByteArray &path, const QByteArray &body, const QByteArray &extraHeaders = {})
    {
        ++m_expected;
        sendRaw(request("POST", path, body, extraHeaders));
    }
    void get(const QByteArray &path, const QByteArray &extraHeaders = {})
    {
        ++m_expected;
        sendRaw(request("GET", path, {}, extraHeaders));
    }
    void expectResponses(int count) { m_expected = count; } ///< after sendRaw() of hand-made requests

    /// Waits until every request sent has its complete response (or the connection closed).
    bool waitAll(int timeoutMs = 10000)
    {
        return waitUntil([this] { return completedCount() >= m_expected || m_disconnected; }, timeoutMs)
            && completedCount() >= m_expected;
    }
    bool waitDisconnected(int timeoutMs = 10000)
    {
        return waitUntil([this] { return m_disconnected; }, timeoutMs);
    }

    int completedCount() const
    {
        int n = 0;
        for (const CapturedResponse &response : m_responses)
            n += response.complete ? 1 : 0;
        return n;
    }
    const QList<CapturedResponse> &responses() const { return m_responses; }
    const CapturedResponse &last() const { return m_responses.last(); }
    bool hasResponse() const { return !m_responses.isEmpty(); }
    bool disconnected() const { return m_disconnected; }
    QAbstractSocket::SocketError error() const { return m_error; }
    qint64 sentNs() const { return m_sentNs; }
    int interimResponses() const { return m_interim; }
    QTcpSocket &socket() { return m_socket; }

private:
    void onReadyRead()
    {
        const qint64 readNs = nowNs();
        m_buffer += m_socket.readAll();
        while (parseStep(readNs)) { }
    }

    // Consumes what it can; true when it made progress and may continue.
    bool parseStep(qint64 readNs)
    {
        if (!m_current)
            return parseHead(readNs);
        CapturedResponse &response = m_responses.last();
        if (!response.chunked()) {
            const qsizetype length = response.headers.value("content-length").toLongLong();
            if (m_buffer.size() < length)
                return false;
            response.body = m_buffer.left(length);
            m_buffer.remove(0, length);
            response.complete = true;
            m_current = false;
            return true;
        }
        const qsizetype lineEnd = m_buffer.indexOf("\r\n");
        if (lineEnd < 0)
            return false;
        bool ok = false;
        const qsizetype size = m_buffer.left(lineEnd).toLongLong(&ok, 16);
        if (!ok || m_buffer.size() < lineEnd + 2 + size + 2)
            return false;
        const QByteArray payload = m_buffer.mid(lineEnd + 2, size);
        m_buffer.remove(0, lineEnd + 2 + size + 2);
        if (size == 0) {
            response.complete = true;
            m_current = false;
            return true;
        }
        response.body += payload;
        m_sse += payload;
        splitEvents(response, readNs);
        return true;
    }

    bool parseHead(qint64 readNs)
    {
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        const QList<QByteArray> lines = m_buffer.left(end).split('\n');
        m_buffer.remove(0, end + 4);
        const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
        CapturedResponse response;
        response.status = statusLine.value(1).toInt();
        response.headersNs = readNs;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            response.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
        }
        if (response.status == 100) { // interim: the real head follows
            ++m_interim;
            return true;
        }
        m_responses.append(response);
        m_current = true;
        m_sse.clear();
        return true;
    }

    void splitEvents(CapturedResponse &response, qint64 readNs)
    {
        qsizetype end;
        while ((end = m_sse.indexOf("\n\n")) >= 0) {
            const QByteArray block = m_sse.left(end);
            m_sse.remove(0, end + 2);
            SseEvent event {{}, {}, readNs};
            bool hasData = false;
            for (const QByteArray &line : block.split('\n')) {
                if (line.startsWith("event: ")) {
                    event.event = line.mid(7);
                } else if (line.startsWith("data: ")) {
                    event.data += (hasData ? "\n" : "") + line.mid(6);
                    hasData = true;
                }
            }
            if (hasData)
                response.events.append(event);
        }
    }

    quint16 m_port;
    QTcpSocket m_socket;
    QByteArray m_buffer;
    QByteArray m_sse;
    QList<CapturedResponse> m_responses;
    bool m_current = false;
    bool m_disconnected = false;
    QAbstractSocket::SocketError m_error = QAbstractSocket::UnknownSocketError;
    qint64 m_sentNs = 0;
    int m_expected = 0;
    int m_interim = 0;
};

} // namespace TokenScope::SimTest
