// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectioncheck.h"

#include "core/clock.h"
#include "net/chunkdecoder.h"
#include "net/clientpool.h"
#include "net/diagnosis.h"
#include "net/endpointurl.h"
#include "net/failure.h"
#include "net/requestbuilder.h"
#include "net/sseparser.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QRegularExpression>
#include <QSslError>

namespace TokenScope {

namespace {

constexpr qsizetype kMaxErrorBody = 64 * 1024;

// The URL a client that does not check the Base URL would request: Base URL + endpoint path. Used
// when resolveEndpoint() refuses a doubled /v1 or a pasted endpoint path, so the check shows what
// the server answers there. Empty when the Base URL is no http(s) address at all.
QUrl literalEndpointUrl(const QString &baseUrl, ApiKind api)
{
    QUrl url(baseUrl, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http" && scheme != u"https") || url.host().isEmpty())
        return {};
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    url.setPath(path + endpointSuffix(api));
    return url;
}

double toMs(qint64 ns)
{
    return ns / 1e6;
}

} // namespace

/// The worker half of a ConnectionCheck: lives on the check's thread, owns its
/// QNetworkAccessManager and the one reply. Reports through a queued call to the ConnectionCheck.
class ConnectionProbe : public QObject
{
public:
    explicit ConnectionProbe(ConnectionCheck *owner)
        : m_owner(owner)
    {
    }

    void start(const RunConfig &config, quint64 generation);
    void cancel();

private:
    void describeRequest(const RunConfig &config);
    bool chooseUrl(const RunConfig &config, QUrl *url);
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void handleEvent(const ChunkInfo &chunk, qint64 tNs);
    void finishWithHttpError();
    void finishWithNetworkError();
    void finishStream();
    void fail(const QString &kind, const QString &message);
    void report();
    void dropReply();

    ConnectionCheck *m_owner; // lives on the caller's thread: only reached through queued calls
    QNetworkAccessManager *m_manager = nullptr;
    QPointer<QNetworkReply> m_reply;
    QNetworkRequest m_request;
    ConnectionCheckResult m_result;
    SseParser m_parser;
    QByteArray m_errorBody;
    QString m_streamError, m_malformed;
    int m_usageTokens = -1;
    qint64 m_tStartNs = 0;
    qint64 m_lastReadNs = 0; ///< the newest read that delivered bytes
    quint64 m_generation = 0;
    bool m_cancelled = false;
};

void ConnectionProbe::start(const RunConfig &config, quint64 generation)
{
    dropReply(); // a check started again replaces the running one, which reports nothing
    m_generation = generation;
    // A new manager per check: no connection kept alive from an earlier check (the test includes
    // connecting, as a first request does) and no proxy setting left from another profile.
    if (m_manager)
        m_manager->deleteLater();
    m_manager = new QNetworkAccessManager(this); // created here: it must live on this thread
    m_result = {};
    m_parser.reset();
    m_errorBody.clear();
    m_streamError.clear();
    m_malformed.clear();
    m_usageTokens = -1;
    m_lastReadNs = 0;
    m_cancelled = false;
    describeRequest(config);

    QUrl url;
    if (!chooseUrl(config, &url)) {
        report();
        return;
    }
    m_result.requestedUrl = url;
    ClientPool::applyProxy(m_manager, config.proxyMode, config.proxyUrl);
    m_request = RequestBuilder::networkRequest(config, url);
    m_result.sent = true;
    m_tStartNs = nowNs();
    m_reply = m_manager->post(m_request, RequestBuilder::body(config));
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::metaDataChanged, this, [this] { onMetaData(); });
    connect(reply, &QNetworkReply::readyRead, this, [this] { onReadyRead(); });
    // Noted for the message only: certificate errors are never ignored, the handshake fails.
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (m_result.sslError.isEmpty() && !errors.isEmpty())
            m_result.sslError = errors.first().errorString();
    });
    connect(reply, &QNetworkReply::finished, this, [this] { onFinished(); });
}

