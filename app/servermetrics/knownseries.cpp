// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "knownseries.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <iterator>

namespace TokenScope {

namespace {

using Figure = double ServerMetricsSample::*;

/// How the label sets of one series make one figure: the figures of one engine (or one model) add
/// up to the server's, except cache usage, where the fullest cache is what limits the server.
enum class Combine { Sum, Max };

struct KnownSeries
{
    const char *name;
    Figure figure;
    Combine combine;
    const char *server;
};

// Where two names give one figure of one server, the first of them in this table that the scrape
// has is read: vLLM renamed
// gpu_cache_usage_perc to kv_cache_usage_perc (both a 0..1 fraction despite "perc") and exposes
// the preemption counter as num_preemptions_total, older releases as num_preemptions.
// When several servers' names are exposed, the first server in this table is read.
constexpr KnownSeries kKnownSeries[] = {
    { "vllm:num_requests_running", &ServerMetricsSample::running, Combine::Sum, "vllm" },
    { "vllm:num_requests_waiting", &ServerMetricsSample::waiting, Combine::Sum, "vllm" },
    { "vllm:gpu_cache_usage_perc", &ServerMetricsSample::cacheUsage, Combine::Max, "vllm" },
    { "vllm:kv_cache_usage_perc", &ServerMetricsSample::cacheUsage, Combine::Max, "vllm" },
    { "vllm:num_preemptions_total", &ServerMetricsSample::preemptions, Combine::Sum, "vllm" },
    { "vllm:num_preemptions", &ServerMetricsSample::preemptions, Combine::Sum, "vllm" },
    { "vllm:prompt_tokens_total", &ServerMetricsSample::promptTokens, Combine::Sum, "vllm" },
    { "vllm:generation_tokens_total", &ServerMetricsSample::generationTokens, Combine::Sum, "vllm" },
    { "sglang:num_running_reqs", &ServerMetricsSample::running, Combine::Sum, "sglang" },
    { "sglang:num_queue_reqs", &ServerMetricsSample::waiting, Combine::Sum, "sglang" },
    { "sglang:token_usage", &ServerMetricsSample::cacheUsage, Combine::Max, "sglang" },
    { "sglang:prompt_tokens_total", &ServerMetricsSample::promptTokens, Combine::Sum, "sglang" },
    { "sglang:generation_tokens_total", &ServerMetricsSample::generationTokens, Combine::Sum, "sglang" },
    { "tgi_queue_size", &ServerMetricsSample::waiting, Combine::Sum, "tgi" },
    { "tgi_batch_current_size", &ServerMetricsSample::running, Combine::Sum, "tgi" },
    { "llamacpp:requests_processing", &ServerMetricsSample::running, Combine::Sum, "llamacpp" },
    { "llamacpp:requests_deferred", &ServerMetricsSample::waiting, Combine::Sum, "llamacpp" },
    { "llamacpp:kv_cache_usage_ratio", &ServerMetricsSample::cacheUsage, Combine::Max, "llamacpp" },
    { "llamacpp:prompt_tokens_total", &ServerMetricsSample::promptTokens, Combine::Sum, "llamacpp" },
    { "llamacpp:tokens_predicted_total", &ServerMetricsSample::generationTokens, Combine::Sum, "llamacpp" },
};
constexpr qsizetype kKnownSeriesCount = qsizetype(std::size(kKnownSeries));

/// Row of kKnownSeries by series name.
const QHash<QString, qsizetype> &knownSeriesRows()
{
    static const QHash<QString, qsizetype> rows = [] {
        QHash<QString, qsizetype> byName;
        for (qsizetype row = 0; row < kKnownSeriesCount; ++row)
            byName.insert(QString::fromLatin1(kKnownSeries[row].name), row);
        return byName;
    }();
    return rows;
}

/// One row's figure over its label sets; NaN values are left out, as a series not exposed.
struct Reading
{
    double value = 0;
    bool found = false;

    void add(double v, Combine combine)
    {
        if (!ServerMetricsSample::has(v))
            return;
        value = !found ? v : combine == Combine::Sum ? value + v : std::max(value, v);
        found = true;
    }
};

// Prometheus' histogram buckets: many per histogram and of no use as a single figure.
bool isBucket(const QString &name)
{
    return name.endsWith(u"_bucket");
}

using Readings = std::array<Reading, kKnownSeriesCount>;

// Fills `series` on the way, so that the body is walked once.
Readings readRows(const PrometheusText &text, QMap<QString, double> *series)
{
    const QHash<QString, qsizetype> &rows = knownSeriesRows();
    Readings readings {};
    for (const PrometheusSample &exposed : text.samples) {
        if (!isBucket(exposed.name))
            series->insert(exposed.key(), exposed.value);
        const auto row = rows.constFind(exposed.name);
        if (row != rows.constEnd())
            readings[*row].add(exposed.value, kKnownSeries[*row].combine);
    }
    return readings;
}

// Each figure from the first of the server's rows that was found.
void setFigures(const Readings &readings, const char *server, ServerMetricsSample *sample)
{
    QList<Figure> figuresSet;
    for (qsizetype row = 0; row < kKnownSeriesCount; ++row) {
        const KnownSeries &known = kKnownSeries[row];
        if (!readings[row].found || qstrcmp(known.server, server) != 0 || figuresSet.contains(known.figure))
            continue;
        sample->*known.figure = readings[row].value;
        figuresSet.append(known.figure);
    }
}

} // namespace

void readKnownSeries(const PrometheusText &text, ServerMetricsSample *sample)
{
    const Readings readings = readRows(text, &sample->series);
    const auto firstFound = std::find_if(readings.begin(), readings.end(), [](const Reading &r) { return r.found; });
    if (firstFound == readings.end())
        return;
    const char *server = kKnownSeries[std::distance(readings.begin(), firstFound)].server;
    sample->server = QString::fromLatin1(server);
    setFigures(readings, server, sample);
}

} // namespace TokenScope
