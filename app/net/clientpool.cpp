// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clientpool.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace TokenScope {

ClientPool::ClientPool(bool http2, QObject *parent)
    : QObject(parent)
    , m_http2(http2)
{
    m_preconnectTimeout.setSingleShot(true);
    connect(&m_preconnectTimeout, &QTimer::timeout, this, &ClientPool::finishPreconnect);
}

void ClientPool::ensureCapacity(int concurrency)
{
    const int needed = (concurrency + streamsPerManager() - 1) / streamsPerManager();
    while (m_managers.size() < needed) {
        auto *manager = new QNetworkAccessManager(this);
        manager->setAutoDeleteReplies(false);
        // Replies of posts are handled by StreamRequest; here only preconnect replies count.
        connect(manager, &QNetworkAccessManager::finished, this, &ClientPool::onManagerFinished);
        m_managers.append(manager);
    }
}

QNetworkAccessManager *ClientPool::managerForSlot(int slot) const
{
    return m_managers.at(slot / streamsPerManager());
}

/// What connectToHost() does, but with the level's own request attributes: a GET of the
/// "preconnect-http(s)" scheme, which Qt answers by opening a connection and sending nothing.
static QNetworkRequest preconnectRequest(const QNetworkRequest &request)
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

void ClientPool::preconnect(const QNetworkRequest &request, int concurrency, int timeoutMs)
{
    ensureCapacity(concurrency);
    m_preconnecting = true;
    m_preconnectOpened = 0;
    m_preconnectRequested = 0;
    const QNetworkRequest preconnect = preconnectRequest(request);
    for (int first = 0, m = 0; first < concurrency; first += streamsPerManager(), ++m) {
        const int share = m_http2 ? 1 : std::min(streamsPerManager(), concurrency - first);
        for (int i = 0; i < share; ++i) {
            m_managers[m]->get(preconnect);
            ++m_preconnectRequested;
        }
    }
    m_preconnectTimeout.start(timeoutMs);
}

void ClientPool::onManagerFinished(QNetworkReply *reply)
{
    // Qt reports each preconnect through the manager's finished() with a "preconnect-" scheme.
    if (!reply->url().scheme().startsWith(u"preconnect"))
        return;
    reply->deleteLater();
    if (!m_preconnecting)
        return;
    if (++m_preconnectOpened >= m_preconnectRequested)
        finishPreconnect();
}

void ClientPool::finishPreconnect()
{
    if (!m_preconnecting)
        return;
    m_preconnecting = false;
    m_preconnectTimeout.stop();
    Q_EMIT preconnected(m_preconnectOpened, m_preconnectRequested);
}

} // namespace TokenScope