void ConnectionProbe::describeRequest(const RunConfig &config)
{
    m_result.baseUrl = config.baseUrl.trimmed();
    m_result.api = config.api;
    m_result.requestedMaxTokens = config.maxTokens;
    m_result.minTokensForTpot = config.minTokensForTpot;
    m_result.includeUsageRequested = config.includeUsage;
    m_result.streamOffInExtraBody = config.extraBody.contains(QLatin1String("stream"))
        && !config.extraBody.value(QLatin1String("stream")).toBool(true);
    m_result.timeoutMs = config.timeoutMs;
    m_result.caCertificatesPath = config.caCertificatesPath;
    m_result.keyEmpty = config.apiKey.isEmpty();
    m_result.keyHasWhitespace = !config.apiKey.isEmpty()
        && (config.apiKey != config.apiKey.trimmed() || config.apiKey.contains(u'\n') || config.apiKey.contains(u'\r'));
    m_result.keyHasBearerPrefix = config.apiKey.trimmed().startsWith(QStringLiteral("bearer "), Qt::CaseInsensitive);
    for (const auto &header : config.headers)
        m_result.customHeaderNames.append(header.first);
    m_result.proxyMode = config.proxyMode;
    if (config.proxyMode == ProxyMode::Custom)
        m_result.proxyUrl = proxyUrlForDisplay(config.proxyUrl);
    m_result.proxyEnvironment = proxyEnvironment();
}

// Picks the URL to test, or fills in why nothing can be sent.
bool ConnectionProbe::chooseUrl(const RunConfig &config, QUrl *url)
{
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    if (endpoint.ok()) {
        *url = endpoint.url;
    } else {
        *url = literalEndpointUrl(config.baseUrl.trimmed(), config.api);
        if (url->isEmpty()) {
            fail(QStringLiteral("base_url"), endpoint.error);
            return false;
        }
        m_result.baseUrlRefusedByRun = true;
    }
    // The remaining checks (model, CA file, headers); a refused Base URL is reported first by
    // validate() and has been handled above.
    QString problem = RequestBuilder::validate(config);
    if (problem == endpoint.error)
        problem.clear();
    if (problem.isEmpty() && config.proxyMode == ProxyMode::Custom)
        problem = ClientPool::proxyUrlProblem(config.proxyUrl);
    if (!problem.isEmpty()) {
        fail(QStringLiteral("config"), problem);
        return false;
    }
    return true;
}

void ConnectionProbe::onMetaData()
{
    const qint64 t = nowNs() - m_tStartNs;
    if (m_result.headersMs < 0)
        m_result.headersMs = toMs(t);
    m_result.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_result.reasonPhrase = QString::fromUtf8(m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray());
    m_result.contentType = m_reply->rawHeader(QByteArrayLiteral("Content-Type"));
    m_result.server = m_reply->rawHeader(QByteArrayLiteral("Server"));
    m_result.retryAfter = m_reply->rawHeader(QByteArrayLiteral("Retry-After"));
    m_result.wwwAuthenticate = m_reply->rawHeader(QByteArrayLiteral("WWW-Authenticate"));
    m_result.via = m_reply->rawHeader(QByteArrayLiteral("Via"));
}

void ConnectionProbe::onReadyRead()
{
    const qint64 t = nowNs() - m_tStartNs; // first statement: the read's timestamp
    const QByteArray bytes = m_reply->readAll();
    if (bytes.isEmpty())
        return;
    m_lastReadNs = t;
    m_result.bodyBytes += bytes.size();
    if (m_result.rawBody.size() < ConnectionCheckResult::kRawBodyLimit)
        m_result.rawBody += bytes.left(ConnectionCheckResult::kRawBodyLimit - m_result.rawBody.size());
    if (m_result.httpStatus >= 400) {
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
        return;
    }
    QList<SseEvent> events;
    m_parser.feed(bytes, &events);
    for (const SseEvent &event : std::as_const(events))
        handleEvent(decodeChunk(event), t);
}

