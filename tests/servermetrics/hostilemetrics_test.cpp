// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile /metrics bodies (docs/metrics.md#server-metrics): more series than any server exposes,
// values no figure can have (1e300, negative, infinite, a percentage where a fraction belongs) and
// bodies past the size cap. First on parsed text, then over the wire from a HostilePeer to the real
// scraper, then what the reports and the reading make of such figures.
#include "core/clock.h"
#include "report/reportwriters.h"
#include "servermetrics/knownseries.h"
#include "servermetrics/metricsscraper.h"
#include "servermetrics/prometheustext.h"
#include "servermetrics/serverlevel.h"
#include "stats/runreading.h"
#include "support/hostilepeer.h"

#include <QJsonObject>
#include <QTest>

#include <gtest/gtest.h>

#include <limits>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr int kKnownSeriesInBody = 3;

// vLLM's three gauges, then `others` series of names TokenScope does not know.
QByteArray manySeries(int others)
{
    QByteArray body = "vllm:num_requests_running{model_name=\"m\"} 3\nvllm:num_requests_waiting{model_name=\"m\"} 1\n"
                      "vllm:kv_cache_usage_perc{model_name=\"m\"} 0.25\n";
    for (int i = 0; i < others; ++i)
        body += "other_series_" + QByteArray::number(i) + "{shard=\"" + QByteArray::number(i) + "\"} 1\n";
    return body;
}

ServerMetricsSample readBody(const QByteArray &body)
{
    ServerMetricsSample sample;
    readKnownSeries(parsePrometheusText(body), &sample);
    return sample;
}

QByteArray httpOk(const QByteArray &body)
{
    return "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

/// Scrapes `peer` with the real scraper until `count` samples came, then stops it.
QList<ServerMetricsSample> scrape(const HostilePeer &peer, int count)
{
    RunConfig config;
    config.serverMetricsUrl = peer.baseUrl() + QStringLiteral("/metrics");
    config.serverMetricsIntervalMs = 100;
    MetricsScraper scraper;
    QList<ServerMetricsSample> samples;
    QObject::connect(
        &scraper, &MetricsScraper::sampled, &scraper, [&samples](const ServerMetricsSample &s) { samples.append(s); });
    scraper.start(config, ServerMetrics::scrapeRequest(config), nowNs());
    EXPECT_TRUE(QTest::qWaitFor([&samples, count] { return samples.size() >= count; }, 30000));
    scraper.stop();
    return samples;
}

HostileScript answering(const QByteArray &bytes, HostileScript::Ending ending = HostileScript::Ending::KeepOpen)
{
    HostileScript script;
    script.steps = { { bytes, 0 } };
    script.ending = ending;
    return script;
}

} // namespace

// ---- series: the known ones and a bounded number of others ----

TEST(HostileMetricsSeries, ManySeriesKeepTheKnownOnesAndTheFirstOthersUpToTheBound)
{
    const int others = 5000;
    const ServerMetricsSample sample = readBody(manySeries(others));
    EXPECT_EQ(sample.server, QStringLiteral("vllm"));
    EXPECT_DOUBLE_EQ(sample.running, 3);
    EXPECT_DOUBLE_EQ(sample.waiting, 1);
    EXPECT_DOUBLE_EQ(sample.cacheUsage, 0.25);
    EXPECT_EQ(sample.series.size(), kKnownSeriesInBody + ServerMetricsSample::kMaxOtherSeries);
    EXPECT_EQ(sample.seriesDropped, others - ServerMetricsSample::kMaxOtherSeries);
    EXPECT_TRUE(sample.series.contains(QStringLiteral("vllm:num_requests_running{model_name=\"m\"}")));
    EXPECT_TRUE(sample.series.contains(QStringLiteral("other_series_0{shard=\"0\"}"))); // the first are kept
    EXPECT_FALSE(sample.series.contains(QStringLiteral("other_series_4999{shard=\"4999\"}")));
}

