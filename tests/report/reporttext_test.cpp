// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/peertable.h"
#include "report/redaction.h"
#include "report/reportwriters.h"
#include "samplerun.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <QJsonArray>

using namespace TokenScope;

namespace {

QStringList csvLines(const RunResult &run)
{
    const QString csv = QString::fromUtf8(Report::resultsCsv(run));
    EXPECT_TRUE(csv.endsWith(QStringLiteral("\r\n")));
    return csv.chopped(2).split(QStringLiteral("\r\n"));
}

} // namespace

TEST(ReportCsv, HeaderAndRows)
{
    const QStringList lines = csvLines(Testing::sampleRun());
    ASSERT_EQ(lines.size(), 3);
    EXPECT_EQ(lines.at(0),
        QStringLiteral("date,model,api,concurrency,requests,completed,failed,input_tokens,max_tokens,"
                       "ttft_p50_ms,ttft_p95_ms,tpot_p50_ms,tpot_p95_ms,itl_p50_ms,e2e_p50_ms,"
                       "output_throughput_tok_s,request_throughput_req_s"));
    EXPECT_EQ(lines.at(1),
        QStringLiteral("2026-03-14,tokenscope-sim,chat,1,2,2,0,12,256,40,49,7.5,9.75,7.5,190,97.222,4.63"));
    EXPECT_EQ(
        lines.at(2), QStringLiteral("2026-03-14,tokenscope-sim,chat,2,3,2,1,12,256,50,59,8,8,8,166,128.205,8.547"));
}

TEST(ReportCsv, Rfc4180Quoting)
{
    RunResult run = Testing::sampleRun();
    run.config.model = QStringLiteral("big, \"quoted\" model");
    const QStringList lines = csvLines(run);
    EXPECT_TRUE(lines.at(1).startsWith(QStringLiteral("2026-03-14,\"big, \"\"quoted\"\" model\",chat,1,")))
        << lines.at(1).toStdString();
}

TEST(ReportCsv, AbsentFiguresAreEmptyCells)
{
    RunResult run = Testing::sampleRun();
    run.config.minTokensForTpot = 1000;
    run.levels = Stats::summarizeRun(run.records, run.config);
    const QStringList cells = csvLines(run).at(1).split(u',');
    EXPECT_EQ(cells.at(11), QString()); // tpot_p50_ms
    EXPECT_EQ(cells.at(13), QString()); // itl_p50_ms
    EXPECT_EQ(cells.at(9), QStringLiteral("40"));
}

