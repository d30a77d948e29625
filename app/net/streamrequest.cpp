// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamrequest.h"

#include "core/clock.h"
#include "core/livebatch.h"
#include "net/failure.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslError>

namespace TokenScope {

StreamRequest::StreamRequest(QNetworkAccessManager *manager, const QNetworkRequest &request, const QByteArray &body,
                             const Plan &plan, qint64 runStartNs, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_request(request)
    , m_body(body)
    , m_plan(plan)
    , m_runStartNs(runStartNs)
    , m_measurement(request.url())
{
    RequestRecord &record = m_measurement.record();
    record.levelIndex = plan.levelIndex;
    record.level = plan.level;
    record.index = plan.index;
    record.warmup = plan.warmup;
    record.arm = plan.arm;
}

StreamRequest::~StreamRequest()
{
    abandon();
}

qint64 StreamRequest::sinceStart() const
{
    return nowNs() - m_measurement.record().tStartNs;
}

void StreamRequest::start()
{
    RequestRecord &record = m_measurement.record();
    record.tStartNs = nowNs();
    record.startNs = record.tStartNs - m_runStartNs;
    m_reply = m_manager->post(m_request, m_body);
    if (m_live)
        m_live->started.append({ record.levelIndex, record.level, record.index, record.warmup, record.startNs });
    QNetworkReply *reply = m_reply;
    // Each phase handler takes its timestamp before doing anything else (docs/metrics.md#1-clock-and-timestamps).
    connect(reply, &QNetworkReply::socketStartedConnecting, this, [this] { m_measurement.connectStarted(sinceStart()); });
    connect(reply, &QNetworkReply::encrypted, this, [this] { m_measurement.tlsDone(sinceStart()); });
    // Only noted for the message: the errors are never ignored, so the handshake fails and the
    // reply finishes with SslHandshakeFailedError.
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (m_sslError.isEmpty() && !errors.isEmpty())
            m_sslError = errors.first().errorString();
    });
    connect(reply, &QNetworkReply::requestSent, this, [this] { m_measurement.requestSent(sinceStart()); });
    connect(reply, &QNetworkReply::metaDataChanged, this, [this] {
        const qint64 t = sinceStart();
        m_measurement.headers(t, m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
            m_reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool() ? 2 : 1,
            m_reply->rawHeader(QByteArrayLiteral("Retry-After")));
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
        m_measurement.body(read.tNs, read.bytes);
    m_pendingReads.clear();
}

void StreamRequest::onFinished()
{
    const qint64 t = sinceStart();
    if (m_abandoned)
        return;
    m_done = true;
    m_endNs = t;
    // Like parsing, the bookkeeping of a finished request waits behind the reads already queued:
    // many streams of a level end together, and their reads must not wait for it.
    QMetaObject::invokeMethod(this, &StreamRequest::completeRecord, Qt::QueuedConnection);
}

void StreamRequest::completeRecord()
{
    if (m_abandoned)
        return;
    parsePendingReads();
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_measurement.record().headersNs < 0 && status > 0) // no metaDataChanged came
        m_measurement.headers(m_endNs, status, m_reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool() ? 2 : 1,
            m_reply->rawHeader(QByteArrayLiteral("Retry-After")));
    // What is left unread belongs to the last read (an error body Qt kept back).
    m_measurement.body(m_endNs, m_reply->readAll());
    const bool networkFailure = status < 400 && m_reply->error() != QNetworkReply::NoError;
    m_measurement.finish(m_endNs, networkFailure ? Failure::describeReplyFailure(m_reply, m_sslError) : Failure::Description {});
    m_reply->deleteLater();
    Q_EMIT finished(this);
}

} // namespace TokenScope
