// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "redaction.h"

#include <QJsonArray>

namespace TokenScope::Report {

namespace {

bool searchable(const QString &secret)
{
    return secret.size() >= kMinRedactedSecretLength;
}

QJsonArray redactArray(const QJsonArray &array, const QString &secret)
{
    QJsonArray out;
    for (const QJsonValue &v : array)
        out.append(redactSecret(v, secret));
    return out;
}

} // namespace

QString redactionMark()
{
    return QStringLiteral("[redacted]");
}

QString redactSecret(const QString &text, const QString &secret)
{
    if (!searchable(secret) || !text.contains(secret))
        return text;
    QString out = text;
    return out.replace(secret, redactionMark());
}

QJsonValue redactSecret(const QJsonValue &value, const QString &secret)
{
    if (!searchable(secret))
        return value;
    switch (value.type()) {
    case QJsonValue::String:
        return redactSecret(value.toString(), secret);
    case QJsonValue::Array:
        return redactArray(value.toArray(), secret);
    case QJsonValue::Object:
        return redactSecret(value.toObject(), secret);
    default:
        return value;
    }
}

QJsonObject redactSecret(const QJsonObject &object, const QString &secret)
{
    if (!searchable(secret))
        return object;
    QJsonObject out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        out.insert(redactSecret(it.key(), secret), redactSecret(it.value(), secret));
    return out;
}

} // namespace TokenScope::Report
