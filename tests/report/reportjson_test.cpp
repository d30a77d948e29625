// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "samplerun.h"
#include "report/reportwriters.h"
#include "stats/statistics.h"
#include "version.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTimeZone>

using namespace TokenScope;

namespace {

QSet<QString> keysOf(const QJsonObject &o)
{
    const QStringList keys = o.keys();
    return QSet<QString>(keys.cbegin(), keys.cend());
}

QSet<QString> expectedLevelKeys()
{
    QSet<QString> keys;
    for (const char *k :
        { "concurrency", "requests", "duration_s", "completed", "failed", "total_input_tokens", "total_output_tokens",
            "request_throughput", "output_throughput", "total_token_throughput", "short_output_excluded",
            "output_tokens_from_chunks", "connections_opened", "errors", "mean_tps", "median_tps", "level_index",
            "mean_input_tokens", "http1_responses", "http2_responses", "events_per_read", "zero_gap_share",
            "peak_in_flight", "peak_on_wire", "queued_in_client", "status", "kind", "role", "request_rate", "arrival",
            "burstiness", "max_concurrency", "achieved_request_rate", "scheduled_request_rate", "ramp_up_excluded",
            "incomplete", "request_goodput", "good_requests", "goodput_fraction",
            // the workload as the server saw it (docs/metrics.md#workload-figures)
            "mean_input_tokens_counted", "std_input_tokens", "min_input_tokens", "max_input_tokens",
            "input_tokens_targeted", "input_tokens_off_target", "input_tokens_worst_off_pct", "cache_reported",
            "cache_hit_requests", "cached_tokens", "cache_hit_share", "outputs_short",
            // the server's own view (docs/metrics.md#server-metrics)
            "server_scrapes", "server_running_mean", "server_running_max", "server_waiting_mean", "server_waiting_max",
            "server_cache_usage_max",
            // the client's check of its own measurement (docs/metrics.md#measurement-quality)
            "measurement_quality", "precision", "steady" })
        keys.insert(QString::fromLatin1(k));
    for (const char *metric : { "ttft", "ttft_from_sent", "tpot", "itl", "itl_per_token", "e2el", "client_queue",
             "send_lag", "cap_wait", "ttft_from_scheduled", "e2el_from_scheduled" })
        for (const char *stat : { "mean", "median", "std", "min", "max", "p90", "p95", "p99" })
            keys.insert(QStringLiteral("%1_%2_ms").arg(QLatin1String(stat), QLatin1String(metric)));
    // 95 % intervals of the request latencies' percentiles (docs/metrics.md#confidence-intervals)
    for (const char *metric : { "ttft", "ttft_from_sent", "tpot", "itl", "e2el" })
        for (const char *stat : { "median", "p90", "p95", "p99" })
            keys.insert(QStringLiteral("ci95_%1_%2_ms").arg(QLatin1String(stat), QLatin1String(metric)));
    keys.insert(QStringLiteral("ci95_output_throughput"));
    return keys;
}

QSet<QString> expectedRequestKeys()
{
    QSet<QString> keys;
    for (const char *k : { "level", "level_index", "index", "warmup", "response_id", "prompt_id", "status",
             "http_status", "http_version", "error_kind", "error_message", "start_ms", "connect_ms", "tls_ms",
             "request_sent_ms", "headers_ms", "first_byte_ms", "first_event_ms", "ttft_ms", "ttfc_ms", "last_token_ms",
             "e2e_ms", "done_ms", "end_ms", "tpot_ms", "ttft_from_sent_ms", "output_tokens", "output_tokens_source",
             "prompt_tokens", "cached_tokens", "target_input_tokens", "max_tokens", "probe", "done_marker", "tps",
             "chunks", "tokens_per_chunk", "chunk_times_ms", "itl_ms", "connections_opened", "reads", "events",
             "events_per_read", "scheduled_ms", "send_lag_ms", "cap_wait_ms", "ramp_up", "ttft_from_scheduled_ms",
             "e2e_from_scheduled_ms", "events_after_done", "chunk_times_dropped", "usage_rejected_tokens", "chunk_tokens" })
        keys.insert(QString::fromLatin1(k));
    return keys;
}

double num(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    EXPECT_TRUE(v.isDouble()) << key;
    return v.toDouble();
}

} // namespace

