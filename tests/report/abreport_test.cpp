// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The report of an A/B interleaved run (docs/history-and-compare.md#the-ab-report): a real A/B run of
// the simulator's two models (tokenscope-sim at 10 ms per token, tokenscope-sim-fast at 5 ms)
// exported whole, as the window exports it; each arm's figures must stay in that arm's rows.
#include "report/abreport.h"
#include "report/reportwriters.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <memory>

using namespace TokenScope;

namespace {

const QString kSlow = QStringLiteral("tokenscope-sim");
const QString kFast = QStringLiteral("tokenscope-sim-fast");

// The window's built-in simulator: its default model at 10 ms per token, the fast one at 5.
SimConfig twoModelSim()
{
    SimConfig sim;
    sim.baseTtftMs = 20;
    sim.prefillUsPerToken = 0;
    sim.decodeIntervalMsByModel.insert(kFast, sim.decodeIntervalMs / 2);
    sim.models.append(kFast);
    return sim;
}

RunConfig armConfig(const QString &baseUrl, const QString &model)
{
    RunConfig config = Testing::quickConfig(baseUrl, 1, 0, 16);
    config.model = model;
    config.concurrencyLevels = { 1, 2 };
    config.requestsPerLevel = 6;
    config.warmupRequests = 1;
    return config;
}

// The cells of each body row of the first table after `heading`, the header's cells first.
QList<QStringList> tableAfter(const QString &html, const QString &heading)
{
    const qsizetype start = html.indexOf(heading);
    const qsizetype end = html.indexOf(QStringLiteral("</table>"), start);
    if (start < 0 || end < 0)
        return {};
    const QString table = html.mid(start, end - start);
    static const QRegularExpression row(QStringLiteral("<tr>(.*?)</tr>"));
    static const QRegularExpression cell(QStringLiteral("<t[hd][^>]*>(.*?)</t[hd]>"));
    QList<QStringList> rows;
    for (auto rowMatch = row.globalMatch(table); rowMatch.hasNext();) {
        QStringList cells;
        const QString inner = rowMatch.next().captured(1);
        for (auto cellMatch = cell.globalMatch(inner); cellMatch.hasNext();)
            cells.append(cellMatch.next().captured(1));
        rows.append(cells);
    }
    return rows;
}

// The part of the page from the figure titled `title` to the end of its <figure>.
QString figureOf(const QString &html, const QString &title)
{
    const qsizetype start = html.indexOf(QStringLiteral("<h3>") + title + QStringLiteral("</h3>"));
    const qsizetype end = html.indexOf(QStringLiteral("</figure>"), start);
    return start < 0 || end < 0 ? QString() : html.mid(start, end - start);
}

class AbReport : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_sim = std::make_unique<Testing::StartedSim>(twoModelSim());
        const QString url = s_sim->url();
        s_run = std::make_unique<RunResult>(
            Testing::runInterleavedAndWait({ armConfig(url, kSlow), armConfig(url, kFast) }));
    }
    static void TearDownTestSuite()
    {
        s_run.reset();
        s_sim.reset();
    }
    static const RunResult &run() { return *s_run; }

    static std::unique_ptr<Testing::StartedSim> s_sim;
    static std::unique_ptr<RunResult> s_run;
};

std::unique_ptr<Testing::StartedSim> AbReport::s_sim;
std::unique_ptr<RunResult> AbReport::s_run;

} // namespace

