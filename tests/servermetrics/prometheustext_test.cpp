// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "servermetrics/knownseries.h"
#include "servermetrics/prometheustext.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using namespace TokenScope;

// The hand-written bodies of tests/data/metrics (SOURCES.md there says how they were made).
QByteArray readFixture(const QString &name)
{
    QFile file(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/metrics/") + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// Lines that are neither comments nor blank: every one must come out as a sample.
qsizetype sampleLineCount(const QByteArray &body)
{
    qsizetype count = 0;
    for (const QByteArray &line : body.split('\n')) {
        if (!line.trimmed().isEmpty() && !line.startsWith('#'))
            ++count;
    }
    return count;
}

ServerMetricsSample knownSeriesOf(QByteArrayView body)
{
    ServerMetricsSample sample;
    readKnownSeries(parsePrometheusText(body), &sample);
    return sample;
}

ServerMetricsSample knownSeriesOfFixture(const QString &name)
{
    const QByteArray body = readFixture(name);
    EXPECT_FALSE(body.isEmpty()) << name.toStdString();
    return knownSeriesOf(body);
}

PrometheusSample onlySample(QByteArrayView body)
{
    const PrometheusText text = parsePrometheusText(body);
    EXPECT_EQ(text.skippedLines, 0);
    EXPECT_EQ(text.samples.size(), 1);
    return text.samples.value(0);
}

TEST(PrometheusText, EveryFixtureLineIsReadAsASample)
{
    const QStringList names = QDir(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/metrics"))
                                  .entryList({ QStringLiteral("*.txt") }, QDir::Files, QDir::Name);
    ASSERT_EQ(names.size(), 5);
    for (const QString &name : names) {
        const QByteArray body = readFixture(name);
        const PrometheusText text = parsePrometheusText(body);
        EXPECT_EQ(text.skippedLines, 0) << name.toStdString();
        EXPECT_EQ(text.samples.size(), sampleLineCount(body)) << name.toStdString();
    }
}

TEST(PrometheusText, ReadsTheVllmExposition)
{
    const PrometheusText text = parsePrometheusText(readFixture(QStringLiteral("vllm.txt")));
    EXPECT_EQ(text.samples.size(), 83);
    EXPECT_EQ(text.types.value(QStringLiteral("vllm:num_requests_running")), QStringLiteral("gauge"));
    EXPECT_EQ(text.types.value(QStringLiteral("vllm:num_preemptions_total")), QStringLiteral("counter"));
    EXPECT_EQ(text.types.value(QStringLiteral("vllm:num_preemptions_created")), QStringLiteral("gauge"));
    EXPECT_EQ(text.types.value(QStringLiteral("vllm:time_to_first_token_seconds")), QStringLiteral("histogram"));

    const QList<PrometheusSample> running = text.samplesNamed(QStringLiteral("vllm:num_requests_running"));
    ASSERT_EQ(running.size(), 1);
    EXPECT_EQ(running[0].value, 7.0);
    EXPECT_EQ(running[0].label(QStringLiteral("engine")), QStringLiteral("0"));
    EXPECT_EQ(running[0].label(QStringLiteral("model_name")), QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
    EXPECT_EQ(running[0].label(QStringLiteral("absent")), QString());

    const QList<PrometheusSample> created = text.samplesNamed(QStringLiteral("vllm:prompt_tokens_created"));
    ASSERT_EQ(created.size(), 1);
    EXPECT_DOUBLE_EQ(created[0].value, 1.7330976418837478e+09);
    EXPECT_EQ(text.samplesNamed(QStringLiteral("vllm:time_to_first_token_seconds_bucket")).size(), 17);
}

TEST(PrometheusText, SampleWithoutLabels)
{
    const PrometheusSample sample = onlySample("tgi_queue_size 6\n");
    EXPECT_EQ(sample.name, QStringLiteral("tgi_queue_size"));
    EXPECT_TRUE(sample.labels.isEmpty());
    EXPECT_EQ(sample.value, 6.0);
    EXPECT_EQ(sample.key(), QStringLiteral("tgi_queue_size"));
}

TEST(PrometheusText, LabelValueEscapes)
{
    const PrometheusSample sample = onlySample(R"(m{path="C:\\models\\q",quote="say \"hi\"",lines="a\nb"} 1)");
    EXPECT_EQ(sample.label(QStringLiteral("path")), QStringLiteral("C:\\models\\q"));
    EXPECT_EQ(sample.label(QStringLiteral("quote")), QStringLiteral("say \"hi\""));
    EXPECT_EQ(sample.label(QStringLiteral("lines")), QStringLiteral("a\nb"));
    // The key escapes them again as exposed, the labels in name order.
    EXPECT_EQ(sample.key(), QStringLiteral(R"(m{lines="a\nb",path="C:\\models\\q",quote="say \"hi\""})"));
}

TEST(PrometheusText, UnknownEscapeOrUnclosedValueSkipsTheLine)
{
    const PrometheusText text = parsePrometheusText("a{x=\"\\t\"} 1\nb{x=\"open} 2\nc{x=\"ok\"} 3\n");
    EXPECT_EQ(text.skippedLines, 2);
    ASSERT_EQ(text.samples.size(), 1);
    EXPECT_EQ(text.samples[0].name, QStringLiteral("c"));
}

TEST(PrometheusText, LabelsWithBlanksAndATrailingComma)
{
    const PrometheusSample sample = onlySample("m { a = \"1\" , b=\"2\", } 4");
    EXPECT_EQ(sample.key(), QStringLiteral("m{a=\"1\",b=\"2\"}"));
    EXPECT_EQ(sample.value, 4.0);
    EXPECT_EQ(onlySample("m{} 5").key(), QStringLiteral("m"));
}

TEST(PrometheusText, SpecialAndExponentValues)
{
    const PrometheusText text = parsePrometheusText("a NaN\nb +Inf\nc -Inf\nd 1.5e-3\ne 1\nf -2.5\ng 1.051904e+06\n"
                                                    "h_bucket{le=\"+Inf\"} 17\ni Inf\nj .5\n");
    EXPECT_EQ(text.skippedLines, 0);
    ASSERT_EQ(text.samples.size(), 10);
    EXPECT_TRUE(std::isnan(text.samples[0].value));
    EXPECT_EQ(text.samples[1].value, std::numeric_limits<double>::infinity());
    EXPECT_EQ(text.samples[2].value, -std::numeric_limits<double>::infinity());
    EXPECT_DOUBLE_EQ(text.samples[3].value, 0.0015);
    EXPECT_EQ(text.samples[4].value, 1.0);
    EXPECT_EQ(text.samples[5].value, -2.5);
    EXPECT_EQ(text.samples[6].value, 1051904.0);
    EXPECT_EQ(text.samples[7].label(QStringLiteral("le")), QStringLiteral("+Inf"));
    EXPECT_EQ(text.samples[7].value, 17.0);
    EXPECT_EQ(text.samples[8].value, std::numeric_limits<double>::infinity());
    EXPECT_EQ(text.samples[9].value, 0.5);
}

TEST(PrometheusText, UnreadableValuesSkipTheLine)
{
    const PrometheusText text = parsePrometheusText("a\nb 1x\nc 0x10\nd +-1\ne one\nf-1\ng 3\n");
    EXPECT_EQ(text.skippedLines, 6);
    ASSERT_EQ(text.samples.size(), 1);
    EXPECT_EQ(text.samples[0].name, QStringLiteral("g"));
}

TEST(PrometheusText, NoBlankNeededAfterTheLabels)
{
    EXPECT_EQ(onlySample("f{x=\"1\"}2").value, 2.0);
}

TEST(PrometheusText, TimestampAfterTheValue)
{
    const PrometheusText text = parsePrometheusText("a 1 1733097641883\nb{x=\"y\"} 2.5 -12\nc 3 12.5\nd 4 5 6\n");
    EXPECT_EQ(text.skippedLines, 2); // a timestamp is an integer, and only one follows the value
    ASSERT_EQ(text.samples.size(), 2);
    EXPECT_EQ(text.samples[0].value, 1.0);
    EXPECT_EQ(text.samples[1].value, 2.5);
}

TEST(PrometheusText, CrlfLineEndsAndTrailingBlanks)
{
    QByteArray body = readFixture(QStringLiteral("llamacpp.txt"));
    body.replace("\n", " \t\r\n");
    const PrometheusText text = parsePrometheusText(body);
    EXPECT_EQ(text.skippedLines, 0);
    EXPECT_EQ(text.samples.size(), 12);
    EXPECT_EQ(text.types.value(QStringLiteral("llamacpp:requests_deferred")), QStringLiteral("gauge"));
    EXPECT_EQ(text.samplesNamed(QStringLiteral("llamacpp:kv_cache_usage_ratio")).value(0).value, 0.421875);
}

TEST(PrometheusText, GarbageLinesAreCountedAndTheRestParses)
{
    QByteArray body = readFixture(QStringLiteral("vllm.txt"));
    body.prepend("<html><body>not metrics</body></html>\n");
    body.insert(body.indexOf("vllm:num_requests_running{"), "{only=\"labels\"} 1\n9starts_with_a_digit 1\n");
    body.append("vllm:num_requests_running{engine=\"1\" 4\n\x01\x02\xff\n");
    const PrometheusText text = parsePrometheusText(body);
    EXPECT_EQ(text.skippedLines, 5);
    EXPECT_EQ(text.samples.size(), 83);
    EXPECT_EQ(knownSeriesOf(body).running, 7.0);
}

TEST(PrometheusText, CommentsAndMalformedTypeLines)
{
    const PrometheusText text = parsePrometheusText("# just a comment\n#\n# HELP a Help with \\\\ and \\n\n"
                                                    "# TYPE a counter\n# TYPE b\n# TYPE c sideways\n"
                                                    "#TYPE d gauge\n\n\n   \na 1\n");
    EXPECT_EQ(text.skippedLines, 2);
    EXPECT_EQ(text.types.value(QStringLiteral("a")), QStringLiteral("counter"));
    EXPECT_EQ(text.types.value(QStringLiteral("d")), QStringLiteral("gauge"));
    EXPECT_FALSE(text.types.contains(QStringLiteral("b")));
    EXPECT_FALSE(text.types.contains(QStringLiteral("c")));
    EXPECT_EQ(text.samples.size(), 1);
}

TEST(PrometheusText, EmptyInput)
{
    for (const QByteArrayView body : { QByteArrayView(), QByteArrayView(""), QByteArrayView("\n\r\n\n") }) {
        const PrometheusText text = parsePrometheusText(body);
        EXPECT_TRUE(text.samples.isEmpty());
        EXPECT_TRUE(text.types.isEmpty());
        EXPECT_EQ(text.skippedLines, 0);
    }
}

TEST(PrometheusText, NoNewlineAtTheEnd)
{
    EXPECT_EQ(onlySample("vllm:num_requests_waiting{engine=\"0\"} 2.0").value, 2.0);
}

TEST(PrometheusText, KeySortsLabelsByName)
{
    const PrometheusSample bucket
        = onlySample("vllm:e2e_request_latency_seconds_bucket{model_name=\"m\",le=\"0.3\",engine=\"0\"} 0.0");
    EXPECT_EQ(bucket.key(),
        QStringLiteral("vllm:e2e_request_latency_seconds_bucket{engine=\"0\",le=\"0.3\",model_name=\"m\"}"));
    // The labels keep the order written.
    EXPECT_EQ(bucket.labels.value(0).first, QStringLiteral("model_name"));
    const PrometheusSample sameSeries
        = onlySample("vllm:e2e_request_latency_seconds_bucket{engine=\"0\",model_name=\"m\",le=\"0.3\"} 2.0");
    EXPECT_EQ(bucket.key(), sameSeries.key());
}

TEST(PrometheusText, UnicodeLabelValue)
{
    const PrometheusSample sample = onlySample("m{model_name=\"q\xc3\xa9\"} 1");
    EXPECT_EQ(sample.label(QStringLiteral("model_name")), QString::fromUtf8("q\xc3\xa9"));
}

TEST(KnownSeries, Vllm)
{
    const ServerMetricsSample s = knownSeriesOfFixture(QStringLiteral("vllm.txt"));
    EXPECT_EQ(s.server, QStringLiteral("vllm"));
    EXPECT_EQ(s.running, 7.0);
    EXPECT_EQ(s.waiting, 2.0);
    EXPECT_DOUBLE_EQ(s.cacheUsage, 0.3815789473684211);
    EXPECT_EQ(s.preemptions, 3.0);
    EXPECT_EQ(s.promptTokens, 482816.0);
    EXPECT_EQ(s.generationTokens, 86592.0);
    EXPECT_EQ(s.series.size(), 36);
    EXPECT_EQ(s.series.value(QStringLiteral(
                  "vllm:num_requests_running{engine=\"0\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"}")),
        7.0);
    EXPECT_EQ(s.series.value(QStringLiteral("process_cpu_seconds_total")), 418.07);
}

TEST(KnownSeries, NewerVllmWithTwoEngines)
{
    const ServerMetricsSample s = knownSeriesOfFixture(QStringLiteral("vllm-kv-cache.txt"));
    EXPECT_EQ(s.server, QStringLiteral("vllm"));
    EXPECT_EQ(s.running, 12.0 + 9.0);
    EXPECT_EQ(s.waiting, 4.0);
    EXPECT_EQ(s.cacheUsage, 0.6125); // the fuller engine's cache
    EXPECT_EQ(s.preemptions, 1.0);
    EXPECT_EQ(s.promptTokens, 1051904.0 + 987136.0);
    EXPECT_EQ(s.generationTokens, 204611.0 + 199874.0);
    EXPECT_EQ(s.series.size(), 65);
}

TEST(KnownSeries, Sglang)
{
    const ServerMetricsSample s = knownSeriesOfFixture(QStringLiteral("sglang.txt"));
    EXPECT_EQ(s.server, QStringLiteral("sglang"));
    EXPECT_EQ(s.running, 14.0);
    EXPECT_EQ(s.waiting, 3.0);
    EXPECT_EQ(s.cacheUsage, 0.27);
    EXPECT_FALSE(ServerMetricsSample::has(s.preemptions));
    EXPECT_EQ(s.promptTokens, 731209.0);
    EXPECT_EQ(s.generationTokens, 158822.0);
    EXPECT_EQ(s.series.size(), 25);
}

TEST(KnownSeries, Tgi)
{
    const ServerMetricsSample s = knownSeriesOfFixture(QStringLiteral("tgi.txt"));
    EXPECT_EQ(s.server, QStringLiteral("tgi"));
    EXPECT_EQ(s.running, 24.0);
    EXPECT_EQ(s.waiting, 6.0);
    EXPECT_FALSE(ServerMetricsSample::has(s.cacheUsage));
    EXPECT_FALSE(ServerMetricsSample::has(s.preemptions));
    EXPECT_FALSE(ServerMetricsSample::has(s.promptTokens));
    EXPECT_FALSE(ServerMetricsSample::has(s.generationTokens));
    EXPECT_TRUE(s.hasKnownSeries());
    EXPECT_EQ(s.series.size(), 20);
    EXPECT_EQ(s.series.value(QStringLiteral("tgi_batch_inference_duration_count{method=\"decode\"}")), 81104.0);
}

TEST(KnownSeries, Llamacpp)
{
    const ServerMetricsSample s = knownSeriesOfFixture(QStringLiteral("llamacpp.txt"));
    EXPECT_EQ(s.server, QStringLiteral("llamacpp"));
    EXPECT_EQ(s.running, 3.0);
    EXPECT_EQ(s.waiting, 1.0);
    EXPECT_EQ(s.cacheUsage, 0.421875);
    EXPECT_FALSE(ServerMetricsSample::has(s.preemptions));
    EXPECT_EQ(s.promptTokens, 25108.0);
    EXPECT_EQ(s.generationTokens, 9417.0);
    EXPECT_EQ(s.series.size(), 12);
}

TEST(KnownSeries, TwoLabelSetsSum)
{
    const ServerMetricsSample s = knownSeriesOf("sglang:num_running_reqs{model_name=\"a\"} 2\n"
                                                "sglang:num_running_reqs{model_name=\"b\"} 5\n"
                                                "sglang:num_queue_reqs{model_name=\"a\"} 1\n"
                                                "sglang:num_queue_reqs{model_name=\"b\"} 0\n");
    EXPECT_EQ(s.running, 7.0);
    EXPECT_EQ(s.waiting, 1.0);
    EXPECT_EQ(s.series.size(), 4);
}

TEST(KnownSeries, CacheUsageIsTheLargest)
{
    const ServerMetricsSample s = knownSeriesOf("vllm:kv_cache_usage_perc{engine=\"0\"} 0.25\n"
                                                "vllm:kv_cache_usage_perc{engine=\"1\"} 0.75\n"
                                                "vllm:kv_cache_usage_perc{engine=\"2\"} 0.5\n");
    EXPECT_EQ(s.cacheUsage, 0.75);
    EXPECT_FALSE(ServerMetricsSample::has(s.running));
}

TEST(KnownSeries, BothVllmCacheNamesGiveTheOlderOne)
{
    const ServerMetricsSample s
        = knownSeriesOf("vllm:kv_cache_usage_perc{engine=\"0\"} 0.5\nvllm:gpu_cache_usage_perc{engine=\"0\"} 0.5\n");
    EXPECT_EQ(s.cacheUsage, 0.5);
}

TEST(KnownSeries, OlderPreemptionCounterNameAndNoDoubleCount)
{
    EXPECT_EQ(knownSeriesOf("vllm:num_preemptions{model_name=\"m\"} 4\n").preemptions, 4.0);
    const ServerMetricsSample both
        = knownSeriesOf("vllm:num_preemptions{model_name=\"m\"} 4\nvllm:num_preemptions_total{model_name=\"m\"} 4\n");
    EXPECT_EQ(both.preemptions, 4.0);
}

TEST(KnownSeries, BucketsAreNotInSeries)
{
    const ServerMetricsSample s
        = knownSeriesOf("h_bucket{le=\"1\"} 3\nh_bucket{le=\"+Inf\"} 4\nh_sum 2.5\nh_count 4\n");
    EXPECT_EQ(s.series.keys(), QStringList({ QStringLiteral("h_count"), QStringLiteral("h_sum") }));
    for (const QString &key : knownSeriesOfFixture(QStringLiteral("tgi.txt")).series.keys())
        EXPECT_FALSE(key.contains(QStringLiteral("_bucket"))) << key.toStdString();
}

TEST(KnownSeries, NoKnownNames)
{
    const ServerMetricsSample s = knownSeriesOf("process_cpu_seconds_total 1.5\nhttp_requests_total{code=\"200\"} 9\n");
    EXPECT_TRUE(s.server.isEmpty());
    EXPECT_FALSE(s.hasKnownSeries());
    EXPECT_FALSE(ServerMetricsSample::has(s.promptTokens));
    EXPECT_EQ(s.series.value(QStringLiteral("http_requests_total{code=\"200\"}")), 9.0);
}

TEST(KnownSeries, EmptyScrape)
{
    const ServerMetricsSample s = knownSeriesOf("");
    EXPECT_TRUE(s.server.isEmpty());
    EXPECT_FALSE(s.hasKnownSeries());
    EXPECT_TRUE(s.series.isEmpty());
}

TEST(KnownSeries, TheFirstServerInTheTableIsRead)
{
    // A gateway exposing two servers' names: the figures all come from one of them.
    const ServerMetricsSample s = knownSeriesOf("sglang:num_running_reqs 5\nsglang:num_queue_reqs 2\n"
                                                "vllm:num_requests_running 1\n");
    EXPECT_EQ(s.server, QStringLiteral("vllm"));
    EXPECT_EQ(s.running, 1.0);
    EXPECT_FALSE(ServerMetricsSample::has(s.waiting));
}

TEST(KnownSeries, NaNLabelSetIsLeftOut)
{
    const ServerMetricsSample s = knownSeriesOf("tgi_queue_size{shard=\"0\"} NaN\ntgi_queue_size{shard=\"1\"} 3\n"
                                                "tgi_batch_current_size NaN\n");
    EXPECT_EQ(s.waiting, 3.0);
    EXPECT_FALSE(ServerMetricsSample::has(s.running));
    EXPECT_TRUE(std::isnan(s.series.value(QStringLiteral("tgi_batch_current_size"))));
}

TEST(KnownSeries, LeavesTheScrapeFieldsAlone)
{
    ServerMetricsSample sample;
    sample.offsetNs = 1000;
    sample.durationNs = 20;
    sample.ok = true;
    sample.error = QStringLiteral("kept");
    readKnownSeries(parsePrometheusText("llamacpp:requests_processing 2\n"), &sample);
    EXPECT_EQ(sample.offsetNs, 1000);
    EXPECT_EQ(sample.durationNs, 20);
    EXPECT_TRUE(sample.ok);
    EXPECT_EQ(sample.error, QStringLiteral("kept"));
    EXPECT_EQ(sample.running, 2.0);
}

} // namespace
