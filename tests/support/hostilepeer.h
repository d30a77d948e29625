// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "replaypeer.h"

#include <QByteArray>
#include <QList>
#include <QThread>

#include <functional>
#include <mutex>

namespace TokenScope::Testing {

/// One write of a hostile answer: `bytes` sent as they are, after a pause of `delayMs`.
struct HostileStep
{
    QByteArray bytes;
    int delayMs = 0;
};

/// How a HostilePeer answers a request: raw bytes, written step by step exactly as given (status
/// line, headers and body framing are the script's own, right or wrong), then an ending.
struct HostileScript
{
    enum class Ending {
        Close, ///< close the connection after the last step (FIN)
        Reset, ///< abort it with a TCP reset (RST) after the last step
        KeepOpen, ///< keep it open and read the next request
        Hang, ///< keep it open and never answer another request
    };
    QList<HostileStep> steps;
    Ending ending = Ending::Close;
    /// When set, computes the steps for each request instead of `steps` (to echo what it received).
    std::function<QList<HostileStep>(const ReplayRequest &)> answer;

    /// An HTTP/1.1 200 text/event-stream head without a length (the body ends with the connection),
    /// then each of `events` as one write `delayMs` apart.
    static HostileScript sse(const QList<QByteArray> &events, int delayMs = 0);
};

/// A loopback HTTP/1.1 peer that plays a hostile server: it parses each request as ReplayPeer does
/// (head, then Content-Length body) and answers with its script's raw bytes. It also keeps every
/// byte it received per connection, so a test sees a smuggled second request or a header line as
/// it came off the wire. Runs on a thread of its own; its methods are called from the test thread.
class HostilePeer
{
public:
    explicit HostilePeer(HostileScript script);
    ~HostilePeer();
    HostilePeer(const HostilePeer &) = delete;
    HostilePeer &operator=(const HostilePeer &) = delete;

    /// Listens on 127.0.0.1, on a free port; false when it cannot.
    bool start();
    /// http://127.0.0.1:<port>, without a path.
    QString baseUrl() const;
    /// Every request parsed so far, in order. Thread-safe.
    QList<ReplayRequest> requests() const;
    /// Every byte received so far, one entry per connection in accept order. Thread-safe.
    QList<QByteArray> received() const;
    /// Connections accepted so far. Thread-safe.
    int connections() const;

private:
    friend class HostileConnection;
    int addConnection();
    void record(int connection, const QByteArray &bytes, const QList<ReplayRequest> &parsed);

    HostileScript m_script;
    QThread m_thread;
    QObject *m_server = nullptr; ///< a QTcpServer living on m_thread
    quint16 m_port = 0;
    mutable std::mutex m_mutex; ///< a std::mutex: ThreadSanitizer sees it (Debian's Qt is not instrumented)
    QList<ReplayRequest> m_requests;
    QList<QByteArray> m_received;
};

} // namespace TokenScope::Testing