// Every outcome, for the run and for each level, in summary.json's words.
TEST(ReportSummaryJson, StatusSaysHowTheRunAndEachLevelEnded)
{
    RunResult run = Testing::sampleRun();
    const auto statuses = [](const RunResult &r) {
        QStringList out { Report::summaryJson(r).value(u"status").toString() };
        for (const QJsonValue &level : Report::summaryJson(r).value(u"levels").toArray())
            out.append(level.toObject().value(u"status").toString());
        return out;
    };
    for (LevelSummary &level : run.levels) {
        level.completed = level.requests;
        level.failed = 0;
    }
    EXPECT_EQ(statuses(run).value(0), QStringLiteral("completed"));
    run.levels.last().failed = 1;
    run.levels.last().completed = run.levels.last().requests - 1;
    EXPECT_EQ(statuses(run).value(0), QStringLiteral("completed_with_failures"));
    EXPECT_EQ(statuses(run).last(), QStringLiteral("completed_with_failures"));
    for (LevelSummary &level : run.levels) {
        level.failed = level.requests;
        level.completed = 0;
    }
    EXPECT_EQ(statuses(run).value(0), QStringLiteral("failed")) << "nothing succeeded: never completed";
    EXPECT_EQ(statuses(run).last(), QStringLiteral("failed"));
    run.cancelled = true;
    EXPECT_EQ(statuses(run).value(0), QStringLiteral("cancelled"));
    EXPECT_EQ(statuses(run).last(), QStringLiteral("cancelled")) << "the level the cancel cut short";
    ASSERT_GT(run.levels.size(), 1);
    EXPECT_EQ(statuses(run).value(1), QStringLiteral("failed")) << "a finished level keeps its own outcome";
}

TEST(ReportSummaryJson, TopLevel)
{
    const QJsonObject s = Report::summaryJson(Testing::sampleRun());
    const QSet<QString> top { QStringLiteral("tool"), QStringLiteral("config"), QStringLiteral("endpoint"),
        QStringLiteral("started_at"), QStringLiteral("status"), QStringLiteral("cancelled"), QStringLiteral("levels"),
        QStringLiteral("load_points"), QStringLiteral("load_plan_outcome"), QStringLiteral("max_rate_found"),
        QStringLiteral("knee"), QStringLiteral("server_metrics") };
    EXPECT_EQ(keysOf(s), top);
    EXPECT_TRUE(s.value(u"server_metrics").isNull()) << "no metrics URL, no scrapes";
    const QJsonObject tool = s.value(u"tool").toObject();
    EXPECT_EQ(tool.value(u"name").toString(), QStringLiteral(TOKENSCOPE_NAME));
    EXPECT_EQ(tool.value(u"version").toString(), QStringLiteral(TOKENSCOPE_VERSION));
    EXPECT_EQ(s.value(u"started_at").toString(), QStringLiteral("2026-03-14T09:26:53.589+01:00"));
    EXPECT_EQ(s.value(u"cancelled"), QJsonValue(false));
    // The sample run has one failed request: it completed, with failures (docs/metrics.md#outcomes).
    EXPECT_EQ(s.value(u"status").toString(), QStringLiteral("completed_with_failures"));
    const QJsonObject endpoint = s.value(u"endpoint").toObject();
    EXPECT_EQ(endpoint.value(u"base_url").toString(), QStringLiteral("http://127.0.0.1:8000/v1"));
    EXPECT_EQ(endpoint.value(u"model").toString(), QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(endpoint.value(u"api").toString(), QStringLiteral("chat"));
    const QJsonObject config = s.value(u"config").toObject();
    EXPECT_EQ(config.value(u"max_tokens").toInt(), 256);
    EXPECT_FALSE(config.contains(u"api_key"));
}

TEST(ReportSummaryJson, StartedAtInUtcAndNegativeOffsets)
{
    const QDate day(2026, 1, 2);
    const QTime time(3, 4, 5, 6);
    EXPECT_EQ(
        Report::isoTimestamp(QDateTime(day, time, QTimeZone::utc())), QStringLiteral("2026-01-02T03:04:05.006+00:00"));
    EXPECT_EQ(Report::isoTimestamp(QDateTime(day, time, QTimeZone(-(5 * 3600 + 30 * 60)))),
        QStringLiteral("2026-01-02T03:04:05.006-05:30"));
    EXPECT_TRUE(Report::isoTimestamp(QDateTime()).isEmpty());
}

TEST(ReportSummaryJson, LevelKeysFollowVllm)
{
    const QJsonArray levels = Report::summaryJson(Testing::sampleRun()).value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 2);
    for (const QJsonValue &level : levels)
        EXPECT_EQ(keysOf(level.toObject()), expectedLevelKeys());
}

