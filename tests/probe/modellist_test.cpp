// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// "Fetch models" (the profile's model field, `tokenscope-cli models`): GET {base}/models on the
// fetch's own thread, against the real simulator and small loopback peers that answer as
// providers do (Anthropic's pages, 401, 404, a body that is no list).
#include "probe/modellist.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>

#include <functional>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

RunConfig configFor(const QString &baseUrl, ApiKind api = ApiKind::ChatCompletions, const QString &key = {})
{
    RunConfig config;
    config.baseUrl = baseUrl;
    config.api = api;
    config.apiKey = key;
    return config;
}

// Runs one fetch and waits for its result (failing the test when none comes).
ModelListResult fetchAndWait(const RunConfig &config)
{
    ModelListFetch fetch;
    QSignalSpy spy(&fetch, &ModelListFetch::finished);
    fetch.start(config);
    EXPECT_TRUE(fetch.isRunning());
    if (!spy.wait(30000)) {
        ADD_FAILURE() << "no result within 30 s";
        return {};
    }
    EXPECT_FALSE(fetch.isRunning());
    EXPECT_EQ(spy.size(), 1);
    return spy.first().first().value<ModelListResult>();
}

/// One GET as the peer received it; header names lower-case.
struct PeerRequest
{
    QByteArray method;
    QUrl url; ///< path and query
    QMap<QByteArray, QByteArray> headers;
};

/// A loopback HTTP/1.1 server on the test thread (the fetch runs on its own thread, so the test's
/// QSignalSpy::wait serves it) that answers each request with `answer(request)`: the status line's
/// code, then the body as JSON. Each answer closes its connection.
class Peer
{
public:
    struct Answer
    {
        int status = 200;
        QByteArray body;
    };
    using Handler = std::function<Answer(const PeerRequest &)>;

    explicit Peer(Handler handler)
        : m_handler(std::move(handler))
    {
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost, 0));
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
    }
    QString baseUrl(const QString &path = QStringLiteral("/v1")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    QList<PeerRequest> requests;
    bool answering = true; ///< false: read requests and never answer (a stalled server)

private:
    void serve(QTcpSocket *socket)
    {
        auto buffer = std::make_shared<QByteArray>();
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
            *buffer += socket->readAll();
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            PeerRequest request;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
            request.method = requestLine.value(0);
            request.url = QUrl(QString::fromLatin1(requestLine.value(1)));
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines.at(i).indexOf(':');
                if (colon > 0)
                    request.headers.insert(
                        lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
            }
            buffer->clear();
            requests.append(request);
            if (!answering)
                return;
            const Answer answer = m_handler(request);
            socket->write("HTTP/1.1 " + QByteArray::number(answer.status)
                + " Answer\r\nContent-Type: application/json\r\n"
                  "Content-Length: "
                + QByteArray::number(answer.body.size()) + "\r\nConnection: close\r\n\r\n" + answer.body);
            socket->disconnectFromHost();
        });
    }

    Handler m_handler;
    QTcpServer m_server;
};

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// Anthropic's list: `data` of model objects with has_more, first_id and last_id.
QByteArray anthropicPage(const QStringList &ids, bool hasMore)
{
    QJsonArray data;
    for (const QString &id : ids)
        data.append(QJsonObject { { QStringLiteral("type"), QStringLiteral("model") }, { QStringLiteral("id"), id },
            { QStringLiteral("display_name"), id },
            { QStringLiteral("created_at"), QStringLiteral("2025-05-22T00:00:00Z") } });
    return json({ { QStringLiteral("data"), data }, { QStringLiteral("has_more"), hasMore },
        { QStringLiteral("first_id"), ids.value(0) }, { QStringLiteral("last_id"), ids.value(ids.size() - 1) } });
}

} // namespace

