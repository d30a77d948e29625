// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's proxy modes against the real built-in simulator over loopback.
#include "net/clientpool.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtEndian>
#include <memory>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

/// A loopback port nothing listens on: bound once, then released.
quint16 closedPort()
{
    QTcpServer probe;
    EXPECT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

/// A minimal SOCKS5 proxy on this thread (no authentication, CONNECT to an IPv4 address, RFC 1928)
/// that relays bytes and counts the connections it opened: proof that requests went through it.
class Socks5Relay : public QObject
{
public:
    Socks5Relay()
    {
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost, 0));
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server.nextPendingConnection())
                relay(client);
        });
    }
    quint16 port() const { return m_server.serverPort(); }
    int connectionsRelayed = 0;
    QByteArray relayedToServer; ///< every byte a client sent through this proxy

private:
    struct Session {
        QTcpSocket *client;
        QTcpSocket *upstream;
        QByteArray pending;
        enum { Greeting, Request, Connecting, Relaying } stage = Greeting;
    };

    void relay(QTcpSocket *client)
    {
        auto s = std::make_shared<Session>(Session {client, new QTcpSocket(client), {}});
        connect(client, &QTcpSocket::readyRead, this, [this, s] { onClientData(*s); });
        connect(s->upstream, &QTcpSocket::connected, this, [this, s] {
            ++connectionsRelayed;
            s->client->write(QByteArray::fromHex("05000001000000000000")); // succeeded, bound 0.0.0.0:0
            s->stage = Session::Relaying;
            relayedToServer += s->pending;
            s->upstream->write(std::exchange(s->pending, {}));
        });
        connect(s->upstream, &QTcpSocket::readyRead, this, [s] { s->client->write(s->upstream->readAll()); });
        connect(s->upstream, &QTcpSocket::disconnected, this, [s] { s->client->disconnectFromHost(); });
        connect(client, &QTcpSocket::disconnected, this, [s] {
            s->upstream->disconnectFromHost();
            s->client->deleteLater();
        });
    }

    void onClientData(Session &s)
    {
        s.pending += s.client->readAll();
        if (s.stage == Session::Greeting) { // VER NMETHODS METHODS...
            if (s.pending.size() < 2 || s.pending.size() < 2 + quint8(s.pending[1]))
                return;
            s.pending.remove(0, 2 + quint8(s.pending[1]));
            s.client->write(QByteArray::fromHex("0500")); // no authentication
            s.stage = Session::Request;
        }
        if (s.stage == Session::Request) { // VER CMD RSV ATYP=1 ADDR(4) PORT(2)
            if (s.pending.size() < 10)
                return;
            EXPECT_EQ(quint8(s.pending[3]), 1) << "an IPv4 target";
            const quint32 ip = qFromBigEndian<quint32>(s.pending.constData() + 4);
            const quint16 port = qFromBigEndian<quint16>(s.pending.constData() + 8);
            s.pending.remove(0, 10);
            s.stage = Session::Connecting;
            s.upstream->connectToHost(QHostAddress(ip), port);
            return;
        }
        if (s.stage == Session::Relaying) {
            relayedToServer += s.pending;
            s.upstream->write(std::exchange(s.pending, {}));
        }
    }

    QTcpServer m_server;
};

/// Sets the application-wide proxy for one test and restores Qt's default afterwards.
struct ApplicationProxy {
    explicit ApplicationProxy(const QNetworkProxy &proxy) { QNetworkProxy::setApplicationProxy(proxy); }
    ~ApplicationProxy() { QNetworkProxy::setApplicationProxy(QNetworkProxy(QNetworkProxy::DefaultProxy)); }
};

} // namespace

namespace {

void expectEveryRequestFailsAtTheProxy(const QString &scheme)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    const quint16 proxyPort = closedPort();
    RunConfig config = quickConfig(sim.baseUrl().toString(), 2, 4, 10);
    config.proxyMode = ProxyMode::Custom;
    config.proxyUrl = QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(proxyPort);

    const RunResult run = runAndWait(config);
    ASSERT_EQ(measured(run).size(), 4);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.errorKind.toStdString(), "proxy") << r.errorMessage.toStdString();
        EXPECT_TRUE(r.errorMessage.contains(u"roxy")) << r.errorMessage.toStdString();
    }
    EXPECT_EQ(sim.maxInFlight(), 0) << "nothing went around the proxy to the simulator";
}

} // namespace

// Qt reports an HTTP proxy that refuses a plain-http request as ConnectionRefusedError, as if the
// server had; the engine names the proxy instead.
TEST(Proxy, UnreachableHttpProxyFailsEveryRequestAsProxy)
{
    expectEveryRequestFailsAtTheProxy(QStringLiteral("http"));
}