TEST(HostileMetricsSeries, ManyLabelSetsOfAKnownNameAreAllSummedButBoundedInSeries)
{
    QByteArray body;
    const int engines = ServerMetricsSample::kMaxKnownNameSeries + 500;
    for (int i = 0; i < engines; ++i)
        body += "vllm:num_requests_running{engine=\"" + QByteArray::number(i) + "\"} 1\n";
    const ServerMetricsSample sample = readBody(body);
    EXPECT_DOUBLE_EQ(sample.running, engines); // the figure reads every label set
    EXPECT_EQ(sample.series.size(), ServerMetricsSample::kMaxKnownNameSeries);
    EXPECT_EQ(sample.seriesDropped, 500);
}

TEST(HostileMetricsSeries, ABodyWithinTheBoundsDropsNothing)
{
    const ServerMetricsSample sample = readBody(manySeries(ServerMetricsSample::kMaxOtherSeries));
    EXPECT_EQ(sample.series.size(), kKnownSeriesInBody + ServerMetricsSample::kMaxOtherSeries);
    EXPECT_EQ(sample.seriesDropped, 0);
    EXPECT_EQ(sample.valuesRejected, 0);
}

TEST(HostileMetricsSeries, ScanningHandsOverEverySampleAndKeepsNone)
{
    const QByteArray body = manySeries(1000) + "not a sample\n# TYPE x gauge\n";
    qsizetype seen = 0;
    const PrometheusScan scan = scanPrometheusText(body, [&seen](const PrometheusSample &) { ++seen; });
    EXPECT_EQ(scan.samples, 1000 + kKnownSeriesInBody);
    EXPECT_EQ(seen, scan.samples);
    EXPECT_EQ(scan.skippedLines, 1);
    const PrometheusText parsed = parsePrometheusText(body);
    EXPECT_EQ(parsed.samples.size(), scan.samples);
    EXPECT_EQ(parsed.skippedLines, scan.skippedLines);
}

// ---- values: out of range is no figure ----

TEST(HostileMetricsValues, AHugeCacheUsageIsNoFigureButStaysInSeries)
{
    const ServerMetricsSample sample = readBody("vllm:num_requests_running 2\nvllm:kv_cache_usage_perc 1e300\n");
    EXPECT_EQ(sample.server, QStringLiteral("vllm"));
    EXPECT_DOUBLE_EQ(sample.running, 2);
    EXPECT_FALSE(ServerMetricsSample::has(sample.cacheUsage));
    EXPECT_EQ(sample.valuesRejected, 1);
    EXPECT_DOUBLE_EQ(sample.series.value(QStringLiteral("vllm:kv_cache_usage_perc")), 1e300); // the raw value
}

TEST(HostileMetricsValues, NegativeGaugesAreNoFigureAndCounted)
{
    const ServerMetricsSample sample = readBody("vllm:num_requests_running -3\nvllm:num_requests_waiting -1\n"
                                                "vllm:kv_cache_usage_perc -0.5\nvllm:num_preemptions_total -7\n");
    EXPECT_EQ(sample.server, QStringLiteral("vllm")); // the names matched, the values did not
    EXPECT_FALSE(ServerMetricsSample::has(sample.running));
    EXPECT_FALSE(ServerMetricsSample::has(sample.waiting));
    EXPECT_FALSE(ServerMetricsSample::has(sample.cacheUsage));
    EXPECT_FALSE(ServerMetricsSample::has(sample.preemptions));
    EXPECT_FALSE(sample.hasKnownSeries());
    EXPECT_EQ(sample.valuesRejected, 4);
}

TEST(HostileMetricsValues, ARefusedLabelSetLeavesTheFigureMissingForTheScrape)
{
    // The other engine's 4 alone would understate the server's running requests.
    const ServerMetricsSample sample
        = readBody("vllm:num_requests_running{engine=\"0\"} 4\nvllm:num_requests_running{engine=\"1\"} -4\n"
                   "vllm:num_requests_waiting{engine=\"0\"} 1\nvllm:num_requests_waiting{engine=\"1\"} 2\n");
    EXPECT_FALSE(ServerMetricsSample::has(sample.running));
    EXPECT_DOUBLE_EQ(sample.waiting, 3);
    EXPECT_EQ(sample.valuesRejected, 1);
}

