// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// report.html from a real engine run against the built-in simulator, read back from disk.
#include "report/htmlreport.h"
#include "report/htmlreportcharts.h"
#include "report/reportformat.h"
#include "report/reportwriters.h"
#include "report/svgchart.h"
#include "samplerun.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

const QString kKey = QStringLiteral("sk-html-SECRET-4242424242");
const QString kNastyModel = QStringLiteral("sim <b>bold</b> & \"quoted\" 'x'");

// A two-level run of the real engine against the in-process simulator, every 5th request a 429.
RunResult realRun(const QString &model)
{
    SimConfig sim = quickSim();
    sim.recordWire = false;
    sim.fault = SimFault::RateLimited;
    sim.faultEvery = 5;
    SimulatorServer server;
    QString error;
    EXPECT_TRUE(server.start(sim, &error)) << error.toStdString();
    RunConfig config = quickConfig(server.baseUrl().toString(), 1, 0, 24);
    config.concurrencyLevels = { 1, 3 };
    config.requestsPerLevel = 6;
    config.warmupRequests = 1;
    config.model = model;
    config.apiKey = kKey;
    return runAndWait(config);
}

QString writeAndRead(const RunResult &run, const QTemporaryDir &tmp)
{
    QString error;
    EXPECT_TRUE(Report::writeRunDirectory(run, tmp.path(), &error)) << error.toStdString();
    QFile file(QDir(tmp.path()).filePath(QStringLiteral("report.html")));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    return QString::fromUtf8(file.readAll());
}

// The text of every <td> of the results table, row by row.
QList<QStringList> resultCells(const QString &html)
{
    const qsizetype start = html.indexOf(QStringLiteral("<table class=\"results\">"));
    const qsizetype end = html.indexOf(QStringLiteral("</table>"), start);
    const QString table = html.mid(start, end - start);
    const QString body = table.mid(table.indexOf(QStringLiteral("<tbody>")));
    static const QRegularExpression rowRe(QStringLiteral("<tr>(.*?)</tr>"));
    static const QRegularExpression cellRe(QStringLiteral("<td[^>]*>(.*?)</td>"));
    QList<QStringList> rows;
    for (auto row = rowRe.globalMatch(body); row.hasNext();) {
        QStringList cells;
        const QString rowHtml = row.next().captured(1);
        for (auto cell = cellRe.globalMatch(rowHtml); cell.hasNext();)
            cells.append(cell.next().captured(1));
        rows.append(cells);
    }
    return rows;
}

int count(const QString &html, const QString &needle)
{
    return static_cast<int>(html.count(needle));
}

// Chunk ticks of measured and failed requests: the `M` moves of the paths stroked in the tick colour.
int timelineTicks(const QString &html)
{
    static const QRegularExpression tickPath(
        QStringLiteral("<path fill=\"none\" stroke=\"#1e40af\"[^>]* d=\"([^\"]*)\""));
    int ticks = 0;
    for (auto m = tickPath.globalMatch(html); m.hasNext();)
        ticks += static_cast<int>(m.next().captured(1).count(u'M'));
    return ticks;
}

int chunksOf(const RunResult &run)
{
    int chunks = 0;
    for (const RequestRecord &r : run.records)
        chunks += r.warmup ? 0 : static_cast<int>(r.chunkTimesNs.size());
    return chunks;
}

} // namespace