TEST(ReportMarkdown, TitleConfigResultsNotes)
{
    const QString md = Report::markdownReport(Testing::sampleRun());
    EXPECT_TRUE(md.startsWith(QStringLiteral("# TokenScope report: tokenscope-sim\n")));
    EXPECT_TRUE(md.contains(QStringLiteral("| `max_tokens` | 256 |")));
    EXPECT_TRUE(md.contains(QStringLiteral("| `prompt_chars` | 10 |")));
    EXPECT_TRUE(md.contains(QStringLiteral("| `concurrency_levels` | 1, 2 |")));
    EXPECT_FALSE(md.contains(QStringLiteral("Say hello."))); // the prompt text stays out
    EXPECT_FALSE(md.contains(QStringLiteral("`prompt`")));
    EXPECT_TRUE(md.contains(QStringLiteral("| TTFT P50 (ms) | TTFT P95 (ms) |")));
    EXPECT_TRUE(
        md.contains(QStringLiteral("| 2026-03-14 | tokenscope-sim | chat | 1 | 2 | 2 | 0 | 12.0 | 256 | 40.0 | 49.0 | "
                                   "7.50 | 9.75 | 7.50 | 190.0 | 97.2 | 4.63 |")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| --- | --- | --- | ---: |")));
    EXPECT_FALSE(md.contains(QStringLiteral("Cancelled")));
}

TEST(ReportMarkdown, NotesSayWhatWasLeftOut)
{
    const QString md = Report::markdownReport(Testing::sampleRun());
    EXPECT_TRUE(md.contains(QStringLiteral("- Concurrency 2: 1 completed request with fewer than 20 output tokens "
                                           "left out of TPOT and ITL.")));
    EXPECT_TRUE(md.contains(QStringLiteral("- Concurrency 2: 1 request reported no usage; output tokens counted "
                                           "from text-bearing chunks.")));
    // Error kind and its first message, escaped for Markdown, key redacted, on one line.
    EXPECT_TRUE(md.contains(QStringLiteral("- Concurrency 2: 1 request failed with http\\_429; first message: "
                                           "Rate limit exceeded for key \\[redacted\\]. Retry later.\n")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("- 1 warm-up request sent first, excluded from every statistic.")));
}

TEST(ReportMarkdown, CancelledRunSaysSo)
{
    RunResult run = Testing::sampleRun();
    run.cancelled = true;
    EXPECT_TRUE(Report::markdownReport(run).contains(QStringLiteral("**Status: Cancelled: the results are partial.**")));
    EXPECT_EQ(Report::reportNotes(run).value(0), QStringLiteral("Run cancelled: the results are partial."));
}

// Requests queued in the client (docs/metrics.md#requests-queued-in-the-client): over HTTP/2 the note
// names the server's stream limit; after a failed --http2 the fallback note already says why.
TEST(ReportNotes, RequestsQueuedInTheClientSayWhy)
{
    RunResult run = Testing::sampleRun();
    LevelSummary &level = run.levels.last();
    level.completed = 16;
    level.peakInFlight = 8;
    level.peakOnWire = 2;
    level.queuedInClient = 14;
    level.clientQueueMs.count = 14;
    level.clientQueueMs.p50 = 374.52;
    level.clientQueueMs.p99 = 2579.47;
    level.http2Responses = 16;
    const QString expected = QStringLiteral(
        "Concurrency 2: 14 of 16 completed requests waited inside the client before they were sent (median 374.5 "
        "ms, p99 2579.5 ms): at most 2 were on the wire at once against up to 8 in flight; the server allowed fewer "
        "concurrent HTTP/2 streams than the run's concurrency, so the client queued the rest. That wait counts in "
        "TTFT (see request_sent_ms; ttft_from_sent excludes it).");
    run.config.http2 = true;
    EXPECT_TRUE(Report::reportNotes(run).contains(expected)) << Report::reportNotes(run).join(u'\n').toStdString();

    level.http2Responses = 0;
    level.http1Responses = 16; // fell back: one note, the fallback's
    const QString fallback = Report::reportNotes(run).join(u'\n');
    EXPECT_FALSE(fallback.contains(u"waited inside the client")) << fallback.toStdString();
    EXPECT_TRUE(fallback.contains(u"although HTTP/2 was asked for")) << fallback.toStdString();

    run.config.http2 = false; // HTTP/1.1 asked for and queued all the same
    const QString http1 = Report::reportNotes(run).join(u'\n');
    EXPECT_TRUE(http1.contains(u"at most 2 were on the wire at once against up to 8 in flight; the client queued the "
                               u"rest for a connection."))
        << http1.toStdString();
}

TEST(ReportMarkdown, OutsideTextCannotBreakTheTable)
{
    RunResult run = Testing::sampleRun();
    run.config.model = QStringLiteral("a|b <script>");
    const QString md = Report::markdownReport(run);
    EXPECT_TRUE(md.contains(QStringLiteral("| a\\|b \\<script\\> |")));
    EXPECT_FALSE(md.contains(QStringLiteral("<script>")));
}

TEST(ReportTextTable, AlignedColumnsThenNotes)
{
    const QString text = Report::textTable(Testing::sampleRun());
    const QStringList lines = text.split(u'\n');
    ASSERT_GE(lines.size(), 4);
    EXPECT_TRUE(lines.at(0).startsWith(QStringLiteral("conc  req  ok  fail  TTFT p50 ms")));
    EXPECT_TRUE(lines.at(0).endsWith(QStringLiteral("out tok/s  req/s")));
    EXPECT_EQ(lines.at(1).size(), lines.at(0).size());
    EXPECT_EQ(lines.at(2).size(), lines.at(0).size());
    EXPECT_TRUE(lines.at(1).endsWith(QStringLiteral("97.2   4.63")));
    EXPECT_TRUE(lines.at(1).contains(QStringLiteral("   40.0")));
    EXPECT_EQ(lines.at(3), QString()); // a blank line, then the notes
    EXPECT_TRUE(text.contains(QStringLiteral("- Concurrency 2: 1 request failed with http_429; first message: "
                                             "Rate limit exceeded for key [redacted]. Retry later.\n")));
    EXPECT_FALSE(text.contains(QStringLiteral("sk-test-SECRET-123")));
}

TEST(ReportTextTable, MissingFiguresShowADash)
{
    RunResult run = Testing::sampleRun();
    run.config.minTokensForTpot = 1000;
    run.levels = Stats::summarizeRun(run.records, run.config);
    const QStringList cells = Report::textTable(run).split(u'\n').at(1).split(u' ', Qt::SkipEmptyParts);
    ASSERT_EQ(cells.size(), 13);
    EXPECT_EQ(cells.at(6), QStringLiteral("-")); // TPOT p50
}

TEST(ReportRedaction, ReplacesTheKeyButNotPlaceholders)
{
    const QString key = QStringLiteral("sk-test-SECRET-123");
    EXPECT_EQ(Report::redactSecret(QStringLiteral("a sk-test-SECRET-123 b"), key), QStringLiteral("a [redacted] b"));
    // "EMPTY" is what vLLM users type for "no key": too short to hunt for.
    EXPECT_EQ(Report::redactSecret(QStringLiteral("EMPTY response"), QStringLiteral("EMPTY")),
        QStringLiteral("EMPTY response"));
    const QJsonObject nested { { QStringLiteral("x"), QJsonArray { QStringLiteral("Bearer sk-test-SECRET-123") } } };
    EXPECT_EQ(
        Report::redactSecret(nested, key).value(u"x").toArray().at(0).toString(), QStringLiteral("Bearer [redacted]"));
}

// ---- open-loop (rate) runs: Testing::sampleRateRun() ----

TEST(ReportCsv, RateRunNamesLevelsByLoadPointWithScheduleColumns)
{
    const QStringList lines = csvLines(Testing::sampleRateRun());
    ASSERT_EQ(lines.size(), 3);
    EXPECT_EQ(lines.at(0),
        QStringLiteral("date,model,api,load_point,request_rate,achieved_request_rate,send_lag_p99_ms,request_goodput,"
                       "requests,completed,failed,input_tokens,max_tokens,ttft_p50_ms,ttft_p95_ms,tpot_p50_ms,"
                       "tpot_p95_ms,itl_p50_ms,e2e_p50_ms,output_throughput_tok_s,request_throughput_req_s"));
    // 5 good requests over 0.652 s; 4 sends 400 ms apart.
    EXPECT_TRUE(
        lines.at(1).startsWith(QStringLiteral("2026-03-14,tokenscope-sim,chat,r=10/s c≤4,10,10,1,7.669,5,5,0,")))
        << lines.at(1).toStdString();
    // All at once: "inf" asked; 5 sends over 249.5 ms; the cap's waits are not send lag.
    EXPECT_TRUE(
        lines.at(2).startsWith(QStringLiteral("2026-03-14,tokenscope-sim,chat,r=inf c≤4,inf,,0.5,0,6,4,2,")))
        << lines.at(2).toStdString();
}

TEST(ReportCsv, RateRunWithoutGoodputHasNoGoodputColumn)
{
    RunResult run = Testing::sampleRateRun();
    run.config.goodput = {};
    run.levels = Stats::summarizeRun(run.records, run.config, 1, run.loadPoints);
    const QString header = csvLines(run).at(0);
    EXPECT_TRUE(header.contains(QStringLiteral(",send_lag_p99_ms,requests,"))) << header.toStdString();
    EXPECT_FALSE(header.contains(QStringLiteral("goodput")));
}

TEST(ReportMarkdown, RateRunTableHasTheScheduleColumns)
{
    const QString md = Report::markdownReport(Testing::sampleRateRun());
    EXPECT_TRUE(
        md.contains(QStringLiteral("| Date | Model | API | Level | Rate (req/s) | Achieved (req/s) | Send lag P99 "
                                   "(ms) | Goodput (req/s) | Requests |")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 2026-03-14 | tokenscope-sim | chat | r=10/s c≤4 | 10.00 | 10.00 | 1.00 | "
                                           "7.67 | 5 |")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| r=inf c≤4 | inf | - | 0.50 | 0.00 | 6 |"))) << md.toStdString();
}

TEST(ReportTextTable, RateRunShowsTheLoadPointAndTheRateAsked)
{
    const QStringList lines = Report::textTable(Testing::sampleRateRun()).split(u'\n');
    ASSERT_GE(lines.size(), 3);
    EXPECT_TRUE(lines.at(0).startsWith(QStringLiteral("level       rate/s  achieved/s  lag p99 ms  goodput/s  req")))
        << lines.at(0).toStdString();
    EXPECT_TRUE(lines.at(1).startsWith(QStringLiteral("r=10/s c≤4   10.00       10.00        1.00       7.67    5")))
        << lines.at(1).toStdString();
    EXPECT_TRUE(lines.at(2).startsWith(QStringLiteral("r=inf c≤4      inf           -        0.50       0.00    6")))
        << lines.at(2).toStdString();
}

TEST(ReportNotes, ScheduleKeptSaysNothingOfIt)
{
    const QString notes = Report::reportNotes(Testing::sampleRateRun()).join(u'\n');
    EXPECT_FALSE(notes.contains(u"did not keep the schedule")) << notes.toStdString();
}

TEST(ReportNotes, SendLagOverTenMillisecondsIsTheClientMissingTheSchedule)
{
    const QString notes = Report::reportNotes(Testing::sampleRateRunSentLate(30, 100)).join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("r=10/s c≤4: the client did not keep the schedule: its p99 send lag was "
                                              "30.0 ms, over 10 ms. ")))
        << notes.toStdString();
}

TEST(ReportNotes, AchievedRateBelowTheAskedIsTheClientMissingTheSchedule)
{
    // Sent 150 ms apart against 100: 4 gaps over 0.6 s; lags 1, 51 ... 201 ms (p99 199).
    const QString notes = Report::reportNotes(Testing::sampleRateRunSentLate(1, 150)).join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("r=10/s c≤4: the client did not keep the schedule: its p99 send lag was "
                                              "199.0 ms, over 10 ms, and it sent 6.67 req/s, below 95 % of the 10 req/s "
                                              "the schedule asked. ")))
        << notes.toStdString();
    EXPECT_FALSE(notes.contains(QStringLiteral("r=inf c≤4: the client did not keep"))) << "all at once has no pace";
}

