// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/runexport.h"
#include "report/htmlreport.h"
#include "report/reportwriters.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWidget>
#include <gtest/gtest.h>

using namespace TokenScope;
using Format = RunExporter::Format;

namespace TokenScope::Testing {
RunResult sampleRun(); // tests/report/samplerun.cpp
} // namespace TokenScope::Testing

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

} // namespace

TEST(UiRunExport, WritesEachSingleFileFormatWithTheCoreWriters)
{
    const RunResult run = Testing::sampleRun();
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    Report::HtmlReportOptions single; // a page on its own: no requests.jsonl beside it
    single.requestsJsonlBeside = false;
    const QList<QPair<Format, QByteArray>> expected {
        { Format::Csv, Report::resultsCsv(run) },
        { Format::Markdown, Report::markdownReport(run).toUtf8() },
        { Format::Html, Report::htmlReport(run, single).toUtf8() },
    };
    for (const auto &[format, bytes] : expected) {
        const QString path = tmp.filePath(QStringLiteral("out/run.") + RunExporter::fileSuffix(format));
        QString error;
        ASSERT_TRUE(RunExporter::exportTo(run, format, path, &error)) << error.toStdString();
        EXPECT_EQ(readAll(path), bytes) << path.toStdString();
    }
}

TEST(UiRunExport, JsonHoldsTheSummaryAndEveryRequestButNotTheKey)
{
    const RunResult run = Testing::sampleRun();
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString path = tmp.filePath(QStringLiteral("run.json"));
    QString error;
    ASSERT_TRUE(RunExporter::exportTo(run, Format::Json, path, &error)) << error.toStdString();
    const QByteArray bytes = readAll(path);
    QJsonParseError parse;
    const QJsonObject doc = QJsonDocument::fromJson(bytes, &parse).object();
    ASSERT_EQ(parse.error, QJsonParseError::NoError);
    EXPECT_EQ(doc.value(u"summary").toObject().value(u"levels").toArray().size(), run.levels.size());
    const QJsonArray requests = doc.value(u"requests").toArray();
    ASSERT_EQ(requests.size(), run.records.size());
    EXPECT_EQ(requests.at(1).toObject().value(u"response_id").toString(), run.records.at(1).responseId);
    // The 429's message quotes the key: redacted like in requests.jsonl.
    EXPECT_FALSE(bytes.contains(run.config.apiKey.toUtf8()));
    EXPECT_FALSE(bytes.contains("SECRET"));
}

TEST(UiRunExport, RunDirectoryHoldsTheFiveFiles)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("a/run"));
    QString error;
    ASSERT_TRUE(RunExporter::exportTo(Testing::sampleRun(), Format::RunDirectory, dir, &error)) << error.toStdString();
    EXPECT_EQ(QDir(dir).entryList(QDir::Files, QDir::Name),
        QStringList({ QStringLiteral("report.html"), QStringLiteral("report.md"), QStringLiteral("requests.jsonl"),
            QStringLiteral("results.csv"), QStringLiteral("summary.json") }));
}

TEST(UiRunExport, FailureSaysWhichPath)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    // A regular file where a directory would have to be.
    const QString blocker = tmp.filePath(QStringLiteral("blocker"));
    {
        QFile file(blocker);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    }
    const QString path = blocker + QStringLiteral("/run.html");
    QString error;
    EXPECT_FALSE(RunExporter::exportTo(Testing::sampleRun(), Format::Html, path, &error));
    EXPECT_TRUE(error.contains(QDir::toNativeSeparators(blocker))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(path));
}

TEST(UiRunExport, CopyMarkdownPutsTheReportOnTheClipboard)
{
    QWidget window;
    RunExporter exporter(&window);
    QSignalSpy copied(&exporter, &RunExporter::copied);
    QGuiApplication::clipboard()->clear();
    const RunResult run = Testing::sampleRun();
    exporter.copyMarkdown(run);
    EXPECT_EQ(copied.count(), 1);
    const QString text = QGuiApplication::clipboard()->text();
    EXPECT_EQ(text, Report::markdownReport(run));
    EXPECT_TRUE(text.contains(QStringLiteral("| Concurrency |")));
    EXPECT_FALSE(text.contains(run.config.apiKey));
}

TEST(UiRunExport, ActionsWaitForARun)
{
    QWidget window;
    RunExporter exporter(&window);
    const QList<QAction *> actions = exporter.actions();
    ASSERT_EQ(actions.size(), 3);
    EXPECT_EQ(exporter.exportAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
    for (QAction *action : actions)
        EXPECT_FALSE(action->isEnabled()) << action->text().toStdString();

    exporter.setRun(Testing::sampleRun());
    for (QAction *action : actions)
        EXPECT_TRUE(action->isEnabled()) << action->text().toStdString();
    // Triggered with a run, "Copy as Markdown" copies it: no dialog in between.
    QSignalSpy copied(&exporter, &RunExporter::copied);
    exporter.copyMarkdownAction()->trigger();
    EXPECT_EQ(copied.count(), 1);

    exporter.clearRun();
    EXPECT_FALSE(exporter.exportAction()->isEnabled());
}

TEST(UiRunExport, SuggestedNamesAreSafeFileNames)
{
    RunResult run = Testing::sampleRun();
    run.config.model = QStringLiteral("meta-llama/Llama-3.1-8B:<fp8>");
    const QString name = RunExporter::suggestedFileName(run, Format::Html);
    EXPECT_EQ(name, QStringLiteral("tokenscope-meta-llama-Llama-3.1-8B-fp8-20260314-092653.html"));
    EXPECT_EQ(RunExporter::suggestedFileName(run, Format::RunDirectory),
        QStringLiteral("tokenscope-meta-llama-Llama-3.1-8B-fp8-20260314-092653"));
}

// The built-in simulator's model is tokenscope-sim: the file is not "tokenscope-tokenscope-sim-…".
TEST(UiRunExport, SuggestedNamesDoNotRepeatTheToolsName)
{
    RunResult run = Testing::sampleRun();
    run.config.model = QStringLiteral("tokenscope-sim");
    const QString name = RunExporter::suggestedFileName(run, Format::Html);
    EXPECT_TRUE(name.startsWith(u"tokenscope-sim-")) << name.toStdString();
    EXPECT_FALSE(name.contains(u"tokenscope-tokenscope")) << name.toStdString();
}

// A page exported on its own ships no requests.jsonl, so it does not promise one; the run
// directory's page does.
TEST(UiRunExport, AnHtmlFileOnItsOwnDoesNotPromiseRequestsJsonl)
{
    const RunResult run = Testing::sampleRun();
    const QString single = QString::fromUtf8(RunExporter::fileContents(run, Format::Html));
    EXPECT_FALSE(single.contains(u"requests.jsonl, beside this page")) << "no promise of a file that is not there";
    EXPECT_TRUE(single.contains(u"export the run as a directory"));
    EXPECT_TRUE(Report::htmlReport(run).contains(u"requests.jsonl, beside this page"));
}
