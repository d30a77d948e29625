// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/curlworker.h"
#include "net/transport.h"

#include <QHash>
#include <QNetworkRequest>
#include <QTimer>

#include <memory>
#include <vector>

namespace TokenScope {

/// The second transport (docs/architecture.md#transports): libcurl's multi interface on K worker
/// threads (CurlWorker), each with its own connections. Closed-loop user `slot` always uses the same
/// worker (workerForSlot()), so a request stays on its worker and each user keeps its connection. Each read is
/// timestamped in libcurl's write callback on its worker; the engine thread takes the events in
/// batches and hands them to the sinks, so started() comes after open() has returned. Lives on the
/// engine thread.
class CurlTransport : public Transport
{
    Q_OBJECT
public:
    /// `request` is the arm's request (RequestBuilder::networkRequest(): URL, headers, timeout);
    /// `config` gives HTTP/2, proxy, CA file, worker threads and busy-poll.
    CurlTransport(const RunConfig &config, const QNetworkRequest &request, QObject *parent = nullptr);
    ~CurlTransport() override;

    /// How many worker threads `config` asks for: transportThreads, or the usable cores (at most 8).
    static int threadsFor(const RunConfig &config);

    QString name() const override { return QStringLiteral("curl"); }
    void prepare(int streams) override;
    void reserve(int streams) override;
    /// Over HTTP/1.1 each slot gets a libcurl connection cache of its own (a share handle), so its
    /// requests reuse its connection alone; over HTTP/2 a worker's slots share one connection anyway.
    void setConnectionPerUser(bool on) override { m_connectionPerUser = on; }
    quint64 open(int slot, const QByteArray &body, TransportSink *sink) override;
    void abort(quint64 id) override;
    bool ended(quint64 id) const override;
    /// Every worker's, merged.
    std::optional<LagRecord> takeReaderLag() override;

private:
    struct Stream
    {
        TransportSink *sink = nullptr;
        int worker = 0;
    };
    int workerForSlot(int slot) const;
    /// Takes worker `w`'s events and hands each to its sink (on the engine thread).
    void deliver(int w);
    void dispatch(const CurlEvent &event);

    bool m_http2;
    bool perUserCache() const { return m_connectionPerUser && !m_http2; }
    bool m_connectionPerUser = false; ///< HTTP/1.1: each slot's requests share a connection cache of their own
    std::vector<std::unique_ptr<CurlWorker>> m_workers;
    QHash<quint64, Stream> m_streams;
    quint64 m_nextId = 1;
    int m_preparing = 0; ///< workers whose Prepared event has not come yet
    QTimer m_prepareTimeout;
    QList<CurlEvent> m_delivering; ///< the batch being handed over
    qsizetype m_next = 0; ///< its next event
    quint64 m_deliveringId = 0; ///< the request whose event is being handed over
};

} // namespace TokenScope
