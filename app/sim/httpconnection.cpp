// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpconnection.h"

#include "core/clock.h"
#include "sim/chunkcomposer.h"
#include "sim/simshared.h"
#include "sim/simworker.h"
#include "sim/streamscheduler.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslSocket>
#include <QTcpSocket>
#include <array>
#include <cmath>
#include <utility>

#include <sys/socket.h>

namespace TokenScope {

namespace {

constexpr std::array<int, 4> kMixedChunkTokens {1, 3, 2, 4};

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 411:
        return QByteArrayLiteral("Length Required");
    case 413:
        return QByteArrayLiteral("Payload Too Large");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 502:
        return QByteArrayLiteral("Bad Gateway");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    case 529: // Anthropic's "overloaded"
        return QByteArrayLiteral("Overloaded");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    default:
        return QByteArrayLiteral("Internal Server Error");
    }
}

QByteArray connectionHeader(bool keepAlive)
{
    return keepAlive ? QByteArrayLiteral("connection: keep-alive\r\n") : QByteArrayLiteral("connection: close\r\n");
}

qint64 msToNs(double ms)
{
    return std::llround(ms * 1e6);
}

} // namespace

HttpConnection::HttpConnection(quint64 id, SimShared *shared, SimWorker *worker, StreamScheduler *scheduler,
                               QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_shared(shared)
    , m_worker(worker)
    , m_scheduler(scheduler)
{
    m_write.bytes.reserve(4096);
}

HttpConnection::~HttpConnection() = default;

bool HttpConnection::adopt(qintptr descriptor)
{
    // A QSslSocket only for HTTPS: the plain path keeps QTcpSocket and its direct writes.
    QSslSocket *tlsSocket = m_shared->tls ? new QSslSocket(this) : nullptr;
    m_socket = tlsSocket ? tlsSocket : new QTcpSocket(this);
    if (!m_socket->setSocketDescriptor(descriptor))
        return false;
    // Small chunks must leave at once: Nagle would hold them back for the previous chunk's ACK.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    // readyRead carries decrypted bytes only once the handshake is done; until then nothing is read.
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::onDisconnected);
    if (tlsSocket) {
        // A client that refuses the certificate (or speaks plain HTTP) ends the handshake: drop
        // the connection so it is not kept as an idle one.
        connect(tlsSocket, &QAbstractSocket::errorOccurred, this, [tlsSocket](QAbstractSocket::SocketError error) {
            if (error == QAbstractSocket::SslHandshakeFailedError || error == QAbstractSocket::SslInternalError)
                tlsSocket->abort();
        });
        tlsSocket->setSslConfiguration(m_shared->tlsConfig);
        tlsSocket->startServerEncryption();
    }
    return true;
}

// ---- socket and request handling ----

void HttpConnection::onReadyRead()
{
    const qint64 readNs = nowNs();
    m_parser.append(m_socket->readAll());
    processBuffered(readNs);
}

void HttpConnection::onDisconnected()
{
    if (m_closed)
        return;
    m_closed = true;
    abandonRequest();
    Q_EMIT closed(m_id);
}

