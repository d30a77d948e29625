// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/threadlag.h"
#include "net/failure.h"
#include "net/responsehead.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <optional>

namespace TokenScope {

/// What a transport learns about one request, in order. Every timestamp is taken by the transport
/// as the first thing it does on the thread that learned of the event (Qt network: the engine
/// thread; libcurl: its worker, in the callback of the read); offsets are nanoseconds from
/// `tStartNs` (docs/metrics.md#1-clock-and-timestamps). Called on the engine thread, the
/// transport's, and never after finished() or the request's abort().
class TransportSink
{
public:
    virtual ~TransportSink() = default;
    /// The request was handed to the network, at `tStartNs` on the steady clock (absolute). The
    /// default transport calls it inside open(); the curl transport later, once its worker has
    /// handed the request to libcurl (docs/architecture.md#transports).
    virtual void started(qint64 tStartNs) = 0;
    virtual void connectStarted(qint64 tNs) = 0;
    virtual void tlsDone(qint64 tNs) = 0;
    virtual void requestSent(qint64 tNs) = 0;
    /// Status line and headers.
    virtual void headers(qint64 tNs, const ResponseHead &head) = 0;
    /// Body bytes as one read delivered them.
    virtual void body(qint64 tNs, const QByteArray &bytes) = 0;
    /// The last call: the body ended (`failure.kind` None) or the transfer failed.
    virtual void finished(qint64 tNs, const Failure::Description &failure) = 0;
};

/// How one endpoint's requests travel (docs/architecture.md#seams): the engine prepares
/// connections before a level, opens requests and aborts them; it never sees a network class.
/// The QNetworkAccessManager pool (QnamTransport) is the default; CurlTransport reads its sockets
/// with libcurl on worker threads. A transport serves one arm of a run (its URL, headers, proxy,
/// HTTP version and TLS settings) and lives on the engine thread.
class Transport : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /// The name a run's config records ("qnam", "curl").
    virtual QString name() const = 0;
    /// Opens the connections `streams` concurrent requests will use, then emits prepared().
    virtual void prepare(int streams) = 0;
    /// Makes room for `streams` concurrent requests without opening connections ahead.
    virtual void reserve(int streams) = 0;
    /// Each slot keeps a connection of its own from one request to the next, as a conversation's
    /// turns do (docs/methodology.md#conversations); off, a request may take any idle connection.
    /// Set before prepare().
    virtual void setConnectionPerUser(bool on) = 0;
    /// Sends one request with `body` for closed-loop user `slot` (a transport may keep one
    /// connection per user). `sink` hears of it until finished(); the id is for abort().
    virtual quint64 open(int slot, const QByteArray &body, TransportSink *sink) = 0;
    /// Stops a request; its sink hears nothing more after the bytes that had already arrived.
    virtual void abort(quint64 id) = 0;
    /// The response has arrived in full and its end is on its way to the sink (queued behind the
    /// reads of the same burst): too late to stop it.
    virtual bool ended(quint64 id) const = 0;

    /// How late the threads that read this transport's sockets and take its timestamps handled a
    /// 1 ms lag probe since the last call (docs/metrics.md#measurement-quality), when those are
    /// not the engine thread; nothing for a transport that timestamps on the engine thread.
    virtual std::optional<LagRecord> takeReaderLag() { return std::nullopt; }

Q_SIGNALS:
    /// After prepare(), once the connections are open or the transport gave up waiting for them.
    /// A shortfall is not reported here: the requests that open connections during the level
    /// count them (RequestRecord::connectionsOpened), which the level's summary and notes show.
    void prepared();
};

} // namespace TokenScope