TEST(ReportHtml, RealRunShowsTheTableValuesAndEightCharts)
{
    const RunResult run = realRun(QStringLiteral("tokenscope-sim"));
    ASSERT_EQ(run.levels.size(), 2);
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString html = writeAndRead(run, tmp);
    ASSERT_FALSE(html.isEmpty());

    // Every cell of every level, in column order, as report.md and results.csv compute them.
    const QList<QStringList> rows = resultCells(html);
    ASSERT_EQ(rows.size(), run.levels.size());
    const QList<Report::Detail::ResultsColumn> columns = Report::Detail::parameterLogColumns();
    const QList<Report::Detail::LevelRow> levelRows = Report::Detail::levelRows(run);
    for (qsizetype r = 0; r < rows.size(); ++r) {
        ASSERT_EQ(rows.at(r).size(), columns.size());
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const QString expected = Report::Svg::escape(Report::Detail::displayCell(
                columns.at(c).value(levelRows.at(r)), columns.at(c).decimals, QStringLiteral("–")));
            EXPECT_EQ(rows.at(r).at(c), expected) << columns.at(c).key.toStdString() << " of row " << r;
        }
    }
    // Spot checks in plain terms: the concurrency, the request count and the TTFT P50.
    const LevelSummary &second = run.levels.at(1);
    EXPECT_EQ(rows.at(1).at(3), QStringLiteral("3"));
    EXPECT_EQ(rows.at(1).at(4), QStringLiteral("6"));
    EXPECT_TRUE(rows.at(1).contains(QString::number(second.ttftMs.p50, 'f', 1)));

    // One <svg> per chart: the serving curve and TPOT against throughput (two levels), TTFT and
    // throughput vs concurrency, two histograms, requests in flight, the timeline.
    EXPECT_EQ(count(html, QStringLiteral("<svg ")), 8);
    EXPECT_EQ(count(html, QStringLiteral("</svg>")), 8);
    for (const char *title :
        { "Serving curve", "TPOT vs achieved throughput", "TTFT vs concurrency", "Output throughput vs concurrency",
            "TTFT distribution", "Inter-token latency distribution", "Requests in flight", "Token timeline" })
        EXPECT_TRUE(html.contains(QLatin1String(title))) << title;
    // A small run is far below the mark budget: every chunk is drawn, except one sharing the
    // pixel column of the one before (chunks parsed from one read share its timestamp).
    EXPECT_LE(timelineTicks(html), chunksOf(run));
    EXPECT_GE(timelineTicks(html), chunksOf(run) * 3 / 4);

    // Notes: the 429s by kind, the warm-up.
    EXPECT_TRUE(html.contains(QStringLiteral("failed with http_429"))) << "notes name the failures";
    EXPECT_TRUE(html.contains(QStringLiteral("1 warm-up request sent first")));
    EXPECT_TRUE(html.contains(QStringLiteral("<h2>Configuration</h2>")));
    EXPECT_TRUE(html.contains(QStringLiteral("<code>max_tokens</code></dt><dd>24</dd>")));
}

// A rate run: the serving curve with a point per level and the knee marked, no chart against a
// concurrency that is only the cap, levels named by their load point.
TEST(ReportHtml, RateRunDrawsTheServingCurveWithItsKnee)
{
    const QString html = Report::htmlReport(sampleRateRun());
    EXPECT_TRUE(html.contains(QStringLiteral("<h3>Serving curve</h3>")));
    EXPECT_TRUE(html.contains(QStringLiteral("knee: TTFT takes off at r=inf c≤4"))) << "the knee marked";
    EXPECT_TRUE(html.contains(QStringLiteral(">r=10/s c≤4</text>"))) << "each point labelled";
    EXPECT_TRUE(html.contains(QStringLiteral("The knee is between 7.67 and 9.06 req/s served")));
    EXPECT_FALSE(html.contains(QStringLiteral("TTFT vs concurrency")));
    // Serving curve, TPOT against throughput, two histograms, in flight, the timeline.
    EXPECT_EQ(count(html, QStringLiteral("<svg ")), 6);
    EXPECT_TRUE(html.contains(QStringLiteral("Load levels")));

    RunResult one = sampleRateRun();
    one.levels.removeLast();
    EXPECT_FALSE(Report::htmlReport(one).contains(QStringLiteral("Serving curve"))) << "one level is no curve";
}

