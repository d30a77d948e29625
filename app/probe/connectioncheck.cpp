// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectioncheck.h"

#include "core/clock.h"
#include "engine/runcheck.h"
#include "net/chunkdecoder.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/failure.h"
#include "net/requestbuilder.h"
#include "net/sseparser.h"
#include "net/streammeasurement.h"
#include "probe/diagnosis.h"

#include <QNetworkReply>
#include <QRegularExpression>
#include <QSslError>

#include <optional>

namespace TokenScope {

namespace {

double toMs(qint64 ns)
{
    return ns / 1e6;
}

// Three base64url parts joined by dots, the first an encoded JSON object: a JSON Web Token.
bool looksLikeJwt(const QString &key)
{
    return key.startsWith(QStringLiteral("eyJ")) && key.count(u'.') == 2;
}

} // namespace

/// The worker half of a ConnectionCheck: lives on the check's ProbeThread, sends the one request
/// with the job's manager and measures it through a StreamMeasurement as the engine does.
class ConnectionProbe : public ProbeWorker<RunConfig, ConnectionCheckResult>
{
public:
    void run(const RunConfig &config) override;

private:
    void describeRequest(const RunConfig &config);
    bool chooseUrl(const RunConfig &config, QUrl *url);
    qint64 sinceStart() const { return nowNs() - m_tStartNs; }
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void takeMeasurement();
    void checkStreaming();
    void fail(const QString &kind, const QString &message);
    void reportResult();

    ConnectionCheckResult m_result;
    std::optional<StreamMeasurement> m_measurement;
    qint64 m_tStartNs = 0;
};

// The ProbeThread has dropped the check before, if any (it reports nothing), and made a new
// manager: no connection kept alive from an earlier check (the test includes connecting, as a first
// request does) and no proxy setting left from another profile.
void ConnectionProbe::run(const RunConfig &config)
{
    m_result = {};
    describeRequest(config);

    QUrl url;
    if (!chooseUrl(config, &url)) {
        reportResult();
        return;
    }
    m_result.requestedUrl = url;
    ClientPool::applyProxy(manager(), config.proxyMode, config.proxyUrl);
    const QNetworkRequest request = RequestBuilder::networkRequest(config, url);
    m_measurement.emplace(url, apiDialect(config.api));
    m_result.sent = true;
    m_tStartNs = nowNs();
    QNetworkReply *reply = manager()->post(request, RequestBuilder::body(config));
    setReply(reply);
    connect(
        reply, &QNetworkReply::socketStartedConnecting, this, [this] { m_measurement->connectStarted(sinceStart()); });
    connect(reply, &QNetworkReply::encrypted, this, [this] { m_measurement->tlsDone(sinceStart()); });
    connect(reply, &QNetworkReply::requestSent, this, [this] { m_measurement->requestSent(sinceStart()); });
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
    const QString key = config.apiKey.trimmed();
    m_result.keyHasBearerPrefix = key.startsWith(QStringLiteral("bearer "), Qt::CaseInsensitive);
    // Only these facts about the key's first characters are kept, never the characters themselves.
    const QString bare = m_result.keyHasBearerPrefix ? key.mid(7).trimmed() : key;
    m_result.keyLooksAnthropic = bare.startsWith(QStringLiteral("sk-ant-"));
    m_result.keyLooksLikeOAuthToken = bare.startsWith(QStringLiteral("sk-ant-oat")) || looksLikeJwt(bare);
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
    // RunCheck::problem() and has been handled above.
    QString problem = RunCheck::problem(config);
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
    const qint64 t = sinceStart();
    const int status = reply()->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_result.httpStatus = status;
    if (m_result.headersMs < 0)
        m_result.headersMs = toMs(t);
    m_result.reasonPhrase
        = QString::fromUtf8(reply()->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray());
    m_result.contentType = reply()->rawHeader(QByteArrayLiteral("Content-Type"));
    m_result.server = reply()->rawHeader(QByteArrayLiteral("Server"));
    m_result.retryAfter = reply()->rawHeader(QByteArrayLiteral("Retry-After"));
    m_result.wwwAuthenticate = reply()->rawHeader(QByteArrayLiteral("WWW-Authenticate"));
    m_result.via = reply()->rawHeader(QByteArrayLiteral("Via"));
    m_measurement->headers(t, ResponseHead::of(reply()));
}

void ConnectionProbe::onReadyRead()
{
    const qint64 t = sinceStart(); // first statement: the read's timestamp
    const QByteArray bytes = reply()->readAll();
    if (bytes.isEmpty())
        return;
    m_result.bodyBytes += bytes.size();
    if (m_result.rawBody.size() < ConnectionCheckResult::kRawBodyLimit)
        m_result.rawBody += bytes.left(ConnectionCheckResult::kRawBodyLimit - m_result.rawBody.size());
    m_measurement->body(t, bytes);
}

void ConnectionProbe::onFinished()
{
    const qint64 t = sinceStart();
    if (m_result.httpStatus == 0)
        m_result.httpStatus = reply()->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_measurement->record().headersNs < 0 && m_result.httpStatus > 0)
        m_measurement->headers(t, ResponseHead::of(reply()));
    m_measurement->body(t, reply()->readAll());
    const bool networkFailure = m_result.httpStatus < 400 && reply()->error() != QNetworkReply::NoError;
    m_measurement->finish(
        t, networkFailure ? Failure::describeReplyFailure(reply(), m_result.sslError) : Failure::Description {});
    takeMeasurement();
    if (isCancelled())
        fail(QStringLiteral("cancelled"), QStringLiteral("The check was cancelled."));
    else if (m_result.ok() || m_result.errorKind == failureKindName(FailureKind::EmptyResponse)
        || m_result.errorKind == failureKindName(FailureKind::Protocol)) // JSON instead of SSE: not_streaming here
        checkStreaming();
    dropReply();
    reportResult();
}

