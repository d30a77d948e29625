// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keystore.h"

#include <qt6keychain/keychain.h>

namespace TokenScope {

namespace {

KeyStore::Error errorFor(QKeychain::Error error)
{
    switch (error) {
    case QKeychain::EntryNotFound:
        return KeyStore::Error::NotFound;
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        return KeyStore::Error::Denied;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    // QtKeychain 0.13 on Linux answers OtherError when no Secret Service is on the session bus (or
    // there is no session bus): the common case of a desktop without a keyring, or a container.
    case QKeychain::OtherError:
        return KeyStore::Error::NoSecureStorage;
    case QKeychain::NoError:
    case QKeychain::CouldNotDeleteEntry:
        break;
    }
    return KeyStore::Error::Other;
}

} // namespace

QtKeychainKeyStore::QtKeychainKeyStore(QObject *parent)
    : KeyStore(parent)
{
}

void QtKeychainKeyStore::readKey(const QString &profileId)
{
    auto *job = new QKeychain::ReadPasswordJob(serviceName(), this); // deletes itself once finished
    job->setInsecureFallback(false);
    job->setKey(profileId);
    connect(job, &QKeychain::Job::finished, this, [this, profileId](QKeychain::Job *done) {
        if (done->error() == QKeychain::NoError)
            Q_EMIT keyRead(profileId, static_cast<QKeychain::ReadPasswordJob *>(done)->textData());
        else
            Q_EMIT failed(profileId, Operation::Read, errorFor(done->error()), done->errorString());
    });
    job->start();
}

void QtKeychainKeyStore::writeKey(const QString &profileId, const QString &key)
{
    auto *job = new QKeychain::WritePasswordJob(serviceName(), this);
    job->setInsecureFallback(false); // never a silent plaintext file: that is the user's choice
    job->setKey(profileId);
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this, [this, profileId](QKeychain::Job *done) {
        if (done->error() == QKeychain::NoError)
            Q_EMIT keyWritten(profileId);
        else
            Q_EMIT failed(profileId, Operation::Write, errorFor(done->error()), done->errorString());
    });
    job->start();
}

void QtKeychainKeyStore::deleteKey(const QString &profileId)
{
    auto *job = new QKeychain::DeletePasswordJob(serviceName(), this);
    job->setInsecureFallback(false);
    job->setKey(profileId);
    connect(job, &QKeychain::Job::finished, this, [this, profileId](QKeychain::Job *done) {
        if (done->error() == QKeychain::NoError || done->error() == QKeychain::EntryNotFound)
            Q_EMIT keyDeleted(profileId);
        else
            Q_EMIT failed(profileId, Operation::Delete, errorFor(done->error()), done->errorString());
    });
    job->start();
}

} // namespace TokenScope