void HttpConnection::shutdown()
{
    m_closed = true;
    abandonRequest();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void HttpConnection::processBuffered(qint64 arrivalNs)
{
    if (m_processing)
        return;
    m_processing = true;
    while (m_phase == Phase::Idle && !m_closed && !m_closing) {
        HttpRequest request;
        const HttpRequestParser::Status status = m_parser.next(&request);
        if (status == HttpRequestParser::Status::NeedMore) {
            if (m_parser.takeContinueRequest()) {
                m_write.bytes.append("HTTP/1.1 100 Continue\r\n\r\n");
                writeOut();
            }
            break;
        }
        if (status == HttpRequestParser::Status::Error) {
            m_shared->counters.requestStarted();
            m_phase = Phase::Responding;
            m_keepAlive = false;
            respondError(m_parser.errorStatus(), QString::fromLatin1(m_parser.errorMessage()),
                         QStringLiteral("invalid_request_error"), QJsonValue::Null);
            if (m_phase == Phase::Responding)
                completeRequest(true);
            break;
        }
        handleRequest(request, arrivalNs);
    }
    m_processing = false;
}

void HttpConnection::handleRequest(const HttpRequest &request, qint64 arrivalNs)
{
    if (request.method == "GET" && request.path == "/metrics") {
        answerMetrics(request);
        return;
    }
    m_shared->counters.requestStarted();
    m_phase = Phase::Responding;
    m_keepAlive = request.keepAlive();
    // An Anthropic client says so in every request; its errors (and /v1/models) then take Anthropic's shape.
    const bool anthropicClient = !request.header("anthropic-version").isEmpty();
    m_requestApi = anthropicClient ? SimApi::AnthropicMessages : SimApi::Chat;

    if (request.method == "GET" && request.path == "/v1/models") {
        if (authorize(request))
            anthropicClient ? respondAnthropicModels() : respondModels();
    } else if (request.method == "POST" && request.path == "/v1/chat/completions") {
        handleGeneration(SimApi::Chat, request, arrivalNs);
    } else if (request.method == "POST" && request.path == "/v1/completions") {
        handleGeneration(SimApi::Completions, request, arrivalNs);
    } else if (request.method == "POST" && request.path == "/v1/messages") {
        handleGeneration(SimApi::AnthropicMessages, request, arrivalNs);
    } else if (request.method == "POST" && request.path == "/v1/responses") {
        handleGeneration(SimApi::Responses, request, arrivalNs);
    } else if (anthropicClient) {
        respondError(404, QStringLiteral("Not Found"), {}, QJsonValue::Null);
    } else {
        respondError(404,
                     QStringLiteral("Unknown request URL: %1 %2. Please check the URL for typos.")
                         .arg(QString::fromLatin1(request.method), QString::fromUtf8(request.path)),
                     QStringLiteral("invalid_request_error"), QStringLiteral("not_found"));
    }
    if (m_phase == Phase::Responding)
        completeRequest(true);
}

bool HttpConnection::authorize(const HttpRequest &request)
{
    const QString &key = m_shared->config.apiKey;
    if (key.isEmpty())
        return true;
    if (m_requestApi == SimApi::AnthropicMessages)
        return authorizeAnthropic(request);
    const QByteArray authorization = request.header("authorization");
    if (authorization.isEmpty()) {
        respondError(401,
                     QStringLiteral("You didn't provide an API key. You need to provide your API key in an "
                                    "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."),
                     QStringLiteral("invalid_request_error"), QJsonValue::Null);
        return false;
    }
    const bool bearer = authorization.left(7).toLower() == "bearer ";
    if (bearer && authorization.mid(7).trimmed() == key.toUtf8())
        return true;
    // Never echo the key back, not even in part: it would end up in logs.
    respondError(401, QStringLiteral("Incorrect API key provided."), QStringLiteral("invalid_request_error"),
                 QStringLiteral("invalid_api_key"));
    return false;
}

bool HttpConnection::authorizeAnthropic(const HttpRequest &request)
{
    // The key goes in x-api-key (the API's documented header, curl, TokenScope's engine); current
    // Anthropic SDKs send it as `Authorization: Bearer` instead, and the API takes that too.
    const QByteArray wanted = m_shared->config.apiKey.toUtf8();
    const QByteArray key = request.header("x-api-key");
    const QByteArray authorization = request.header("authorization");
    const bool bearer = authorization.left(7).toLower() == "bearer ";
    if ((!key.isEmpty() && key == wanted) || (key.isEmpty() && bearer && authorization.mid(7).trimmed() == wanted))
        return true;
    // Anthropic's own words; never the key itself.
    const bool missing = key.isEmpty() && !bearer;
    respondError(401,
                 missing ? QStringLiteral("x-api-key header is required") : QStringLiteral("invalid x-api-key"),
                 {}, QJsonValue::Null);
    return false;
}

bool HttpConnection::checkAnthropicVersion(const HttpRequest &request)
{
    if (!request.header("anthropic-version").isEmpty())
        return true;
    respondError(400, QStringLiteral("anthropic-version: header is required"), {}, QJsonValue::Null);
    return false;
}

SimFault HttpConnection::faultFor(const HttpRequest &request, qint64 requestNumber) const
{
    SimFault fault = SimFault::None;
    const QByteArray named = request.header("x-sim-fault");
    if (!named.isEmpty() && parseSimFault(QString::fromLatin1(named), &fault))
        return fault;
    const SimConfig &config = m_shared->config;
    if (config.fault != SimFault::None && requestNumber % qMax(1, config.faultEvery) == 0)
        return config.fault;
    return SimFault::None;
}

bool HttpConnection::answerImmediateFault(SimFault fault)
{
    // Each API's own words; respondError() gives them that API's shape (and Anthropic's error type).
    const bool anthropic = m_requestApi == SimApi::AnthropicMessages;
    switch (fault) {
    case SimFault::Unauthorized:
        respondError(401,
                     anthropic ? QStringLiteral("invalid x-api-key") : QStringLiteral("Incorrect API key provided."),
                     QStringLiteral("invalid_request_error"), QStringLiteral("invalid_api_key"));
        return true;
    case SimFault::RateLimited:
        respondError(429,
                     anthropic ? QStringLiteral("Number of requests has exceeded your rate limit (simulated by "
                                                "TokenScope). Please try again in 1s.")
                               : QStringLiteral("Rate limit reached for requests (simulated by TokenScope). "
                                                "Please try again in 1s."),
                     QStringLiteral("requests"), QStringLiteral("rate_limit_exceeded"),
                     QByteArrayLiteral("retry-after: 1\r\n"));
        return true;
    case SimFault::ServerError:
        respondError(500,
                     anthropic ? QStringLiteral("Internal server error (simulated by TokenScope).")
                               : QStringLiteral("The server had an error while processing your request (simulated by "
                                                "TokenScope)."),
                     QStringLiteral("server_error"), QJsonValue::Null);
        return true;
    case SimFault::Forbidden:
        respondError(403,
                     anthropic ? QStringLiteral("Your API key does not have permission to use the specified resource "
                                                "(simulated by TokenScope).")
                               : QStringLiteral("You are not allowed to sample from this model (simulated by "
                                                "TokenScope)."),
                     QStringLiteral("permission_error"), QStringLiteral("model_not_allowed"));
        return true;
    case SimFault::Overloaded:
        if (anthropic)
            respondError(529, QStringLiteral("Overloaded (simulated by TokenScope)"), {}, QJsonValue::Null);
        else
            respondError(503,
                         QStringLiteral("The engine is currently overloaded, please try again later (simulated by "
                                        "TokenScope)."),
                         QStringLiteral("server_error"), QJsonValue::Null);
        return true;
    case SimFault::BadGateway: // what a reverse proxy says when the server behind it is gone
        respond(502, QByteArrayLiteral("text/html"),
                QByteArrayLiteral("<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad "
                                  "Gateway</h1></center><hr><center>nginx</center></body></html>\r\n"));
        return true;
    case SimFault::Unavailable:
        respond(503, QByteArrayLiteral("text/plain"), QByteArray());
        return true;
    default:
        return false;
    }
}

void HttpConnection::handleGeneration(SimApi api, const HttpRequest &request, qint64 arrivalNs)
{
    m_shared->counters.generationArrived(arrivalNs);
    m_requestApi = api;
    if (!authorize(request))
        return;
    if (api == SimApi::AnthropicMessages && !checkAnthropicVersion(request))
        return;
    const qint64 requestNumber = m_shared->counters.generationRequests.fetch_add(1) + 1;
    const SimFault fault = faultFor(request, requestNumber);
    if (answerImmediateFault(fault))
        return;
    SimRequest parsed;
    QString error;
    if (!parseSimRequest(
            api, request.body, &parsed, &error, m_shared->counters.recordArrivals.load(), &m_shared->responses)) {
        respondError(400, error, QStringLiteral("invalid_request_error"), QJsonValue::Null);
        return;
    }
    startGeneration(parsed, fault, requestNumber, arrivalNs);
}

// ---- plain responses ----

void HttpConnection::respond(int status, const QByteArray &contentType, const QByteArray &body,
                             const QByteArray &extraHeaders)
{
    m_write.bytes += "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\ncontent-type: "
        + contentType + "\r\ncontent-length: " + QByteArray::number(body.size()) + "\r\nserver: tokenscope-sim\r\n"
        + extraHeaders + connectionHeader(m_keepAlive) + "\r\n";
    m_write.bytes.append(body);
    writeOut();
}

void HttpConnection::respondError(int status, const QString &message, const QString &type, const QJsonValue &code,
                                  const QByteArray &extraHeaders)
{
    // type and code are OpenAI's; Anthropic's error type follows from the status.
    const QByteArray body = m_requestApi == SimApi::AnthropicMessages
        ? anthropicErrorBody(anthropicErrorType(status), message)
        : openAiErrorBody(message, type, code);
    respond(status, QByteArrayLiteral("application/json"), body, extraHeaders);
}

void HttpConnection::respondModels()
{
    QJsonArray data;
    for (const QString &model : m_shared->config.models) {
        data.append(QJsonObject {{QStringLiteral("id"), model},
                                 {QStringLiteral("object"), QStringLiteral("model")},
                                 {QStringLiteral("created"), 0},
                                 {QStringLiteral("owned_by"), QStringLiteral("tokenscope")}});
    }
    const QJsonObject list {{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}};
    respond(200, QByteArrayLiteral("application/json"), QJsonDocument(list).toJson(QJsonDocument::Compact));
}

void HttpConnection::respondAnthropicModels()
{
    QJsonArray data;
    for (const QString &model : m_shared->config.models) {
        data.append(QJsonObject {{QStringLiteral("type"), QStringLiteral("model")},
                                 {QStringLiteral("id"), model},
                                 {QStringLiteral("display_name"), model},
                                 {QStringLiteral("created_at"), QStringLiteral("1970-01-01T00:00:00Z")}});
    }
    const QStringList &models = m_shared->config.models; // never empty (SimulatorServer::start)
    const QJsonObject list {{QStringLiteral("data"), data},
                            {QStringLiteral("has_more"), false},
                            {QStringLiteral("first_id"), models.first()},
                            {QStringLiteral("last_id"), models.last()}};
    respond(200, QByteArrayLiteral("application/json"), QJsonDocument(list).toJson(QJsonDocument::Compact));
}

// Unauthenticated, as vLLM's /metrics is, and not a request of the workload: it counts in neither
// inFlight() nor requestsServed(), takes no batch slot and leaves no trace in the logs.
void HttpConnection::answerMetrics(const HttpRequest &request)
{
    // The phase stays Idle: a client gone while the answer is written leaves nothing to abandon.
    m_keepAlive = request.keepAlive();
    SimMetricsSnapshot snapshot = m_shared->metrics.snapshot();
    snapshot.modelName = m_shared->config.models.value(0);
    snapshot.running = m_shared->gate.active() + m_shared->uncontendedGate.active();
    snapshot.waiting = m_shared->gate.waiting();
    snapshot.kvCapacityTokens = m_shared->config.kvCacheTokens;
    respond(200, QByteArray(kPrometheusTextContentType), simMetricsExposition(snapshot));
    if (!m_closed)
        endExchange();
}

bool HttpConnection::writeOut()
{
    if (m_closed) {
        m_write.bytes.truncate(0);
        return false;
    }
    // write(const char *, n) copies into the socket's buffer, so m_write.bytes stays unshared and keeps its
    // capacity; flush() hands the bytes to the kernel now instead of at the next event-loop turn.
    // The wire time is taken just before the bytes go to the kernel: a client on the other core can
    // read them before write() returns, so a later stamp could come after the arrival it explains.
    m_lastWriteNs = nowNs();
    m_socket->write(m_write.bytes.constData(), m_write.bytes.size());
    m_write.bytes.truncate(0);
    m_socket->flush();
    return !m_closed; // a failed write aborts the socket, and onDisconnected() runs inside flush()
}

void HttpConnection::recordWritten()
{
    if (m_shared->wire.enabled()) {
        for (const auto &[tokens, text] : m_write.events)
            m_shared->wire.record(m_gen.idText, m_gen.wireChunks++, tokens, text, m_lastWriteNs);
    } else {
        m_gen.wireChunks += static_cast<int>(m_write.events.size());
    }
    m_write.events.clear();
}

// ---- generation ----

void HttpConnection::startGeneration(const SimRequest &request, SimFault fault, qint64 requestNumber,
                                     qint64 arrivalNs)
{
    const SimConfig &config = m_shared->config;
    m_gen = Generation();
    m_gen.api = request.api;
    m_gen.stream = request.stream && fault != SimFault::NotStreaming;
    m_gen.includeUsage = request.includeUsage || config.usageByDefault;
    m_gen.fault = fault;
    m_gen.promptTokens = request.promptTokens;
    m_gen.cachedTokens = cachedTokensOf(request);
    m_gen.totalTokens = simOutputTokens(request, config.outputTokens);
    m_gen.reasoningTokens
        = request.api != SimApi::Completions ? qBound(0, config.reasoningTokens, m_gen.totalTokens) : 0;
    m_gen.truncated = m_gen.totalTokens >= request.maxTokens;
    m_gen.id = m_shared->newResponseId(request.api);
    m_gen.idText = QString::fromLatin1(m_gen.id);
    if (request.store)
        storeResponse(request);
    m_gen.serial = ++m_nextSerial;

    const QString model = request.model.isEmpty() ? config.models.value(0) : request.model;
    StreamStart start;
    start.id = m_gen.id;
    start.model = model;
    start.createdSecs = QDateTime::currentSecsSinceEpoch();
    start.promptTokens = request.promptTokens;
    start.cachedTokens = m_gen.cachedTokens;
    start.maxTokens = request.maxTokens;
    start.maxTokensGiven = request.maxTokensGiven;
    start.roleChunk = config.roleFirstChunk && fault != SimFault::EmptyChoices;
    start.continuousUsage = request.includeUsage && request.continuousUsage; // vLLM wants both
    m_framer = framerFor(request.api);
    m_framer->begin(start);
    m_gen.decodeIntervalMs = config.decodeIntervalMsByModel.value(model, config.decodeIntervalMs);
    m_gen.gate = &m_shared->gateFor(model);
    m_gen.slowdownPerStream = m_gen.gate == &m_shared->gate ? config.slowdownPerStream : 0.0;
    std::seed_seq seed {config.seed, static_cast<quint32>(requestNumber)};
    m_rng.seed(seed);

    if (m_shared->counters.recordArrivals.load(std::memory_order_relaxed)) {
        SimRequestLog entry;
        entry.arrivalNs = arrivalNs;
        entry.clientPort = m_socket->peerPort();
        entry.responseId = QString::fromLatin1(m_gen.id);
        entry.api = request.api;
        entry.model = request.model;
        entry.promptText = request.promptText;
        entry.messages = request.messages;
        entry.maxTokens = request.maxTokens;
        entry.maxTokensGiven = request.maxTokensGiven;
        entry.ignoreEos = request.ignoreEos;
        entry.minTokens = request.minTokens;
        entry.stream = request.stream;
        entry.promptTokens = request.promptTokens;
        entry.cachedTokens = m_gen.cachedTokens;
        entry.outputTokens = m_gen.totalTokens;
        entry.modelTtftNs = modelTtftNs();
        m_shared->counters.logRequest(std::move(entry));
    }

    if (m_gen.stream) {
        writeStreamHead();
        if (!writeOut())
            return;
    }
    m_phase = Phase::Queued;
    if (m_gen.gate->acquire(m_worker, m_id, m_gen.serial))
        admit(arrivalNs);
}

StreamFramer *HttpConnection::framerFor(SimApi api)
{
    switch (api) {
    case SimApi::Completions:
        return &m_completionsFramer;
    case SimApi::AnthropicMessages:
        return &m_anthropicFramer;
    case SimApi::Responses:
        return &m_responsesFramer;
    case SimApi::Chat:
        break;
    }
    return &m_chatFramer;
}

void HttpConnection::writeStreamHead()
{
    // Headers go out at once, before any token, as uvicorn/vLLM's StreamingResponse does.
    m_write.bytes += "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\n"
             "transfer-encoding: chunked\r\ncache-control: no-cache\r\nserver: tokenscope-sim\r\nx-request-id: "
        + m_gen.id + "\r\n" + connectionHeader(m_keepAlive) + "\r\n";
}

int HttpConnection::cachedTokensOf(const SimRequest &request)
{
    const SimConfig &config = m_shared->config;
    if (!config.prefixCache && !config.conversationCache)
        return 0;
    const int hit = m_shared->prefixCache.lookUpAndRemember(request.blockHashes, request.promptTokens);
    return config.prefixCache || request.holdsAnswer ? hit : 0;
}

void HttpConnection::storeResponse(const SimRequest &request)
{
    // The answer as it will stream: its visible tokens' words (ChunkComposer::tokenText).
    QByteArray answer;
    for (int i = m_gen.reasoningTokens; i < m_gen.totalTokens; ++i)
        answer.append(ChunkComposer::tokenText(i));
    QList<SimPromptMessage> conversation = request.conversation;
    conversation.append({ QStringLiteral("assistant"), QString::fromLatin1(answer), {} });
    m_shared->responses.remember(m_gen.idText, conversation);
}

qint64 HttpConnection::modelTtftNs() const
{
    const SimConfig &config = m_shared->config;
    return msToNs(config.baseTtftMs)
        + std::llround(config.prefillUsPerToken * 1e3 * (m_gen.promptTokens - m_gen.cachedTokens));
}

void HttpConnection::admit(qint64 atNs)
{
    m_gen.holdsSlot = true;
    m_gen.kvTokens = m_gen.promptTokens;
    m_shared->metrics.slotTaken(m_gen.promptTokens);
    m_phase = Phase::Generating;
    const qint64 firstTokenNs = atNs + modelTtftNs();
    m_gen.pendingTokens = nextChunkTokens();
    qint64 dueNs = firstTokenNs;
    for (int i = 1; i < m_gen.pendingTokens; ++i)
        dueNs += tokenIntervalNs();
    scheduleAt(dueNs);
}

bool HttpConnection::takeSlot(quint64 serial, qint64 atNs)
{
    if (m_closed || m_phase != Phase::Queued || m_gen.serial != serial)
        return false;
    admit(atNs);
    return true;
}

void HttpConnection::scheduleAt(qint64 dueNs)
{
    m_scheduler->schedule(dueNs, m_id, ++m_scheduleGeneration);
}

int HttpConnection::nextChunkTokens() const
{
    const SimConfig &config = m_shared->config;
    const int wanted = config.mixedChunks ? kMixedChunkTokens[static_cast<size_t>(m_gen.chunksSent) % 4]
                                          : qMax(1, config.tokensPerChunk);
    // A chunk never mixes reasoning and content tokens.
    const int segmentEnd = m_gen.tokensSent < m_gen.reasoningTokens ? m_gen.reasoningTokens : m_gen.totalTokens;
    return qMin(wanted, segmentEnd - m_gen.tokensSent);
}

qint64 HttpConnection::tokenIntervalNs()
{
    const SimConfig &config = m_shared->config;
    const int active = qMax(1, m_gen.gate->active());
    double ms = m_gen.decodeIntervalMs * (1.0 + m_gen.slowdownPerStream * (active - 1));
    if (config.jitterMs > 0) {
        std::uniform_real_distribution<double> jitter(-config.jitterMs, config.jitterMs);
        ms += jitter(m_rng);
    }
    return msToNs(qMax(0.0, ms));
}

void HttpConnection::onDue(qint64 dueNs, quint32 generation)
{
    if (m_closed || m_phase != Phase::Generating || generation != m_scheduleGeneration)
        return;
    sendChunk(dueNs);
}

bool HttpConnection::midStreamFaultDue() const
{
    const bool cutting = m_gen.fault == SimFault::ResetMidStream || m_gen.fault == SimFault::Stall
        || m_gen.fault == SimFault::ErrorInStream;
    return cutting && (m_gen.chunksSent >= m_shared->config.faultAfterChunks || m_gen.tokensSent >= m_gen.totalTokens);
}

void HttpConnection::sendChunk(qint64 dueNs)
{
    if (midStreamFaultDue()) {
        if (m_gen.fault == SimFault::Stall)
            stall(dueNs);
        else if (m_gen.fault == SimFault::ErrorInStream)
            failGeneration(dueNs);
        else
            resetConnection(dueNs);
        return;
    }
    if (m_gen.stream) {
        composeChunk();
        if (!writeOut())
            return;
        recordWritten();
    }
    m_gen.tokensSent += m_gen.pendingTokens;
    ++m_gen.chunksSent;
    m_gen.kvTokens += m_gen.pendingTokens;
    m_shared->metrics.tokensGenerated(m_gen.pendingTokens);

    if (m_gen.tokensSent < m_gen.totalTokens) {
        m_gen.pendingTokens = nextChunkTokens();
        qint64 nextDueNs = dueNs;
        for (int i = 0; i < m_gen.pendingTokens; ++i)
            nextDueNs += tokenIntervalNs();
        scheduleAt(nextDueNs);
    } else if (m_gen.fault == SimFault::ResetMidStream || m_gen.fault == SimFault::Stall
               || m_gen.fault == SimFault::ErrorInStream) {
        // Fewer chunks than faultAfterChunks: the fault replaces the end of the stream.
        m_gen.pendingTokens = 0;
        scheduleAt(dueNs + tokenIntervalNs());
    } else {
        finishGeneration(dueNs);
    }
}

void HttpConnection::composeChunk()
{
    const SimConfig &config = m_shared->config;
    if (m_gen.chunksSent == 0)
        m_framer->appendOpening(m_write);
    const bool faultDue = !m_gen.malformedSent && m_gen.chunksSent >= config.faultAfterChunks;
    if (m_gen.fault == SimFault::MalformedSse && faultDue) {
        m_framer->appendMalformed(m_write);
        m_gen.malformedSent = true;
    }
    if (m_gen.fault == SimFault::HugeLine && faultDue) {
        appendHugeLine();
        return;
    }
    const auto kind = m_gen.tokensSent < m_gen.reasoningTokens ? StreamFramer::TextKind::Reasoning
                                                               : StreamFramer::TextKind::Content;
    if (m_gen.fault == SimFault::EmptyChoices)
        m_framer->appendTextless(m_write, kind);
    else
        m_framer->appendText(m_write, kind, m_gen.tokensSent, m_gen.pendingTokens);
}

void HttpConnection::finishGeneration(qint64 dueNs)
{
    if (m_gen.stream) {
        composeStreamEnd();
        if (!writeOut())
            return;
        recordWritten();
    } else {
        answerNonStreaming();
        if (m_closed)
            return;
    }
    releaseSlot(dueNs);
    completeRequest(true);
}

void HttpConnection::composeStreamEnd()
{
    if (m_gen.fault == SimFault::MalformedSse && !m_gen.malformedSent) {
        m_framer->appendMalformed(m_write);
        m_gen.malformedSent = true;
    }
    m_framer->appendClosing(m_write, streamEnd());
    SimSse::appendLastChunk(m_write.bytes);
}

StreamEnd HttpConnection::streamEnd() const
{
    StreamEnd end;
    end.promptTokens = m_gen.promptTokens;
    end.cachedTokens = m_gen.cachedTokens;
    end.reasoningTokens = m_gen.reasoningTokens;
    end.outputTokens = m_gen.totalTokens;
    end.truncated = m_gen.truncated;
    end.includeUsage = m_gen.includeUsage;
    end.textless = m_gen.fault == SimFault::EmptyChoices;
    end.endMarker = m_gen.fault != SimFault::NoDone;
    return end;
}

void HttpConnection::appendHugeLine()
{
    // One HTTP chunk holding a 17 MiB `data:` line and no line end: more than the client's 16 MiB
    // limit, so a bounded client must give up on the stream instead of buffering it.
    constexpr qsizetype kLineBytes = 17 * 1024 * 1024;
    const QByteArray prefix = QByteArrayLiteral("data: {\"id\":\"") ;
    m_write.bytes += QByteArray::number(prefix.size() + kLineBytes, 16) + "\r\n" + prefix;
    m_write.bytes.append(kLineBytes, 'x');
    m_write.bytes += "\r\n";
    m_write.addEvent();
    m_gen.malformedSent = true;
}

void HttpConnection::answerNonStreaming()
{
    const bool emptyChoices = m_gen.fault == SimFault::EmptyChoices;
    const QByteArray body = m_gen.fault == SimFault::MalformedSse ? QByteArrayLiteral("{\"id\": broken")
                                                                  : m_framer->completeBody(streamEnd());
    m_phase = Phase::Responding;
    respond(200, QByteArrayLiteral("application/json"), body, "x-request-id: " + m_gen.id + "\r\n");
    if (m_closed)
        return;
    m_write.addEvent(emptyChoices ? 0 : m_gen.totalTokens, !emptyChoices);
    recordWritten();
}

void HttpConnection::failGeneration(qint64 dueNs)
{
    if (m_gen.stream) {
        // The stream has begun (status 200): the failure can only be an event in it; the body then ends.
        m_framer->appendError(m_write);
        SimSse::appendLastChunk(m_write.bytes);
        if (!writeOut())
            return;
        recordWritten();
    } else {
        // Nothing sent yet: the failure is the answer, as an error status with that API's body.
        m_phase = Phase::Responding;
        if (m_requestApi == SimApi::AnthropicMessages)
            respondError(529, QStringLiteral("Overloaded (simulated by TokenScope)"), {}, QJsonValue::Null);
        else
            respondError(500,
                         QStringLiteral("The server had an error while generating the response (simulated by "
                                        "TokenScope)."),
                         QStringLiteral("server_error"), QJsonValue::Null);
        if (m_closed)
            return;
    }
    releaseSlot(dueNs);
    completeRequest(true);
}

void HttpConnection::stall(qint64 dueNs)
{
    // The "GPU" stops working on it, but the answer never completes: it stays in flight until the
    // client gives up and closes.
    m_phase = Phase::Stalled;
    releaseSlot(dueNs);
}

void HttpConnection::resetConnection(qint64 dueNs)
{
    releaseSlot(dueNs);
    m_phase = Phase::Idle;
    m_shared->counters.requestEnded(false);
    m_closed = true;
    // Linger 0 makes close() send RST instead of FIN: the client sees "connection reset".
    const linger hardClose {1, 0};
    ::setsockopt(static_cast<int>(m_socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &hardClose,
                 sizeof(hardClose));
    m_socket->abort();
    Q_EMIT closed(m_id);
}

void HttpConnection::releaseSlot(qint64 atNs)
{
    if (m_gen.holdsSlot) {
        m_gen.holdsSlot = false;
        m_shared->metrics.slotFreed(std::exchange(m_gen.kvTokens, 0));
        m_gen.gate->release(atNs);
    }
}

void HttpConnection::completeRequest(bool answered)
{
    m_shared->counters.requestEnded(answered);
    endExchange();
}

// The answer is out: close if it said so, else go on with what the client pipelined.
void HttpConnection::endExchange()
{
    m_phase = Phase::Idle;
    ++m_scheduleGeneration; // any entry still in the scheduler is now stale
    if (!m_keepAlive) {
        m_closing = true;
        m_socket->disconnectFromHost(); // FIN once the buffered bytes are out
        return;
    }
    processBuffered(nowNs());
}

void HttpConnection::abandonRequest()
{
    if (m_phase == Phase::Idle)
        return;
    if (m_phase == Phase::Queued)
        m_gen.gate->cancel(m_worker, m_id, m_gen.serial);
    releaseSlot(nowNs());
    m_phase = Phase::Idle;
    ++m_scheduleGeneration;
    m_shared->counters.requestEnded(false);
}

} // namespace TokenScope
