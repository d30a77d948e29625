// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QPair>
#include <QString>
#include <QThread>

namespace TokenScope::Testing {

/// What a ReplayPeer answers every request with.
struct ReplayScript
{
    explicit ReplayScript(const QByteArray &stream, int delayMs = 0)
        : body(stream)
        , eventDelayMs(delayMs)
    {
    }
    /// Answers a request without header `name` set to `value` with a 401 and an Anthropic-style
    /// error body instead of the stream: the peer checks the key as a provider would.
    ReplayScript &requiringHeader(const QByteArray &name, const QByteArray &value)
    {
        requiredHeader = name;
        requiredValue = value;
        return *this;
    }

    QByteArray body; ///< served as text/event-stream, in HTTP/1.1 chunks of one SSE event each
    int eventDelayMs = 0; ///< pause before each event after the first
    QByteArray requiredHeader;
    QByteArray requiredValue;
};

/// One request as the peer received it. Header names are lower-case.
struct ReplayRequest
{
    QByteArray method;
    QByteArray path;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const; ///< the first value; empty when absent
    int headerCount(const QByteArray &name) const;
    QJsonObject json() const; ///< the body as a JSON object
};

class ReplayConnection;
class ReplayServer;

/// A small HTTP/1.1 server on loopback that answers every request with a recorded stream (a
/// capture under tests/data), as a provider's server would: real sockets, chunked transfer
/// encoding, keep-alive, optional pauses between events. It runs on a thread of its own, so the
/// engine's threads and a tokenscope-cli child process reach it while the test thread waits.
/// Its methods are called from the test thread.
class ReplayPeer
{
public:
    explicit ReplayPeer(const ReplayScript &script);
    ~ReplayPeer();
    ReplayPeer(const ReplayPeer &) = delete;
    ReplayPeer &operator=(const ReplayPeer &) = delete;

    /// Listens on 127.0.0.1, on a free port; false when it cannot.
    bool start();
    /// http://127.0.0.1:<port>, without a path.
    QString baseUrl() const;
    /// Every request received so far, in order. Thread-safe.
    QList<ReplayRequest> requests() const;

private:
    friend class ReplayConnection;
    void record(const ReplayRequest &request);

    ReplayScript m_script;
    QThread m_thread;
    ReplayServer *m_server = nullptr; ///< lives on m_thread
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    QList<ReplayRequest> m_requests;
};

/// Takes one request (head, then a Content-Length body) off the front of `buffer` into `out`;
/// false, leaving `buffer` alone, while more bytes are needed.
bool takeHttpRequest(QByteArray *buffer, ReplayRequest *out);

/// The bytes of a file under tests/data ("sse/anthropic-messages-text.sse"); empty if unreadable.
QByteArray testData(const QString &relativePath);

/// `body` cut after each blank line (LF or CRLF framing): one piece per SSE event, the last piece
/// holding whatever follows the last blank line.
QList<QByteArray> sseEventPieces(const QByteArray &body);

} // namespace TokenScope::Testing
