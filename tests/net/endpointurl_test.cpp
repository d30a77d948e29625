// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/endpointurl.h"
#include "net/failure.h"
#include "net/requestbuilder.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace TokenScope;

TEST(EndpointUrl, AppendsTheApiPathToWhatProvidersPrint)
{
    EXPECT_EQ(resolveEndpoint(QStringLiteral("http://127.0.0.1:8000/v1"), ApiKind::ChatCompletions).url.toString(),
              QStringLiteral("http://127.0.0.1:8000/v1/chat/completions"));
    EXPECT_EQ(resolveEndpoint(QStringLiteral(" https://host/api/ "), ApiKind::ChatCompletions).url.toString(),
              QStringLiteral("https://host/api/chat/completions"));
    EXPECT_EQ(resolveEndpoint(QStringLiteral("https://host/v1"), ApiKind::Completions).url.toString(),
              QStringLiteral("https://host/v1/completions"));
}

TEST(EndpointUrl, RefusesAPastedFullPathAndSaysWhatToEnter)
{
    const ResolvedEndpoint r = resolveEndpoint(QStringLiteral("https://host/v1/chat/completions"), ApiKind::ChatCompletions);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(r.error.contains(QStringLiteral("https://host/v1"))) << r.error.toStdString();
    EXPECT_TRUE(r.error.contains(QStringLiteral("/chat/completions")));
}

TEST(EndpointUrl, RefusesADoubledV1AndSuggestsTheFix)
{
    const ResolvedEndpoint r = resolveEndpoint(QStringLiteral("http://127.0.0.1:8000/v1/v1"), ApiKind::ChatCompletions);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(r.error.contains(QStringLiteral("doubled /v1")));
    EXPECT_TRUE(r.error.contains(QStringLiteral("http://127.0.0.1:8000/v1?"))) << r.error.toStdString();
    EXPECT_TRUE(resolveEndpoint(QStringLiteral("https://host/v1/v1beta"), ApiKind::ChatCompletions).ok());
}

TEST(EndpointUrl, RefusesWhatIsNotAnHttpUrl)
{
    EXPECT_FALSE(resolveEndpoint(QString(), ApiKind::ChatCompletions).ok());
    EXPECT_FALSE(resolveEndpoint(QStringLiteral("localhost:8000/v1"), ApiKind::ChatCompletions).ok());
    EXPECT_FALSE(resolveEndpoint(QStringLiteral("ftp://host/v1"), ApiKind::ChatCompletions).ok());
}

TEST(RequestBuilder, BodyCarriesTheMethodsFixedParametersAndExtraBody)
{
    RunConfig config;
    config.model = QStringLiteral("m");
    config.prompt = QStringLiteral("hi");
    config.extraBody = QJsonObject {{QStringLiteral("top_p"), 0.5}, {QStringLiteral("max_tokens"), 7}};
    const QJsonObject body = QJsonDocument::fromJson(RequestBuilder::body(config)).object();
    EXPECT_EQ(body.value(u"model").toString(), QStringLiteral("m"));
    EXPECT_TRUE(body.value(u"stream").toBool());
    EXPECT_EQ(body.value(u"temperature").toDouble(), 0.0);
    EXPECT_EQ(body.value(u"max_tokens").toInt(), 7) << "extra body overrides";
    EXPECT_EQ(body.value(u"top_p").toDouble(), 0.5);
    EXPECT_TRUE(body.value(u"stream_options").toObject().value(u"include_usage").toBool());
    EXPECT_EQ(body.value(u"messages").toArray().at(0).toObject().value(u"content").toString(), QStringLiteral("hi"));

    config.includeUsage = false;
    EXPECT_FALSE(QJsonDocument::fromJson(RequestBuilder::body(config)).object().contains(u"stream_options"));
}

TEST(RequestBuilder, InvalidExtraBodyIsRejectedWithTheParsersMessage)
{
    QJsonObject out;
    QString error;
    EXPECT_FALSE(RequestBuilder::parseExtraBody(QStringLiteral("{\"top_p\": }"), &out, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("offset"))) << error.toStdString();
    EXPECT_FALSE(RequestBuilder::parseExtraBody(QStringLiteral("[1,2]"), &out, &error));
    EXPECT_TRUE(RequestBuilder::parseExtraBody(QStringLiteral("{\"seed\": 1}"), &out, &error));
    EXPECT_EQ(out.value(u"seed").toInt(), 1);
}