TEST(ReportSummaryJson, LevelValuesLeaveOutTheWarmup)
{
    const QJsonObject l = Report::summaryJson(Testing::sampleRun()).value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(l.value(u"concurrency").toInt(), 1);
    EXPECT_EQ(l.value(u"requests").toInt(), 2); // the warm-up of level 1 is not counted
    EXPECT_EQ(l.value(u"completed").toInt(), 2);
    EXPECT_EQ(l.value(u"failed").toInt(), 0);
    EXPECT_DOUBLE_EQ(num(l, "duration_s"), 0.432); // 100 ms .. 400 + 132 ms
    EXPECT_EQ(l.value(u"total_output_tokens").toInt(), 42);
    EXPECT_EQ(l.value(u"total_input_tokens").toInt(), 24);
    EXPECT_DOUBLE_EQ(num(l, "output_throughput"), 97.222222);
    EXPECT_DOUBLE_EQ(num(l, "request_throughput"), 4.62963);
    EXPECT_DOUBLE_EQ(num(l, "median_ttft_ms"), 40);
    EXPECT_DOUBLE_EQ(num(l, "mean_ttft_ms"), 40);
    EXPECT_DOUBLE_EQ(num(l, "std_ttft_ms"), 10);
    EXPECT_DOUBLE_EQ(num(l, "p95_ttft_ms"), 49);
    EXPECT_DOUBLE_EQ(num(l, "median_ttft_from_sent_ms"), 38);
    EXPECT_DOUBLE_EQ(num(l, "median_tpot_ms"), 7.5);
    EXPECT_DOUBLE_EQ(num(l, "p99_tpot_ms"), 9.95);
    EXPECT_DOUBLE_EQ(num(l, "median_itl_ms"), 7.5);
    EXPECT_DOUBLE_EQ(num(l, "max_itl_ms"), 10);
    EXPECT_DOUBLE_EQ(num(l, "median_e2el_ms"), 190);
    EXPECT_DOUBLE_EQ(num(l, "median_tps"), 122.769); // mean of 84 and 161.538
    EXPECT_TRUE(l.value(u"errors").toObject().isEmpty());
}

TEST(ReportSummaryJson, LevelWithFailureShortOutputAndChunkCount)
{
    const QJsonObject l = Report::summaryJson(Testing::sampleRun()).value(u"levels").toArray().at(1).toObject();
    EXPECT_EQ(l.value(u"requests").toInt(), 3);
    EXPECT_EQ(l.value(u"completed").toInt(), 2);
    EXPECT_EQ(l.value(u"failed").toInt(), 1);
    EXPECT_EQ(l.value(u"errors").toObject(), QJsonObject({ { QStringLiteral("http_429"), 1 } }));
    EXPECT_EQ(l.value(u"short_output_excluded").toInt(), 1);
    EXPECT_EQ(l.value(u"output_tokens_from_chunks").toInt(), 1);
    EXPECT_DOUBLE_EQ(num(l, "duration_s"), 0.234);
    EXPECT_DOUBLE_EQ(num(l, "median_tpot_ms"), 8); // only the 25-token request
    EXPECT_DOUBLE_EQ(num(l, "std_tpot_ms"), 0);
    EXPECT_EQ(l.value(u"total_input_tokens").toInt(), 12); // the chunk-counted request has no usage
}