TEST(ModelList, UrlFollowsEachKindsBaseUrlRules)
{
    const auto url
        = [](const QString &base, ApiKind api) { return ModelListFetch::modelsUrl(configFor(base, api)).toString(); };
    for (ApiKind api : { ApiKind::ChatCompletions, ApiKind::Completions, ApiKind::Responses }) {
        EXPECT_EQ(
            url(QStringLiteral("http://127.0.0.1:8000/v1"), api), QStringLiteral("http://127.0.0.1:8000/v1/models"));
        EXPECT_EQ(url(QStringLiteral("https://openrouter.ai/api/v1/"), api),
            QStringLiteral("https://openrouter.ai/api/v1/models"));
    }
    const ApiKind anthropic = ApiKind::AnthropicMessages;
    EXPECT_EQ(url(QStringLiteral("https://api.anthropic.com"), anthropic),
        QStringLiteral("https://api.anthropic.com/v1/models"));
    EXPECT_EQ(url(QStringLiteral("https://api.anthropic.com/v1"), anthropic),
        QStringLiteral("https://api.anthropic.com/v1/models"));
    EXPECT_EQ(url(QStringLiteral("https://gateway.example.com/anthropic"), anthropic),
        QStringLiteral("https://gateway.example.com/anthropic/v1/models"));
    // A query (Azure's api-version) stays; a Base URL a run refuses gives no URL.
    EXPECT_EQ(url(QStringLiteral("https://h/openai/v1?api-version=2025-04-01"), ApiKind::ChatCompletions),
        QStringLiteral("https://h/openai/v1/models?api-version=2025-04-01"));
    EXPECT_TRUE(url(QStringLiteral("https://h/v1/v1"), ApiKind::ChatCompletions).isEmpty());
    EXPECT_TRUE(url(QStringLiteral("https://api.anthropic.com/v1/messages"), anthropic).isEmpty());
    EXPECT_TRUE(url(QStringLiteral("ftp://h/v1"), ApiKind::ChatCompletions).isEmpty());
}

TEST(ModelList, ParsesTheShapesServersAnswerWith)
{
    // OpenAI, vLLM and most gateways.
    ModelListPage page = parseModelListPage(
        R"({"object":"list","data":[{"id":"gpt-4.1","object":"model","created":1744316542,"owned_by":"system"},)"
        R"({"id":"gpt-4.1-mini","object":"model","created":1744318173,"owned_by":"system"}]})");
    EXPECT_TRUE(page.isList);
    EXPECT_EQ(page.models, QStringList({ QStringLiteral("gpt-4.1"), QStringLiteral("gpt-4.1-mini") }));
    EXPECT_FALSE(page.hasMore);
    // Anthropic, with its cursor.
    page = parseModelListPage(
        anthropicPage({ QStringLiteral("claude-opus-4-1"), QStringLiteral("claude-sonnet-4-5") }, true));
    EXPECT_TRUE(page.isList);
    EXPECT_EQ(page.models.size(), 2);
    EXPECT_TRUE(page.hasMore);
    EXPECT_EQ(page.lastId, QStringLiteral("claude-sonnet-4-5"));
    // Ollama's /api/tags: `models` with `name`.
    page = parseModelListPage(R"({"models":[{"name":"llama3.2:latest","model":"llama3.2:latest","size":2019393189}]})");
    EXPECT_TRUE(page.isList);
    EXPECT_EQ(page.models, QStringList { QStringLiteral("llama3.2:latest") });
    // A bare array of model objects.
    page = parseModelListPage(R"([{"id":"meta-llama/Llama-3.3-70B-Instruct-Turbo","object":"model"}])");
    EXPECT_EQ(page.models, QStringList { QStringLiteral("meta-llama/Llama-3.3-70B-Instruct-Turbo") });
    // An empty list is a list.
    page = parseModelListPage(R"({"object":"list","data":[]})");
    EXPECT_TRUE(page.isList);
    EXPECT_TRUE(page.models.isEmpty());
    // Anything else is not.
    for (const QByteArray &body :
        { QByteArrayLiteral(R"({"status":"ok"})"), QByteArrayLiteral("<html><body>Welcome</body></html>"),
            QByteArrayLiteral(R"({"data":[{"name_of":"x"}]})"), QByteArray() })
        EXPECT_FALSE(parseModelListPage(body).isList) << body.toStdString();
}

TEST(ModelList, SimulatorListsItsModelsSortedAndUnique)
{
    SimConfig simConfig = quickSim();
    simConfig.models = { QStringLiteral("tokenscope-sim"), QStringLiteral("b-model"), QStringLiteral("a-model"),
        QStringLiteral("b-model") };
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(simConfig, &error)) << error.toStdString();
    const ModelListResult r = fetchAndWait(configFor(sim.baseUrl().toString()));
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_FALSE(r.notListed);
    EXPECT_EQ(r.url.path(), QStringLiteral("/v1/models"));
    EXPECT_EQ(r.models,
        QStringList({ QStringLiteral("a-model"), QStringLiteral("b-model"), QStringLiteral("tokenscope-sim") }));
}

