// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestbuilder.h"

#include "net/endpointurl.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslConfiguration>

namespace TokenScope::RequestBuilder {

namespace {

// The texts a user reads before a run starts (under the Run button, in the connection check),
// translated in the window; a struct only so that they share the "TokenScope::RequestBuilder" context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TokenScope::RequestBuilder)
};

// The certificates of a PEM file, or an empty list with what is wrong.
QList<QSslCertificate> loadCaFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("Cannot read the CA file %1: %2").arg(path, file.errorString());
        return {};
    }
    QList<QSslCertificate> certificates = QSslCertificate::fromData(file.readAll(), QSsl::Pem);
    certificates.removeIf([](const QSslCertificate &certificate) { return certificate.isNull(); });
    if (certificates.isEmpty())
        *error = Text::tr("The CA file %1 holds no PEM certificate (a block starting with "
                          "-----BEGIN CERTIFICATE-----).")
                     .arg(path);
    return certificates;
}

} // namespace

QByteArray body(const RunConfig &config)
{
    return body(config, config.prompt);
}

QByteArray body(const RunConfig &config, const QString &prompt)
{
    QJsonObject obj {
        {QStringLiteral("model"), config.model},
        {QStringLiteral("stream"), true},
        {QStringLiteral("temperature"), config.temperature},
        {QStringLiteral("max_tokens"), config.maxTokens},
    };
    if (config.api == ApiKind::Completions) {
        obj.insert(QStringLiteral("prompt"), prompt);
    } else {
        const QJsonObject message {{QStringLiteral("role"), QStringLiteral("user")},
                                   {QStringLiteral("content"), prompt}};
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
    if (!config.caCertificatesPath.isEmpty()) {
        // The system's CAs listed explicitly: setting any CA list turns off Qt's on-demand loading
        // of the system store, and the extra CA must add to it, not replace it. validate() has
        // already refused an unusable file.
        QString error;
        const QList<QSslCertificate> extra = loadCaFile(config.caCertificatesPath, &error);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates(QSslConfiguration::systemCaCertificates() + extra);
        request.setSslConfiguration(tls);
    }
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
        *error = Text::tr("Extra body is not valid JSON: %1 at offset %2")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isObject()) {
        *error = Text::tr("Extra body must be a JSON object, e.g. {\"top_p\": 0.9}");
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
        return Text::tr("The model ID is empty.");
    if (config.concurrencyLevels.isEmpty())
        return Text::tr("No concurrency levels given.");
    for (int c : config.concurrencyLevels) {
        if (c < 1 || c > 4096)
            return Text::tr("Concurrency %1 is out of range (1 to 4096).").arg(c);
    }
    if (config.maxTokens < 1)
        return Text::tr("max_tokens must be at least 1.");
    if (config.requestsPerLevel < 0 || config.requestsPerConcurrency < 1)
        return Text::tr("Requests per level must be positive.");
    if (config.warmupRequests < 0)
        return Text::tr("Warm-up requests cannot be negative.");
    if (config.timeoutMs < 1)
        return Text::tr("The timeout must be positive.");
    for (const auto &header : config.headers) {
        if (header.first.isEmpty() || header.first.contains(':') || header.first.contains(' '))
            return Text::tr("Invalid header name \"%1\".").arg(QString::fromLatin1(header.first));
    }
    if (!config.caCertificatesPath.isEmpty()) {
        QString error;
        if (loadCaFile(config.caCertificatesPath, &error).isEmpty())
            return error;
    }
    return {};
}

} // namespace TokenScope::RequestBuilder

namespace TokenScope::RequestBuilder {

namespace {

QString shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

bool looksLikeCredential(const QByteArray &headerName)
{
    const QByteArray name = headerName.toLower();
    for (const char *word : {"auth", "key", "token", "secret", "cookie", "password"}) {
        if (name.contains(word))
            return true;
    }
    return false;
}

} // namespace

QString curlCommand(const RunConfig &config, bool revealSecrets, const QString &keyVariable)
{
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    QStringList lines {QStringLiteral("curl -N ") + shellQuoted(endpoint.ok() ? endpoint.url.toString() : config.baseUrl),
                       QStringLiteral("-H 'Content-Type: application/json'"),
                       QStringLiteral("-H 'Accept: text/event-stream'")};
    if (!config.apiKey.isEmpty()) {
        // Double quotes so the shell expands the variable; the key itself is not written.
        lines << (revealSecrets ? QStringLiteral("-H ") + shellQuoted(QStringLiteral("Authorization: Bearer ") + config.apiKey)
                                : QStringLiteral("-H \"Authorization: Bearer $%1\"").arg(keyVariable));
    }
    for (const auto &header : config.headers) {
        const QString value = revealSecrets || !looksLikeCredential(header.first) ? QString::fromUtf8(header.second)
                                                                                 : QStringLiteral("<redacted>");
        lines << QStringLiteral("-H ") + shellQuoted(QString::fromLatin1(header.first) + QStringLiteral(": ") + value);
    }
    QString bodyText = QString::fromUtf8(body(config));
    if (!revealSecrets && config.apiKey.size() >= 8)
        bodyText.replace(config.apiKey, QStringLiteral("<redacted>")); // a key pasted into the extra body
    lines << QStringLiteral("-d ") + shellQuoted(bodyText);
    return lines.join(QStringLiteral(" \\\n  "));
}

} // namespace TokenScope::RequestBuilder