// Sent on time whenever the cap let it: the shortfall is put on the cap, not on the client.
TEST(ReportNotes, RateHeldDownByTheCapIsNotTheClientsFault)
{
    RunResult run = Testing::sampleRateRun();
    LevelSummary &paced = run.levels.first();
    paced.achievedRequestRate = 8;
    paced.capWaitMs.count = 3;
    paced.capWaitMs.p99 = 120;
    const QString notes = Report::reportNotes(run).join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("r=10/s c≤4: the schedule was not kept: it sent 8 req/s, below 95 % of the "
                                              "10 req/s the schedule asked, because the cap held requests back (below); "
                                              "the client itself sent on time (p99 send lag 1.0 ms).")))
        << notes.toStdString();
    EXPECT_FALSE(notes.contains(QStringLiteral("r=10/s c≤4: the client did not keep"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("r=10/s c≤4: 3 requests waited for a place under the cap of 4 in flight "
                                              "(p99 120.0 ms)")))
        << notes.toStdString();
}

TEST(ReportNotes, CapWaitsNotSentIncompleteAndTheKnee)
{
    const QStringList notes = Report::reportNotes(Testing::sampleRateRun());
    const QString all = notes.join(u'\n');
    EXPECT_TRUE(all.contains(QStringLiteral("r=inf c≤4: 2 requests waited for a place under the cap of 4 in flight "
                                            "(p99 398.5 ms): the cap, not the client, held them")))
        << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("r=inf c≤4: 1 request was still in flight when the level's 30 s grace "
                                            "period ended")))
        << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("r=inf c≤4: 1 request was due under the schedule but the cap held it "
                                            "until the level ended: never sent")))
        << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("failed with not_sent"))) << "explained, not listed as an error";
    EXPECT_TRUE(notes.constLast().startsWith(QStringLiteral("The knee is between 7.67 and 9.06 req/s served")))
        << all.toStdString();

    RunResult planned = Testing::sampleRateRun();
    planned.loadPlanOutcome = QStringLiteral("Stopped at r=inf: median TTFT tripled.");
    EXPECT_TRUE(
        Report::reportNotes(planned).contains(QStringLiteral("Load plan: Stopped at r=inf: median TTFT tripled.")));
}