TEST_F(AbReport, HtmlTableHasAnArmColumnAndEachArmsTpotInItsOwnRows)
{
    ASSERT_TRUE(run().isInterleaved());
    const QString html = Report::htmlReport(run());
    EXPECT_TRUE(html.contains(QStringLiteral("TokenScope A/B report")));
    EXPECT_TRUE(html.contains(QStringLiteral("<h1>A: tokenscope-sim · B: tokenscope-sim-fast</h1>")));
    EXPECT_FALSE(html.contains(QStringLiteral("Concurrency levels"))) << "no card of both arms' levels mixed";

    const QList<QStringList> rows = tableAfter(html, QStringLiteral("<h2>Results</h2>"));
    ASSERT_EQ(rows.size(), 1 + 4) << "the header, then 2 levels x 2 arms";
    const QStringList header = rows.first();
    ASSERT_EQ(header.value(0), QStringLiteral("Arm"));
    const qsizetype model = header.indexOf(QStringLiteral("Model"));
    const qsizetype concurrency = header.indexOf(QStringLiteral("Concurrency"));
    const qsizetype tpot = header.indexOf(QStringLiteral("TPOT P50 (ms)"));
    ASSERT_GT(model, 0);
    ASSERT_GT(tpot, 0);
    const QStringList expectedArms { QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("A"),
        QStringLiteral("B") };
    const QStringList expectedLevels { QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("2"),
        QStringLiteral("2") };
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const QStringList &cells = rows.at(i);
        const bool armA = cells.value(0) == u"A";
        EXPECT_EQ(cells.value(0), expectedArms.at(i - 1)) << "level by level, A before B";
        EXPECT_EQ(cells.value(concurrency), expectedLevels.at(i - 1));
        EXPECT_EQ(cells.value(model), armA ? kSlow : kFast) << "each row names its own arm's model";
        EXPECT_NEAR(cells.value(tpot).toDouble(), armA ? 10.0 : 5.0, 1.0)
            << "row " << i << " (" << cells.value(0).toStdString() << ") shows its own arm's TPOT";
    }
}

TEST_F(AbReport, HtmlChartsDrawOneLinePerArmAndTheLegendNamesBoth)
{
    const QString html = Report::htmlReport(run());
    for (const QString &title : { QStringLiteral("TTFT P50 vs concurrency"), QStringLiteral("TPOT P50 vs concurrency"),
             QStringLiteral("Output throughput vs concurrency") }) {
        const QString figure = figureOf(html, title);
        ASSERT_FALSE(figure.isEmpty()) << title.toStdString();
        EXPECT_EQ(figure.count(QStringLiteral("<polyline")), 2) << title.toStdString();
        EXPECT_EQ(figure.count(QStringLiteral("<polyline fill=\"none\" stroke=\"#2563eb\"")), 1) << "A's line";
        EXPECT_EQ(figure.count(QStringLiteral("<polyline fill=\"none\" stroke=\"#ea580c\"")), 1) << "B's line";
        EXPECT_TRUE(figure.contains(QStringLiteral(">A: tokenscope-sim<"))) << title.toStdString();
        EXPECT_TRUE(figure.contains(QStringLiteral(">B: tokenscope-sim-fast<"))) << title.toStdString();
    }
    // TTFT and TPOT each on their own axis: TPOT's milliseconds would lie flat on TTFT's.
    const QString serving = figureOf(html, QStringLiteral("Serving curves of both arms"));
    EXPECT_EQ(serving.count(QStringLiteral("<polyline")), 2) << "TTFT of each arm";
    const QString tpot = figureOf(html, QStringLiteral("TPOT of both arms against throughput"));
    EXPECT_EQ(tpot.count(QStringLiteral("<polyline")), 2) << "TPOT of each arm";
    EXPECT_TRUE(tpot.contains(QStringLiteral("TPOT P50 (ms)")));
}

TEST_F(AbReport, HtmlGivesTheVerdictsAndEachArmsReading)
{
    const QString html = Report::htmlReport(run());
    // B decodes at twice A's pace: the verdict leads with a real change, whatever TTFT did.
    const qsizetype verdict = html.indexOf(QStringLiteral("<p class=\"banner verdict\">At c=2: "));
    ASSERT_GE(verdict, 0);
    const QString firstSentence = html.mid(verdict, html.indexOf(QStringLiteral(")."), verdict) - verdict);
    EXPECT_TRUE(firstSentence.contains(QStringLiteral("the difference is real"))) << firstSentence.toStdString();
    EXPECT_FALSE(html.contains(QStringLiteral("class=\"wrap\">tokenscope-sim")))
        << "a model name does not wrap at its hyphens";
    const QList<QStringList> c2 = tableAfter(html, QStringLiteral("<h3>c=2</h3>"));
    ASSERT_GT(c2.size(), 1);
    EXPECT_EQ(c2.first(),
        (QStringList { QStringLiteral("Metric"), QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("Change"),
            QStringLiteral("Verdict") }));
    bool tpotSeen = false;
    for (const QStringList &cells : c2) {
        if (cells.value(0) != u"TPOT P50 (ms)")
            continue;
        tpotSeen = true;
        EXPECT_TRUE(cells.value(3).startsWith(u'-')) << "B decodes faster: " << cells.value(3).toStdString();
        EXPECT_TRUE(cells.value(4).startsWith(QStringLiteral("real"))) << cells.value(4).toStdString();
    }
    EXPECT_TRUE(tpotSeen);
    const qsizetype reading = html.indexOf(QStringLiteral("<h2>Reading of each arm</h2>"));
    ASSERT_GE(reading, 0);
    const qsizetype readingA = html.indexOf(QStringLiteral("<h3>A: tokenscope-sim</h3>"), reading);
    const qsizetype readingB = html.indexOf(QStringLiteral("<h3>B: tokenscope-sim-fast</h3>"), reading);
    EXPECT_GT(readingA, reading);
    EXPECT_GT(readingB, readingA);
}

