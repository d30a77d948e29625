// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "core/secrets.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

/// Keeps the API key out of exported text even where it slipped into a free-text field (a base
/// URL with `?key=`, an error body that echoes the key, an extra_body value). The rule is
/// Secrets's (core/secrets.h); these take the one secret a writer knows. Pure; thread-safe.
namespace TokenScope::Report {

inline constexpr int kMinRedactedSecretLength = kMinSecretLength;
using TokenScope::redactionMark;

/// `text` with every occurrence of `secret` replaced by redactionMark().
QString redactSecret(const QString &text, const QString &secret);

/// The same over every string of a JSON value, recursively (keys included).
QJsonValue redactSecret(const QJsonValue &value, const QString &secret);
QJsonObject redactSecret(const QJsonObject &object, const QString &secret);

/// Everything the run must not write (Secrets::of over its config and every arm's): the last pass
/// of each writer over its whole output.
Secrets secretsOf(const RunResult &run);

} // namespace TokenScope::Report
