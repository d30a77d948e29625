// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "redaction.h"

namespace TokenScope::Report {

namespace {

Secrets only(const QString &secret)
{
    Secrets secrets;
    secrets.add(secret);
    return secrets;
}

} // namespace

QString redactSecret(const QString &text, const QString &secret)
{
    return only(secret).redact(text);
}

QJsonValue redactSecret(const QJsonValue &value, const QString &secret)
{
    return only(secret).redact(value);
}

QJsonObject redactSecret(const QJsonObject &object, const QString &secret)
{
    return only(secret).redact(object);
}

Secrets secretsOf(const RunResult &run)
{
    QList<RunConfig> configs { run.config };
    configs += run.arms;
    configs += run.interleavedArms;
    return Secrets::of(configs);
}

} // namespace TokenScope::Report