TEST(RequestBuilder, RequestAsksForAnUncompressedStream)
{
    RunConfig config;
    config.apiKey = QStringLiteral("k");
    config.headers.append({QByteArrayLiteral("X-Team"), QByteArrayLiteral("perf")});
    const QNetworkRequest request = RequestBuilder::networkRequest(config, QUrl(QStringLiteral("http://h/v1/chat/completions")));
    EXPECT_EQ(request.rawHeader("Accept-Encoding"), QByteArrayLiteral("identity"));
    EXPECT_EQ(request.rawHeader("Authorization"), QByteArrayLiteral("Bearer k"));
    EXPECT_EQ(request.rawHeader("X-Team"), QByteArrayLiteral("perf"));
    EXPECT_EQ(request.transferTimeout(), config.timeoutMs);
    EXPECT_FALSE(request.attribute(QNetworkRequest::Http2AllowedAttribute).toBool());
}

TEST(Failure, ServerMessageQuotesTheUpstreamReasonAGatewayPassesOn)
{
    QFile file(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse/openrouter-error-429.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString message = Failure::serverMessage(file.readAll());
    EXPECT_TRUE(message.contains(QStringLiteral("upstream: "))) << message.toStdString();
}

TEST(Failure, HtmlErrorPagesLoseTheirMarkup)
{
    const QString message = Failure::serverMessage(
        QByteArrayLiteral("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>"));
    EXPECT_EQ(message, QStringLiteral("502 Bad Gateway 502 Bad Gateway"));
}

TEST(RequestBuilder, CurlCommandRedactsTheKeyAndCredentialHeaders)
{
    RunConfig config;
    config.baseUrl = QStringLiteral("https://api.example.com/v1");
    config.model = QStringLiteral("m");
    config.prompt = QStringLiteral("it's here");
    config.apiKey = QStringLiteral("sk-curl-SECRET-5150");
    config.headers.append({QByteArrayLiteral("X-Api-Key"), QByteArrayLiteral("second-secret-99")});
    config.headers.append({QByteArrayLiteral("X-Team"), QByteArrayLiteral("perf")});
    const QString redacted = RequestBuilder::curlCommand(config, false);
    EXPECT_FALSE(redacted.contains(config.apiKey)) << redacted.toStdString();
    EXPECT_FALSE(redacted.contains(QStringLiteral("second-secret-99")));
    EXPECT_TRUE(redacted.contains(QStringLiteral("\"Authorization: Bearer $OPENAI_API_KEY\"")));
    EXPECT_TRUE(redacted.contains(QStringLiteral("'X-Team: perf'")));
    EXPECT_TRUE(redacted.contains(QStringLiteral("https://api.example.com/v1/chat/completions")));
    EXPECT_TRUE(redacted.contains(QStringLiteral("it'\\''s here"))) << "single quotes survive the shell";

    const QString revealed = RequestBuilder::curlCommand(config, true);
    EXPECT_TRUE(revealed.contains(config.apiKey));
    EXPECT_TRUE(revealed.contains(QStringLiteral("second-secret-99")));
}

// The curl command and the engine's request come from one header list, so a copied command
// reproduces exactly what was measured (Accept-Encoding: identity included).
TEST(RequestBuilder, CurlCommandSendsTheEnginesHeaders)
{
    RunConfig config;
    config.baseUrl = QStringLiteral("https://api.example.com/v1");
    config.apiKey = QStringLiteral("sk-headers-1");
    config.headers.append({ QByteArrayLiteral("X-Team"), QByteArrayLiteral("perf") });
    const QString curl = RequestBuilder::curlCommand(config, true);
    const QNetworkRequest request = RequestBuilder::networkRequest(config, QUrl(QStringLiteral("https://h/v1/chat/completions")));
    const QList<RequestHeader> headers = RequestBuilder::requestHeaders(config);
    EXPECT_EQ(headers.size(), request.rawHeaderList().size());
    for (const RequestHeader &header : headers) {
        EXPECT_EQ(request.rawHeader(header.name), header.value) << header.name.toStdString();
        EXPECT_TRUE(curl.contains(QString::fromLatin1(header.name + ": " + header.value))) << header.name.toStdString();
    }
    EXPECT_TRUE(curl.contains(QStringLiteral("Accept-Encoding: identity")));
}
