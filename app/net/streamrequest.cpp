// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamrequest.h"

#include "core/clock.h"
#include "core/livebatch.h"
#include "net/chunkdecoder.h"
#include "net/clientpool.h"
#include "net/failure.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslError>

namespace TokenScope {

namespace {
constexpr qsizetype kMaxErrorBody = 64 * 1024;
}

StreamRequest::StreamRequest(QNetworkAccessManager *manager, const QNetworkRequest &request, const QByteArray &body,
                             const Plan &plan, qint64 runStartNs, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_request(request)
    , m_body(body)
    , m_plan(plan)
    , m_runStartNs(runStartNs)
{
    m_record.levelIndex = plan.levelIndex;
    m_record.level = plan.level;
    m_record.index = plan.index;
    m_record.warmup = plan.warmup;
    m_record.arm = plan.arm;
}

StreamRequest::~StreamRequest()
{
    abandon();
}

qint64 StreamRequest::sinceStart() const
{
    return nowNs() - m_record.tStartNs;
}

void StreamRequest::start()
{
    m_record.tStartNs = nowNs();
    m_record.startNs = m_record.tStartNs - m_runStartNs;
    m_reply = m_manager->post(m_request, m_body);
    if (m_live)
        m_live->started.append({m_record.levelIndex, m_record.level, m_record.index, m_record.warmup, m_record.startNs});
    QNetworkReply *reply = m_reply;
    // Each phase handler takes its timestamp before doing anything else (SPEC §3).
    connect(reply, &QNetworkReply::socketStartedConnecting, this, [this] {
        const qint64 t = sinceStart();
        if (m_record.connectNs < 0)
            m_record.connectNs = t;
        ++m_record.connectionsOpened;
    });
    connect(reply, &QNetworkReply::encrypted, this, [this] { m_record.tlsNs = sinceStart(); });
    // Only noted for the message: the errors are never ignored, so the handshake fails and the
    // reply finishes with SslHandshakeFailedError.
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (m_sslError.isEmpty() && !errors.isEmpty())
            m_sslError = errors.first().errorString();
    });
    connect(reply, &QNetworkReply::requestSent, this, [this] { m_record.requestSentNs = sinceStart(); });
    connect(reply, &QNetworkReply::metaDataChanged, this, [this] {
        const qint64 t = sinceStart();
        if (m_record.headersNs < 0)
            m_record.headersNs = t;
        m_record.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        m_record.httpVersion = m_reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool() ? 2 : 1;
    });
    connect(reply, &QNetworkReply::readyRead, this, &StreamRequest::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &StreamRequest::onFinished);
}

void StreamRequest::abandon()
{
    m_abandoned = true;
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    reply->disconnect(this);
    if (!m_done)
        reply->abort();
    reply->deleteLater();
}

void StreamRequest::onReadyRead()
{
    const qint64 t = sinceStart(); // first statement: the read's timestamp
    QByteArray bytes = m_reply->readAll();
    if (bytes.isEmpty())
        return;
    // Parsing waits until the readyRead signals already queued on this thread (other streams'
    // reads of the same burst) have been timestamped: a server that writes many streams at once
    // would otherwise see each stream's timestamp delayed by the parsing of all those before it.
    m_pendingReads.append({t, std::move(bytes)});
    if (!m_parseQueued) {
        m_parseQueued = true;
        QMetaObject::invokeMethod(this, &StreamRequest::parsePendingReads, Qt::QueuedConnection);
    }
}

void StreamRequest::parsePendingReads()
{
    m_parseQueued = false;
    for (const PendingRead &read : std::as_const(m_pendingReads))
        parseRead(read.tNs, read.bytes);
    m_pendingReads.clear();
}

void StreamRequest::parseRead(qint64 tNs, const QByteArray &bytes)
{
    if (m_record.firstByteNs < 0)
        m_record.firstByteNs = tNs;
    m_lastReadNs = tNs;
    ++m_record.reads;
    if (m_record.httpStatus >= 400) {
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
        return;
    }
    m_events.clear();
    m_parser.feed(bytes, &m_events);
    // Events parsed out of one read share that read's timestamp.
    for (const SseEvent &event : std::as_const(m_events))
        handleEvent(decodeChunk(event), tNs);
}

void StreamRequest::handleEvent(const ChunkInfo &chunk, qint64 tNs)
{
    ++m_record.events;
    if (m_record.responseId.isEmpty() && !chunk.responseId.isEmpty())
        m_record.responseId = chunk.responseId;
    if (chunk.completionTokens >= 0)
        m_usageTokens = chunk.completionTokens; // cumulative where sent on every chunk: keep the last
    if (chunk.promptTokens >= 0)
        m_record.promptTokens = chunk.promptTokens;
    switch (chunk.kind) {
    case ChunkInfo::Kind::Data:
        break;
    case ChunkInfo::Kind::Done:
        if (m_record.doneNs < 0)
            m_record.doneNs = tNs;
        break;
    case ChunkInfo::Kind::StreamError:
        if (m_streamError.isEmpty())
            m_streamError = chunk.errorMessage;
        return;
    case ChunkInfo::Kind::Malformed:
        if (m_malformed.isEmpty())
            m_malformed = chunk.errorMessage;
        return;
    case ChunkInfo::Kind::Ignored:
        return;
    }
    if (chunk.emptyChoices && !chunk.hasText() && chunk.completionTokens < 0)
        ++m_emptyChoiceChunks;
    if (!chunk.hasText())
        return;
    ++m_textChunks;
    m_record.chunkTimesNs.append(tNs);
    if (m_live)
        m_live->chunks.append({m_record.levelIndex, m_record.level, m_record.index, m_record.warmup, m_record.startNs + tNs, m_textChunks == 1});
    if (m_record.ttftNs < 0)
        m_record.ttftNs = tNs;
    if (chunk.contentChars > 0 && m_record.ttfcNs < 0)
        m_record.ttfcNs = tNs;
    m_record.lastTokenNs = tNs;
}