TEST(HostileMetricsValues, InfiniteGaugesAreNoFigureAndCountedButNaNIsNotExposed)
{
    const ServerMetricsSample sample
        = readBody("sglang:num_running_reqs +Inf\nsglang:num_queue_reqs -Inf\nsglang:token_usage NaN\n");
    EXPECT_EQ(sample.server, QStringLiteral("sglang"));
    EXPECT_FALSE(sample.hasKnownSeries());
    EXPECT_EQ(sample.valuesRejected, 2); // NaN is Prometheus' "no value", not a refused one
}

TEST(HostileMetricsValues, ACountPastABillionIsNoFigureAloneOrSummed)
{
    EXPECT_FALSE(ServerMetricsSample::has(readBody("tgi_queue_size 1e300\n").waiting));
    const ServerMetricsSample summed = readBody("tgi_queue_size{shard=\"0\"} 6e8\ntgi_queue_size{shard=\"1\"} 6e8\n");
    EXPECT_FALSE(ServerMetricsSample::has(summed.waiting));
    EXPECT_EQ(summed.valuesRejected, 1);
    EXPECT_DOUBLE_EQ(readBody("tgi_queue_size 1e9\n").waiting, 1e9); // the bound itself is a figure
}

TEST(HostileMetricsValues, ACacheUsageInPercentIsNotRescaled)
{
    // Every known cache name is a fraction, vLLM's "_perc" too: 50 is refused, not read as 0.5.
    const ServerMetricsSample sample = readBody("vllm:gpu_cache_usage_perc 50\n");
    EXPECT_FALSE(ServerMetricsSample::has(sample.cacheUsage));
    EXPECT_EQ(sample.valuesRejected, 1);
    EXPECT_DOUBLE_EQ(readBody("vllm:gpu_cache_usage_perc 1\n").cacheUsage, 1);
    EXPECT_DOUBLE_EQ(readBody("vllm:gpu_cache_usage_perc 0\n").cacheUsage, 0);
}

TEST(HostileMetricsValues, ACounterPastTwoToThe53IsNoFigure)
{
    const ServerMetricsSample sample = readBody("vllm:num_requests_running 1\nvllm:prompt_tokens_total 1e300\n"
                                                "vllm:generation_tokens_total 123456\n");
    EXPECT_FALSE(ServerMetricsSample::has(sample.promptTokens));
    EXPECT_DOUBLE_EQ(sample.generationTokens, 123456);
    EXPECT_EQ(sample.valuesRejected, 1);
}

// ---- what the reports say of such figures ----