TEST(Proxy, UnreachableSocks5ProxyFailsEveryRequestAsProxy)
{
    expectEveryRequestFailsAtTheProxy(QStringLiteral("socks5"));
}

TEST(Proxy, NoProxyReachesTheSimulatorEvenWithAnApplicationProxySet)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    // An application-wide proxy that would fail every request: None must bypass it.
    ApplicationProxy unreachable(QNetworkProxy(QNetworkProxy::HttpProxy, QStringLiteral("127.0.0.1"), closedPort()));
    RunConfig config = quickConfig(sim.baseUrl().toString(), 2, 4, 10);
    config.proxyMode = ProxyMode::None;

    const RunResult run = runAndWait(config);
    EXPECT_EQ(countOk(run), 4);
}

TEST(Proxy, CustomProxyUrlBecomesTheManagersProxy)
{
    QNetworkAccessManager manager;
    ClientPool::applyProxy(&manager, ProxyMode::Custom, QStringLiteral("socks5://alice:s3cret@proxy.example:9050"));
    EXPECT_EQ(manager.proxy().type(), QNetworkProxy::Socks5Proxy);
    EXPECT_EQ(manager.proxy().hostName().toStdString(), "proxy.example");
    EXPECT_EQ(manager.proxy().port(), 9050);
    EXPECT_EQ(manager.proxy().user().toStdString(), "alice");
    EXPECT_EQ(manager.proxy().password().toStdString(), "s3cret");

    ClientPool::applyProxy(&manager, ProxyMode::Custom, QStringLiteral("http://proxy.example"));
    EXPECT_EQ(manager.proxy().type(), QNetworkProxy::HttpProxy);
    EXPECT_EQ(manager.proxy().port(), 1080) << "curl's default, so a copied curl command takes the same path";

    ClientPool::applyProxy(&manager, ProxyMode::None, {});
    EXPECT_EQ(manager.proxy().type(), QNetworkProxy::NoProxy);
}

TEST(Proxy, ProxyUrlProblemsAreNamed)
{
    EXPECT_TRUE(ClientPool::proxyUrlProblem(QStringLiteral("http://proxy.example:3128")).isEmpty());
    EXPECT_TRUE(ClientPool::proxyUrlProblem(QStringLiteral("socks5://127.0.0.1:1080")).isEmpty());
    EXPECT_FALSE(ClientPool::proxyUrlProblem(QString()).isEmpty());
    EXPECT_FALSE(ClientPool::proxyUrlProblem(QStringLiteral("proxy.example:3128")).isEmpty());
    const QString https = ClientPool::proxyUrlProblem(QStringLiteral("https://proxy.example"));
    EXPECT_TRUE(https.contains(u"https")) << https.toStdString();
    // The password of a proxy URL never shows up in a message.
    EXPECT_FALSE(ClientPool::proxyUrlProblem(QStringLiteral("http://u:topsecret@")).contains(u"topsecret"));
}

TEST(Proxy, ConfigJsonNamesTheModeAndHidesTheProxyPassword)
{
    RunConfig config;
    config.proxyMode = ProxyMode::Custom;
    config.proxyUrl = QStringLiteral("http://alice:topsecret@proxy.example:3128");
    const QJsonObject json = config.toJson();
    EXPECT_EQ(json.value(u"proxy_mode").toString().toStdString(), "custom");
    EXPECT_EQ(json.value(u"proxy_url").toString().toStdString(), "http://proxy.example:3128");
    EXPECT_EQ(RunConfig::fromJson(json).proxyMode, ProxyMode::Custom);
}

TEST(Proxy, CliTakesTheProxyAndKeepsItsPasswordOutOfEveryFile)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    QTemporaryDir out;
    const QString password = QStringLiteral("proxy-PASSWORD-5150");
    const QString proxy = QStringLiteral("http://alice:%1@127.0.0.1:%2").arg(password).arg(closedPort());
    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
            QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--concurrency"),
            QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--warmup"),
            QStringLiteral("0"), QStringLiteral("--proxy"), proxy, QStringLiteral("--out"), out.path() }
            + transportArgs());
    ASSERT_TRUE(cli.waitForFinished(60000));
    const QByteArray printed = cli.readAllStandardOutput() + cli.readAllStandardError();
    EXPECT_FALSE(printed.contains(password.toUtf8())) << printed.toStdString();

    QFile requests(out.filePath(QStringLiteral("requests.jsonl")));
    ASSERT_TRUE(requests.open(QIODevice::ReadOnly)) << printed.toStdString();
    const QList<QByteArray> lines = requests.readAll().trimmed().split('\n');
    ASSERT_EQ(lines.size(), 2);
    for (const QByteArray &line : lines)
        EXPECT_EQ(QJsonDocument::fromJson(line).object().value(u"error_kind").toString().toStdString(), "proxy");
    QFile summary(out.filePath(QStringLiteral("summary.json")));
    ASSERT_TRUE(summary.open(QIODevice::ReadOnly));
    const QJsonObject config = QJsonDocument::fromJson(summary.readAll()).object().value(u"config").toObject();
    EXPECT_EQ(config.value(u"proxy_mode").toString().toStdString(), "custom");
    EXPECT_FALSE(config.value(u"proxy_url").toString().isEmpty());

    for (QDirIterator it(out.path(), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        QFile file(it.next());
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        EXPECT_FALSE(file.readAll().contains(password.toUtf8())) << it.filePath().toStdString();
    }
}

