// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/transport.h"

#include <QHash>
#include <QNetworkRequest>

namespace TokenScope {

class ClientPool;
class QnamStream;

/// The default transport: a pool of QNetworkAccessManagers (ClientPool: ceil(N/6) managers for
/// N HTTP/1.1 streams, as Qt 6.4 opens at most 6 connections per host and manager). Each handler
/// takes its timestamp first, on the engine thread when Qt hands the reply's signal over from
/// the manager's own HTTP thread. Lives on the engine thread.
class QnamTransport : public Transport
{
    Q_OBJECT
public:
    /// `request` is the arm's request (RequestBuilder::networkRequest); `http2`, `proxyMode` and
    /// `proxyUrl` the arm's settings for its managers.
    QnamTransport(const QNetworkRequest &request, bool http2, ProxyMode proxyMode, const QString &proxyUrl,
                  QObject *parent = nullptr);
    ~QnamTransport() override;
    /// A manager per user (ClientPool::setManagerPerUser()): Qt then has one connection to hand it.
    void setConnectionPerUser(bool on) override;

    QString name() const override { return QStringLiteral("qnam"); }
    void prepare(int streams) override;
    void reserve(int streams) override;
    quint64 open(int slot, const QByteArray &body, TransportSink *sink) override;
    void abort(quint64 id) override;
    bool ended(quint64 id) const override;

private:
    friend class QnamStream;
    void forget(quint64 id);

    ClientPool *m_pool;
    QNetworkRequest m_request;
    QHash<quint64, QnamStream *> m_streams;
    quint64 m_nextId = 1;
};

} // namespace TokenScope