TEST(HostileMetricsReport, AnOutOfRangeLevelFigureIsNeverPrintedAsAnAbsurdPercentage)
{
    // A level read back from an older history, whose scrapes were kept without the ranges.
    LevelSummary level;
    level.serverScrapes = 3;
    level.serverRunningMean = level.serverRunningMax = 2;
    level.serverCacheUsageMax = 1e300;
    const QString text = serverLevelText(level);
    EXPECT_FALSE(text.contains(QStringLiteral("KV cache"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("-9223372036854775808"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("running 2"))) << text.toStdString();

    level.serverCacheUsageMax = 0.345;
    EXPECT_TRUE(serverLevelText(level).contains(QStringLiteral("KV cache up to 35 %")))
        << serverLevelText(level).toStdString();

    level.serverRunningMean = level.serverRunningMax = -std::numeric_limits<double>::infinity();
    level.serverCacheUsageMax = -2;
    EXPECT_TRUE(serverLevelText(level).contains(QStringLiteral("none with running")))
        << serverLevelText(level).toStdString();
}

TEST(HostileMetricsReport, SamplesOutOfRangeFromTheHistoryAreLeftOutOfTheLevel)
{
    ServerMetricsSample huge;
    huge.ok = true;
    huge.running = 1e300;
    huge.waiting = -1;
    huge.cacheUsage = 1e300;
    ServerMetricsSample fine = huge;
    fine.running = 4;
    fine.waiting = 0;
    fine.cacheUsage = 0.5;
    LevelSummary level;
    summarizeServerMetrics({ huge, fine }, 0, 1, &level);
    EXPECT_EQ(level.serverScrapes, 2);
    ASSERT_TRUE(level.serverRunningMax);
    EXPECT_DOUBLE_EQ(*level.serverRunningMax, 4);
    ASSERT_TRUE(level.serverWaitingMax);
    EXPECT_DOUBLE_EQ(*level.serverWaitingMax, 0);
    ASSERT_TRUE(level.serverCacheUsageMax);
    EXPECT_DOUBLE_EQ(*level.serverCacheUsageMax, 0.5);
}

TEST(HostileMetricsReport, TheReadingNeverConvertsAHugeWaitingCount)
{
    LevelSummary low;
    low.concurrency = 1;
    low.requests = low.completed = 10;
    low.durationS = 5;
    low.ttftMs.count = low.tpotMs.count = 10;
    low.ttftMs.p50 = 40;
    low.tpotMs.p50 = 10;
    low.outputThroughput = 100;
    LevelSummary high = low;
    high.concurrency = 8;
    high.ttftMs.p50 = 116;
    high.tpotMs.p50 = 13;
    high.outputThroughput = 590;
    for (LevelSummary *l : { &low, &high }) {
        l->serverScrapes = 5;
        l->serverRunningMean = l->serverRunningMax = 1;
        l->serverWaitingMean = l->serverWaitingMax = 1e300;
    }
    const Reading::RunReading r = Reading::readLevels({ low, high });
    EXPECT_EQ(r.verdict, Reading::Verdict::Queueing);
    EXPECT_FALSE(r.serverWaitingMaxHigh) << "a count out of range is no figure";
    EXPECT_EQ(r.queueAt, Reading::QueueAt::Unknown);
    EXPECT_FALSE(r.text().contains(QStringLiteral("waiting up to"))) << r.text().toStdString();
}

TEST(HostileMetricsReport, TheJsonlLineAndTheNotesSayWhatWasDroppedAndRejected)
{
    ServerMetricsSample sample = readBody(manySeries(300) + "vllm:num_preemptions_total -1\n");
    sample.ok = true;
    const QJsonObject line = Report::serverMetricsJson(sample);
    EXPECT_EQ(line.value(QLatin1String("series_dropped")).toInt(), 300 - ServerMetricsSample::kMaxOtherSeries);
    EXPECT_EQ(line.value(QLatin1String("values_rejected")).toInt(), 1);
    EXPECT_EQ(line.value(QLatin1String("series")).toObject().size(),
        kKnownSeriesInBody + 1 + ServerMetricsSample::kMaxOtherSeries);

    RunResult run;
    run.config.serverMetricsUrl = QStringLiteral("http://h:8000/metrics");
    run.serverMetrics = { sample };
    const QString notes = scrapeCountText(run);
    EXPECT_TRUE(notes.contains(QStringLiteral("1 of 1 scrape succeeded."))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("1 scrape exposed more series than are kept"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("44 samples left out"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("1 value of running, waiting, KV-cache usage or the counters was out of "
                                              "range (negative, infinite, a count above a billion, a cache usage "
                                              "outside 0..1) and was not taken as figures.")))
        << notes.toStdString();
}

// ---- over the wire, to the real scraper ----

TEST(HostileMetricsScrape, ABodyOfManySeriesGivesABoundedSampleEveryScrape)
{
    HostilePeer peer(answering(httpOk(manySeries(100'000)))); // about 3.5 MB
    ASSERT_TRUE(peer.start());
    const QList<ServerMetricsSample> samples = scrape(peer, 2);
    ASSERT_GE(samples.size(), 2);
    for (const ServerMetricsSample &s : samples) {
        ASSERT_TRUE(s.ok) << s.error.toStdString();
        EXPECT_DOUBLE_EQ(s.running, 3);
        EXPECT_EQ(s.series.size(), kKnownSeriesInBody + ServerMetricsSample::kMaxOtherSeries);
        EXPECT_EQ(s.seriesDropped, 100'000 - ServerMetricsSample::kMaxOtherSeries);
    }
}

TEST(HostileMetricsScrape, ABodyAnnouncedPastTheCapFailsTheScrapeWithoutWaitingForIt)
{
    // The head promises one byte more than the cap, then the peer sends a line and holds the rest.
    const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
        + QByteArray::number(MetricsScraper::kMaxBodyBytes + 1) + "\r\n\r\nvllm:num_requests_running 1\n";
    HostilePeer peer(answering(head, HostileScript::Ending::Hang));
    ASSERT_TRUE(peer.start());
    const QList<ServerMetricsSample> samples = scrape(peer, 1);
    ASSERT_FALSE(samples.isEmpty());
    const ServerMetricsSample &s = samples.constFirst();
    EXPECT_FALSE(s.ok);
    EXPECT_TRUE(s.error.contains(QStringLiteral("16 MiB"))) << s.error.toStdString();
    EXPECT_LT(s.durationNs, 2'000'000'000LL) << "failed at the head, not at the 5 s deadline";
}

TEST(HostileMetricsScrape, ABodyPastTheCapWithoutALengthFailsTheScrape)
{
    QByteArray body = manySeries(0);
    body += QByteArray(MetricsScraper::kMaxBodyBytes + 1 - body.size() - 1, '#') + '\n'; // one comment line
    HostilePeer peer(answering("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" + body,
        HostileScript::Ending::Close));
    ASSERT_TRUE(peer.start());
    const QList<ServerMetricsSample> samples = scrape(peer, 1);
    ASSERT_FALSE(samples.isEmpty());
    EXPECT_FALSE(samples.constFirst().ok);
    EXPECT_TRUE(samples.constFirst().error.contains(QStringLiteral("16 MiB")))
        << samples.constFirst().error.toStdString();
}

TEST(HostileMetricsScrape, ABodyJustUnderTheCapIsRead)
{
    QByteArray body = manySeries(0);
    body += QByteArray(MetricsScraper::kMaxBodyBytes - body.size() - 1, '#') + '\n';
    ASSERT_EQ(body.size(), MetricsScraper::kMaxBodyBytes);
    HostilePeer peer(answering(httpOk(body)));
    ASSERT_TRUE(peer.start());
    const QList<ServerMetricsSample> samples = scrape(peer, 1);
    ASSERT_FALSE(samples.isEmpty());
    EXPECT_TRUE(samples.constFirst().ok) << samples.constFirst().error.toStdString();
    EXPECT_DOUBLE_EQ(samples.constFirst().running, 3);
}

TEST(HostileMetricsScrape, HugeAndNegativeValuesOverTheWireAreNoFigures)
{
    HostilePeer peer(answering(httpOk("vllm:num_requests_running -2\nvllm:num_requests_waiting 5\n"
                                      "vllm:kv_cache_usage_perc 1e300\n")));
    ASSERT_TRUE(peer.start());
    const QList<ServerMetricsSample> samples = scrape(peer, 1);
    ASSERT_FALSE(samples.isEmpty());
    const ServerMetricsSample &s = samples.constFirst();
    ASSERT_TRUE(s.ok) << s.error.toStdString();
    EXPECT_FALSE(ServerMetricsSample::has(s.running));
    EXPECT_DOUBLE_EQ(s.waiting, 5);
    EXPECT_FALSE(ServerMetricsSample::has(s.cacheUsage));
    EXPECT_EQ(s.valuesRejected, 2);

    LevelSummary level;
    summarizeServerMetrics(samples, s.offsetNs, s.offsetNs, &level);
    const QString text = serverLevelText(level);
    EXPECT_EQ(text, QStringLiteral("server: waiting 5 (max 5)")) << text.toStdString();
}
