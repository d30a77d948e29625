// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "core/threadlag.h"
#include "net/failure.h"
#include "net/responsehead.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>
#include <QUrl>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace TokenScope {

/// What every request of one arm sends through libcurl, fixed for a run.
struct CurlSettings
{
    QUrl url;
    QList<QByteArray> headerLines; ///< "Name: value", as RequestBuilder::requestHeaders() made them
    bool http2 = false;
    ProxyMode proxyMode = ProxyMode::None;
    QString proxyUrl;
    QByteArray extraCaPem; ///< the --ca-file certificates, trusted besides the system's; empty = none
    int timeoutMs = 60000; ///< inactivity: no byte for this long fails the request as `timeout`
    bool busyPoll = false;
};

/// One thing a worker learned about one request, with the timestamp its callback took first.
struct CurlEvent
{
    enum Type : quint8 { Started, ConnectStarted, TlsDone, RequestSent, Headers, Body, Finished, Prepared };
    quint64 id = 0;
    Type type = Body;
    qint64 tNs = 0; ///< Started: absolute (steady clock); the rest: ns from the request's start
    QByteArray bytes; ///< Body
    ResponseHead head; ///< Headers
    Failure::Description failure; ///< Finished
};

/// One libcurl multi handle on a thread of its own, driven by epoll through
/// curl_multi_socket_action: each socket read runs the write callback in the same call, whose first
/// statement takes the timestamp (docs/metrics.md#1-clock-and-timestamps). The callbacks only copy
/// the bytes into a batch; parsing happens on the engine thread (docs/architecture.md#transports).
/// The engine thread gives orders (open, abort, preconnect) and takes the events; every public
/// function is called there, and thread-safe against the worker's own thread.
class CurlWorker
{
public:
    /// `wake` is called on the worker's thread when events wait and none were waiting before.
    CurlWorker(const CurlSettings &settings, std::function<void()> wake);
    ~CurlWorker(); ///< stops the thread; requests still open are dropped unreported
    CurlWorker(const CurlWorker &) = delete;
    CurlWorker &operator=(const CurlWorker &) = delete;

    /// `connectionKey` ≥ 0: the request reuses only connections of requests with the same key
    /// (a connection cache of the key's own); -1: any idle connection of the worker.
    void open(quint64 id, const QByteArray &body, int connectionKey = -1);
    void abort(quint64 id);
    /// Makes sure `connections` connections are open and idle in this worker's pool, then reports
    /// one Prepared event (also when some could not be opened). With `connectionKeys`, a
    /// connection that only a request can open (TLS, a proxy) opens in each key's own cache.
    void preconnect(int connections, const QList<int> &connectionKeys = {});

    /// Every event waiting, oldest first.
    QList<CurlEvent> takeEvents();
    /// The waiting events of request `id`, taken out of the queue.
    QList<CurlEvent> takeEventsOf(quint64 id);
    /// Its Finished event is waiting to be taken.
    bool ended(quint64 id) const;
    /// Forgets that `id` ended (its Finished event was delivered, or it was aborted).
    void forget(quint64 id);

    struct Loop; ///< the worker thread's own state (curlworker.cpp)

    /// How late this worker's loop handled its 1 ms lag probe since the last call
    /// (docs/metrics.md#measurement-quality); starts afresh.
    LagRecord takeLag();

    /// Why libcurl could not be set up (an epoll or multi handle that could not be made), or empty.
    QString setupError() const { return m_setupError; }

private:
    struct Command
    {
        enum Kind { Open, Abort, Preconnect } kind;
        quint64 id = 0;
        QByteArray body;
        int count = 0;
        int key = -1; ///< Open: its connection key
        QList<int> keys; ///< Preconnect: the keys it opens for
    };

    void post(Command command);
    void run();

    CurlSettings m_settings;
    std::function<void()> m_wake;
    QString m_setupError;

    mutable std::mutex m_lock; ///< guards everything below it
    std::condition_variable m_drained;
    std::vector<Command> m_commands;
    QList<CurlEvent> m_events;
    qint64 m_eventBytes = 0;
    bool m_wakePending = false;
    QSet<quint64> m_ended;
    bool m_stop = false;

    LagRecord m_lag;

    int m_wakeFd = -1; ///< eventfd the engine thread writes to wake the loop
    LagTimer m_lagTimer; ///< the loop's lag probe
    std::unique_ptr<Loop> m_loop;
    std::thread m_thread;
};

} // namespace TokenScope
