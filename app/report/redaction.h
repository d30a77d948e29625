// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

/// Keeps the API key out of exported text even where it slipped into a free-text field (a base
/// URL with `?key=`, an error body that echoes the key, an extra_body value). Pure; thread-safe.
namespace TokenScope::Report {

/// Secrets shorter than this are not searched for: placeholder keys such as "EMPTY" or "x" would
/// otherwise mangle ordinary words. Real provider keys are far longer.
inline constexpr int kMinRedactedSecretLength = 8;

/// What replaces the secret.
QString redactionMark();

/// `text` with every occurrence of `secret` replaced by redactionMark().
QString redactSecret(const QString &text, const QString &secret);

/// The same over every string of a JSON value, recursively (keys included).
QJsonValue redactSecret(const QJsonValue &value, const QString &secret);
QJsonObject redactSecret(const QJsonObject &object, const QString &secret);

} // namespace TokenScope::Report