TEST(ReportNotes, ClosedLoopRunHasNoKneeNote)
{
    const QString notes = Report::reportNotes(Testing::sampleRun()).join(u'\n');
    EXPECT_FALSE(notes.contains(u"knee")) << notes.toStdString();
}

// The server's /metrics (docs/metrics.md#server-metrics): how many scrapes succeeded, the first error.
TEST(ReportNotes, ServerMetricsScrapesAreCountedWithTheFirstError)
{
    const QStringList notes = Report::reportNotes(Testing::sampleRunWithServerMetrics());
    EXPECT_TRUE(notes.contains(QStringLiteral("Server metrics from http://gpu-box:8000/metrics: 8 of 9 scrapes "
                                              "succeeded; 1 failed (first: Connection refused).")))
        << notes.join(u'\n').toStdString();
    RunResult allOk = Testing::sampleRunWithServerMetrics();
    allOk.serverMetrics.removeAt(3);
    EXPECT_TRUE(Report::reportNotes(allOk).contains(
        QStringLiteral("Server metrics from http://gpu-box:8000/metrics: 8 of 8 scrapes succeeded.")));
    const QString plain = Report::reportNotes(Testing::sampleRun()).join(u' ');
    EXPECT_FALSE(plain.contains(QStringLiteral("Server metrics")) || plain.contains(QStringLiteral("server figures")));
}