TEST_F(AbReport, MarkdownHasTheArmColumnAndTheVerdicts)
{
    const QString md = Report::markdownReport(run());
    EXPECT_TRUE(md.startsWith(QStringLiteral("# TokenScope A/B report: A: tokenscope-sim vs B: tokenscope-sim-fast")))
        << md.left(200).toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("\n| Arm | Date | Model |")));
    EXPECT_EQ(md.count(QRegularExpression(QStringLiteral("\\n\\| A \\| [^|]+ \\| tokenscope-sim \\|"))), 2);
    EXPECT_EQ(md.count(QRegularExpression(QStringLiteral("\\n\\| B \\| [^|]+ \\| tokenscope-sim-fast \\|"))), 2);
    EXPECT_TRUE(md.contains(QStringLiteral("\n### c=2\n")));
    EXPECT_TRUE(md.contains(QRegularExpression(QStringLiteral("\\| TPOT P50 \\(ms\\) \\|[^\\n]*\\| real"))));
}

TEST_F(AbReport, CsvAndJsonCarryTheArmOnEveryRow)
{
    const QList<QByteArray> lines = Report::resultsCsv(run()).split('\n');
    ASSERT_EQ(lines.size(), 1 + 4 + 1) << "header, 4 rows, the empty tail after the last CRLF";
    EXPECT_TRUE(lines.at(0).startsWith("arm,date,model,")) << lines.at(0).toStdString();
    for (int i = 1; i <= 4; ++i) {
        const QList<QByteArray> fields = lines.at(i).trimmed().split(',');
        EXPECT_EQ(fields.value(0), i % 2 ? "A" : "B");
        EXPECT_EQ(QString::fromUtf8(fields.value(2)), i % 2 ? kSlow : kFast);
    }

    const QJsonObject json = Report::abJson(run());
    for (const QString &arm : { QStringLiteral("A"), QStringLiteral("B") }) {
        const QJsonObject side = json.value(arm).toObject();
        const QJsonArray levels = side.value(u"summary").toObject().value(u"levels").toArray();
        ASSERT_EQ(levels.size(), 2);
        for (const QJsonValue &level : levels)
            EXPECT_EQ(level.toObject().value(u"arm").toString(), arm);
        const QJsonArray requests = side.value(u"requests").toArray();
        EXPECT_EQ(requests.size(), 2 * 6 + 1) << "its own requests and warm-up only";
        for (const QJsonValue &request : requests)
            EXPECT_EQ(request.toObject().value(u"arm").toString(), arm);
    }
    EXPECT_EQ(json.value(u"comparison").toObject().value(u"other").toObject().value(u"label").toString(),
        QStringLiteral("B"));
}

TEST_F(AbReport, ARunDirectoryHoldsEachArmAndTheReportOfBoth)
{
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(run(), dir.path(), &error)) << error.toStdString();
    const QDir parent(dir.path());
    EXPECT_FALSE(parent.exists(QStringLiteral("summary.json"))) << "the parent reads as an A/B run";
    for (const QString &name :
        { QStringLiteral("A/summary.json"), QStringLiteral("B/requests.jsonl"), QStringLiteral("comparison.md"),
            QStringLiteral("comparison.json"), QStringLiteral("report.md"), QStringLiteral("report.html") })
        EXPECT_TRUE(parent.exists(name)) << name.toStdString();
    QFile summaryB(parent.filePath(QStringLiteral("B/summary.json")));
    ASSERT_TRUE(summaryB.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(summaryB.readAll()).object().value(u"endpoint").toObject().value(u"model"),
        QJsonValue(kFast));
    QFile page(parent.filePath(QStringLiteral("report.html")));
    ASSERT_TRUE(page.open(QIODevice::ReadOnly));
    EXPECT_TRUE(page.readAll().contains("TokenScope A/B report"));
}