// TPOT moves by milliseconds where a queued level's TTFT moves by seconds: on the serving curve's
// axis a 10 ms TPOT lay flat at the bottom of 25,000 ms. Its own figure's axis comes from its values.
TEST(ReportHtml, TpotAgainstThroughputHasAnAxisOfItsOwn)
{
    RunResult run = sampleRateRun();
    run.levels.last().ttftMs.p95 = 25000; // a level that queued
    run.levels.last().ttftMs.p95Ci = {};
    double tpotTop = 0;
    for (const LevelSummary &l : run.levels)
        tpotTop = std::max({ tpotTop, l.tpotMs.p50, l.tpotMs.p50Ci.valid ? l.tpotMs.p50Ci.hi : 0.0 });
    ASSERT_GT(tpotTop, 0);
    ASSERT_LT(tpotTop, 1000);

    const Report::Detail::ChartFigure serving = Report::Detail::servingCurveFigure(run);
    EXPECT_FALSE(serving.svg.contains(QStringLiteral("TPOT"))) << "the TTFT axis reaches 25,000 ms";
    const Report::Detail::ChartFigure tpot = Report::Detail::tpotServingFigure(run);
    ASSERT_FALSE(tpot.svg.isEmpty());
    EXPECT_TRUE(tpot.svg.contains(QStringLiteral("TPOT P50 (ms)")));
    // The y tick labels: the highest is above the highest TPOT and within a few steps of it.
    const QRegularExpression tick(QStringLiteral(">([0-9.,]+)</text>"));
    double highestTick = 0;
    for (auto it = tick.globalMatch(tpot.svg); it.hasNext();)
        highestTick = std::max(highestTick, QLocale::c().toDouble(it.next().captured(1).remove(u',')));
    EXPECT_GE(highestTick, tpotTop * 0.9);
    EXPECT_LT(highestTick, std::max(tpotTop * 3, 20.0)) << "no tick out at the TTFT's 25,000 ms";
}

TEST(ReportHtml, IsSelfContainedAndNeverHoldsTheKey)
{
    const RunResult run = realRun(QStringLiteral("tokenscope-sim"));
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    QString html = writeAndRead(run, tmp);
    ASSERT_TRUE(run.config.baseUrl.startsWith(u"http://"));
    EXPECT_FALSE(html.contains(kKey));
    EXPECT_FALSE(html.contains(QStringLiteral("SECRET")));
    EXPECT_TRUE(html.contains(QStringLiteral("api_key_set</code></dt><dd>true")));

    // The endpoint is the only URL: once it is removed, nothing refers to the network.
    EXPECT_GE(count(html, run.config.baseUrl), 2) << "the header and the configuration show it";
    html.remove(run.config.baseUrl);
    for (const char *ref : { "http://", "https://", "//", "<script", "<link", "<img", "<iframe",
             "src=", "href=", "url(", "@import", "@font-face", "xmlns" })
        EXPECT_FALSE(html.contains(QLatin1String(ref), Qt::CaseInsensitive)) << ref;
}

TEST(ReportHtml, EscapesTheModelNameEverywhere)
{
    const RunResult run = realRun(kNastyModel);
    ASSERT_GE(countOk(run), 1) << "the simulator serves any model name";
    const QString html = Report::htmlReport(run);
    EXPECT_FALSE(html.contains(kNastyModel));
    EXPECT_FALSE(html.contains(QStringLiteral("<b>")));
    const QString escaped = QStringLiteral("sim &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;x&#39;");
    EXPECT_TRUE(html.contains(QStringLiteral("<title>TokenScope report: ") + escaped + QStringLiteral("</title>")));
    EXPECT_TRUE(html.contains(QStringLiteral("<h1>") + escaped + QStringLiteral("</h1>")));
    // Title, heading, one table cell per level, the configuration.
    EXPECT_EQ(count(html, escaped), 2 + static_cast<int>(run.levels.size()) + 1);
}

TEST(ReportHtml, KeyEchoedInAnErrorMessageIsRedacted)
{
    // sampleRun's 429 message quotes its key, as a careless server might.
    const RunResult run = sampleRun();
    ASSERT_TRUE(run.records.last().errorMessage.contains(run.config.apiKey));
    const QString html = Report::htmlReport(run);
    EXPECT_FALSE(html.contains(run.config.apiKey));
    EXPECT_FALSE(html.contains(QStringLiteral("SECRET")));
    EXPECT_TRUE(html.contains(QStringLiteral("failed with http_429")));
}