TEST(ReportNotes, NoSuccessfulScrapeIsAWarningThatSaysWhy)
{
    RunResult run = Testing::sampleRunWithServerMetrics();
    for (ServerMetricsSample &s : run.serverMetrics) {
        s.ok = false;
        s.error = QStringLiteral("HTTP 401 Unauthorized");
    }
    EXPECT_TRUE(Report::reportNotes(run).contains(QStringLiteral("Warning: no server figures: none of the 9 scrapes "
                                                                 "of http://gpu-box:8000/metrics succeeded (first: "
                                                                 "HTTP 401 Unauthorized).")))
        << Report::reportNotes(run).join(u'\n').toStdString();
    run.serverMetrics.resize(1);
    EXPECT_TRUE(Report::reportNotes(run).contains(QStringLiteral("Warning: no server figures: the one scrape of "
                                                                 "http://gpu-box:8000/metrics failed (first: HTTP 401 "
                                                                 "Unauthorized).")))
        << Report::reportNotes(run).join(u'\n').toStdString();
    run.serverMetrics.clear();
    EXPECT_TRUE(Report::reportNotes(run).contains(
        QStringLiteral("Warning: no server figures: http://gpu-box:8000/metrics was not scraped during the run.")));
}

TEST(ReportMarkdown, ServerViewTableOnlyWhenALevelHasServerFigures)
{
    const QString md = Report::markdownReport(Testing::sampleRunWithServerMetrics());
    EXPECT_TRUE(md.contains(QStringLiteral("\n## Server view\n\n| Level | Scrapes | Running (mean) | Running (max) | "
                                           "Waiting (mean) | Waiting (max) | KV cache (max, %) |\n")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| c=1 | 4 | 1.0 | 1 | 0.0 | 0 | 30.0 |\n"))) << md.toStdString();
    EXPECT_FALSE(Report::markdownReport(Testing::sampleRun()).contains(QStringLiteral("Server view")));
}

TEST(ReportNotes, TooFewSamplesForAnIntervalIsOneNotePerLevel)
{
    RunResult run = Testing::sampleRun();
    LevelSummary &level = run.levels[0];
    level.requests = 16;
    level.ttftMs.count = level.ttftFromSentMs.count = level.e2elMs.count = 16;
    level.tpotMs.count = 600; // enough for every percentile
    level.itlMs.count = 320;
    const QStringList notes = Report::reportNotes(run).filter(QStringLiteral("No 95 % interval"));
    ASSERT_EQ(notes.size(), 2) << notes.join(u'\n').toStdString(); // one per level
    EXPECT_EQ(notes.at(0),
        QStringLiteral("Concurrency 1: No 95 % interval for P90, P95, P99 of TTFT and E2E (16 samples); P99 of ITL "
                       "(320 samples): too few samples at or beyond the percentile (needs P90 ≥ 50, P95 ≥ 100, "
                       "P99 ≥ 500 samples; docs/metrics.md#confidence-intervals)."));
}

TEST(ReportNotes, TooFewRequestsForAThroughputIntervalIsSaid)
{
    const QString notes = Report::reportNotes(Testing::sampleRun()).join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("Concurrency 1: No 95 % interval for P50, P90, P95, P99 of TTFT, TPOT "
                                              "and E2E (2 samples)")))
        << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("P99 ≥ 500 samples; throughput ≥ 10 requests;"))) << notes.toStdString();
}

