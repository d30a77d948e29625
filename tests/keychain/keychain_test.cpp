// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// QtKeychainKeyStore against a real Secret Service: a throwaway gnome-keyring in a D-Bus session of
// its own (run through with-keyring.sh), and against no D-Bus at all. A program of its own, since
// a process keeps its first session bus connection.
#include "store/keystore.h"

#include <QCoreApplication>
#include <QProcess>
#include <QMetaEnum>
#include <QTimer>
#include <QUuid>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

constexpr int kWaitMs = 20000; // an upper bound for a slow machine, not a timing assertion
const char *const kChildEnv = "TOKENSCOPE_KEYCHAIN_PROBE";

/// What one KeyStore call ended in.
struct Outcome {
    QString signal; ///< keyRead, keyWritten, keyDeleted, failed, or "none" on timeout
    QString key;
    KeyStore::Error error = KeyStore::Error::Other;
    QString message;
};

template<typename Call>
Outcome await(KeyStore &store, Call call)
{
    Outcome outcome;
    outcome.signal = QStringLiteral("none");
    QEventLoop loop;
    QObject context;
    QObject::connect(&store, &KeyStore::keyRead, &context, [&](const QString &, const QString &key) {
        outcome.signal = QStringLiteral("keyRead");
        outcome.key = key;
        loop.quit();
    });
    QObject::connect(&store, &KeyStore::keyWritten, &context, [&] {
        outcome.signal = QStringLiteral("keyWritten");
        loop.quit();
    });
    QObject::connect(&store, &KeyStore::keyDeleted, &context, [&] {
        outcome.signal = QStringLiteral("keyDeleted");
        loop.quit();
    });
    QObject::connect(&store, &KeyStore::failed, &context,
                     [&](const QString &, KeyStore::Operation, KeyStore::Error error, const QString &message) {
                         outcome.signal = QStringLiteral("failed");
                         outcome.error = error;
                         outcome.message = message;
                         loop.quit();
                     });
    QTimer::singleShot(kWaitMs, &context, [&loop] { loop.quit(); });
    call();
    if (outcome.signal == u"none") // a backend may answer synchronously
        loop.exec();
    return outcome;
}

std::string errorName(KeyStore::Error error)
{
    return QMetaEnum::fromType<KeyStore::Error>().valueToKey(int(error));
}

std::string describe(const Outcome &o)
{
    return o.signal.toStdString() + (o.signal == u"failed" ? " " + errorName(o.error) + ": " + o.message.toStdString()
                                                           : std::string());
}

/// The child process of KeychainWithoutDBus: one write and one read, each outcome on a line.
int runProbe()
{
    QtKeychainKeyStore store;
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const Outcome write = await(store, [&] { store.writeKey(id, QStringLiteral("sk-probe")); });
    const Outcome read = await(store, [&] { store.readKey(id); });
    printf("write: %s\nread: %s\n", describe(write).c_str(), describe(read).c_str());
    return 0;
}

} // namespace

TEST(KeychainRoundTrip, WritesReadsOverwritesAndDeletesAKeyInGnomeKeyring)
{
    const QString unavailable = qEnvironmentVariable("TOKENSCOPE_KEYRING_UNAVAILABLE");
    if (!unavailable.isEmpty())
        GTEST_SKIP() << "no keyring to test against: " << unavailable.toStdString();
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        GTEST_SKIP() << "no D-Bus session: run this test through tests/keychain/with-keyring.sh (ctest does)";

    QtKeychainKeyStore store;
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QString first = QStringLiteral("sk-first-%1").arg(id);
    const QString second = QStringLiteral("sk-second ünïcode %1").arg(id);

    Outcome o = await(store, [&] { store.readKey(id); });
    ASSERT_EQ(o.signal.toStdString(), "failed") << describe(o);
    EXPECT_EQ(errorName(o.error), errorName(KeyStore::Error::NotFound)) << describe(o);

    o = await(store, [&] { store.writeKey(id, first); });
    ASSERT_EQ(o.signal.toStdString(), "keyWritten") << describe(o);
    o = await(store, [&] { store.readKey(id); });
    ASSERT_EQ(o.signal.toStdString(), "keyRead") << describe(o);
    EXPECT_TRUE(o.key == first) << "the key read back differs from the one written"; // never print a key

    o = await(store, [&] { store.writeKey(id, second); });
    ASSERT_EQ(o.signal.toStdString(), "keyWritten") << describe(o);
    o = await(store, [&] { store.readKey(id); });
    ASSERT_EQ(o.signal.toStdString(), "keyRead") << describe(o);
    EXPECT_TRUE(o.key == second) << "overwriting did not replace the key";

    // Another profile's entry is a separate key.
    const QString other = QUuid::createUuid().toString(QUuid::WithoutBraces);
    o = await(store, [&] { store.readKey(other); });
    EXPECT_EQ(errorName(o.error), errorName(KeyStore::Error::NotFound)) << describe(o);

    o = await(store, [&] { store.deleteKey(id); });
    ASSERT_EQ(o.signal.toStdString(), "keyDeleted") << describe(o);
    o = await(store, [&] { store.readKey(id); });
    ASSERT_EQ(o.signal.toStdString(), "failed") << describe(o);
    EXPECT_EQ(errorName(o.error), errorName(KeyStore::Error::NotFound)) << describe(o);

    o = await(store, [&] { store.deleteKey(id); });
    EXPECT_EQ(o.signal.toStdString(), "keyDeleted") << "deleting a missing key succeeds: " << describe(o);
}

TEST(KeychainWithoutDBus, ReportsNoSecureStorage)
{
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildEnv), QStringLiteral("1"));
    // A session bus address that points nowhere: what a container or a bare SSH login has.
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/tokenscope-bus"));
    env.remove(QStringLiteral("DISPLAY")); // no X11 autolaunch of a bus either
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {});
    ASSERT_TRUE(child.waitForFinished(60000)) << "the probe did not finish";
    const std::string out = child.readAllStandardOutput().toStdString();
    EXPECT_NE(out.find("write: failed NoSecureStorage"), std::string::npos) << out;
    EXPECT_NE(out.find("read: failed NoSecureStorage"), std::string::npos) << out;
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (!qEnvironmentVariableIsEmpty(kChildEnv))
        return runProbe();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