TEST(ModelList, SimulatorWithAKeyRefusesAWrongOneAndTheResultNeverHoldsIt)
{
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("sk-models-right-0123456789");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    const QString wrong = QStringLiteral("sk-models-wrong-9876543210");
    ModelListResult r = fetchAndWait(configFor(sim.baseUrl().toString(), ApiKind::ChatCompletions, wrong));
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.httpStatus, 401);
    EXPECT_FALSE(r.notListed);
    EXPECT_TRUE(r.error.contains(QStringLiteral("HTTP 401"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("check"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("Incorrect API key provided"))) << "the server's words";
    EXPECT_FALSE(r.error.contains(wrong));

    r = fetchAndWait(configFor(sim.baseUrl().toString(), ApiKind::ChatCompletions, simConfig.apiKey));
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.models, QStringList { QStringLiteral("tokenscope-sim") });
}

// The simulator answers an Anthropic client (anthropic-version) in Anthropic's shape and takes its
// key from x-api-key.
TEST(ModelList, SimulatorAnswersAnAnthropicClientInAnthropicsShape)
{
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("sk-ant-api03-models-0123456789");
    simConfig.models = { QStringLiteral("claude-sim"), QStringLiteral("tokenscope-sim") };
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    // The simulator's Base URL ends in /v1: the list is at {base}/models, not {base}/v1/models.
    ModelListResult r = fetchAndWait(configFor(sim.baseUrl().toString(), ApiKind::AnthropicMessages, simConfig.apiKey));
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.url.path(), QStringLiteral("/v1/models"));
    EXPECT_EQ(r.models, QStringList({ QStringLiteral("claude-sim"), QStringLiteral("tokenscope-sim") }));

    r = fetchAndWait(
        configFor(sim.baseUrl().toString(), ApiKind::AnthropicMessages, QStringLiteral("sk-ant-api03-wrong-key-42")));
    EXPECT_EQ(r.httpStatus, 401);
    EXPECT_TRUE(r.error.contains(QStringLiteral("x-api-key"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("invalid x-api-key"))) << "the server's words";
}

// Anthropic's shape from a peer that checks the request as the API does and pages its list:
// x-api-key, anthropic-version, the custom header, no Bearer; after_id follows last_id.
TEST(ModelList, AnthropicPagesAreFollowedWithTheDialectsHeaders)
{
    const QString key = QStringLiteral("sk-ant-api03-pages-SECRET-777");
    Peer peer([](const PeerRequest &request) -> Peer::Answer {
        const QString after = QUrlQuery(request.url).queryItemValue(QStringLiteral("after_id"));
        if (after.isEmpty())
            return { 200,
                anthropicPage({ QStringLiteral("claude-sonnet-4-5"), QStringLiteral("claude-opus-4-1") }, true) };
        if (after == u"claude-opus-4-1")
            return { 200,
                anthropicPage({ QStringLiteral("claude-3-5-haiku"), QStringLiteral("claude-sonnet-4-5") }, false) };
        return { 400, R"({"type":"error","error":{"type":"invalid_request_error","message":"bad cursor"}})" };
    });
    RunConfig config = configFor(peer.baseUrl(QString()), ApiKind::AnthropicMessages, key);
    config.headers.append({ QByteArrayLiteral("X-Team"), QByteArrayLiteral("perf") });
    const ModelListResult r = fetchAndWait(config);
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.models,
        QStringList({ QStringLiteral("claude-3-5-haiku"), QStringLiteral("claude-opus-4-1"),
            QStringLiteral("claude-sonnet-4-5") }));
    ASSERT_EQ(peer.requests.size(), 2);
    EXPECT_EQ(r.url, QUrl(peer.baseUrl(QStringLiteral("/v1/models"))));
    for (const PeerRequest &request : std::as_const(peer.requests)) {
        EXPECT_EQ(request.method, "GET");
        EXPECT_EQ(request.url.path(), QStringLiteral("/v1/models"));
        EXPECT_EQ(request.headers.value("x-api-key"), key.toUtf8());
        EXPECT_EQ(request.headers.value("anthropic-version"), "2023-06-01");
        EXPECT_EQ(request.headers.value("x-team"), "perf");
        EXPECT_FALSE(request.headers.contains("authorization"));
        EXPECT_FALSE(request.headers.contains("content-type")) << "a GET carries no body";
        EXPECT_EQ(request.headers.value("accept"), "application/json");
    }
    EXPECT_EQ(QUrlQuery(peer.requests.at(1).url).queryItemValue(QStringLiteral("after_id")),
        QStringLiteral("claude-opus-4-1"));
}

