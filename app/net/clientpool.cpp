// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clientpool.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>

namespace TokenScope {

namespace {

// The proxy URL problems a user reads before a run starts, translated in the window; a struct
// only so that they share the "TokenScope::ClientPool" context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TokenScope::ClientPool)
};

// Over loopback a connection can complete before Qt has seen the manager's next preconnect; Qt
// then serves that preconnect from the idle connection instead of opening another, and the level
// would open the rest inside its requests' TTFT. Such a manager is replaced and tried again.
constexpr int kPreconnectAttempts = 3;

/// What connectToHost() does, but with the level's own request attributes: a GET of the
/// "preconnect-http(s)" scheme, which Qt answers by opening a connection and sending nothing.
QNetworkRequest preconnectRequest(const QNetworkRequest &request)
{
    const QUrl target = request.url();
    QUrl url;
    url.setScheme(QStringLiteral("preconnect-") + target.scheme());
    url.setHost(target.host());
    url.setPort(target.port(target.scheme() == u"https" ? 443 : 80));
    QNetworkRequest preconnect(request);
    preconnect.setUrl(url);
    return preconnect;
}

/// The system's proxy settings for one manager, leaving the application-wide factory alone.
class SystemProxyFactory : public QNetworkProxyFactory
{
public:
    QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override
    {
        return systemProxyForQuery(query);
    }
};

QNetworkProxy::ProxyType proxyTypeForScheme(const QString &scheme)
{
    if (scheme == u"http")
        return QNetworkProxy::HttpProxy;
    if (scheme == u"socks5" || scheme == u"socks5h")
        return QNetworkProxy::Socks5Proxy;
    return QNetworkProxy::DefaultProxy; // not one Qt can speak
}

} // namespace

QString ClientPool::proxyUrlProblem(const QString &proxyUrl)
{
    const QUrl url(proxyUrl.trimmed(), QUrl::StrictMode);
    if (proxyUrl.trimmed().isEmpty())
        return Text::tr("The proxy URL is empty (expected e.g. http://proxy.example:3128).");
    if (!url.isValid() || url.host().isEmpty())
        return Text::tr("The proxy URL \"%1\" is not a URL with a host (expected e.g. http://proxy.example:3128).")
            .arg(proxyUrlForDisplay(proxyUrl));
    if (proxyTypeForScheme(url.scheme()) == QNetworkProxy::DefaultProxy)
        return Text::tr("The proxy scheme \"%1\" is not supported: use http:// or socks5://.").arg(url.scheme());
    return {};
}

QString ClientPool::unreachableProxy(const QNetworkReply *reply)
{
    // What Qt 6.4 answers for a proxy it cannot reach: an HTTP proxy refused (plain or TLS target)
    // or not resolved gives the codes of a failed server; a SOCKS5 one refused, UnknownNetworkError.
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::UnknownNetworkError:
        break;
    default:
        return {};
    }
    const QNetworkAccessManager *manager = reply->manager();
    QNetworkProxy proxy = manager ? manager->proxy() : QNetworkProxy();
    if (manager && proxy.type() == QNetworkProxy::DefaultProxy && manager->proxyFactory()) // ProxyMode::System
        proxy = manager->proxyFactory()->queryProxy(QNetworkProxyQuery(reply->url())).value(0);
    if (proxy.type() != QNetworkProxy::HttpProxy && proxy.type() != QNetworkProxy::Socks5Proxy)
        return {};
    return QStringLiteral("%1:%2").arg(proxy.hostName()).arg(proxy.port());
}

void ClientPool::applyProxy(QNetworkAccessManager *manager, ProxyMode mode, const QString &proxyUrl)
{
    switch (mode) {
    case ProxyMode::None:
        manager->setProxy(QNetworkProxy(QNetworkProxy::NoProxy));
        return;
    case ProxyMode::System:
        manager->setProxyFactory(new SystemProxyFactory); // the manager owns it
        return;
    case ProxyMode::Custom: {
        const QUrl url(proxyUrl.trimmed());
        // An unusable URL still goes to a proxy (which then fails as kind "proxy"), never direct:
        // a user who asked for a proxy must not have requests bypass it silently.
        // Without a port, 1080 as curl assumes, so that a copied curl command goes the same way.
        QNetworkProxy proxy(QNetworkProxy::HttpProxy, url.host(), quint16(url.port(1080)), url.userName(),
                            url.password());
        if (proxyTypeForScheme(url.scheme()) == QNetworkProxy::Socks5Proxy)
            proxy.setType(QNetworkProxy::Socks5Proxy);
        manager->setProxy(proxy);
        return;
    }
    }
}