void StreamRequest::onFinished()
{
    const qint64 t = sinceStart();
    if (m_abandoned)
        return;
    m_done = true;
    m_record.endNs = t;
    // Like parsing, the bookkeeping of a finished request waits behind the reads already queued:
    // many streams of a level end together, and their reads must not wait for it.
    QMetaObject::invokeMethod(this, &StreamRequest::completeRecord, Qt::QueuedConnection);
}

void StreamRequest::completeRecord()
{
    if (m_abandoned)
        return;
    parsePendingReads();
    if (m_record.httpStatus == 0)
        m_record.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_record.httpStatus >= 400)
        finishWithHttpError();
    else if (m_reply->error() != QNetworkReply::NoError)
        finishWithNetworkError();
    else
        finishStream();
    // Also for a failed stream: what arrived before the failure stays measured.
    m_record.outputTokensFromUsage = m_usageTokens >= 0;
    m_record.outputTokens = m_usageTokens >= 0 ? m_usageTokens : m_textChunks;
    m_reply->deleteLater();
    Q_EMIT finished(this);
}

void StreamRequest::fail(const QString &kind, const QString &message)
{
    m_record.ok = false;
    m_record.errorKind = kind;
    m_record.errorMessage = message;
}

void StreamRequest::finishWithHttpError()
{
    m_errorBody += m_reply->readAll().left(kMaxErrorBody);
    const int status = m_record.httpStatus;
    fail(Failure::kindForHttpStatus(status),
         Failure::explainHttp(status, Failure::serverMessage(m_errorBody), m_request.url(),
                              m_reply->rawHeader(QByteArrayLiteral("Retry-After"))));
}

void StreamRequest::finishWithNetworkError()
{
    const QNetworkReply::NetworkError error = m_reply->error();
    if (error == QNetworkReply::InsecureRedirectError || error == QNetworkReply::TooManyRedirectsError) {
        // Qt keeps the refused redirect's headers: name where the server wanted to send us.
        fail(QStringLiteral("redirect"),
             Failure::explainRedirect(error, m_reply->header(QNetworkRequest::LocationHeader).toUrl(), m_request.url()));
        return;
    }
    QString kind = Failure::kindForNetworkError(m_reply->error());
    QString qtMessage = m_reply->errorString();
    if (const QString proxy = ClientPool::unreachableProxy(m_reply); !proxy.isEmpty()) {
        kind = QStringLiteral("proxy");
        qtMessage += QStringLiteral(" (proxy %1)").arg(proxy);
    }
    if (kind == u"tls")
        fail(kind, Failure::explainTls(m_sslError, qtMessage, m_request.url()));
    else
        fail(kind, Failure::explainNetwork(kind, qtMessage, m_request.url(), m_request.transferTimeout()));
    if (m_textChunks > 0) // a cut stream keeps what it measured; say how far it got
        m_record.errorMessage += QStringLiteral(" %1 text chunks had arrived; their times are kept.").arg(m_textChunks);
}

void StreamRequest::finishStream()
{
    m_events.clear(); // the last read's events were handled in onReadyRead()
    // A final event with no blank line after it is dispatched only now, at the end of the body, but
    // its bytes came with the last read: it gets that read's time, as every other event does.
    m_parser.finish(&m_events);
    for (const SseEvent &event : std::as_const(m_events))
        handleEvent(decodeChunk(event), m_lastReadNs);
    m_events.clear();

    const bool sawDone = m_record.doneNs >= 0;
    if (!sawDone)
        m_record.doneNs = m_record.endNs; // end of body
    m_record.ok = true;
    if (m_parser.hasError())
        fail(QStringLiteral("malformed_stream"), QStringLiteral("An SSE line exceeded the 16 MiB limit; the stream was dropped."));
    else if (!m_streamError.isEmpty())
        fail(QStringLiteral("stream_error"), QStringLiteral("The server reported an error inside the stream: ") + m_streamError);
    else if (!m_malformed.isEmpty())
        fail(QStringLiteral("malformed_stream"), QStringLiteral("The stream carried invalid JSON: ") + m_malformed);
    else if (m_textChunks == 0)
        fail(QStringLiteral("empty_response"), emptyResponseMessage());
    else if (!sawDone)
        fail(QStringLiteral("incomplete_stream"),
             QStringLiteral("The stream ended without [DONE] after %1 text chunks: the response may be cut short.")
                 .arg(m_textChunks));
}

QString StreamRequest::emptyResponseMessage() const
{
    if (m_emptyChoiceChunks > 0)
        return QStringLiteral("The stream carried no text: %1 chunks had empty `choices`. The gateway may be "
                              "filtering or not forwarding the model's output.")
            .arg(m_emptyChoiceChunks);
    if (m_usageTokens > 0)
        return QStringLiteral("The stream carried no text, yet usage reports %1 output tokens (hidden reasoning or "
                              "tool calls?): TTFT cannot be measured.")
            .arg(m_usageTokens);
    return QStringLiteral("The stream carried no text (%1 events).").arg(m_record.events);
}

} // namespace TokenScope