TEST(ModelList, PagingStopsAfterTenPages)
{
    Peer peer([](const PeerRequest &request) -> Peer::Answer {
        const int after = QUrlQuery(request.url).queryItemValue(QStringLiteral("after_id")).mid(1).toInt();
        return { 200, anthropicPage({ QStringLiteral("m%1").arg(after + 1) }, true) }; // always "more"
    });
    const ModelListResult r
        = fetchAndWait(configFor(peer.baseUrl(QString()), ApiKind::AnthropicMessages, QStringLiteral("k")));
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(peer.requests.size(), ModelListFetch::kMaxPages);
    EXPECT_EQ(r.models.size(), ModelListFetch::kMaxPages);
}

TEST(ModelList, OpenAiKindsSendTheKeyAsBearer)
{
    const QString key = QStringLiteral("sk-proj-bearer-0123456789");
    Peer peer([](const PeerRequest &) -> Peer::Answer {
        return { 200, R"({"object":"list","data":[{"id":"gpt-5"}]})" };
    });
    for (ApiKind api : { ApiKind::ChatCompletions, ApiKind::Completions, ApiKind::Responses }) {
        const ModelListResult r = fetchAndWait(configFor(peer.baseUrl(), api, key));
        EXPECT_EQ(r.models, QStringList { QStringLiteral("gpt-5") }) << r.error.toStdString();
        EXPECT_EQ(peer.requests.last().url.path(), QStringLiteral("/v1/models"));
        EXPECT_EQ(peer.requests.last().headers.value("authorization"), "Bearer " + key.toUtf8());
        EXPECT_FALSE(peer.requests.last().headers.contains("anthropic-version"));
        EXPECT_FALSE(peer.requests.last().headers.contains("x-api-key"));
    }
}

TEST(ModelList, NotFoundAndMethodNotAllowedMeanNotListed)
{
    for (int status : { 404, 405 }) {
        Peer peer([status](const PeerRequest &) -> Peer::Answer { return { status, R"({"detail":"Not Found"})" }; });
        const ModelListResult r = fetchAndWait(configFor(peer.baseUrl()));
        EXPECT_FALSE(r.ok());
        EXPECT_TRUE(r.notListed);
        EXPECT_EQ(r.httpStatus, status);
        EXPECT_TRUE(r.error.contains(QStringLiteral("does not list models"))) << r.error.toStdString();
        EXPECT_TRUE(r.error.contains(QStringLiteral("type the model ID"))) << r.error.toStdString();
    }
}