void ClientPool::setProxy(ProxyMode mode, const QString &proxyUrl)
{
    m_proxyMode = mode;
    m_proxyUrl = proxyUrl;
    for (QNetworkAccessManager *manager : std::as_const(m_managers))
        applyProxy(manager, mode, proxyUrl);
}

ClientPool::ClientPool(bool http2, QObject *parent)
    : QObject(parent)
    , m_http2(http2)
    , m_preconnectTimeout(this)
{
    m_preconnectTimeout.setSingleShot(true);
    connect(&m_preconnectTimeout, &QTimer::timeout, this, &ClientPool::finishPreconnect);
}

QNetworkAccessManager *ClientPool::createManager()
{
    auto *manager = new QNetworkAccessManager(this);
    manager->setAutoDeleteReplies(false);
    applyProxy(manager, m_proxyMode, m_proxyUrl);
    return manager;
}

void ClientPool::ensureCapacity(int concurrency)
{
    const int needed = (concurrency + streamsPerManager() - 1) / streamsPerManager();
    while (m_managers.size() < needed)
        m_managers.append(createManager());
}

QNetworkAccessManager *ClientPool::managerForSlot(int slot) const
{
    return m_managers.at(slot / streamsPerManager());
}

void ClientPool::preconnect(const QNetworkRequest &request, int concurrency, int timeoutMs)
{
    ensureCapacity(concurrency);
    m_preconnecting = true;
    m_preconnectRequest = preconnectRequest(request);
    m_shares = QList<Share>(m_managers.size());
    for (int m = 0; m < m_managers.size(); ++m) {
        const int first = m * streamsPerManager();
        m_shares[m].wanted = m_http2 ? 1 : std::clamp(concurrency - first, 0, streamsPerManager());
        preconnectManager(m);
    }
    m_preconnectTimeout.start(timeoutMs);
}

void ClientPool::preconnectManager(int index)
{
    Share &share = m_shares[index];
    share.opened = share.encrypted = 0;
    share.failed = false;
    share.pending = share.wanted;
    ++share.attempts;
    // Issued back to back, so that Qt sees them together and opens one connection for each.
    for (int i = 0; i < share.wanted; ++i) {
        QNetworkReply *reply = m_managers[index]->get(m_preconnectRequest);
        connect(reply, &QNetworkReply::socketStartedConnecting, this, [this, index, reply] {
            if (reply->manager() == m_managers.value(index))
                ++m_shares[index].opened;
        });
        connect(reply, &QNetworkReply::encrypted, this, [this, index, reply] {
            if (reply->manager() == m_managers.value(index))
                ++m_shares[index].encrypted;
        });
        connect(reply, &QNetworkReply::finished, this, [this, index, reply] { onPreconnectFinished(index, reply); });
    }
}

void ClientPool::onPreconnectFinished(int index, QNetworkReply *reply)
{
    reply->deleteLater();
    if (!m_preconnecting || reply->manager() != m_managers.value(index))
        return; // a manager that was replaced, or a preconnect that timed out
    Share &share = m_shares[index];
    share.failed = share.failed || reply->error() != QNetworkReply::NoError;
    if (--share.pending > 0)
        return;
    // Over TLS a connection is ready once its handshake is done. When the first one is, Qt answers
    // the remaining preconnects from it while the others still shake hands, and the level's first
    // requests would wait for those handshakes inside TTFT; such preconnects saw no `encrypted`.
    const bool tls = m_preconnectRequest.url().scheme() == u"preconnect-https";
    const int ready = tls ? std::min(share.opened, share.encrypted) : share.opened;
    if (ready < share.wanted && !share.failed && share.attempts < kPreconnectAttempts) {
        m_managers[index]->deleteLater();
        m_managers[index] = createManager();
        preconnectManager(index);
        return;
    }
    for (const Share &s : std::as_const(m_shares)) {
        if (s.pending > 0)
            return;
    }
    finishPreconnect();
}

void ClientPool::finishPreconnect()
{
    if (!m_preconnecting)
        return;
    m_preconnecting = false;
    m_preconnectTimeout.stop();
    Q_EMIT preconnected();
}

} // namespace TokenScope
