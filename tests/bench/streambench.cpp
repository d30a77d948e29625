// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tokenscope-streambench: what one very long stream costs the client in memory. A loopback peer
// in this process (on a thread of its own) answers every request with an OpenAI-style stream of
// --events text chunks, generated as the socket drains so the peer itself holds at most one block;
// tokenscope-cli runs --requests such requests against it (concurrency = --requests) and writes its
// run directory; this prints the CLI's peak resident memory (getrusage RUSAGE_CHILDREN, ru_maxrss)
// and what its requests.jsonl says of the first request. A program that prints figures, not a test.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <cstdio>
#include <sys/resource.h>

namespace {

constexpr qint64 kBlockBytes = 64 * 1024; // what the peer queues on a socket at a time

/// One connection: waits for a request head, then streams the events in blocks as the socket drains.
class StreamConnection : public QObject
{
public:
    StreamConnection(QTcpSocket *socket, qint64 events)
        : m_socket(socket)
        , m_events(events)
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
        connect(socket, &QTcpSocket::bytesWritten, this, [this] { fill(); });
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    }

private:
    void onReadyRead()
    {
        m_head += m_socket->readAll();
        if (m_started || !m_head.contains("\r\n\r\n"))
            return; // a preconnect sends nothing; the body after the head is not needed
        m_started = true;
        m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
        fill();
    }

    void fill()
    {
        if (!m_started || m_finished || m_socket->bytesToWrite() > kBlockBytes)
            return;
        QByteArray block;
        block.reserve(kBlockBytes + 512);
        static const QByteArray text = QByteArrayLiteral(
            "data: {\"id\":\"bench\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
            "\"delta\":{\"content\":\" x\"},\"finish_reason\":null}]}\n\n");
        while (block.size() < kBlockBytes && m_sent < m_events) {
            block += text;
            ++m_sent;
        }
        if (m_sent == m_events) {
            block += QByteArrayLiteral(
                "data: {\"id\":\"bench\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\""
                ":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
            block += QByteArrayLiteral("data: {\"id\":\"bench\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,"
                                       "\"completion_tokens\":")
                + QByteArray::number(m_events) + QByteArrayLiteral("}}\n\ndata: [DONE]\n\n");
            m_finished = true;
            m_socket->write(block);
            m_socket->disconnectFromHost(); // after what is queued has gone
            return;
        }
        m_socket->write(block);
    }

    QTcpSocket *m_socket;
    const qint64 m_events;
    qint64 m_sent = 0;
    QByteArray m_head;
    bool m_started = false;
    bool m_finished = false;
};

class StreamServer : public QTcpServer
{
public:
    explicit StreamServer(qint64 events)
        : m_events(events)
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = nextPendingConnection())
                new StreamConnection(socket, m_events);
        });
    }

private:
    const qint64 m_events;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Peak client memory for very long streams."));
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("cli"), QStringLiteral("tokenscope-cli to measure."), QStringLiteral("path"),
        QCoreApplication::applicationDirPath() + QStringLiteral("/tokenscope-cli") });
    parser.addOption({ QStringLiteral("events"), QStringLiteral("Text chunks per request."), QStringLiteral("n"),
        QStringLiteral("1000000") });
    parser.addOption({ QStringLiteral("requests"), QStringLiteral("Requests, all at once."), QStringLiteral("n"),
        QStringLiteral("1") });
    parser.process(app);
    const qint64 events = parser.value(QStringLiteral("events")).toLongLong();
    const int requests = parser.value(QStringLiteral("requests")).toInt();

    QThread peerThread;
    auto *server = new StreamServer(events);
    server->moveToThread(&peerThread);
    QObject::connect(&peerThread, &QThread::finished, server, &QObject::deleteLater);
    peerThread.start();
    quint16 port = 0;
    QMetaObject::invokeMethod(
        server,
        [server, &port] {
            if (server->listen(QHostAddress::LocalHost, 0))
                port = server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    if (port == 0) {
        std::fprintf(stderr, "the peer could not listen on loopback\n");
        return 1;
    }

    QTemporaryDir out;
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("bench"));
    cli.setProcessEnvironment(env);
    cli.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    // max_tokens above the stream's length: the peer's usage is plausible for what was asked.
    cli.start(parser.value(QStringLiteral("cli")),
        { QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:%1/v1").arg(port),
            QStringLiteral("--model"), QStringLiteral("bench"), QStringLiteral("--concurrency"),
            QString::number(requests), QStringLiteral("--requests"), QString::number(requests),
            QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--max-tokens"),
            QString::number(events + 1), QStringLiteral("--timeout"), QStringLiteral("3600"), QStringLiteral("--out"),
            out.path() + QStringLiteral("/run") });
    QElapsedTimer clock;
    clock.start();
    if (!cli.waitForFinished(-1)) {
        std::fprintf(stderr, "tokenscope-cli did not run: %s\n", qPrintable(cli.errorString()));
        return 1;
    }
    const double seconds = clock.elapsed() / 1000.0;
    rusage usage {};
    getrusage(RUSAGE_CHILDREN, &usage);
    peerThread.quit();
    peerThread.wait();

    QFile lines(out.path() + QStringLiteral("/run/requests.jsonl"));
    QJsonObject first;
    if (lines.open(QIODevice::ReadOnly))
        first = QJsonDocument::fromJson(lines.readLine()).object();
    std::printf("%lld events x %d request(s): tokenscope-cli exit %d after %.1f s, peak RSS %.1f MiB\n",
        static_cast<long long>(events), requests, cli.exitCode(), seconds, usage.ru_maxrss / 1024.0);
    std::printf("first request: status %s, output_tokens %lld, chunks %lld, events %lld\n",
        qPrintable(first.value(QLatin1String("status")).toString()),
        static_cast<long long>(first.value(QLatin1String("output_tokens")).toDouble()),
        static_cast<long long>(first.value(QLatin1String("chunks")).toDouble()),
        static_cast<long long>(first.value(QLatin1String("events")).toDouble()));
    return cli.exitCode() == 0 ? 0 : 1;
}