void ConnectionProbe::handleEvent(const ChunkInfo &chunk, qint64 tNs)
{
    ++m_result.events;
    if (chunk.completionTokens >= 0)
        m_usageTokens = chunk.completionTokens; // cumulative where repeated: keep the last
    switch (chunk.kind) {
    case ChunkInfo::Kind::Done:
        m_result.sawDone = true;
        return;
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
    case ChunkInfo::Kind::Data:
        break;
    }
    if (chunk.emptyChoices && !chunk.hasText() && chunk.completionTokens < 0)
        ++m_result.emptyChoiceChunks;
    if (!chunk.hasText())
        return;
    ++m_result.textChunks;
    if (m_result.ttftMs < 0)
        m_result.ttftMs = toMs(tNs);
    m_result.e2eMs = toMs(tNs);
}

void ConnectionProbe::onFinished()
{
    if (m_result.httpStatus == 0)
        m_result.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_cancelled)
        fail(QStringLiteral("cancelled"), QStringLiteral("The check was cancelled."));
    else if (m_result.httpStatus >= 400)
        finishWithHttpError();
    else if (m_reply->error() != QNetworkReply::NoError)
        finishWithNetworkError();
    else
        finishStream();
    m_result.usageReturned = m_usageTokens >= 0;
    m_result.outputTokens = m_usageTokens >= 0 ? m_usageTokens : m_result.textChunks;
    dropReply();
    report();
}

void ConnectionProbe::fail(const QString &kind, const QString &message)
{
    m_result.errorKind = kind;
    m_result.errorMessage = message;
}

void ConnectionProbe::finishWithHttpError()
{
    m_errorBody += m_reply->readAll().left(kMaxErrorBody);
    m_result.serverMessage = Failure::serverMessage(m_errorBody);
    const int status = m_result.httpStatus;
    fail(Failure::kindForHttpStatus(status),
         Failure::explainHttp(status, m_result.serverMessage, m_request.url(), m_result.retryAfter));
}

void ConnectionProbe::finishWithNetworkError()
{
    const QNetworkReply::NetworkError error = m_reply->error();
    if (error == QNetworkReply::InsecureRedirectError || error == QNetworkReply::TooManyRedirectsError) {
        fail(QStringLiteral("redirect"),
             Failure::explainRedirect(error, m_reply->header(QNetworkRequest::LocationHeader).toUrl(), m_request.url()));
        return;
    }
    QString kind = Failure::kindForNetworkError(error);
    QString qtMessage = m_reply->errorString();
    if (const QString proxy = ClientPool::unreachableProxy(m_reply); !proxy.isEmpty()) {
        kind = QStringLiteral("proxy"); // Qt names the target host when it could not reach the proxy
        qtMessage += QStringLiteral(" (proxy %1)").arg(proxy);
    }
    if (kind == u"tls")
        fail(kind, Failure::explainTls(m_result.sslError, qtMessage, m_request.url()));
    else
        fail(kind, Failure::explainNetwork(kind, qtMessage, m_request.url(), m_request.transferTimeout()));
}

void ConnectionProbe::finishStream()
{
    QList<SseEvent> events;
    m_parser.finish(&events); // a final event without its blank line: its bytes came with the last read
    for (const SseEvent &event : std::as_const(events))
        handleEvent(decodeChunk(event), m_lastReadNs);

    if (!m_result.isStreaming() && m_result.textChunks == 0 && !m_result.rawBody.trimmed().startsWith("data:")) {
        // A whole JSON answer: the server ignored stream:true. Its usage still says how long it was.
        const ChunkInfo whole = decodeChunk(SseEvent {{}, m_result.rawBody, {}, -1});
        if (whole.completionTokens >= 0)
            m_usageTokens = whole.completionTokens;
        fail(QStringLiteral("not_streaming"),
             QStringLiteral("The server answered with Content-Type \"%1\" instead of a text/event-stream: it ignored "
                            "\"stream\": true.")
                 .arg(QString::fromLatin1(m_result.contentType)));
    } else if (m_parser.hasError()) {
        fail(QStringLiteral("malformed_stream"), QStringLiteral("An SSE line exceeded the parser's limit."));
    } else if (!m_streamError.isEmpty()) {
        m_result.serverMessage = m_streamError;
        fail(QStringLiteral("stream_error"), QStringLiteral("The server reported an error inside the stream: ") + m_streamError);
    } else if (!m_malformed.isEmpty()) {
        fail(QStringLiteral("malformed_stream"), QStringLiteral("The stream carried invalid JSON: ") + m_malformed);
    } else if (m_result.textChunks == 0) {
        fail(QStringLiteral("empty_response"),
             QStringLiteral("The stream carried no text (%1 events, %2 with empty choices).")
                 .arg(m_result.events)
                 .arg(m_result.emptyChoiceChunks));
    } else if (!m_result.sawDone) {
        fail(QStringLiteral("incomplete_stream"),
             QStringLiteral("The stream ended without [DONE] after %1 text chunks.").arg(m_result.textChunks));
    }
}