TEST(ReportMarkdown, IntervalsSitInTheirOwnTable)
{
    RunResult run = Testing::sampleRun();
    run.levels[0].ttftMs.p50Ci = { 39.94, 45.21, true };
    run.levels[0].outputThroughputCi = { 90.06, 104.44, true };
    const QString md = Report::markdownReport(run);
    EXPECT_TRUE(md.contains(QStringLiteral("## Percentiles with 95 % intervals\n\n"
                                           "| Concurrency | Metric | P50 | P90 | P95 | P99 | Output throughput |\n")))
        << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("| 1 | TTFT | 40.0 ms \\[39.9, 45.2\\] | 48.0 ms | 49.0 ms | 49.8 ms | "
                                           "97.2 tok/s \\[90.1, 104.4\\] |\n")))
        << md.toStdString();
    // The results table keeps the columns of results.csv: no interval in it.
    const QString results = md.section(QStringLiteral("## Results"), 1).section(QStringLiteral("## "), 0, 0);
    EXPECT_FALSE(results.contains(u'[')) << results.toStdString();
}

// The terminal table, report.md and report.html show a sliced run's slices, and nothing of them
// for a run without.
TEST(ReportMarkdown, SlicedRunsShowASliceTableEverywhere)
{
    RunResult run = Testing::sampleRun();
    EXPECT_FALSE(Report::textTable(run).contains(u"Slices of"));
    EXPECT_FALSE(Report::markdownReport(run).contains(u"## Slices"));
    EXPECT_FALSE(Report::htmlReport(run).contains(u"Slices of"));
    run.config.sliceS = 0.1;
    run.levels = Stats::summarizeRun(run.records, run.config);
    const QString text = Report::textTable(run);
    EXPECT_TRUE(text.contains(u"Slices of 0.1 s:\n")) << text.toStdString();
    EXPECT_TRUE(text.contains(u"0.0-0.1")) << text.toStdString();
    EXPECT_TRUE(text.contains(u"TTFT P50 (ms)"));
    EXPECT_TRUE(Report::markdownReport(run).contains(u"## Slices of 0.1 s\n\n|"));
    EXPECT_TRUE(Report::htmlReport(run).contains(u"<h2>Slices of 0.1 s</h2>"));
}

// Under vLLM's definitions, records written before first_event_ms existed are counted in a note.
TEST(ReportPeerTable, RecordsWithoutFirstEventAreCountedInANote)
{
    RunResult run = Testing::sampleRun();
    int cleared = 0;
    for (RequestRecord &r : run.records) {
        if (r.ok && !r.warmup && cleared < 2) {
            r.firstEventNs = RequestRecord::kNever;
            ++cleared;
        }
    }
    ASSERT_EQ(cleared, 2);
    const QString table = Report::peerTextTable(run, Stats::PeerTool::Vllm);
    EXPECT_TRUE(table.contains(QStringLiteral(" requests without first_event_ms (written before it was recorded): "
                                              "TTFT at the first text instead.")))
        << table.toStdString();
    EXPECT_FALSE(table.contains(QStringLiteral("(s)"))) << table.toStdString();
}
