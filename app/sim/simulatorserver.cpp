// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulatorserver.h"

#include "core/fdlimit.h"
#include "core/threadhandoff.h"
#include "sim/simlistener.h"
#include "sim/simshared.h"
#include "sim/simworker.h"

#include <QFile>
#include <QMutex>
#include <QRandomGenerator>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
#include <QThread>
#include <atomic>

namespace TokenScope {

namespace {

constexpr int ListenBacklog = 4096; // a burst of 1024 connects must not overflow the accept queue

// The host part of baseUrl(): a wildcard address is reached through loopback.
QString urlHost(const QHostAddress &address)
{
    if (address == QHostAddress::Any || address == QHostAddress::AnyIPv4 || address.isNull())
        return QStringLiteral("127.0.0.1");
    if (address == QHostAddress::AnyIPv6)
        return QStringLiteral("[::1]");
    if (address.protocol() == QAbstractSocket::IPv6Protocol)
        return u'[' + address.toString() + u']';
    return address.toString();
}

SimConfig sanitized(SimConfig config)
{
    config.threads = qBound(1, config.threads, 64);
    config.tokensPerChunk = qMax(1, config.tokensPerChunk);
    config.faultEvery = qMax(1, config.faultEvery);
    config.maxBatch = qMax(0, config.maxBatch);
    config.kvCacheTokens = qMax(1, config.kvCacheTokens);
    config.outputTokens = qMax(0, config.outputTokens);
    config.reasoningTokens = qMax(0, config.reasoningTokens);
    if (config.models.isEmpty())
        config.models.append(QStringLiteral("tokenscope-sim"));
    return config;
}

// Reads the PEM certificate (chain) and key once, so a bad path fails start() instead of every
// handshake, and connections do not each parse the files.
bool loadTls(const SimConfig &config, QSslConfiguration *out, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (config.tlsCertificatePath.isEmpty() != config.tlsKeyPath.isEmpty())
        return fail(QStringLiteral("HTTPS needs both a certificate and a private key (PEM files)."));
    if (!QSslSocket::supportsSsl())
        return fail(QStringLiteral("HTTPS is not available: Qt found no TLS library (%1).")
                        .arg(QSslSocket::sslLibraryBuildVersionString()));
    QFile certFile(config.tlsCertificatePath);
    if (!certFile.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("Cannot read the TLS certificate %1: %2")
                        .arg(config.tlsCertificatePath, certFile.errorString()));
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    if (chain.isEmpty() || chain.first().isNull())
        return fail(QStringLiteral("%1 holds no PEM certificate (-----BEGIN CERTIFICATE-----).")
                        .arg(config.tlsCertificatePath));
    QFile keyFile(config.tlsKeyPath);
    if (!keyFile.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("Cannot read the TLS private key %1: %2").arg(config.tlsKeyPath, keyFile.errorString()));
    const QByteArray keyPem = keyFile.readAll();
    QSslKey key(keyPem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Ec, QSsl::Pem);
    if (key.isNull())
        return fail(QStringLiteral("%1 holds no unencrypted PEM private key (RSA or EC).").arg(config.tlsKeyPath));

    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificateChain(chain);
    tls.setPrivateKey(key);
    tls.setPeerVerifyMode(QSslSocket::VerifyNone); // clients present no certificate
    // The simulator speaks HTTP/1.1 only: say so in ALPN so an h2-capable client does not try h2.
    tls.setAllowedNextProtocols({QSslConfiguration::NextProtocolHttp1_1});
    *out = tls;
    return true;
}

} // namespace

struct SimulatorServer::Private {
    QMutex lifecycle; // serializes start() and stop()
    SimShared shared;
    QThread *listenerThread = nullptr;
    SimListener *listener = nullptr; // deleted on its thread when that thread finishes
    QList<QThread *> workerThreads;
    QList<SimWorker *> workers; // likewise
    std::atomic<bool> running {false};
    std::atomic<quint16> port {0};
    mutable QMutex urlMutex;
    QUrl baseUrl;

