// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestbuilder.h"

#include "core/inputfile.h"
#include "core/secrets.h"
#include "net/endpointurl.h"
#include "net/headerrules.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslConfiguration>

#include <algorithm>
#include <cmath>

namespace TokenScope::RequestBuilder {

namespace {

// The texts a user reads before a run starts (under the Run button, in the connection check),
// translated in the window; a struct only so that they share the "TokenScope::RequestBuilder" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::RequestBuilder)
};

} // namespace

QList<QSslCertificate> caCertificates(const QString &path, QString *error)
{
    // A regular file of at most 16 MiB (docs/metrics.md#input-files): a pipe or /dev/zero is refused.
    QString why;
    const std::optional<QByteArray> bytes = InputFile::read(path, InputFile::kTextFileMaxBytes, &why);
    if (!bytes) {
        *error = Text::tr("Cannot read the CA file %1: %2").arg(path, why);
        return {};
    }
    QList<QSslCertificate> certificates = QSslCertificate::fromData(*bytes, QSsl::Pem);
    certificates.removeIf([](const QSslCertificate &certificate) { return certificate.isNull(); });
    if (certificates.isEmpty())
        *error = Text::tr("The CA file %1 holds no PEM certificate (a block starting with "
                          "-----BEGIN CERTIFICATE-----).")
                     .arg(path);
    return certificates;
}

QByteArray body(const RunConfig &config)
{
    return body(config, Prompt { QString(), config.prompt, {}, 0, -1, {} });
}

QByteArray body(const RunConfig &config, const Prompt &prompt)
{
    return apiDialect(config.api).body(config, prompt);
}

namespace {

// The custom headers the header rule lets through. the run check (engine/runcheck.h) refuses a config with any other
// before a run or check starts; this keeps a header that would break the request's framing (CR/LF,
// Content-Length, ...) off the wire whoever builds the request.
QList<RequestHeader> acceptedCustomHeaders(const RunConfig &config)
{
    QList<RequestHeader> accepted;
    for (const auto &[name, value] : config.headers) {
        if (HeaderRules::problem(name, value, config.api, config.replaceAuthHeader).isEmpty())
            accepted.append({ name, value });
    }
    return accepted;
}

} // namespace

QList<RequestHeader> requestHeaders(const RunConfig &config)
{
    const ApiDialect &dialect = apiDialect(config.api);
    QList<RequestHeader> headers {
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") },
        { QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream") },
        { QByteArrayLiteral("Accept-Encoding"), QByteArrayLiteral("identity") },
    };
    headers += dialect.authHeaders(config.apiKey);
    headers += dialect.apiHeaders;
    // A custom header replaces TokenScope's of the same name (e.g. another anthropic-version), so
    // the request and the curl command carry it once.
    const QList<RequestHeader> custom = acceptedCustomHeaders(config);
    headers.removeIf([&custom](const RequestHeader &header) {
        return std::any_of(custom.begin(), custom.end(),
            [&header](const RequestHeader &c) { return c.name.compare(header.name, Qt::CaseInsensitive) == 0; });
    });
    headers += custom;
    return headers;
}

QNetworkRequest networkRequest(const RunConfig &config, const QUrl &url)
{
    QNetworkRequest request(url);
    for (const RequestHeader &header : requestHeaders(config))
        request.setRawHeader(header.name, header.value);
    request.setTransferTimeout(config.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, config.http2);
    // h2c needs prior knowledge over cleartext; over TLS, ALPN negotiates h2.
    request.setAttribute(QNetworkRequest::Http2DirectAttribute, config.http2 && url.scheme() == u"http");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    if (!config.caCertificatesPath.isEmpty()) {
        // The system's CAs listed explicitly: setting any CA list turns off Qt's on-demand loading
        // of the system store, and the extra CA must add to it, not replace it. The run check has
        // already refused an unusable file.
        QString error;
        const QList<QSslCertificate> extra = caCertificates(config.caCertificatesPath, &error);
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

QStringList overriddenRequestKeys(const QJsonObject &extraBody, ApiKind api)
{
    QStringList keys;
    for (const QString &key : apiDialect(api).measuredBodyKeys) {
        if (extraBody.contains(key))
            keys.append(key);
    }
    keys.sort();
    return keys;
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

} // namespace

QString curlCommand(const RunConfig &config, bool revealSecrets, const QString &keyVariableName)
{
    const QString keyVariable = keyVariableName.isEmpty() ? apiDialect(config.api).keyVariable : keyVariableName;
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    const QString url = endpoint.ok() ? endpoint.url.toString() : config.baseUrl;
    QStringList lines { QStringLiteral("curl -N ") + shellQuoted(revealSecrets ? url : urlForDisplay(url)) };
    for (const RequestHeader &header : requestHeaders(config)) {
        const QString line = QString::fromLatin1(header.name) + QStringLiteral(": ") + QString::fromUtf8(header.value);
        if (revealSecrets) {
            lines << QStringLiteral("-H ") + shellQuoted(line);
        } else if (header.carriesKey) {
            // Double quotes so the shell expands the variable; the key itself is not written.
            QString withVariable = line;
            withVariable.replace(config.apiKey, u'$' + keyVariable);
            lines << QStringLiteral("-H \"%1\"").arg(withVariable);
        } else {
            const bool secret = looksLikeCredentialName(QString::fromLatin1(header.name));
            lines << QStringLiteral("-H ")
                    + shellQuoted(secret ? QString::fromLatin1(header.name) + QStringLiteral(": <redacted>") : line);
        }
    }
    QString bodyText = QString::fromUtf8(body(config));
    if (!revealSecrets)
        bodyText = Secrets::of(config).redact(bodyText); // a key pasted into the extra body
    lines << QStringLiteral("-d ") + shellQuoted(bodyText);
    return lines.join(QStringLiteral(" \\\n  "));
}

} // namespace TokenScope::RequestBuilder