void ConnectionProbe::report()
{
    m_result.diagnoses = diagnose(m_result);
    QMetaObject::invokeMethod(
        m_owner, [owner = m_owner, result = m_result, generation = m_generation] { owner->reportFinished(result, generation); }, Qt::QueuedConnection);
}

void ConnectionProbe::cancel()
{
    if (!m_reply)
        return;
    m_cancelled = true;
    m_reply->abort(); // finished() follows (synchronously in Qt 6.4) and reports "cancelled"
}

void ConnectionProbe::dropReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    if (!reply->isFinished())
        reply->abort();
    reply->deleteLater();
}

// ---- ConnectionCheck ----

ConnectionCheck::ConnectionCheck(QObject *parent)
    : QObject(parent)
    , m_probe(new ConnectionProbe(this))
{
    qRegisterMetaType<ConnectionCheckResult>();
    m_thread.setObjectName(QStringLiteral("TokenScope connection check"));
    m_probe->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_probe, &QObject::deleteLater);
    m_thread.start();
}

ConnectionCheck::~ConnectionCheck()
{
    // Stop the request on its own thread (blocking), then the thread; the probe is deleted there.
    // A result it posts meanwhile is discarded with this object.
    QMetaObject::invokeMethod(m_probe, [probe = m_probe] { probe->cancel(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

RunConfig ConnectionCheck::probeConfig(const RunConfig &config)
{
    RunConfig probe = config;
    probe.maxTokens = qMin(config.maxTokens, qMax(kProbeMaxTokens, config.minTokensForTpot));
    return probe;
}

void ConnectionCheck::start(const RunConfig &config)
{
    m_running = true;
    QMetaObject::invokeMethod(
        m_probe, [probe = m_probe, config = probeConfig(config), generation = ++m_generation] { probe->start(config, generation); },
        Qt::QueuedConnection);
}

void ConnectionCheck::cancel()
{
    QMetaObject::invokeMethod(m_probe, [probe = m_probe] { probe->cancel(); }, Qt::QueuedConnection);
}

void ConnectionCheck::reportFinished(const ConnectionCheckResult &result, quint64 generation)
{
    if (generation != m_generation)
        return; // the result of a check that a later start() replaced
    m_running = false;
    Q_EMIT finished(result);
}

// ---- environment ----

QString redactProxyPassword(const QString &value)
{
    // scheme://user:password@host -> scheme://user:***@host (the user name helps, the password never shows)
    static const QRegularExpression password(QStringLiteral("(://[^/@:\\s]*:)[^/@\\s]*@"));
    QString redacted = value;
    redacted.replace(password, QStringLiteral("\\1***@"));
    return redacted;
}

QList<QPair<QString, QString>> proxyEnvironment()
{
    QList<QPair<QString, QString>> found;
    for (const char *name : {"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy",
                             "NO_PROXY", "no_proxy"}) {
        if (qEnvironmentVariableIsSet(name))
            found.append({QString::fromLatin1(name), redactProxyPassword(qEnvironmentVariable(name))});
    }
    return found;
}

} // namespace TokenScope