// The CLI in a process of its own, so that the proxy environment variables reach Qt's system proxy
// lookup fresh: --proxy system honours http_proxy, the default (none) ignores it.
TEST(Proxy, SystemModeHonoursHttpProxyAndNoneIgnoresIt)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString unreachable = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
    for (const char *name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
        env.insert(QString::fromLatin1(name), unreachable);
    for (const char *name : {"no_proxy", "NO_PROXY"})
        env.remove(QString::fromLatin1(name));

    const auto errorKinds = [&](const QString &mode) {
        QTemporaryDir out;
        QProcess cli;
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
            QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
                QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--concurrency"),
                QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--warmup"),
                QStringLiteral("0"), QStringLiteral("--max-tokens"), QStringLiteral("8"), QStringLiteral("--proxy"),
                mode, QStringLiteral("--out"), out.path() }
                + transportArgs());
        EXPECT_TRUE(cli.waitForFinished(60000));
        QFile requests(out.filePath(QStringLiteral("requests.jsonl")));
        EXPECT_TRUE(requests.open(QIODevice::ReadOnly)) << cli.readAllStandardError().toStdString();
        QStringList kinds;
        for (const QByteArray &line : requests.readAll().trimmed().split('\n'))
            kinds.append(QJsonDocument::fromJson(line).object().value(u"error_kind").toString());
        return kinds.join(u',').toStdString();
    };
    EXPECT_EQ(errorKinds(QStringLiteral("system")), "proxy,proxy");
    EXPECT_EQ(errorKinds(QStringLiteral("none")), ",") << "both requests reached the simulator directly";
}

TEST(Proxy, CliRejectsAProxyItCannotUse)
{
    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
              {QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"),
               QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--proxy"),
               QStringLiteral("https://proxy.example")});
    ASSERT_TRUE(cli.waitForFinished(60000));
    EXPECT_EQ(cli.exitCode(), 2);
    EXPECT_TRUE(cli.readAllStandardError().contains("--proxy"));
}

TEST(Proxy, CustomSocks5ProxyCarriesEveryRequest)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    Socks5Relay proxy;
    RunConfig config = quickConfig(sim.baseUrl().toString(), 2, 6, 10);
    config.proxyMode = ProxyMode::Custom;
    config.proxyUrl = QStringLiteral("socks5://127.0.0.1:%1").arg(proxy.port());

    const RunResult run = runAndWait(config);
    EXPECT_EQ(countOk(run), 6);
    EXPECT_GE(proxy.connectionsRelayed, 2) << "each of the 2 concurrent streams went through the proxy";
}

// Regression: the pool of an A/B run was built from arm A's settings, so arm B went through A's
// proxy (or none). Each arm now has its own managers with its own proxy and HTTP/2 setting.
TEST(Proxy, EachArmOfAnAbRunGoesThroughItsOwnProxy)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(quickSim(), &error)) << error.toStdString();
    Socks5Relay proxyA, proxyB;
    RunConfig a = quickConfig(sim.baseUrl().toString(), 2, 4, 10);
    a.model = QStringLiteral("model-through-a");
    a.proxyMode = ProxyMode::Custom;
    a.proxyUrl = QStringLiteral("socks5://127.0.0.1:%1").arg(proxyA.port());
    RunConfig b = a;
    b.model = QStringLiteral("model-through-b");
    b.proxyUrl = QStringLiteral("socks5://127.0.0.1:%1").arg(proxyB.port());

    const RunResult run = runInterleavedAndWait({ a, b });
    ASSERT_EQ(measured(run).size(), 8);
    EXPECT_EQ(countOk(run), 8);
    for (const auto &[proxy, own, other] : { std::tuple { &proxyA, "model-through-a", "model-through-b" },
             std::tuple { &proxyB, "model-through-b", "model-through-a" } }) {
        EXPECT_GE(proxy->connectionsRelayed, 1);
        EXPECT_EQ(proxy->relayedToServer.count(QByteArray(QByteArray("\"model\":\"") + own)), 4 + a.warmupRequests)
            << "every request of its arm";
        EXPECT_FALSE(proxy->relayedToServer.contains(other)) << "none of the other arm's";
    }
}
