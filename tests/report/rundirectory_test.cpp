// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "samplerun.h"
#include "report/reportwriters.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace TokenScope;

namespace {

const QByteArray kKey = "sk-test-SECRET-123";

// The sample run with the key placed everywhere a careless user or server could put it.
RunResult runLeakingTheKeyEverywhere()
{
    RunResult run = Testing::sampleRun();
    const QString key = QString::fromLatin1(kKey);
    run.config.baseUrl = QStringLiteral("https://example.test/v1?key=") + key;
    run.config.headers = { { "Authorization", "Bearer " + kKey }, { "X-Api-Key", kKey } };
    run.config.extraBody = QJsonObject { { QStringLiteral("user"), key } };
    run.records[2].responseId = key;
    return run;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

} // namespace

TEST(ReportRunDirectory, WritesTheFiveFiles)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("runs/2026-03-14"));
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(Testing::sampleRun(), dir, &error)) << error.toStdString();
    const QStringList files = QDir(dir).entryList(QDir::Files, QDir::Name);
    EXPECT_EQ(files,
        QStringList({ QStringLiteral("report.html"), QStringLiteral("report.md"), QStringLiteral("requests.jsonl"),
            QStringLiteral("results.csv"), QStringLiteral("summary.json") }));
    QJsonParseError parse;
    const QJsonDocument summary
        = QJsonDocument::fromJson(readAll(QDir(dir).filePath(QStringLiteral("summary.json"))), &parse);
    EXPECT_EQ(parse.error, QJsonParseError::NoError);
    EXPECT_EQ(summary.object().value(u"levels").toArray().size(), 2);
    EXPECT_EQ(readAll(QDir(dir).filePath(QStringLiteral("results.csv"))), Report::resultsCsv(Testing::sampleRun()));
}

TEST(ReportRunDirectory, TheKeyIsInNoWrittenByte)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(runLeakingTheKeyEverywhere(), tmp.path(), &error)) << error.toStdString();
    int scanned = 0;
    QDirIterator it(tmp.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QByteArray bytes = readAll(path);
        EXPECT_FALSE(bytes.contains(kKey)) << path.toStdString();
        EXPECT_FALSE(bytes.contains("SECRET")) << path.toStdString();
        ++scanned;
    }
    EXPECT_EQ(scanned, 5);
}

TEST(ReportRunDirectory, TheKeyIsInNoReturnedText)
{
    const RunResult run = runLeakingTheKeyEverywhere();
    const QString key = QString::fromLatin1(kKey);
    EXPECT_FALSE(Report::markdownReport(run).contains(key));
    EXPECT_FALSE(Report::textTable(run).contains(key));
    EXPECT_FALSE(Report::resultsCsv(run).contains(kKey));
    EXPECT_FALSE(Report::requestsJsonl(run).contains(kKey));
    EXPECT_FALSE(QJsonDocument(Report::summaryJson(run)).toJson().contains(kKey));
}

TEST(ReportRunDirectory, ErrorNamesThePath)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString blocker = tmp.filePath(QStringLiteral("a-file"));
    QFile file(blocker);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    const QString dir = blocker + QStringLiteral("/run"); // under a regular file: cannot exist
    QString error;
    EXPECT_FALSE(Report::writeRunDirectory(Testing::sampleRun(), dir, &error));
    EXPECT_TRUE(error.contains(dir)) << error.toStdString();
}
