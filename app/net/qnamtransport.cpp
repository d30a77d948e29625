// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "qnamtransport.h"

#include "core/clock.h"
#include "net/clientpool.h"
#include "net/redirectrule.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QScopedValueRollback>
#include <QSslError>

namespace TokenScope {

namespace {
constexpr int kPreconnectTimeoutMs = 10000;
} // namespace

/// One request over a QNetworkAccessManager: posts it, timestamps every phase as the first
/// statement of each handler and reports to the sink. Lives on the engine thread.
class QnamStream : public QObject
{
public:
    QnamStream(QnamTransport *transport, quint64 id, TransportSink *sink)
        : QObject(transport)
        , m_transport(transport)
        , m_id(id)
        , m_sink(sink)
    {
    }
    ~QnamStream() override
    {
        m_abandoned = true; // its sink may be gone already: nothing more reaches it
        abandon();
    }

    void start(QNetworkAccessManager *manager, const QNetworkRequest &request, const QByteArray &body);
    /// Stops the request: the sink hears the bytes already read, then nothing more.
    void abandon();
    bool isDone() const { return m_done; } ///< the reply finished; complete() is queued

private:
    qint64 sinceStart() const { return nowNs() - m_tStartNs; }
    /// Posts the body to `url` (the first time the request's own URL, then a redirect's target).
    void send(const QUrl &url);
    int httpStatus() const { return m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); }
    /// The reply is a redirect (its headers, body and end are not the stream's).
    bool redirecting() const { return RedirectRule::isRedirect(httpStatus()); }
    /// On a redirect's end: follows a same-origin 307/308 with the same body and headers and
    /// returns true; otherwise sets m_failure (kind "redirect") and returns false.
    bool followRedirect();
    void onReadyRead();
    void deliverPendingReads();
    void onFinished();
    void complete();

    QnamTransport *m_transport;
    quint64 m_id;
    TransportSink *m_sink;
    QPointer<QNetworkReply> m_reply;
    qint64 m_tStartNs = 0;
    struct PendingRead
    {
        qint64 tNs;
        QByteArray bytes;
    };
    QList<PendingRead> m_pendingReads; ///< timestamped reads not handed to the sink yet
    bool m_deliveryQueued = false;
    bool m_sawHeaders = false;
    qint64 m_endNs = 0;
    QString m_sslError; ///< the first certificate problem of this reply's handshake (never ignored)
    QNetworkAccessManager *m_manager = nullptr;
    QNetworkRequest m_request; ///< the request as first sent; a followed redirect changes only its URL
    QByteArray m_body;
    int m_redirects = 0; ///< redirects followed so far
    Failure::Description m_failure; ///< a redirect not followed
    bool m_abandoned = false;
    bool m_done = false;
    bool m_delivering = false; ///< inside deliverPendingReads()
};

void QnamStream::start(QNetworkAccessManager *manager, const QNetworkRequest &request, const QByteArray &body)
{
    m_tStartNs = nowNs();
    m_manager = manager;
    m_request = request;
    m_body = body;
    send(request.url());
    m_sink->started(m_tStartNs);
}

void QnamStream::send(const QUrl &url)
{
    QNetworkRequest request = m_request;
    request.setUrl(url);
    m_reply = m_manager->post(request, m_body);
    QNetworkReply *reply = m_reply;
    // Each phase handler takes its timestamp before doing anything else (docs/metrics.md#1-clock-and-timestamps).
    connect(reply, &QNetworkReply::socketStartedConnecting, this, [this] { m_sink->connectStarted(sinceStart()); });
    connect(reply, &QNetworkReply::encrypted, this, [this] { m_sink->tlsDone(sinceStart()); });
    // Only noted for the message: the errors are never ignored, so the handshake fails and the
    // reply finishes with SslHandshakeFailedError.
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (m_sslError.isEmpty() && !errors.isEmpty())
            m_sslError = errors.first().errorString();
    });
    connect(reply, &QNetworkReply::requestSent, this, [this] { m_sink->requestSent(sinceStart()); });
    connect(reply, &QNetworkReply::metaDataChanged, this, [this] {
        const qint64 t = sinceStart();
        if (redirecting())
            return; // the stream's headers come with the answer to the redirected request
        m_sawHeaders = true;
        m_sink->headers(t, ResponseHead::of(m_reply));
    });
    connect(reply, &QNetworkReply::readyRead, this, [this] { onReadyRead(); });
    connect(reply, &QNetworkReply::finished, this, [this] { onFinished(); });
}

bool QnamStream::followRedirect()
{
    // The raw header: under ManualRedirectPolicy Qt 6.4 leaves LocationHeader empty for a relative target.
    const RedirectRule::Decision decision = RedirectRule::decide(
        httpStatus(), m_reply->rawHeader(QByteArrayLiteral("Location")), m_reply->url(), m_request.url(), m_redirects);
    if (!decision.follows()) {
        m_failure = decision.failure;
        return false;
    }
    ++m_redirects;
    QNetworkReply *old = m_reply;
    old->disconnect(this);
    old->deleteLater();
    send(decision.target);
    return true;
}

void QnamStream::abandon()
{
    if (!m_abandoned)
        deliverPendingReads(); // bytes that arrived before the stop are measured, not dropped
    m_abandoned = true;
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    if (!m_done)
        reply->abort();
    reply->deleteLater();
}

