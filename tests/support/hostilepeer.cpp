// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostilepeer.h"

#include "core/threadhandoff.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

#include <sys/socket.h>

namespace TokenScope::Testing {

HostileScript HostileScript::sse(const QList<QByteArray> &events, int delayMs)
{
    HostileScript script;
    script.steps.append({ QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                            "Cache-Control: no-cache\r\nConnection: close\r\n\r\n"),
                          0 });
    for (qsizetype i = 0; i < events.size(); ++i)
        script.steps.append({ events[i], i == 0 ? 0 : delayMs });
    return script;
}

/// One client connection: reads requests one after another and answers each with the script.
class HostileConnection : public QObject
{
public:
    HostileConnection(QTcpSocket *socket, const HostileScript &script, HostilePeer *peer, QObject *parent)
        : QObject(parent)
        , m_socket(socket)
        , m_script(script)
        , m_peer(peer)
        , m_id(peer->addConnection())
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &HostileConnection::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    }

private:
    void onReadyRead()
    {
        const QByteArray bytes = m_socket->readAll();
        m_buffer += bytes;
        QList<ReplayRequest> parsed;
        ReplayRequest request;
        while (takeHttpRequest(&m_buffer, &request))
            parsed.append(request);
        m_peer->record(m_id, bytes, parsed);
        for (const ReplayRequest &r : parsed)
            m_queue.append(r);
        answerNext();
    }

    void answerNext()
    {
        if (m_busy || m_queue.isEmpty() || m_hung)
            return;
        const ReplayRequest request = m_queue.takeFirst();
        m_pending = m_script.answer ? m_script.answer(request) : m_script.steps;
        m_busy = true;
        writeNext();
    }

    void writeNext()
    {
        if (!m_socket)
            return;
        if (m_pending.isEmpty()) {
            finish();
            return;
        }
        const HostileStep step = m_pending.takeFirst();
        QTimer::singleShot(step.delayMs, this, [this, step] {
            if (!m_socket)
                return;
            m_socket->write(step.bytes);
            m_socket->flush();
            writeNext();
        });
    }

    void finish()
    {
        m_busy = false;
        switch (m_script.ending) {
        case HostileScript::Ending::Close:
            m_socket->disconnectFromHost();
            break;
        case HostileScript::Ending::Reset:
            m_socket->abort(); // SO_LINGER 0 (set when the connection came in) turns the close into RST
            break;
        case HostileScript::Ending::KeepOpen:
            answerNext();
            break;
        case HostileScript::Ending::Hang:
            m_hung = true;
            break;
        }
    }

    QPointer<QTcpSocket> m_socket;
    const HostileScript m_script;
    HostilePeer *m_peer;
    const int m_id;
    QByteArray m_buffer;
    QList<ReplayRequest> m_queue;
    QList<HostileStep> m_pending;
    bool m_busy = false;
    bool m_hung = false;
};

namespace {

/// The listening socket; lives on the peer's thread, and so do its connections.
class HostileServer : public QTcpServer
{
public:
    HostileServer(const HostileScript &script, HostilePeer *peer)
        : m_script(script)
        , m_peer(peer)
    {
        connect(this, &QTcpServer::newConnection, this, &HostileServer::onNewConnection);
    }

    void incomingConnection(qintptr descriptor) override
    {
        // SO_LINGER {on, 0}: close() then sends RST instead of FIN, which Ending::Reset needs.
        if (m_script.ending == HostileScript::Ending::Reset) {
            const linger lingerZero { 1, 0 };
            ::setsockopt(static_cast<int>(descriptor), SOL_SOCKET, SO_LINGER, &lingerZero, sizeof lingerZero);
        }
        QTcpServer::incomingConnection(descriptor);
    }

private:
    void onNewConnection()
    {
        while (QTcpSocket *socket = nextPendingConnection())
            new HostileConnection(socket, m_script, m_peer, this);
    }

    const HostileScript m_script;
    HostilePeer *m_peer;
};

} // namespace

HostilePeer::HostilePeer(HostileScript script)
    : m_script(std::move(script))
{
    m_thread.setObjectName(QStringLiteral("hostile-peer"));
}

HostilePeer::~HostilePeer()
{
    m_thread.quit();
    m_thread.wait();
    const std::lock_guard<std::mutex> lock(m_mutex); // the peer thread's last record happens before
}

bool HostilePeer::start()
{
    auto *server = new HostileServer(m_script, this);
    m_server = server;
    server->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, server, &QObject::deleteLater);
    m_thread.start();
    // postTo (not a plain blocking invokeMethod): ThreadSanitizer sees the hand-off both ways.
    auto listening = std::make_shared<bool>(false);
    postTo(
        server,
        [this, server, listening] {
            *listening = server->listen(QHostAddress::LocalHost, 0);
            m_port = server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    return *listening;
}

QString HostilePeer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QList<ReplayRequest> HostilePeer::requests() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_requests;
}

QList<QByteArray> HostilePeer::received() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_received;
}

int HostilePeer::connections() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return int(m_received.size());
}

int HostilePeer::addConnection()
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_received.append(QByteArray());
    return int(m_received.size()) - 1;
}

void HostilePeer::record(int connection, const QByteArray &bytes, const QList<ReplayRequest> &parsed)
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_received[connection] += bytes;
    m_requests += parsed;
}

} // namespace TokenScope::Testing