TEST(ReportSummaryJson, IntervalsArePairsOrNullWhereTooFewSamples)
{
    RunResult run = Testing::sampleRun();
    LevelSummary &level = run.levels[0];
    level.ttftMs.p95Ci = { 48.12345, 49.98765, true };
    level.ttftMs.p99Ci = {}; // refused: too few samples
    level.outputThroughputCi = { 90.1234567, 101.5, true };
    const QJsonObject l = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(l.value(u"ci95_p95_ttft_ms").toArray(), QJsonArray({ 48.123, 49.988 }));
    EXPECT_TRUE(l.value(u"ci95_p99_ttft_ms").isNull());
    EXPECT_EQ(l.value(u"ci95_output_throughput").toArray(), QJsonArray({ 90.123457, 101.5 }));
}

TEST(ReportSummaryJson, TwoRequestsGiveNoInterval)
{
    const QJsonObject l = Report::summaryJson(Testing::sampleRun()).value(u"levels").toArray().at(0).toObject();
    EXPECT_TRUE(l.value(u"ci95_median_ttft_ms").isNull());
    EXPECT_TRUE(l.value(u"ci95_output_throughput").isNull());
}

TEST(ReportSummaryJson, EmptyDistributionIsNull)
{
    RunResult run = Testing::sampleRun();
    run.config.minTokensForTpot = 1000;
    run.levels = Stats::summarizeRun(run.records, run.config);
    const QJsonObject l = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_TRUE(l.value(u"median_tpot_ms").isNull());
    EXPECT_TRUE(l.value(u"p99_itl_ms").isNull());
    EXPECT_EQ(l.value(u"short_output_excluded").toInt(), 2);
    EXPECT_DOUBLE_EQ(num(l, "median_ttft_ms"), 40);
}

TEST(ReportRequestJson, CompletedRequest)
{
    const RequestRecord r = Testing::sampleRun().records.at(1);
    const QJsonObject o = Report::requestJson(r);
    EXPECT_EQ(keysOf(o), expectedRequestKeys());
    EXPECT_EQ(o.value(u"level").toInt(), 1);
    EXPECT_EQ(o.value(u"level_index").toInt(), 0);
    EXPECT_EQ(o.value(u"index").toInt(), 0);
    EXPECT_EQ(o.value(u"warmup"), QJsonValue(false));
    EXPECT_EQ(o.value(u"response_id").toString(), QStringLiteral("chatcmpl-1-0"));
    EXPECT_EQ(o.value(u"status").toString(), QStringLiteral("ok"));
    EXPECT_EQ(o.value(u"http_status").toInt(), 200);
    EXPECT_TRUE(o.value(u"error_kind").isNull());
    EXPECT_TRUE(o.value(u"error_message").isNull());
    EXPECT_DOUBLE_EQ(num(o, "start_ms"), 100);
    EXPECT_DOUBLE_EQ(num(o, "connect_ms"), 1);
    EXPECT_TRUE(o.value(u"tls_ms").isNull()); // http: no TLS phase
    EXPECT_DOUBLE_EQ(num(o, "request_sent_ms"), 2);
    EXPECT_DOUBLE_EQ(num(o, "headers_ms"), 40);
    EXPECT_DOUBLE_EQ(num(o, "first_byte_ms"), 45);
    EXPECT_DOUBLE_EQ(num(o, "ttft_ms"), 50);
    EXPECT_DOUBLE_EQ(num(o, "ttfc_ms"), 50);
    EXPECT_DOUBLE_EQ(num(o, "last_token_ms"), 250);
    EXPECT_DOUBLE_EQ(num(o, "e2e_ms"), 250);
    EXPECT_DOUBLE_EQ(num(o, "done_ms"), 251);
    EXPECT_DOUBLE_EQ(num(o, "end_ms"), 252);
    EXPECT_DOUBLE_EQ(num(o, "tpot_ms"), 10);
    EXPECT_DOUBLE_EQ(num(o, "ttft_from_sent_ms"), 48);
    EXPECT_EQ(o.value(u"output_tokens").toInt(), 21);
    EXPECT_EQ(o.value(u"output_tokens_source").toString(), QStringLiteral("usage"));
    EXPECT_EQ(o.value(u"prompt_tokens").toInt(), 12);
    EXPECT_TRUE(o.value(u"cached_tokens").isNull()) << "not reported";
    EXPECT_EQ(o.value(u"done_marker"), QJsonValue(true));
    EXPECT_DOUBLE_EQ(num(o, "tps"), 84);
    EXPECT_EQ(o.value(u"chunks").toInt(), 21);
    EXPECT_DOUBLE_EQ(num(o, "tokens_per_chunk"), 1);
    EXPECT_EQ(o.value(u"reads").toInt(), 21);
    EXPECT_EQ(o.value(u"events").toInt(), 23);
    EXPECT_DOUBLE_EQ(num(o, "events_per_read"), 1.095);
}