TEST(ReportHtml, TimelineKeepsToItsMarkBudget)
{
    const RunResult run = realRun(QStringLiteral("tokenscope-sim"));
    const int chunks = chunksOf(run);
    ASSERT_GT(chunks, 100);
    Report::HtmlReportOptions options;
    options.maxTimelineMarks = 40;
    const QString html = Report::htmlReport(run, options);
    const int ticks = timelineTicks(html);
    // Every k-th chunk plus each request's last one.
    EXPECT_LE(ticks, options.maxTimelineMarks + static_cast<int>(run.records.size()));
    EXPECT_GT(ticks, 0);
    EXPECT_LT(ticks, chunks);
    EXPECT_TRUE(html.contains(QStringLiteral("chunk of each request drawn")));
}

TEST(ReportHtml, CancelledAndEmptyRunsStillMakeAPage)
{
    RunResult empty;
    empty.config.apiKey = kKey;
    empty.cancelled = true;
    const QString html = Report::htmlReport(empty);
    EXPECT_TRUE(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    EXPECT_TRUE(html.contains(QStringLiteral("Cancelled: the results are partial.")));
    EXPECT_TRUE(html.contains(QStringLiteral("No measured requests.")));
    EXPECT_EQ(count(html, QStringLiteral("<svg ")), 0);
    EXPECT_EQ(count(html, QStringLiteral("Nothing to draw.")), 6);
    EXPECT_TRUE(html.trimmed().endsWith(QStringLiteral("</html>")));
}

// The in-flight chart's polylines stroked in `color`.
int polylines(const QString &svg, const QString &color)
{
    return count(svg, QStringLiteral("<polyline fill=\"none\" stroke=\"") + color + u'"');
}

// The server's running and waiting beside the client's in flight, the failed scrape a gap in each.
TEST(ReportHtml, InFlightChartOverlaysTheServersRunningAndWaiting)
{
    const RunResult run = sampleRunWithServerMetrics();
    const Report::Detail::ChartFigure figure = Report::Detail::inFlightFigure(run);
    ASSERT_FALSE(figure.svg.isEmpty());
    EXPECT_TRUE(figure.svg.contains(QStringLiteral(">client: in flight</text>")));
    EXPECT_TRUE(figure.svg.contains(QStringLiteral(">server running</text>")));
    EXPECT_TRUE(figure.svg.contains(QStringLiteral(">server waiting</text>")));
    EXPECT_EQ(count(figure.svg, QStringLiteral("<path fill=\"#bfdbfe\"")), 1) << "the client's in flight";
    EXPECT_EQ(polylines(figure.svg, QStringLiteral("#059669")), 2) << "running, broken at the failed scrape";
    EXPECT_EQ(polylines(figure.svg, QStringLiteral("#ea580c")), 2) << "waiting, broken at the failed scrape";
    EXPECT_TRUE(figure.caption.contains(QStringLiteral("from 8 successful scrapes"))) << figure.caption.toStdString();
    EXPECT_TRUE(Report::htmlReport(run).contains(QStringLiteral(">server running</text>")));
}

TEST(ReportHtml, InFlightChartWithoutServerSamplesIsTheClientsAlone)
{
    const auto serverLines = [](const RunResult &run) {
        const QString svg = Report::Detail::inFlightFigure(run).svg;
        EXPECT_EQ(count(svg, QStringLiteral("<path fill=\"#bfdbfe\"")), 1);
        return svg.contains(QStringLiteral("server running")) || svg.contains(QStringLiteral("server waiting"))
            || polylines(svg, QStringLiteral("#059669")) + polylines(svg, QStringLiteral("#ea580c")) > 0;
    };
    EXPECT_FALSE(serverLines(sampleRun()));
    // Failed scrapes only, and successful ones without the two figures: nothing of the server drawn.
    RunResult failed = sampleRunWithServerMetrics();
    for (ServerMetricsSample &s : failed.serverMetrics) {
        s.running = s.waiting = ServerMetricsSample::kAbsent;
        s.ok = s.ok && s.offsetNs < msToNs(500);
    }
    EXPECT_FALSE(serverLines(failed));
    EXPECT_FALSE(Report::htmlReport(sampleRun()).contains(QStringLiteral("server running")));
}

TEST(ReportHtml, ServerViewTableOnlyWhenALevelHasServerFigures)
{
    const QString html = Report::htmlReport(sampleRunWithServerMetrics());
    EXPECT_TRUE(html.contains(QStringLiteral("<h2>Server view</h2>")));
    EXPECT_TRUE(html.contains(QStringLiteral("<th class=\"num\">Waiting (max)</th>")));
    // c=2: 4 scrapes, running 2.0 / 2, waiting 1.5 / 3, cache 80.0 %.
    EXPECT_TRUE(html.contains(QStringLiteral("<tr><td>c=2</td><td class=\"num\">4</td><td class=\"num\">2.0</td>"
                                             "<td class=\"num\">2</td><td class=\"num\">1.5</td><td "
                                             "class=\"num\">3</td><td class=\"num\">80.0</td></tr>")))
        << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("Server metrics from http://gpu-box:8000/metrics: 8 of 9 scrapes "
                                             "succeeded; 1 failed (first: Connection refused).")));
    EXPECT_FALSE(html.contains(QStringLiteral("hunter2"))) << "the URL's user info stays out";
    EXPECT_FALSE(Report::htmlReport(sampleRun()).contains(QStringLiteral("Server view")));
}