TEST(ModelList, AnAnswerThatIsNoListMeansNotListed)
{
    Peer peer([](const PeerRequest &) -> Peer::Answer { return { 200, "<html><body>Gateway portal</body></html>" }; });
    const ModelListResult r = fetchAndWait(configFor(peer.baseUrl()));
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_TRUE(r.notListed);
    EXPECT_TRUE(r.error.contains(QStringLiteral("not a model list"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("type the model ID"))) << r.error.toStdString();
}

// Anthropic's real answers to a wrong key and to a subscription's OAuth token.
TEST(ModelList, UnauthorizedSaysWhatToCheckPerKind)
{
    QByteArray body
        = R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_011CSHa1FurUZv2Lu8mxQdXf"})";
    Peer peer([&body](const PeerRequest &) -> Peer::Answer { return { 401, body }; });
    ModelListResult r = fetchAndWait(
        configFor(peer.baseUrl(QString()), ApiKind::AnthropicMessages, QStringLiteral("sk-ant-api03-x")));
    EXPECT_EQ(r.httpStatus, 401);
    EXPECT_FALSE(r.notListed);
    EXPECT_TRUE(r.error.contains(QStringLiteral("check the key"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("ANTHROPIC_API_KEY"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("not a Bearer token"))) << r.error.toStdString();

    body
        = R"({"type":"error","error":{"type":"authentication_error","message":"OAuth authentication is currently not supported."}})";
    r = fetchAndWait(configFor(peer.baseUrl(QString()), ApiKind::AnthropicMessages, QStringLiteral("sk-ant-oat01-x")));
    EXPECT_TRUE(r.error.contains(QStringLiteral("subscription login"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("Create an API key"))) << r.error.toStdString();

    body = R"({"error":{"message":"You didn't provide an API key.","type":"invalid_request_error"}})";
    r = fetchAndWait(configFor(peer.baseUrl(), ApiKind::ChatCompletions));
    EXPECT_TRUE(r.error.contains(QStringLiteral("none is set"))) << r.error.toStdString();
}

TEST(ModelList, AKeyEchoedByTheServerIsRedacted)
{
    const QString key = QStringLiteral("sk-echoed-SECRET-31337");
    Peer peer([&key](const PeerRequest &) -> Peer::Answer {
        return { 401,
            json({ { QStringLiteral("error"),
                QJsonObject {
                    { QStringLiteral("message"), QStringLiteral("Incorrect API key provided: %1.").arg(key) } } } }) };
    });
    const ModelListResult r = fetchAndWait(configFor(peer.baseUrl(), ApiKind::ChatCompletions, key));
    EXPECT_TRUE(r.error.contains(QStringLiteral("Incorrect API key provided"))) << r.error.toStdString();
    EXPECT_FALSE(r.error.contains(key)) << r.error.toStdString();
}

TEST(ModelList, NoServerAndARefusedBaseUrlAreErrorsNotNotListed)
{
    QTcpServer probe;
    ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    ModelListResult r = fetchAndWait(configFor(QStringLiteral("http://127.0.0.1:%1/v1").arg(port)));
    EXPECT_EQ(r.httpStatus, 0);
    EXPECT_FALSE(r.notListed);
    EXPECT_TRUE(r.error.contains(QStringLiteral("127.0.0.1:%1").arg(port))) << r.error.toStdString();

    r = fetchAndWait(configFor(QStringLiteral("https://api.example.com/v1/v1")));
    EXPECT_EQ(r.httpStatus, 0);
    EXPECT_TRUE(r.url.isEmpty());
    EXPECT_TRUE(r.error.contains(QStringLiteral("doubled /v1"))) << r.error.toStdString();
}

TEST(ModelList, CancelStopsAStalledRequestAndANewStartDropsTheOldResult)
{
    Peer stalled([](const PeerRequest &) -> Peer::Answer { return {}; });
    stalled.answering = false;
    ModelListFetch fetch;
    QSignalSpy spy(&fetch, &ModelListFetch::finished);
    fetch.start(configFor(stalled.baseUrl()));
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return !stalled.requests.isEmpty(); }, 10000));
    fetch.cancel();
    ASSERT_TRUE(spy.wait(10000));
    EXPECT_TRUE(spy.first().first().value<ModelListResult>().error.contains(QStringLiteral("cancelled")));
    EXPECT_FALSE(fetch.isRunning());

    // A stalled fetch replaced by one that succeeds: only the second reports.
    spy.clear();
    Peer answering([](const PeerRequest &) -> Peer::Answer { return { 200, R"({"data":[{"id":"m"}]})" }; });
    fetch.start(configFor(stalled.baseUrl()));
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return stalled.requests.size() == 2; }, 10000));
    fetch.start(configFor(answering.baseUrl()));
    ASSERT_TRUE(spy.wait(10000));
    QTest::qWait(100);
    ASSERT_EQ(spy.size(), 1);
    EXPECT_EQ(spy.first().first().value<ModelListResult>().models, QStringList { QStringLiteral("m") });

    // Destroying a fetch with a request under way neither hangs nor reports.
    auto doomed = std::make_unique<ModelListFetch>();
    QSignalSpy doomedSpy(doomed.get(), &ModelListFetch::finished);
    doomed->start(configFor(stalled.baseUrl()));
    ASSERT_TRUE(QTest::qWaitFor([&stalled] { return stalled.requests.size() == 3; }, 10000));
    doomed.reset();
    EXPECT_TRUE(doomedSpy.isEmpty());
}