void QnamStream::onReadyRead()
{
    const qint64 t = sinceStart(); // first statement: the read's timestamp
    QByteArray bytes = m_reply->readAll();
    if (redirecting())
        return; // a redirect's own body (usually empty) is not the stream
    if (bytes.isEmpty())
        return;
    // Parsing waits until the readyRead signals already queued on this thread (other streams'
    // reads of the same burst) have been timestamped: a server that writes many streams at once
    // would otherwise see each stream's timestamp delayed by the parsing of all those before it.
    m_pendingReads.append({ t, std::move(bytes) });
    if (!m_deliveryQueued) {
        m_deliveryQueued = true;
        QMetaObject::invokeMethod(
            this, [this] { deliverPendingReads(); }, Qt::QueuedConnection);
    }
}

void QnamStream::deliverPendingReads()
{
    m_deliveryQueued = false;
    if (m_abandoned || m_delivering)
        return; // a stop from inside the delivery (abandon()) must not hand the same reads over again
    const QScopedValueRollback delivering(m_delivering, true);
    // Cleared, not swapped out: the list keeps its allocation for the next burst of reads.
    for (PendingRead &read : m_pendingReads) {
        m_sink->body(read.tNs, read.bytes);
        read.bytes = QByteArray(); // freed now, not after the whole burst has been parsed
        if (m_abandoned)
            break; // the sink stopped the request: it hears nothing more
    }
    m_pendingReads.clear();
}

void QnamStream::onFinished()
{
    const qint64 t = sinceStart();
    if (m_abandoned)
        return;
    // Qt does not follow redirects for this transport (see QnamTransport's constructor): a
    // same-origin 307/308 is sent again from here, body included.
    if (m_reply->error() == QNetworkReply::NoError && redirecting() && followRedirect())
        return;
    m_done = true;
    m_endNs = t;
    // Like parsing, the bookkeeping of a finished request waits behind the reads already queued:
    // many streams of a level end together, and their reads must not wait for it.
    QMetaObject::invokeMethod(
        this, [this] { complete(); }, Qt::QueuedConnection);
}

void QnamStream::complete()
{
    if (m_abandoned)
        return;
    deliverPendingReads();
    if (m_abandoned)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (!m_sawHeaders && status > 0) { // no metaDataChanged came
        m_sink->headers(m_endNs, ResponseHead::of(m_reply));
        if (m_abandoned)
            return; // the sink refused the head and aborted: it is gone, and so is the reply
    }
    // What is left unread belongs to the end (an error body Qt kept back).
    m_sink->body(m_endNs, m_reply->readAll());
    const bool networkFailure = status < 400 && m_reply->error() != QNetworkReply::NoError;
    const Failure::Description failure = networkFailure ? Failure::describeReplyFailure(m_reply, m_sslError)
                                                        : m_failure; // None unless a redirect was refused
    // Qt can still signal a finished reply (a manager reports a new connection or handshake to
    // whichever reply it finds); the sink may be gone by then, so nothing more reaches it.
    m_reply->disconnect(this);
    m_reply->deleteLater();
    m_reply = nullptr;
    TransportSink *sink = m_sink;
    m_abandoned = true; // nothing more for the sink, whatever it does in finished()
    m_transport->forget(m_id);
    sink->finished(m_endNs, failure); // last: the sink may open the next request or delete itself
}

// ---- QnamTransport ----

void QnamTransport::setConnectionPerUser(bool on)
{
    m_pool->setManagerPerUser(on);
}

QnamTransport::QnamTransport(
    const QNetworkRequest &request, bool http2, ProxyMode proxyMode, const QString &proxyUrl, QObject *parent)
    : Transport(parent)
    , m_pool(new ClientPool(http2, this))
    , m_request(request)
{
    // Redirects are followed by QnamStream, not by Qt: Qt 6.4's own following of a 307/308 on a
    // POST lost some of the resent bodies under concurrency and ended those requests as "Unknown
    // error" (docs/metrics.md#redirects). Manual keeps the same-origin rule in our hands too.
    m_request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    m_pool->setProxy(proxyMode, proxyUrl);
    connect(m_pool, &ClientPool::preconnected, this, &Transport::prepared);
}

QnamTransport::~QnamTransport()
{
    for (QnamStream *stream : std::as_const(m_streams))
        stream->abandon();
}

void QnamTransport::prepare(int streams)
{
    m_pool->preconnect(m_request, streams, kPreconnectTimeoutMs);
}

void QnamTransport::reserve(int streams)
{
    m_pool->ensureCapacity(streams);
}

quint64 QnamTransport::open(int slot, const QByteArray &body, TransportSink *sink)
{
    const quint64 id = m_nextId++;
    auto *stream = new QnamStream(this, id, sink);
    m_streams.insert(id, stream);
    m_pool->ensureCapacity(slot + 1);
    stream->start(m_pool->managerForSlot(slot), m_request, body);
    return id;
}

void QnamTransport::abort(quint64 id)
{
    QnamStream *stream = m_streams.take(id);
    if (!stream)
        return;
    stream->abandon();
    stream->deleteLater();
}

bool QnamTransport::ended(quint64 id) const
{
    const QnamStream *stream = m_streams.value(id);
    return stream && stream->isDone();
}

void QnamTransport::forget(quint64 id)
{
    if (QnamStream *stream = m_streams.take(id))
        stream->deleteLater();
}

} // namespace TokenScope
