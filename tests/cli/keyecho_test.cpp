// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A server that echoes the key and the Base URL's credentials into every field it can reach: the
// real tokenscope-cli writes none of them to any file, nor to its output (docs/hostile-input.md#secrets).
#include "support/enginerun.h"
#include "support/keyecho.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <atomic>
#include <gtest/gtest.h>
#include <memory>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

struct Ran
{
    int exitCode = -1;
    QByteArray out, err;
};

Ran runCli(const QStringList &args, const QString &key)
{
    QProcess process;
    process.setProcessEnvironment(environmentWithApiKey(key));
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForFinished(120000)) << "tokenscope-cli did not finish";
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError() };
}

QString joined(const QList<QByteArray> &found)
{
    return QString::fromUtf8(found.join(", "));
}

} // namespace

TEST(KeyEcho, TheCliWritesNoSecretAServerEchoesIntoAnyField)
{
    HostilePeer peer(keyEchoScript());
    ASSERT_TRUE(peer.start());
    const EchoedSecrets secrets;
    const QString baseUrl = secrets.baseUrlFor(peer.baseUrl());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("run"));

    const Ran run
        = runCli({ QStringLiteral("run"), QStringLiteral("--base-url"), baseUrl, QStringLiteral("--model"),
                     QStringLiteral("echo-model"), QStringLiteral("--concurrency"), QStringLiteral("1,2"),
                     QStringLiteral("--requests"), QStringLiteral("8"), QStringLiteral("--warmup"), QStringLiteral("1"),
                     QStringLiteral("--max-tokens"), QStringLiteral("24"), QStringLiteral("--server-metrics"),
                     peer.baseUrl() + QStringLiteral("/metrics?token=") + secrets.querySecret,
                     QStringLiteral("--server-metrics-interval"), QStringLiteral("0.2"), QStringLiteral("--out"), out },
            secrets.key);
    // Every kind of echo was served and came back into the run: the server saw the key each time.
    ASSERT_GE(peer.requests().size(), 17) << run.err.toStdString();
    EXPECT_EQ(peer.requests().first().header("authorization"), "Bearer " + secrets.key.toUtf8());
    EXPECT_NE(run.exitCode, 2) << run.err.toStdString();
    ASSERT_TRUE(QFile::exists(out + QStringLiteral("/requests.jsonl"))) << run.err.toStdString();

    expectNoSecretIn(out, secrets.all());
    EXPECT_EQ(joined(secretsIn(run.out, secrets.all())), QString()) << run.out.toStdString();
    EXPECT_EQ(joined(secretsIn(run.err, secrets.all())), QString()) << run.err.toStdString();

    // What was written says where the secrets were: the records kept the server's words around them.
    QFile requests(out + QStringLiteral("/requests.jsonl"));
    ASSERT_TRUE(requests.open(QIODevice::ReadOnly));
    const QByteArray jsonl = requests.readAll();
    EXPECT_TRUE(jsonl.contains("Incorrect API key provided: [redacted]")) << jsonl.left(2000).toStdString();
    EXPECT_TRUE(jsonl.contains("chatcmpl-[redacted]")) << jsonl.left(2000).toStdString();
    QFile summaryFile(out + QStringLiteral("/summary.json"));
    ASSERT_TRUE(summaryFile.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(summaryFile.readAll()).object();
    const QString writtenUrl = summary.value(u"config").toObject().value(u"base_url").toString();
    EXPECT_TRUE(writtenUrl.contains(u"[redacted]@127.0.0.1")) << writtenUrl.toStdString();
    EXPECT_TRUE(writtenUrl.contains(u"api_key=[redacted]")) << writtenUrl.toStdString();
}

TEST(KeyEcho, TheCurlCommandCarriesNoCredentialOfTheBaseUrl)
{
    const EchoedSecrets secrets;
    const Ran curl = runCli(
        { QStringLiteral("curl"), QStringLiteral("--base-url"),
            secrets.baseUrlFor(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("--model"), QStringLiteral("m") },
        secrets.key);
    EXPECT_EQ(curl.exitCode, 0) << curl.err.toStdString();
    EXPECT_TRUE(curl.out.contains("curl -N")) << curl.out.toStdString();
    EXPECT_EQ(joined(secretsIn(curl.out + curl.err, secrets.all())), QString()) << curl.out.toStdString();
}

TEST(KeyEcho, ARefusedBaseUrlIsQuotedWithoutItsCredentials)
{
    const EchoedSecrets secrets;
    // A pasted full endpoint: refused, and the message quotes the URL it suggests instead.
    const QString pasted = secrets.baseUrlFor(QStringLiteral("http://127.0.0.1:9"))
                               .replace(QStringLiteral("/v1?"), QStringLiteral("/v1/chat/completions?"));
    const Ran run = runCli(
        { QStringLiteral("run"), QStringLiteral("--base-url"), pasted, QStringLiteral("--model"), QStringLiteral("m") },
        secrets.key);
    EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("/chat/completions")) << run.err.toStdString();
    EXPECT_EQ(joined(secretsIn(run.out + run.err, secrets.all())), QString()) << run.err.toStdString();
}

// No key, and a Base URL whose password and query value are shorter than a key: the server's 404
// and 302 answers are quoted in the records with the URL, which comes without them; so does the
// model list's message (stderr, and the window's Fetch models).
TEST(KeyEcho, ShortUrlCredentialsAreLeftOutOfEveryMessageThatQuotesTheUrl)
{
    HostileScript script;
    script.ending = HostileScript::Ending::KeepOpen;
    auto turn = std::make_shared<std::atomic<int>>(0);
    script.answer = [turn](const ReplayRequest &) {
        const QByteArray head = (*turn)++ % 2 == 0
            ? QByteArrayLiteral("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            : QByteArrayLiteral("HTTP/1.1 302 Found\r\nLocation: /v2/chat/completions\r\nContent-Length: 0\r\n\r\n");
        return QList<HostileStep> { { head, 0 } };
    };
    HostilePeer peer(script);
    ASSERT_TRUE(peer.start());
    QString baseUrl = peer.baseUrl();
    baseUrl.replace(QStringLiteral("http://"), QStringLiteral("http://bob:pw7@"));
    baseUrl += QStringLiteral("/v1?key=abc123");
    const QList<QByteArray> shortSecrets { "bob:pw7", "pw7@", "abc123" };
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("run"));
    const Ran run = runCli(
        { QStringLiteral("run"), QStringLiteral("--base-url"), baseUrl, QStringLiteral("--model"), QStringLiteral("m"),
            QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("4"),
            QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--out"), out },
        QString());
    ASSERT_GE(peer.requests().size(), 4) << run.err.toStdString();
    QFile requests(out + QStringLiteral("/requests.jsonl"));
    ASSERT_TRUE(requests.open(QIODevice::ReadOnly));
    const QByteArray jsonl = requests.readAll();
    EXPECT_TRUE(jsonl.contains("Nothing at http://[redacted]@127.0.0.1")) << jsonl.toStdString();
    expectNoSecretIn(out, shortSecrets);
    EXPECT_EQ(joined(secretsIn(run.out + run.err, shortSecrets)), QString()) << run.err.toStdString();

    const Ran models = runCli({ QStringLiteral("models"), QStringLiteral("--base-url"), baseUrl }, QString());
    EXPECT_NE(models.exitCode, 0);
    EXPECT_EQ(joined(secretsIn(models.out + models.err, shortSecrets)), QString()) << models.err.toStdString();
}