TEST(ReportRequestJson, CachedTokensAndAStreamEndedWithoutDone)
{
    const QJsonObject o = Report::requestJson(Testing::sampleRun().records.at(2));
    EXPECT_EQ(o.value(u"cached_tokens").toInt(), 8);
    EXPECT_EQ(o.value(u"done_marker"), QJsonValue(false)) << "complete after its finish signal, without [DONE]";
    EXPECT_EQ(o.value(u"status").toString(), QStringLiteral("ok"));
}

TEST(ReportRequestJson, ChunkTimesAndItl)
{
    const QJsonObject o = Report::requestJson(Testing::sampleRun().records.at(1));
    const QJsonArray chunks = o.value(u"chunk_times_ms").toArray();
    ASSERT_EQ(chunks.size(), 21);
    EXPECT_DOUBLE_EQ(chunks.at(0).toDouble(), 50);
    EXPECT_DOUBLE_EQ(chunks.at(20).toDouble(), 250);
    const QJsonArray itl = o.value(u"itl_ms").toArray();
    ASSERT_EQ(itl.size(), 20);
    for (const QJsonValue &gap : itl)
        EXPECT_DOUBLE_EQ(gap.toDouble(), 10);
}

TEST(ReportRequestJson, MillisecondsRoundedToMicroseconds)
{
    RequestRecord r;
    r.ttftNs = 1234567; // 1.234567 ms
    r.lastTokenNs = 1234499;
    r.chunkTimesNs = { 1234567, 2000000 };
    const QJsonObject o = Report::requestJson(r);
    EXPECT_DOUBLE_EQ(num(o, "ttft_ms"), 1.235);
    EXPECT_DOUBLE_EQ(num(o, "last_token_ms"), 1.234);
    EXPECT_DOUBLE_EQ(o.value(u"itl_ms").toArray().at(0).toDouble(), 0.765); // 765.433 µs
    const QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
    EXPECT_TRUE(text.contains("\"ttft_ms\":1.235,")) << text.constData();
}

TEST(ReportRequestJson, FailedRequestHasNullsForAbsentPhases)
{
    const QJsonObject o = Report::requestJson(Testing::sampleRun().records.at(5));
    EXPECT_EQ(keysOf(o), expectedRequestKeys());
    EXPECT_EQ(o.value(u"status").toString(), QStringLiteral("error"));
    EXPECT_EQ(o.value(u"http_status").toInt(), 429);
    EXPECT_EQ(o.value(u"error_kind").toString(), QStringLiteral("http_429"));
    EXPECT_TRUE(o.value(u"response_id").isNull());
    for (const char *key : { "connect_ms", "tls_ms", "first_byte_ms", "first_event_ms", "ttft_ms", "ttfc_ms",
             "last_token_ms", "e2e_ms", "done_ms", "tpot_ms", "ttft_from_sent_ms", "prompt_tokens", "cached_tokens",
             "tps", "tokens_per_chunk", "events_per_read" })
        EXPECT_TRUE(o.value(QLatin1String(key)).isNull()) << key;
    EXPECT_DOUBLE_EQ(num(o, "headers_ms"), 15);
    EXPECT_DOUBLE_EQ(num(o, "end_ms"), 16);
    EXPECT_EQ(o.value(u"output_tokens").toInt(), 0);
    EXPECT_EQ(o.value(u"output_tokens_source").toString(), QStringLiteral("chunks"));
    EXPECT_TRUE(o.value(u"chunk_times_ms").toArray().isEmpty());
    EXPECT_TRUE(o.value(u"itl_ms").toArray().isEmpty());
}

