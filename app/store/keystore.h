// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

namespace TokenScope {

/// Where API keys are kept, one entry per profile id. Asynchronous: every call ends in exactly one
/// signal, keyRead/keyWritten/keyDeleted or failed. Implementations never log a key.
/// Lives on the thread that created it (the GUI's).
class KeyStore : public QObject
{
    Q_OBJECT
public:
    enum class Operation { Read, Write, Delete };
    Q_ENUM(Operation)
    enum class Error {
        NoSecureStorage, ///< no keychain answers (no Secret Service on D-Bus, no D-Bus at all)
        Denied, ///< the user or the system refused access
        NotFound, ///< no key stored for this profile (Read only)
        Other,
    };
    Q_ENUM(Error)

    using QObject::QObject;

    virtual void readKey(const QString &profileId) = 0;
    virtual void writeKey(const QString &profileId, const QString &key) = 0;
    /// Deleting a key that does not exist succeeds.
    virtual void deleteKey(const QString &profileId) = 0;

Q_SIGNALS:
    void keyRead(const QString &profileId, const QString &key);
    void keyWritten(const QString &profileId);
    void keyDeleted(const QString &profileId);
    /// `message` is the backend's own words, for the user; it never contains the key.
    void failed(const QString &profileId, TokenScope::KeyStore::Operation operation,
                TokenScope::KeyStore::Error error, const QString &message);
};

/// The OS keychain through QtKeychain: service "TokenScope", entry name = profile id. On Linux
/// that is the Secret Service (GNOME Keyring, KWallet); QtKeychain answers OtherError (7) or
/// NoBackendAvailable where none runs, reported here as NoSecureStorage.
class QtKeychainKeyStore : public KeyStore
{
    Q_OBJECT
public:
    explicit QtKeychainKeyStore(QObject *parent = nullptr);

    static QString serviceName() { return QStringLiteral("TokenScope"); }

    void readKey(const QString &profileId) override;
    void writeKey(const QString &profileId, const QString &key) override;
    void deleteKey(const QString &profileId) override;
};

} // namespace TokenScope