    void startWorkers(int count);
    bool listen(const QHostAddress &address, quint16 wantedPort, QString *error);
    void teardown();
};

void SimulatorServer::Private::startWorkers(int count)
{
    for (int i = 0; i < count; ++i) {
        auto *thread = new QThread;
        thread->setObjectName(QStringLiteral("sim-worker-%1").arg(i));
        auto *worker = new SimWorker(&shared);
        worker->moveToThread(thread);
        QObject::connect(thread, &QThread::finished, worker, &QObject::deleteLater);
        thread->start();
        workerThreads.append(thread);
        workers.append(worker);
    }
}

bool SimulatorServer::Private::listen(const QHostAddress &address, quint16 wantedPort, QString *error)
{
    listenerThread = new QThread;
    listenerThread->setObjectName(QStringLiteral("sim-listener"));
    listener = new SimListener(workers);
    listener->moveToThread(listenerThread);
    QObject::connect(listenerThread, &QThread::finished, listener, &QObject::deleteLater);
    listenerThread->start();

    // The socket must be created on the listener's thread; wait for it so start() returns bound.
    bool ok = false;
    QString listenError;
    quint16 boundPort = 0;
    SimListener *server = listener;
    postTo(
        server,
        [&] {
            server->setListenBacklogSize(ListenBacklog);
            ok = server->listen(address, wantedPort);
            if (ok)
                boundPort = server->serverPort();
            else
                listenError = server->errorString();
        },
        Qt::BlockingQueuedConnection);
    if (!ok) {
        if (error)
            *error = QStringLiteral("Cannot listen on %1:%2: %3")
                         .arg(address.toString())
                         .arg(wantedPort)
                         .arg(listenError);
        return false;
    }
    port.store(boundPort);
    return true;
}

void SimulatorServer::Private::teardown()
{
    if (listenerThread) {
        SimListener *server = listener;
        postTo(server, [server] { server->close(); }, Qt::BlockingQueuedConnection);
        listenerThread->quit();
        listenerThread->wait();
        delete listenerThread;
        listenerThread = nullptr;
        listener = nullptr;
    }
    // Descriptors the listener handed over before it closed are adopted before shutdown() runs:
    // both are queued to the worker in that order.
    for (SimWorker *worker : std::as_const(workers))
        postTo(worker, [worker] { worker->shutdown(); }, Qt::BlockingQueuedConnection);
    for (QThread *thread : std::as_const(workerThreads)) {
        thread->quit();
        thread->wait();
        delete thread;
    }
    workerThreads.clear();
    workers.clear();
    shared.wire.close();
    port.store(0);
    running.store(false);
}

SimulatorServer::SimulatorServer(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
}

SimulatorServer::~SimulatorServer()
{
    stop();
}

bool SimulatorServer::start(const SimConfig &config, QString *error)
{
    const QMutexLocker locker(&d->lifecycle);
    if (d->running.load()) {
        if (error)
            *error = QStringLiteral("The simulator is already running on port %1.").arg(d->port.load());
        return false;
    }
    raiseOpenFileLimit(); // 1024 streams plus an in-process client need more than the usual 1024

    // No worker runs yet: the shared state may be written without locks; QThread::start() publishes it.
    d->shared.config = sanitized(config);
    d->shared.idPrefix = QByteArray::number(QRandomGenerator::global()->generate(), 36);
    d->shared.nextResponseNumber.store(0);
    d->shared.counters.inFlight.store(0);
    d->shared.counters.reset();
    d->shared.counters.recordArrivals.store(config.recordWire);
    d->shared.gate.reset(d->shared.config.maxBatch);
    d->shared.uncontendedGate.reset(0);
    d->shared.metrics.reset();
    d->shared.prefixCache.clear(); // a restart begins cold
    d->shared.responses.clear();
    d->shared.tls = !config.tlsCertificatePath.isEmpty() || !config.tlsKeyPath.isEmpty();
    d->shared.tlsConfig = QSslConfiguration();
    if (d->shared.tls && !loadTls(config, &d->shared.tlsConfig, error))
        return false;
    if (!d->shared.wire.open(config.recordWire, config.wireLogPath, error))
        return false;

    d->startWorkers(d->shared.config.threads);
    if (!d->listen(config.address, config.port, error)) {
        d->teardown();
        return false;
    }
    {
        const QMutexLocker urlLocker(&d->urlMutex);
        const QString scheme = d->shared.tls ? QStringLiteral("https") : QStringLiteral("http");
        d->baseUrl = QUrl(QStringLiteral("%1://%2:%3/v1").arg(scheme, urlHost(config.address)).arg(d->port.load()));
    }
    d->running.store(true);
    return true;
}

void SimulatorServer::stop()
{
    const QMutexLocker locker(&d->lifecycle);
    if (!d->running.load() && !d->listenerThread && d->workerThreads.isEmpty())
        return;
    d->teardown();
}

bool SimulatorServer::isRunning() const
{
    return d->running.load();
}

quint16 SimulatorServer::port() const
{
    return d->port.load();
}

QUrl SimulatorServer::baseUrl() const
{
    const QMutexLocker locker(&d->urlMutex);
    return d->baseUrl;
}

QUrl SimulatorServer::metricsUrl() const
{
    QUrl url = baseUrl();
    if (!url.isEmpty())
        url.setPath(QStringLiteral("/metrics"));
    return url;
}

int SimulatorServer::inFlight() const
{
    return d->shared.counters.inFlight.load();
}

QList<qint64> SimulatorServer::requestArrivalsNs() const
{
    return d->shared.counters.arrivals();
}

QList<SimRequestLog> SimulatorServer::requestLog() const
{
    return d->shared.counters.requestLog();
}

int SimulatorServer::maxInFlight() const
{
    return d->shared.counters.maxInFlight.load();
}

qint64 SimulatorServer::requestsServed() const
{
    return d->shared.counters.served.load();
}

void SimulatorServer::resetCounters()
{
    d->shared.counters.reset();
}

QList<WireEvent> SimulatorServer::wireLog() const
{
    return d->shared.wire.snapshot();
}

void SimulatorServer::clearWireLog()
{
    d->shared.wire.clear();
}

} // namespace TokenScope