TEST(ReportRequestJson, NoResponseAtAllHasNullHttpStatus)
{
    RequestRecord r;
    r.errorKind = QStringLiteral("connection_refused");
    EXPECT_TRUE(Report::requestJson(r).value(u"http_status").isNull());
}

TEST(ReportRequestsJsonl, OneCompactLinePerRecordWarmupsFlagged)
{
    const RunResult run = Testing::sampleRun();
    const QByteArray jsonl = Report::requestsJsonl(run);
    ASSERT_TRUE(jsonl.endsWith('\n'));
    const QList<QByteArray> lines = jsonl.chopped(1).split('\n');
    ASSERT_EQ(lines.size(), run.records.size()); // warm-up included
    int warmups = 0;
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        ASSERT_EQ(error.error, QJsonParseError::NoError) << line.constData();
        EXPECT_EQ(doc.toJson(QJsonDocument::Compact), line); // compact: no indentation
        warmups += doc.object().value(u"warmup").toBool() ? 1 : 0;
    }
    EXPECT_EQ(warmups, 1);
    EXPECT_TRUE(QJsonDocument::fromJson(lines.at(0)).object().value(u"warmup").toBool());
}

TEST(ReportRequestsJsonl, KeyInAnErrorMessageIsRedacted)
{
    const QByteArray jsonl = Report::requestsJsonl(Testing::sampleRun());
    EXPECT_FALSE(jsonl.contains("sk-test-SECRET-123"));
    EXPECT_TRUE(jsonl.contains("Rate limit exceeded for key [redacted]."));
}

// ---- open-loop (rate) levels: Testing::sampleRateRun() ----

TEST(ReportSummaryJson, RateLevelsCarryTheirLoadPointAndScheduleFigures)
{
    const QJsonObject s = Report::summaryJson(Testing::sampleRateRun());
    const QJsonArray levels = s.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 2);
    for (const QJsonValue &level : levels)
        EXPECT_EQ(keysOf(level.toObject()), expectedLevelKeys());

    const QJsonObject paced = levels.at(0).toObject();
    EXPECT_EQ(paced.value(u"kind").toString(), QStringLiteral("rate"));
    EXPECT_EQ(paced.value(u"role").toString(), QStringLiteral("listed"));
    EXPECT_EQ(paced.value(u"request_rate"), QJsonValue(10.0));
    EXPECT_EQ(paced.value(u"arrival").toString(), QStringLiteral("poisson"));
    EXPECT_EQ(paced.value(u"burstiness"), QJsonValue(1.0));
    EXPECT_EQ(paced.value(u"max_concurrency").toInt(), 4);
    EXPECT_EQ(paced.value(u"concurrency").toInt(), 4) << "the existing key keeps the cap";
    EXPECT_NEAR(num(paced, "achieved_request_rate"), 10.0, 1e-6); // 4 gaps of 100 ms
    EXPECT_NEAR(num(paced, "p99_send_lag_ms"), 1.0, 1e-9);
    EXPECT_NEAR(num(paced, "median_ttft_from_scheduled_ms"), 51.0, 1e-9) << "TTFT 50 + 1 ms late";
    EXPECT_NEAR(num(paced, "median_e2el_from_scheduled_ms"), 251.0, 1e-9);
    EXPECT_TRUE(paced.value(u"p99_cap_wait_ms").isNull()) << "nothing waited for the cap";
    EXPECT_EQ(paced.value(u"ramp_up_excluded").toInt(), 0);
    EXPECT_EQ(paced.value(u"incomplete").toInt(), 0);
    EXPECT_EQ(paced.value(u"good_requests").toInt(), 5);
    EXPECT_NEAR(num(paced, "request_goodput"), 5 / 0.652, 1e-6); // first start 1 ms, last end 653 ms
    EXPECT_EQ(paced.value(u"goodput_fraction"), QJsonValue(1.0));

    const QJsonObject burst = levels.at(1).toObject();
    EXPECT_EQ(burst.value(u"request_rate"), QJsonValue(QStringLiteral("inf")));
    EXPECT_EQ(burst.value(u"max_concurrency").toInt(), 4);
    EXPECT_NEAR(num(burst, "achieved_request_rate"), 4 / 0.2495, 1e-3) << "the not_sent one is no send";
    EXPECT_NEAR(num(burst, "p99_send_lag_ms"), 0.5, 1e-9) << "the cap's wait is not send lag";
    EXPECT_NEAR(num(burst, "max_cap_wait_ms"), 400.0, 1e-9);
    EXPECT_NEAR(num(burst, "min_cap_wait_ms"), 249.5, 1e-9);
    EXPECT_NEAR(num(burst, "max_ttft_from_scheduled_ms"), 400.0, 1e-9) << "150 ms TTFT after 250 ms late";
    EXPECT_EQ(burst.value(u"incomplete").toInt(), 2) << "the incomplete and the not_sent one";
    EXPECT_EQ(burst.value(u"errors").toObject().value(u"not_sent").toInt(), 1);
    EXPECT_EQ(burst.value(u"good_requests").toInt(), 0) << "TTFT 150 misses ttft:100";
    EXPECT_EQ(burst.value(u"goodput_fraction"), QJsonValue(0.0));
}

