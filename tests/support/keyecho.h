// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hostilepeer.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace TokenScope::Testing {

/// The secrets a key-echo test hands TokenScope: a key, and a Base URL whose user name, password
/// and `api_key` query value are credentials too. Each is at least 8 characters, as keys are.
struct EchoedSecrets
{
    QString key = QStringLiteral("sk-echo-0123456789abcdefKEY");
    QString user = QStringLiteral("alice-user-name");
    QString password = QStringLiteral("hunter2-password-xyz");
    QString querySecret = QStringLiteral("querysecret-98765");

    /// http://user:password@host:port/v1?api_key=querySecret for a peer at `peerBaseUrl`.
    QString baseUrlFor(const QString &peerBaseUrl) const;
    /// Every secret, for grepping what was written.
    QList<QByteArray> all() const;
};

/// A server that echoes every credential it was sent (the key from Authorization or x-api-key,
/// the request line with its query) into every field it can reach, request after request in turn:
/// response headers, the stream's ids and model name, a 401 JSON error body, an in-stream error
/// event, a 500 body holding the whole request head, and the label values and a help text of
/// its /metrics.
HostileScript keyEchoScript();

/// Which of `secrets` occur in `bytes` (empty: none).
QList<QByteArray> secretsIn(const QByteArray &bytes, const QList<QByteArray> &secrets);

/// Every regular file under `dir`, recursively, with the secrets each holds; empty when no file
/// holds any. A file that cannot be read is reported as holding "<unreadable>".
QStringList filesHoldingSecrets(const QString &dir, const QList<QByteArray> &secrets);

/// Fails the current test, listing each file and what it holds, when a file under `dir` holds a secret.
void expectNoSecretIn(const QString &dir, const QList<QByteArray> &secrets);

} // namespace TokenScope::Testing
