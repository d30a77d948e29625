// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// libFuzzer target over parsePrometheusText, scanPrometheusText and readKnownSeries (with the series
// bounds and value ranges of docs/metrics.md#server-metrics). The whole input is a /metrics
// body. A real crash, sanitizer report or broken invariant aborts, which libFuzzer records as a crash.
#include "servermetrics/knownseries.h"
#include "servermetrics/prometheustext.h"

#include <QByteArrayView>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace TokenScope;

namespace {

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "metricsfuzzer: invariant broken: %s\n", what);
        std::abort();
    }
}

// Lines as the parser splits them: at each '\n', the last one without it.
qsizetype lineCount(QByteArrayView body)
{
    if (body.isEmpty())
        return 0;
    return std::count(body.begin(), body.end(), '\n') + (body.endsWith('\n') ? 0 : 1);
}

bool isNameChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_' || c == u':';
}

void checkSample(const PrometheusSample &sample)
{
    check(!sample.name.isEmpty(), "a sample without a name");
    check(
        std::all_of(sample.name.begin(), sample.name.end(), isNameChar), "a name with a character outside the grammar");
    check(!(sample.name[0] >= u'0' && sample.name[0] <= u'9'), "a name starting with a digit");
    check(sample.key().startsWith(sample.name), "a key that does not start with the name");
    check(sample.labels.isEmpty() == !sample.key().endsWith(u'}'), "a key whose braces disagree with the labels");
    for (const auto &label : sample.labels)
        check(!label.first.isEmpty() && !label.first.contains(u':'), "a label name outside the grammar");
    if (!sample.labels.isEmpty())
        check(sample.label(sample.labels[0].first) == sample.labels[0].second, "label() misses the first label");
}

// A key is written as exposed, so it reads back as one sample with the same key.
void checkKeyReadsBack(const PrometheusSample &sample)
{
    const QByteArray line = sample.key().toUtf8() + " 1\n";
    const PrometheusText text = parsePrometheusText(line);
    check(text.skippedLines == 0 && text.samples.size() == 1, "a key that does not read back as a sample");
    check(text.samples[0].key() == sample.key(), "a key that reads back as another key");
}

// docs/metrics.md#server-metrics: `series` bounded, every figure kept finite and in its range.
void checkBoundsAndRanges(qsizetype samples, const ServerMetricsSample &sample)
{
    check(sample.series.size() <= ServerMetricsSample::kMaxKnownNameSeries + ServerMetricsSample::kMaxOtherSeries,
        "more series kept than the bounds");
    check(sample.seriesDropped >= 0 && sample.series.size() + sample.seriesDropped <= samples,
        "series kept and dropped over the samples");
    check(sample.valuesRejected >= 0 && sample.valuesRejected <= samples, "more values rejected than samples");
    for (const double count : { sample.running, sample.waiting })
        check(std::isnan(count) || ServerMetricsSample::isRequestCount(count), "a count out of range kept");
    check(std::isnan(sample.cacheUsage) || ServerMetricsSample::isFraction(sample.cacheUsage),
        "a cache usage out of 0..1 kept");
    for (const double counter : { sample.preemptions, sample.promptTokens, sample.generationTokens })
        check(std::isnan(counter) || ServerMetricsSample::isCounter(counter), "a counter out of range kept");
}

bool sameFigure(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

bool sameSeries(const QMap<QString, double> &a, const QMap<QString, double> &b)
{
    if (a.size() != b.size())
        return false;
    for (auto i = a.cbegin(), j = b.cbegin(); i != a.cend(); ++i, ++j) {
        if (i.key() != j.key() || !sameFigure(i.value(), j.value()))
            return false;
    }
    return true;
}

// The scraper's way (scanPrometheusText into a KnownSeriesReader) reads what readKnownSeries reads.
void checkScanAgrees(QByteArrayView body, const PrometheusText &text, const ServerMetricsSample &sample)
{
    KnownSeriesReader reader;
    const PrometheusScan scan = scanPrometheusText(body, [&reader](const PrometheusSample &s) { reader.add(s); });
    check(scan.samples == text.samples.size() && scan.skippedLines == text.skippedLines,
        "scan and parse count differently");
    ServerMetricsSample scanned;
    reader.finish(&scanned);
    check(sameSeries(scanned.series, sample.series) && scanned.seriesDropped == sample.seriesDropped
            && scanned.valuesRejected == sample.valuesRejected && scanned.server == sample.server,
        "scan and parse read different series");
    for (auto figure : { &ServerMetricsSample::running, &ServerMetricsSample::waiting, &ServerMetricsSample::cacheUsage,
             &ServerMetricsSample::preemptions, &ServerMetricsSample::promptTokens,
             &ServerMetricsSample::generationTokens })
        check(sameFigure(scanned.*figure, sample.*figure), "scan and parse read different figures");
}

// Each sample many times under a label of its own, so that small inputs reach the series bounds.
void checkManyCopies(const PrometheusText &text)
{
    if (text.samples.isEmpty())
        return;
    const qsizetype copies = std::min<qsizetype>(64,
        2 * (ServerMetricsSample::kMaxKnownNameSeries + ServerMetricsSample::kMaxOtherSeries) / text.samples.size()
            + 1);
    KnownSeriesReader reader;
    qsizetype added = 0;
    for (qsizetype copy = 0; copy < copies; ++copy) {
        for (PrometheusSample s : text.samples) {
            s.labels.append({ QStringLiteral("fuzz_copy"), QString::number(copy) });
            reader.add(s);
            ++added;
        }
    }
    ServerMetricsSample sample;
    reader.finish(&sample);
    checkBoundsAndRanges(added, sample);
}

void checkKnownSeries(const PrometheusText &text, const ServerMetricsSample &sample)
{
    check(sample.series.size() <= text.samples.size(), "more series than samples");
    checkBoundsAndRanges(text.samples.size(), sample);
    for (auto it = sample.series.cbegin(); it != sample.series.cend(); ++it)
        check(!it.key().isEmpty() && !it.key().endsWith(u"_bucket"), "an empty key or a bucket in series");
    if (sample.server.isEmpty())
        check(!sample.hasKnownSeries() && !ServerMetricsSample::has(sample.promptTokens), "figures without a server");
    else
        check(sample.server == u"vllm" || sample.server == u"sglang" || sample.server == u"tgi"
                || sample.server == u"llamacpp",
            "an unknown server");
    check(sample.offsetNs == 0 && sample.durationNs == 0 && !sample.ok && sample.error.isEmpty(),
        "readKnownSeries touched the scrape fields");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView body(reinterpret_cast<const char *>(data), qsizetype(size));
    const PrometheusText text = parsePrometheusText(body);
    const qsizetype lines = lineCount(body);
    check(text.skippedLines >= 0 && text.skippedLines <= lines, "skippedLines over the line count");
    check(text.samples.size() + text.skippedLines <= lines, "more samples and skipped lines than lines");
    for (const PrometheusSample &sample : text.samples) {
        checkSample(sample);
        checkKeyReadsBack(sample);
    }
    for (auto it = text.types.cbegin(); it != text.types.cend(); ++it)
        check(!it.key().isEmpty() && !it.value().isEmpty(), "an empty TYPE entry");

    // The same body parsed twice reads the same.
    const PrometheusText again = parsePrometheusText(body);
    check(again.samples.size() == text.samples.size() && again.skippedLines == text.skippedLines,
        "two parses of one body differ");

    ServerMetricsSample sample;
    readKnownSeries(text, &sample);
    checkKnownSeries(text, sample);
    checkScanAgrees(body, text, sample);
    checkManyCopies(text);
    return 0;
}