TEST(ReportSummaryJson, RateRunListsItsLoadPointsPlanAndKnee)
{
    RunResult run = Testing::sampleRateRun();
    QJsonObject s = Report::summaryJson(run);
    const QJsonArray points = s.value(u"load_points").toArray();
    ASSERT_EQ(points.size(), 2);
    const QJsonObject first = points.at(0).toObject();
    EXPECT_EQ(first.value(u"label").toString(), QStringLiteral("r=10/s c≤4"));
    EXPECT_EQ(first.value(u"kind").toString(), QStringLiteral("rate"));
    EXPECT_EQ(first.value(u"index").toInt(), 0);
    EXPECT_EQ(first.value(u"request_rate"), QJsonValue(10.0));
    EXPECT_EQ(first.value(u"max_concurrency").toInt(), 4);
    EXPECT_EQ(points.at(1).toObject().value(u"request_rate"), QJsonValue(QStringLiteral("inf")));
    EXPECT_EQ(points.at(1).toObject().value(u"label").toString(), QStringLiteral("r=inf c≤4"));
    EXPECT_TRUE(s.value(u"load_plan_outcome").isNull());
    EXPECT_TRUE(s.value(u"max_rate_found").isNull());
    // 5 completed over 0.652 s (TTFT 50) against 4 over 0.4415 s (TTFT 150): it takes off.
    EXPECT_EQ(s.value(u"knee").toString(),
        QStringLiteral("The knee is between 7.67 and 9.06 req/s served: median TTFT is 50 ms at r=10/s c≤4 and takes "
                       "off to 150 ms at r=inf c≤4, more than twice the 50 ms of the lowest load."));

    run.loadPlanOutcome = QStringLiteral("The highest rate meeting p95_ttft_ms<=500 is 12.5 req/s.");
    run.maxRateFound = 12.5;
    s = Report::summaryJson(run);
    EXPECT_EQ(s.value(u"load_plan_outcome").toString(), run.loadPlanOutcome);
    EXPECT_EQ(s.value(u"max_rate_found"), QJsonValue(12.5));
}

TEST(ReportSummaryJson, ClosedLoopLevelsSayConcurrencyAndLeaveTheRateFiguresNull)
{
    const QJsonObject s = Report::summaryJson(Testing::sampleRun());
    const QJsonObject level = s.value(u"levels").toArray().at(1).toObject();
    EXPECT_EQ(level.value(u"kind").toString(), QStringLiteral("concurrency"));
    EXPECT_EQ(level.value(u"max_concurrency").toInt(), 2) << "closed loop: its concurrency";
    for (const char *key : { "request_rate", "arrival", "burstiness", "achieved_request_rate", "p99_send_lag_ms",
             "median_cap_wait_ms", "p99_ttft_from_scheduled_ms", "mean_e2el_from_scheduled_ms", "request_goodput",
             "good_requests", "goodput_fraction" })
        EXPECT_TRUE(level.value(QLatin1String(key)).isNull()) << key;
    const QJsonArray points = s.value(u"load_points").toArray();
    ASSERT_EQ(points.size(), 2);
    EXPECT_EQ(points.at(1).toObject().value(u"label").toString(), QStringLiteral("c=2"));
    EXPECT_TRUE(points.at(1).toObject().value(u"request_rate").isNull());
}

