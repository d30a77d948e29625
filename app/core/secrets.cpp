// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "secrets.h"

#include "requestrecord.h"
#include "runconfig.h"
#include "servermetrics.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

namespace TokenScope {

namespace {

// The query values of `url` under credential-like names, decoded.
QStringList credentialQueryValues(const QUrl &url)
{
    QStringList values;
    const QUrlQuery query(url);
    for (const auto &item : query.queryItems(QUrl::FullyDecoded)) {
        if (looksLikeCredentialName(item.first))
            values.append(item.second);
    }
    return values;
}

void addUrlSecrets(Secrets *secrets, const QString &text)
{
    if (text.isEmpty())
        return;
    const QUrl url(text.trimmed());
    if (!url.isValid())
        return;
    secrets->add(url.password(QUrl::FullyDecoded));
    secrets->add(url.password(QUrl::FullyEncoded));
    secrets->add(url.userName(QUrl::FullyDecoded));
    secrets->add(url.userName(QUrl::FullyEncoded));
    for (const QString &value : credentialQueryValues(url)) {
        secrets->add(value);
        secrets->add(QString::fromUtf8(QUrl::toPercentEncoding(value)));
    }
}

void addConfigSecrets(Secrets *secrets, const RunConfig &config)
{
    secrets->add(config.apiKey);
    addUrlSecrets(secrets, config.baseUrl);
    addUrlSecrets(secrets, config.serverMetricsUrl);
    addUrlSecrets(secrets, config.proxyUrl);
    for (const auto &header : config.headers) {
        if (!looksLikeCredentialName(QString::fromLatin1(header.first)))
            continue;
        // The whole value and each part of it: a server quotes the token of "Bearer <token>" or
        // one cookie of "a=1; session=<token>", not the header as sent.
        const QString value = QString::fromUtf8(header.second);
        secrets->add(value);
        static const QRegularExpression separators(QStringLiteral("[\\s;=,]+"));
        for (const QString &part : value.split(separators, Qt::SkipEmptyParts))
            secrets->add(part);
    }
}

} // namespace

bool looksLikeCredentialName(const QString &name)
{
    static const QStringList parts { QStringLiteral("key"), QStringLiteral("token"), QStringLiteral("secret"),
        QStringLiteral("pass"), QStringLiteral("pwd"), QStringLiteral("auth"), QStringLiteral("sig"),
        QStringLiteral("credential"), QStringLiteral("session"), QStringLiteral("cookie") };
    const QString lower = name.toLower();
    return std::any_of(parts.cbegin(), parts.cend(), [&lower](const QString &part) { return lower.contains(part); });
}

QString redactionMark()
{
    return QStringLiteral("[redacted]");
}

QString urlForDisplay(const QString &text)
{
    QUrl url(text.trimmed());
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty()) {
        // Not a URL Qt can take apart (no scheme, a bad port): whatever stands before an '@' in
        // its authority is user info all the same.
        static const QRegularExpression userInfo(QStringLiteral("^(\\s*(?:[A-Za-z][A-Za-z0-9+.-]*://)?)[^/?#@\\s]+@"));
        QString out = text;
        return out.replace(userInfo, QStringLiteral("\\1") + redactionMark() + u'@');
    }
    // QUrl would percent-encode the mark's brackets: a plain placeholder goes in, the mark comes out.
    const QString placeholder = QStringLiteral("TOKENSCOPEREDACTED");
    bool changed = false;
    if (!url.userInfo().isEmpty()) {
        url.setUserInfo(placeholder);
        changed = true;
    }
    if (url.hasQuery()) {
        QUrlQuery query(url);
        QList<QPair<QString, QString>> items = query.queryItems(QUrl::FullyDecoded);
        bool queryChanged = false;
        for (auto &item : items) {
            if (looksLikeCredentialName(item.first) && !item.second.isEmpty()) {
                item.second = placeholder;
                queryChanged = true;
            }
        }
        if (queryChanged) { // otherwise the query stays exactly as given
            query.setQueryItems(items);
            url.setQuery(query);
            changed = true;
        }
    }
    return changed ? url.toString().replace(placeholder, redactionMark()) : text; // as given when nothing hides
}

Secrets Secrets::of(const RunConfig &config)
{
    Secrets secrets;
    addConfigSecrets(&secrets, config);
    return secrets;
}

Secrets Secrets::of(const QList<RunConfig> &arms)
{
    Secrets secrets;
    for (const RunConfig &arm : arms)
        addConfigSecrets(&secrets, arm);
    return secrets;
}

void Secrets::add(const QString &secret)
{
    if (secret.size() < kMinSecretLength || m_secrets.contains(secret))
        return;
    const auto at = std::find_if(
        m_secrets.cbegin(), m_secrets.cend(), [&secret](const QString &other) { return other.size() < secret.size(); });
    m_secrets.insert(at - m_secrets.cbegin(), secret);
}

QString Secrets::redact(const QString &text) const
{
    // The user info of any URL quoted in the text (Qt's error strings quote the request's URL),
    // whatever its length: a short password is found by its place, not by its value.
    static const QRegularExpression userInfo(QStringLiteral("([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\\s]+@"));
    QString out = text;
    if (out.contains(u'@') && out.contains(u"://"))
        out.replace(userInfo, QStringLiteral("\\1") + redactionMark() + u'@');
    for (const QString &secret : m_secrets) {
        if (out.contains(secret))
            out.replace(secret, redactionMark());
    }
    return out;
}

QJsonValue Secrets::redact(const QJsonValue &value) const
{
    switch (value.type()) {
    case QJsonValue::String:
        return redact(value.toString());
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(redact(v));
        return out;
    }
    case QJsonValue::Object:
        return redact(value.toObject());
    default:
        return value;
    }
}

QJsonObject Secrets::redact(const QJsonObject &object) const
{
    QJsonObject out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        out.insert(redact(it.key()), redact(it.value()));
    return out;
}

void Secrets::redact(RequestRecord *record) const
{
    record->responseId = redact(record->responseId);
    record->errorMessage = redact(record->errorMessage);
    record->promptId = redact(record->promptId);
}

void Secrets::redact(ServerMetricsSample *sample) const
{
    sample->error = redact(sample->error);
    sample->server = redact(sample->server);
    const auto holdsSecret = [this](const QString &name) { return redact(name) != name; };
    const QStringList names = sample->series.keys();
    if (std::none_of(names.cbegin(), names.cend(), holdsSecret))
        return; // the usual case: no copy of a large scrape
    QMap<QString, double> series;
    for (auto it = sample->series.constBegin(); it != sample->series.constEnd(); ++it)
        series.insert(redact(it.key()), it.value());
    sample->series = series;
}

} // namespace TokenScope
