// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "replaypeer.h"
#include "core/threadhandoff.h"
#include "testpaths.h"

#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace TokenScope::Testing {

QByteArray ReplayRequest::header(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first == name.toLower())
            return h.second;
    }
    return {};
}

int ReplayRequest::headerCount(const QByteArray &name) const
{
    int count = 0;
    for (const auto &h : headers)
        count += h.first == name.toLower() ? 1 : 0;
    return count;
}

QJsonObject ReplayRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray testData(const QString &relativePath)
{
    QFile file(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/") + relativePath);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QList<QByteArray> sseEventPieces(const QByteArray &body)
{
    QList<QByteArray> pieces;
    qsizetype from = 0;
    while (from < body.size()) {
        const qsizetype lf = body.indexOf("\n\n", from);
        const qsizetype crlf = body.indexOf("\r\n\r\n", from);
        qsizetype end = -1;
        if (lf >= 0 && (crlf < 0 || lf < crlf))
            end = lf + 2;
        else if (crlf >= 0)
            end = crlf + 4;
        if (end < 0)
            end = body.size();
        pieces.append(body.mid(from, end - from));
        from = end;
    }
    return pieces;
}

bool takeHttpRequest(QByteArray *buffer, ReplayRequest *out)
{
    const qsizetype headEnd = buffer->indexOf("\r\n\r\n");
    if (headEnd < 0)
        return false;
    const QList<QByteArray> lines = buffer->left(headEnd).split('\n');
    ReplayRequest request;
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = requestLine.value(1);
    qsizetype length = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        request.headers.append({ name, value });
        if (name == "content-length")
            length = value.toLongLong();
    }
    if (buffer->size() < headEnd + 4 + length)
        return false;
    request.body = buffer->mid(headEnd + 4, length);
    buffer->remove(0, headEnd + 4 + length);
    *out = request;
    return true;
}

namespace {

QByteArray httpChunk(const QByteArray &bytes)
{
    return QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n";
}

} // namespace

/// One client connection: reads requests one after another and answers each with the script.
class ReplayConnection : public QObject
{
public:
    ReplayConnection(QTcpSocket *socket, const ReplayScript &script, ReplayPeer *peer, QObject *parent)
        : QObject(parent)
        , m_socket(socket)
        , m_script(script)
        , m_peer(peer)
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &ReplayConnection::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    }

private:
    void onReadyRead()
    {
        m_buffer += m_socket->readAll();
        ReplayRequest request;
        while (m_pending.isEmpty() && takeHttpRequest(&m_buffer, &request)) {
            m_peer->record(request);
            answer(request);
        }
    }

    void answer(const ReplayRequest &request)
    {
        if (!m_script.requiredHeader.isEmpty() && request.header(m_script.requiredHeader) != m_script.requiredValue) {
            const QByteArray body
                = R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})";
            m_socket->write("HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            return;
        }
        m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                        "Transfer-Encoding: chunked\r\n\r\n");
        m_pending = sseEventPieces(m_script.body);
        m_pending.append(QByteArray()); // the last chunk, of size 0
        writeNext();
    }

    void writeNext()
    {
        if (!m_socket || m_pending.isEmpty())
            return;
        const QByteArray piece = m_pending.takeFirst();
        m_socket->write(piece.isEmpty() ? QByteArrayLiteral("0\r\n\r\n") : httpChunk(piece));
        if (m_pending.isEmpty()) {
            onReadyRead(); // a request that came while this one streamed
            return;
        }
        QTimer::singleShot(m_script.eventDelayMs, this, &ReplayConnection::writeNext);
    }

    QPointer<QTcpSocket> m_socket;
    const ReplayScript m_script;
    ReplayPeer *m_peer;
    QByteArray m_buffer;
    QList<QByteArray> m_pending; ///< chunks of the response under way
};

/// The listening socket; lives on the peer's thread, and so do its connections.
class ReplayServer : public QTcpServer
{
public:
    ReplayServer(const ReplayScript &script, ReplayPeer *peer)
        : m_script(script)
        , m_peer(peer)
    {
        connect(this, &QTcpServer::newConnection, this, &ReplayServer::onNewConnection);
    }

private:
    void onNewConnection()
    {
        while (QTcpSocket *socket = nextPendingConnection())
            new ReplayConnection(socket, m_script, m_peer, this);
    }

    const ReplayScript m_script;
    ReplayPeer *m_peer;
};

ReplayPeer::ReplayPeer(const ReplayScript &script)
    : m_script(script)
{
    m_thread.setObjectName(QStringLiteral("replay-peer"));
}

ReplayPeer::~ReplayPeer()
{
    m_thread.quit();
    m_thread.wait();
}

bool ReplayPeer::start()
{
    m_server = new ReplayServer(m_script, this);
    m_server->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_server, &QObject::deleteLater);
    m_thread.start();
    bool listening = false;
    // postTo() rather than invokeMethod(): its hand-off is one ThreadSanitizer sees.
    postTo(
        m_server,
        [this, &listening] {
            listening = m_server->listen(QHostAddress::LocalHost, 0);
            m_port = m_server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    return listening;
}

QString ReplayPeer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QList<ReplayRequest> ReplayPeer::requests() const
{
    const QMutexLocker lock(&m_mutex);
    return m_requests;
}

void ReplayPeer::record(const ReplayRequest &request)
{
    const QMutexLocker lock(&m_mutex);
    m_requests.append(request);
}

} // namespace TokenScope::Testing