TEST(ReportRequestJson, ScheduledRequestSaysWhenItWasDueAndWhatHeldIt)
{
    const RunResult run = Testing::sampleRateRun();
    const QJsonObject onTime = Report::requestJson(run.records.at(1)); // due 100, sent 101
    EXPECT_EQ(keysOf(onTime), expectedRequestKeys());
    EXPECT_EQ(onTime.value(u"scheduled_ms"), QJsonValue(100.0));
    EXPECT_EQ(onTime.value(u"start_ms"), QJsonValue(101.0));
    EXPECT_EQ(onTime.value(u"send_lag_ms"), QJsonValue(1.0));
    EXPECT_EQ(onTime.value(u"cap_wait_ms"), QJsonValue(0.0));
    EXPECT_EQ(onTime.value(u"ramp_up"), QJsonValue(false));
    EXPECT_EQ(onTime.value(u"ttft_from_scheduled_ms"), QJsonValue(51.0));
    EXPECT_EQ(onTime.value(u"e2e_from_scheduled_ms"), QJsonValue(251.0));

    const QJsonObject held = Report::requestJson(run.records.at(9)); // due 1000, sent 1250 after the cap
    EXPECT_EQ(held.value(u"scheduled_ms"), QJsonValue(1000.0));
    EXPECT_EQ(held.value(u"cap_wait_ms"), QJsonValue(249.5));
    EXPECT_EQ(held.value(u"send_lag_ms"), QJsonValue(0.5)) << "the cap's wait apart";
    EXPECT_EQ(held.value(u"ttft_from_scheduled_ms"), QJsonValue(400.0));

    const QJsonObject never = Report::requestJson(run.records.at(10));
    EXPECT_EQ(never.value(u"error_kind").toString(), QStringLiteral("not_sent"));
    EXPECT_EQ(never.value(u"cap_wait_ms"), QJsonValue(400.0));
    EXPECT_TRUE(never.value(u"ttft_from_scheduled_ms").isNull());

    const QJsonObject closed = Report::requestJson(Testing::sampleRun().records.at(1));
    for (const char *key :
        { "scheduled_ms", "send_lag_ms", "cap_wait_ms", "ramp_up", "ttft_from_scheduled_ms", "e2e_from_scheduled_ms" })
        EXPECT_TRUE(closed.value(QLatin1String(key)).isNull()) << key;
}

// docs/metrics.md#per-token-itl-from-per-chunk-usage: null without per-chunk usage.
TEST(ReportSummaryJson, PerTokenItlKeysAreNullWithoutPerChunkUsage)
{
    RunResult run = Testing::sampleRun();
    QJsonObject level = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_TRUE(level.value(u"mean_itl_per_token_ms").isNull());
    EXPECT_TRUE(level.value(u"p99_itl_per_token_ms").isNull());
    EXPECT_TRUE(Report::requestJson(run.records.last()).value(u"chunk_tokens").isNull());

    run.levels[0].itlPerTokenMs = Stats::summarizeWeighted({ { 4.0, 3 }, { 10.0, 1 } });
    level = Report::summaryJson(run).value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(level.value(u"mean_itl_per_token_ms").toDouble(), 5.5);
    EXPECT_EQ(level.value(u"median_itl_per_token_ms").toDouble(), 4.0);
    EXPECT_EQ(level.value(u"max_itl_per_token_ms").toDouble(), 10.0);
    RequestRecord r = run.records.last();
    r.chunkTokens = QList<int>(r.chunkTimesNs.size(), 2);
    EXPECT_EQ(Report::requestJson(r).value(u"chunk_tokens").toArray().size(), r.chunkTimesNs.size());
}
