// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestbuilder.h"

#include "net/endpointurl.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace TokenScope::RequestBuilder {

QByteArray body(const RunConfig &config)
{
    QJsonObject obj {
        {QStringLiteral("model"), config.model},
        {QStringLiteral("stream"), true},
        {QStringLiteral("temperature"), config.temperature},
        {QStringLiteral("max_tokens"), config.maxTokens},
    };
    if (config.api == ApiKind::Completions) {
        obj.insert(QStringLiteral("prompt"), config.prompt);
    } else {
        const QJsonObject message {{QStringLiteral("role"), QStringLiteral("user")},
                                   {QStringLiteral("content"), config.prompt}};
        obj.insert(QStringLiteral("messages"), QJsonArray {message});
    }
    if (config.includeUsage)
        obj.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    for (auto it = config.extraBody.begin(); it != config.extraBody.end(); ++it)
        obj.insert(it.key(), it.value());
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

QNetworkRequest networkRequest(const RunConfig &config, const QUrl &url)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream"));
    request.setRawHeader(QByteArrayLiteral("Accept-Encoding"), QByteArrayLiteral("identity"));
    if (!config.apiKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Authorization"), "Bearer " + config.apiKey.toUtf8());
    for (const auto &header : config.headers)
        request.setRawHeader(header.first, header.second);
    request.setTransferTimeout(config.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, config.http2);
    // h2c needs prior knowledge over cleartext; over TLS, ALPN negotiates h2.
    request.setAttribute(QNetworkRequest::Http2DirectAttribute, config.http2 && url.scheme() == u"http");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    return request;
}

bool parseExtraBody(const QString &text, QJsonObject *out, QString *error)
{
    if (text.trimmed().isEmpty()) {
        *out = {};
        return true;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("Extra body is not valid JSON: %1 at offset %2")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("Extra body must be a JSON object, e.g. {\"top_p\": 0.9}");
        return false;
    }
    *out = doc.object();
    return true;
}

QString validate(const RunConfig &config)
{
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    if (!endpoint.ok())
        return endpoint.error;
    if (config.model.trimmed().isEmpty())
        return QStringLiteral("The model ID is empty.");
    if (config.concurrencyLevels.isEmpty())
        return QStringLiteral("No concurrency levels given.");
    for (int c : config.concurrencyLevels) {
        if (c < 1 || c > 4096)
            return QStringLiteral("Concurrency %1 is out of range (1 to 4096).").arg(c);
    }
    if (config.maxTokens < 1)
        return QStringLiteral("max_tokens must be at least 1.");
    if (config.requestsPerLevel < 0 || config.requestsPerConcurrency < 1)
        return QStringLiteral("Requests per level must be positive.");
    if (config.warmupRequests < 0)
        return QStringLiteral("Warm-up requests cannot be negative.");
    if (config.timeoutMs < 1)
        return QStringLiteral("The timeout must be positive.");
    for (const auto &header : config.headers) {
        if (header.first.isEmpty() || header.first.contains(':') || header.first.contains(' '))
            return QStringLiteral("Invalid header name \"%1\".").arg(QString::fromLatin1(header.first));
    }
    return {};
}

} // namespace TokenScope::RequestBuilder
