// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// One arm of an A/B interleaved run, exported on its own (tokenscope-cli --ab-model --out DIR/A):
// its files must say that they are half of an interleaved run, or "concurrency 8" reads as 8
// streams of that endpoint alone.
#include "report/abreport.h"
#include "report/redaction.h"
#include "report/reportwriters.h"
#include "samplerun.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>

using namespace TokenScope;

namespace {

const QString kKeyA = QStringLiteral("sk-arm-a-SECRET-1111");
const QString kKeyB = QStringLiteral("sk-arm-b-SECRET-2222");

/// sampleRun()'s records and levels twice, as arm A (model-a, its key in its Base URL) and arm B.
RunResult interleavedRun()
{
    const RunResult sample = Testing::sampleRun();
    RunResult run = sample;
    run.records.clear();
    run.levels.clear();
    RunConfig a = sample.config, b = sample.config;
    a.model = QStringLiteral("model-a");
    a.apiKey = kKeyA;
    a.baseUrl = QStringLiteral("https://a.example/v1?key=") + kKeyA;
    b.model = QStringLiteral("model-b");
    b.apiKey = kKeyB;
    b.baseUrl = QStringLiteral("https://b.example/v1");
    run.config = a;
    run.arms = { a, b };
    for (int arm = 0; arm < 2; ++arm) {
        for (RequestRecord r : sample.records) {
            r.arm = arm;
            run.records.append(r);
        }
        for (LevelSummary l : sample.levels) {
            l.arm = arm;
            run.levels.append(l);
        }
    }
    return run;
}

} // namespace

TEST(InterleavedReport, AnArmsSummarySaysWhichArmAndNamesTheOthersWithoutTheirKeys)
{
    const RunResult b = interleavedRun().armResult(1);
    ASSERT_EQ(b.armOf, 1);
    EXPECT_FALSE(b.isInterleaved()) << "an arm is exported as an ordinary run";
    const QJsonObject summary = Report::summaryJson(b);
    const QJsonObject interleaved = summary.value(u"interleaved").toObject();
    EXPECT_EQ(interleaved.value(u"arm").toString(), QStringLiteral("B"));
    const QJsonArray arms = interleaved.value(u"arms").toArray();
    ASSERT_EQ(arms.size(), 2);
    EXPECT_EQ(arms.at(0).toObject().value(u"arm").toString(), QStringLiteral("A"));
    EXPECT_EQ(arms.at(0).toObject().value(u"model").toString(), QStringLiteral("model-a"));
    EXPECT_EQ(arms.at(0).toObject().value(u"base_url").toString(),
        QStringLiteral("https://a.example/v1?key=") + Report::redactionMark());
    EXPECT_EQ(arms.at(1).toObject().value(u"model").toString(), QStringLiteral("model-b"));
    EXPECT_EQ(summary.value(u"endpoint").toObject().value(u"model").toString(), QStringLiteral("model-b"));
    const QByteArray text = QJsonDocument(summary).toJson();
    EXPECT_FALSE(text.contains(kKeyA.toUtf8()));
    EXPECT_FALSE(text.contains(kKeyB.toUtf8()));
}

// An arm's levels keep their arm number: B's serving curve is drawn from them, not from none.
TEST(InterleavedReport, AnArmsKneeIsReadFromItsOwnLevels)
{
    const QJsonValue kneeA = Report::summaryJson(interleavedRun().armResult(0)).value(u"knee");
    const QJsonValue kneeB = Report::summaryJson(interleavedRun().armResult(1)).value(u"knee");
    ASSERT_TRUE(kneeB.isString());
    EXPECT_TRUE(kneeB.toString().startsWith(QStringLiteral("No knee in the levels run")))
        << kneeB.toString().toStdString();
    EXPECT_EQ(kneeB, kneeA);
}

TEST(InterleavedReport, EveryTextReportOfAnArmCarriesTheInterleavedNote)
{
    const RunResult a = interleavedRun().armResult(0);
    const QString note = Report::reportNotes(a).value(0);
    EXPECT_TRUE(note.startsWith(QStringLiteral("Arm A of an A/B interleaved run (B: model model-b at https://b.example/v1)")))
        << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("concurrency counts the requests of all arms in flight")));
    for (const QString &report : { Report::markdownReport(a), Report::textTable(a), Report::htmlReport(a) }) {
        EXPECT_TRUE(report.contains(QStringLiteral("Arm A of an A/B interleaved run"))) << report.left(300).toStdString();
        EXPECT_FALSE(report.contains(kKeyA));
        EXPECT_FALSE(report.contains(kKeyB));
    }
}

// The A/B report of both arms, in every form, redacts each arm's key (A's sits in its Base URL).
TEST(InterleavedReport, TheAbReportOfBothArmsCarriesNeitherKey)
{
    const RunResult run = interleavedRun();
    ASSERT_TRUE(run.isInterleaved());
    const QList<QByteArray> outputs { Report::htmlReport(run).toUtf8(), Report::markdownReport(run).toUtf8(),
        Report::resultsCsv(run), QJsonDocument(Report::abJson(run)).toJson() };
    for (const QByteArray &output : outputs) {
        EXPECT_TRUE(output.contains("model-a") && output.contains("model-b")) << output.left(300).toStdString();
        EXPECT_FALSE(output.contains(kKeyA.toUtf8())) << output.left(300).toStdString();
        EXPECT_FALSE(output.contains(kKeyB.toUtf8())) << output.left(300).toStdString();
    }
    EXPECT_TRUE(
        outputs.at(0).contains((QStringLiteral("https://a.example/v1?key=") + Report::redactionMark()).toUtf8()));
}

TEST(InterleavedReport, AnOrdinaryRunHasNoneOfIt)
{
    const RunResult run = Testing::sampleRun();
    const RunResult same = run.armResult(0);
    EXPECT_EQ(same.armOf, -1);
    EXPECT_FALSE(Report::summaryJson(same).contains(u"interleaved"));
    for (const QString &note : Report::reportNotes(same))
        EXPECT_FALSE(note.contains(QStringLiteral("interleaved")));
}
