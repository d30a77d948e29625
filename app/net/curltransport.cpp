// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "curltransport.h"

#include "core/clock.h"
#include "core/processcpu.h"
#include "core/threadhandoff.h"
#include "net/requestbuilder.h"

#include <QSslCertificate>

#include <curl/curl.h>

#include <algorithm>
#include <mutex>

namespace TokenScope {

namespace {

constexpr int kPreconnectTimeoutMs = 10000;
constexpr int kHttp2StreamsPerConnection = 100; ///< assumed, as ClientPool::streamsPerManager() does

CurlSettings settingsFor(const RunConfig &config, const QNetworkRequest &request)
{
    CurlSettings s;
    s.url = request.url();
    for (const QByteArray &name : request.rawHeaderList())
        s.headerLines.append(name + ": " + request.rawHeader(name));
    s.http2 = config.http2;
    s.proxyMode = config.proxyMode;
    s.proxyUrl = config.proxyUrl;
    if (!config.caCertificatesPath.isEmpty()) {
        QString error; // the run check has refused an unusable file already
        for (const QSslCertificate &certificate : RequestBuilder::caCertificates(config.caCertificatesPath, &error))
            s.extraCaPem += certificate.toPem();
    }
    s.timeoutMs = request.transferTimeout();
    s.busyPoll = config.busyPoll;
    return s;
}

} // namespace

int CurlTransport::threadsFor(const RunConfig &config)
{
    return config.transportThreads > 0 ? config.transportThreads : std::min(8, usableCores());
}

CurlTransport::CurlTransport(const RunConfig &config, const QNetworkRequest &request, QObject *parent)
    : Transport(parent)
    , m_http2(config.http2)
    , m_prepareTimeout(this)
{
    m_prepareTimeout.setSingleShot(true);
    connect(&m_prepareTimeout, &QTimer::timeout, this, [this] {
        m_preparing = 0; // gave up waiting: the level's requests open what is missing
        Q_EMIT prepared();
    });
    static std::once_flag initialized;
    std::call_once(initialized, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    const CurlSettings settings = settingsFor(config, request);
    const int threads = threadsFor(config);
    for (int w = 0; w < threads; ++w) {
        // A worker's wake-up crosses to this thread as one queued call per batch of events. The
        // workers are joined in the destructor before this object goes, and Qt drops a call still
        // queued for it then.
        m_workers.push_back(
            std::make_unique<CurlWorker>(settings, [this, w] { postTo(this, [this, w] { deliver(w); }); }));
    }
}

CurlTransport::~CurlTransport()
{
    m_streams.clear(); // no sink hears anything more
    m_workers.clear(); // joins their threads: nothing is posted to this object any more
}

void CurlTransport::prepare(int streams)
{
    std::vector<int> shares(m_workers.size(), 0);
    for (int slot = 0; slot < streams; ++slot)
        ++shares[size_t(workerForSlot(slot))];
    std::vector<QList<int>> slotsOf(m_workers.size());
    for (int slot = 0; perUserCache() && slot < streams; ++slot)
        slotsOf[size_t(workerForSlot(slot))].append(slot);
    m_preparing = int(m_workers.size());
    for (size_t w = 0; w < m_workers.size(); ++w) // over HTTP/2 a worker's slots share one connection
        m_workers[w]->preconnect(m_http2 ? std::min(shares[w], 1) : shares[w], slotsOf[w]);
    m_prepareTimeout.start(kPreconnectTimeoutMs);
}

int CurlTransport::workerForSlot(int slot) const
{
    // HTTP/1.1: one connection per user, users spread over the workers. HTTP/2: up to 100 users
    // multiplexed on one worker's connection, as the default transport keeps them on one manager.
    const int k = int(m_workers.size());
    return m_http2 ? (slot / kHttp2StreamsPerConnection) % k : slot % k;
}

void CurlTransport::reserve(int)
{
    // Connections open as requests need them; a worker's pool has no size to set.
}

quint64 CurlTransport::open(int slot, const QByteArray &body, TransportSink *sink)
{
    const quint64 id = m_nextId++;
    const int w = workerForSlot(slot);
    m_streams.insert(id, { sink, w });
    CurlWorker &worker = *m_workers[size_t(w)];
    if (const QString error = worker.setupError(); !error.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [this, id, error] {
                const Stream stream = m_streams.take(id);
                if (!stream.sink)
                    return; // aborted meanwhile
                stream.sink->started(nowNs());
                stream.sink->finished(0, { FailureKind::Network, error });
            },
            Qt::QueuedConnection);
        return id;
    }
    worker.open(id, body, perUserCache() ? slot : -1);
    return id;
}

void CurlTransport::abort(quint64 id)
{
    const Stream stream = m_streams.take(id);
    if (!stream.sink)
        return;
    CurlWorker &worker = *m_workers[size_t(stream.worker)];
    worker.abort(id);
    // The bytes that had arrived are still measured (as with the default transport), unless the
    // sink stops itself while hearing one of its own events.
    QList<CurlEvent> waiting;
    for (qsizetype i = m_next; i < m_delivering.size(); ++i) {
        if (m_delivering[i].id == id) {
            waiting.append(std::move(m_delivering[i]));
            m_delivering[i].id = 0; // handed over here, not by deliver()
        }
    }
    waiting += worker.takeEventsOf(id);
    worker.forget(id);
    if (id == m_deliveringId)
        return;
    for (const CurlEvent &event : std::as_const(waiting)) {
        if (event.type == CurlEvent::Started)
            stream.sink->started(event.tNs);
        else if (event.type == CurlEvent::Body)
            stream.sink->body(event.tNs, event.bytes);
    }
}

bool CurlTransport::ended(quint64 id) const
{
    const auto it = m_streams.constFind(id);
    if (it == m_streams.cend())
        return false;
    for (qsizetype i = m_next; i < m_delivering.size(); ++i) {
        if (m_delivering[i].id == id && m_delivering[i].type == CurlEvent::Finished)
            return true;
    }
    return m_workers[size_t(it->worker)]->ended(id);
}

void CurlTransport::deliver(int w)
{
    if (!m_delivering.isEmpty()) {
        // Called again from inside a delivery (a sink ran a nested event loop): the next call will do.
        QMetaObject::invokeMethod(
            this, [this, w] { deliver(w); }, Qt::QueuedConnection);
        return;
    }
    m_delivering = m_workers[size_t(w)]->takeEvents();
    for (m_next = 0; m_next < m_delivering.size();) {
        const CurlEvent event = std::move(m_delivering[m_next++]);
        dispatch(event);
    }
    m_delivering.clear();
    m_next = 0;
}

void CurlTransport::dispatch(const CurlEvent &event)
{
    if (event.type == CurlEvent::Prepared) {
        if (m_preparing > 0 && --m_preparing == 0) {
            m_prepareTimeout.stop();
            Q_EMIT prepared();
        }
        return;
    }
    const auto it = m_streams.constFind(event.id);
    if (it == m_streams.cend())
        return; // aborted: nothing more reaches its sink
    TransportSink *sink = it->sink;
    const int worker = it->worker;
    m_deliveringId = event.id;
    switch (event.type) {
    case CurlEvent::Started:
        sink->started(event.tNs);
        break;
    case CurlEvent::ConnectStarted:
        sink->connectStarted(event.tNs);
        break;
    case CurlEvent::TlsDone:
        sink->tlsDone(event.tNs);
        break;
    case CurlEvent::RequestSent:
        sink->requestSent(event.tNs);
        break;
    case CurlEvent::Headers:
        sink->headers(event.tNs, event.head);
        break;
    case CurlEvent::Body:
        sink->body(event.tNs, event.bytes);
        break;
    case CurlEvent::Finished:
        m_streams.remove(event.id);
        m_workers[size_t(worker)]->forget(event.id);
        m_deliveringId = 0;
        sink->finished(event.tNs, event.failure); // last: the sink may open the next request or go away
        return;
    case CurlEvent::Prepared:
        break;
    }
    m_deliveringId = 0;
}

std::optional<LagRecord> CurlTransport::takeReaderLag()
{
    LagRecord all;
    for (const std::unique_ptr<CurlWorker> &worker : m_workers)
        all.merge(worker->takeLag());
    return all;
}

} // namespace TokenScope