// The result's figures from the measurement: the same record a run would have made.
void ConnectionProbe::takeMeasurement()
{
    const StreamMeasurement &m = *m_measurement;
    const RequestRecord &r = m.record();
    m_result.ttftMs = r.hasTtft() ? toMs(r.ttftNs) : -1;
    m_result.e2eMs = r.lastTokenNs >= 0 ? toMs(r.lastTokenNs) : -1;
    m_result.events = r.events;
    m_result.textChunks = m.textChunks();
    m_result.emptyChoiceChunks = m.emptyChoiceChunks();
    m_result.sawDone = m.sawDone();
    m_result.usageReturned = m.usageTokens() >= 0;
    m_result.outputTokens = r.outputTokens;
    m_result.serverMessage = m.serverMessage();
    m_result.errorKind = r.ok ? QString() : r.errorKind;
    m_result.errorMessage = r.ok ? QString() : r.errorMessage;
}

// A whole JSON answer where a stream was asked for: the server ignored "stream": true. Its usage
// still says how long the answer was.
void ConnectionProbe::checkStreaming()
{
    if (m_result.isStreaming() || m_result.textChunks > 0 || m_result.rawBody.trimmed().startsWith("data:"))
        return;
    const ChunkInfo whole
        = decodeChunk(SseEvent { {}, m_result.rawBody, {}, -1 }, apiDialect(m_result.api).streamFormat);
    if (whole.completionTokens >= 0) {
        m_result.usageReturned = true;
        m_result.outputTokens = whole.completionTokens;
    }
    fail(QStringLiteral("not_streaming"),
        QStringLiteral("The server answered with Content-Type \"%1\" instead of a text/event-stream: it ignored "
                       "\"stream\": true.")
            .arg(QString::fromLatin1(m_result.contentType)));
}

void ConnectionProbe::fail(const QString &kind, const QString &message)
{
    m_result.errorKind = kind;
    m_result.errorMessage = message;
}

// A cancelled check reports too: ProbeWorkerBase::cancel() aborts the reply, and onFinished()
// names it "cancelled".
void ConnectionProbe::reportResult()
{
    m_result.diagnoses = diagnose(m_result);
    report(m_result);
}

// ---- ConnectionCheck ----

ConnectionCheck::ConnectionCheck(QObject *parent)
    : QObject(parent)
    , m_probe(QStringLiteral("TokenScope connection check"), new ConnectionProbe,
          [this](const ConnectionCheckResult &result) { Q_EMIT finished(result); })
{
    qRegisterMetaType<ConnectionCheckResult>();
}

// m_probe's destructor stops the request on its own thread (blocking), then the thread; the probe
// is deleted there. A result it posts meanwhile is discarded.
ConnectionCheck::~ConnectionCheck() = default;

RunConfig ConnectionCheck::probeConfig(const RunConfig &config)
{
    RunConfig probe = config;
    probe.maxTokens = qMin(config.maxTokens, qMax(kProbeMaxTokens, config.minTokensForTpot));
    return probe;
}

void ConnectionCheck::start(const RunConfig &config)
{
    m_probe.start(probeConfig(config));
}

void ConnectionCheck::cancel()
{
    m_probe.cancel();
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
    for (const char *name : { "HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy",
             "NO_PROXY", "no_proxy" }) {
        if (qEnvironmentVariableIsSet(name))
            found.append({ QString::fromLatin1(name), redactProxyPassword(qEnvironmentVariable(name)) });
    }
    return found;
}

} // namespace TokenScope
