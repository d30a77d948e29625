// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QList>
#include <QNetworkRequest>
#include <QObject>
#include <QTimer>

class QNetworkAccessManager;
class QNetworkReply;

namespace TokenScope {

/// The QNetworkAccessManagers of a level. Qt 6.4 opens at most 6 HTTP/1.1 connections per host and
/// manager, with no setting to raise it, so N streams need ceil(N/6) managers; over HTTP/2 one
/// connection multiplexes up to the server's stream limit (assumed 100). Slot s (the s-th
/// concurrent user) always uses manager s / streamsPerManager, so a slot stays among its manager's
/// connections (one of its own with setManagerPerUser()).
/// Lives on the engine thread.
class ClientPool : public QObject
{
    Q_OBJECT
public:
    explicit ClientPool(bool http2, QObject *parent = nullptr);

    /// Routes this pool's managers (present and future) as `mode` says; see applyProxy().
    void setProxy(ProxyMode mode, const QString &proxyUrl);
    /// None: direct (QNetworkProxy::NoProxy). System: the system's settings per request, as
    /// QNetworkProxyFactory::setUseSystemConfiguration(true) would do, but for this manager only.
    /// Custom: the proxy `proxyUrl` names (http://, socks5://; user:password@ taken as credentials).
    static void applyProxy(QNetworkAccessManager *manager, ProxyMode mode, const QString &proxyUrl);
    /// Why `proxyUrl` cannot serve as a custom proxy, or empty when it can.
    static QString proxyUrlProblem(const QString &proxyUrl);
    /// "host:port" of the proxy a failed `reply` could not reach, or empty. Qt reports a refused or
    /// unresolvable proxy as ConnectionRefusedError / HostNotFoundError (HTTP proxy, naming the
    /// target host) or UnknownNetworkError (SOCKS5), not as its Proxy* errors; with a proxy on the
    /// manager (given, or the system's for this URL), the connection that failed was the one to it.
    static QString unreachableProxy(const QNetworkReply *reply);

    int streamsPerManager() const { return m_http2 ? 100 : m_managerPerUser ? 1 : 6; }
    /// HTTP/1.1: one manager per slot, so a slot's requests always take the same connection. Qt 6.4
    /// hands a request the manager's first idle connection, so users sharing a manager trade
    /// connections between requests; a conversation's turns should not (docs/methodology.md#conversations).
    /// Costs a Qt HTTP thread per user. Before the first ensureCapacity().
    void setManagerPerUser(bool on) { m_managerPerUser = on; }
    void ensureCapacity(int concurrency);
    QNetworkAccessManager *managerForSlot(int slot) const;

    /// Opens the connections `concurrency` streams will use (each manager up to its share) and
    /// emits preconnected() once all are up or `timeoutMs` has passed. `request` is the request the
    /// level will send: Qt keys its connection cache on the request's attributes (HTTP/2 allowed,
    /// TLS configuration), so a preconnect made with other attributes (as QNetworkAccessManager::
    /// connectToHost() does, with HTTP/2 allowed) opens connections the level would never use.
    void preconnect(const QNetworkRequest &request, int concurrency, int timeoutMs);

Q_SIGNALS:
    void preconnected();

private:
    /// One manager's part of a preconnect.
    struct Share {
        int wanted = 0; ///< connections this manager should hold
        int opened = 0; ///< socketStartedConnecting seen on its preconnect replies
        int encrypted = 0; ///< TLS handshakes its preconnect replies saw completed (https)
        bool failed = false; ///< a preconnect reply failed (refused, certificate not trusted): no retry
        int pending = 0; ///< preconnect replies not finished yet
        int attempts = 0;
    };

    QNetworkAccessManager *createManager();
    void preconnectManager(int index);
    void onPreconnectFinished(int index, QNetworkReply *reply);
    void finishPreconnect();

    bool m_http2;
    bool m_managerPerUser = false;
    ProxyMode m_proxyMode = ProxyMode::None;
    QString m_proxyUrl;
    QList<QNetworkAccessManager *> m_managers;
    QList<Share> m_shares;
    QNetworkRequest m_preconnectRequest;
    QTimer m_preconnectTimeout;
    bool m_preconnecting = false;
};

} // namespace TokenScope