// docs/metrics.md#confidence-intervals: a figure's 95 % interval is a whisker at its point.
TEST(ReportHtml, IntervalsAreDrawnAsWhiskersWhereTheLevelHasThem)
{
    RunResult run = sampleRateRun();
    for (LevelSummary &l : run.levels) {
        l.ttftMs.p50Ci = { l.ttftMs.p50 * 0.9, l.ttftMs.p50 * 1.1, true };
        l.ttftMs.p95Ci = l.tpotMs.p50Ci = l.outputThroughputCi = {};
    }
    const QString html = Report::htmlReport(run);
    EXPECT_EQ(count(html, QStringLiteral("class=\"whiskers\"")), 1) << "the serving curve's TTFT P50 only";
    EXPECT_TRUE(html.contains(QStringLiteral("Whiskers: the 95 % interval")));

    for (LevelSummary &l : run.levels)
        l.ttftMs.p50Ci = {};
    const QString without = Report::htmlReport(run);
    EXPECT_FALSE(without.contains(QStringLiteral("whiskers"))) << "no interval, no whisker and no caption";
    EXPECT_FALSE(without.contains(QStringLiteral("Whiskers:")));
}

TEST(ReportSvg, AWhiskerSpansItsIntervalWithACapAtEachEnd)
{
    Report::Svg::SvgChart chart(200, 200);
    chart.setMargins(0, 0, 0, 0);
    chart.setXAxis(QStringLiteral("x"), 0, 10);
    chart.setYAxis(QStringLiteral("y"), 0, 100);
    chart.addWhiskers({ { 5, 20, 60 } }, QStringLiteral("#2563eb"));
    const QString svg = chart.toSvg(QStringLiteral("w"));
    // x 5 of [0, 10] is px 100; y 60 and 20 of [0, 100] are px 80 and 160 (y grows downwards).
    EXPECT_TRUE(svg.contains(QStringLiteral("d=\"M100 80v80M96 80h8M96 160h8\""))) << svg.toStdString();
    Report::Svg::SvgChart none(200, 200);
    none.addWhiskers({}, QStringLiteral("#2563eb"));
    EXPECT_FALSE(none.toSvg(QStringLiteral("n")).contains(QStringLiteral("whiskers")));
}

TEST(ReportSvg, NiceTicksCoverTheRangeInRoundSteps)
{
    EXPECT_EQ(Report::Svg::niceTicks(0, 4045, 9), QList<double>({ 0, 1000, 2000, 3000, 4000, 5000 }));
    EXPECT_EQ(Report::Svg::niceTicks(12.3, 18.9, 6), QList<double>({ 12, 14, 16, 18, 20 }));
    QStringList labels;
    for (double tick : Report::Svg::niceTicks(0, 0.9, 6))
        labels.append(Report::Svg::tickLabel(tick, 0.2));
    EXPECT_EQ(labels.join(u' '), QStringLiteral("0.0 0.2 0.4 0.6 0.8 1.0"));
    EXPECT_EQ(Report::Svg::niceTicks(7, 7, 6), QList<double>({ 7 }));
    EXPECT_EQ(Report::Svg::tickLabel(2500, 500), QStringLiteral("2500"));
    EXPECT_EQ(Report::Svg::escape(QStringLiteral("<a href='x'>&\"")),
        QStringLiteral("&lt;a href=&#39;x&#39;&gt;&amp;&quot;"));
}

TEST(ReportHtml, PercentilesCarryTheirIntervals)
{
    RunResult run = sampleRun();
    run.levels[0].ttftMs.p50Ci = { 39.94, 45.21, true };
    const QString html = Report::htmlReport(run);
    EXPECT_TRUE(html.contains(QStringLiteral("Percentiles with 95 % intervals")));
    EXPECT_TRUE(html.contains(QStringLiteral(">40.0 ms [39.9, 45.2]<"))) << "TTFT P50 of the first level";
}

namespace {

RunResult armWithTtfts(int armOf, const QString &model, const QList<std::pair<int, double>> &ttftAt)
{
    RunResult arm;
    arm.armOf = armOf;
    arm.config.model = model;
    for (const auto &[concurrency, ttft] : ttftAt) {
        LevelSummary l;
        l.concurrency = concurrency;
        l.ttftMs.count = 8;
        l.ttftMs.p50 = ttft;
        arm.levels.append(l);
    }
    return arm;
}

} // namespace

// The arms' TTFTs at c=1, 4 and 8 lie near the x axis (c=16 queued for seconds): the lower arm's
// labels go above the points, not onto the axis's tick labels.
TEST(HtmlReportCharts, ArmLabelsStayOffTheXAxisTickLabels)
{
    const QList<RunResult> arms { armWithTtfts(
                                      0, QStringLiteral("a"), { { 1, 43.6 }, { 4, 43.6 }, { 8, 43.9 }, { 16, 2000 } }),
        armWithTtfts(1, QStringLiteral("b"), { { 1, 43.5 }, { 4, 43.4 }, { 8, 43.8 }, { 16, 1500 } }) };
    const Report::Detail::ArmFigureSpec spec { QStringLiteral("TTFT P50 vs concurrency"), QStringLiteral("ms"), {},
        [](const LevelSummary &l) {
            return std::optional<Report::Detail::ArmFigureValue>({ l.ttftMs.p50, {} });
        } };
    const QString svg = Report::Detail::armsByConcurrencyFigure(arms, spec).svg;
    ASSERT_FALSE(svg.isEmpty());
    // x tick labels: centred, no halo; value labels: centred, with a halo.
    static const QRegularExpression text(
        QStringLiteral("<text x=\"[^\"]+\" y=\"([^\"]+)\" text-anchor=\"middle\"([^>]*)>"));
    QMap<double, int> plainYs; // the tick labels share one y, the most common
    QList<double> labelYs;
    for (auto m = text.globalMatch(svg); m.hasNext();) {
        const QRegularExpressionMatch match = m.next();
        if (match.captured(2).contains(u"paint-order"))
            labelYs.append(match.captured(1).toDouble());
        else
            ++plainYs[match.captured(1).toDouble()];
    }
    ASSERT_FALSE(plainYs.isEmpty());
    const double tickY = std::max_element(plainYs.cbegin(), plainYs.cend()).key();
    ASSERT_GT(tickY, 0);
    ASSERT_EQ(labelYs.size(), 8);
    for (double y : labelYs)
        EXPECT_LT(y, tickY - 12) << "a value label at y=" << y << " meets the tick labels at y=" << tickY;
}
