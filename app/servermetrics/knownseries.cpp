// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "knownseries.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cmath>
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

/// Whether `v` can be the figure at all (docs/metrics.md#server-metrics): a count of requests, a
/// cache usage as a fraction, or a counter.
bool inRange(Figure figure, double v)
{
    if (figure == &ServerMetricsSample::running || figure == &ServerMetricsSample::waiting)
        return ServerMetricsSample::isRequestCount(v);
    if (figure == &ServerMetricsSample::cacheUsage)
        return ServerMetricsSample::isFraction(v);
    return ServerMetricsSample::isCounter(v);
}

/// One row's figure over its label sets. NaN values are left out, as a series not exposed; a value
/// out of the figure's range (±Inf, negative, too large) is counted, and spoils the row's figure.
struct Reading
{
    double value = 0;
    bool found = false;
    int rejected = 0;

    void add(double v, const KnownSeries &known)
    {
        if (std::isnan(v))
            return;
        if (!inRange(known.figure, v)) {
            ++rejected;
            return;
        }
        value = !found ? v : known.combine == Combine::Sum ? value + v : std::max(value, v);
        found = true;
    }
    /// The scrape has the row, with a value or a refused one.
    bool seen() const { return found || rejected > 0; }
};

// Prometheus' histogram buckets: many per histogram and of no use as a single figure.
bool isBucket(const QString &name)
{
    return name.endsWith(u"_bucket");
}

using Readings = std::array<Reading, kKnownSeriesCount>;

// Each figure from the first of the server's rows the scrape has, missing when a label set of it
// was refused or when the sum is out of range (many label sets in range each). Returns the values
// refused.
int setFigures(const Readings &readings, const char *server, ServerMetricsSample *sample)
{
    QList<Figure> figuresSet;
    int rejected = 0;
    for (qsizetype row = 0; row < kKnownSeriesCount; ++row) {
        const KnownSeries &known = kKnownSeries[row];
        if (qstrcmp(known.server, server) != 0)
            continue;
        rejected += readings[row].rejected;
        if (!readings[row].seen() || figuresSet.contains(known.figure))
            continue;
        figuresSet.append(known.figure);
        // One label set refused leaves the figure missing: the others alone would understate it.
        if (!readings[row].found || readings[row].rejected > 0)
            continue;
        if (inRange(known.figure, readings[row].value))
            sample->*known.figure = readings[row].value;
        else
            ++rejected;
    }
    return rejected;
}

} // namespace

struct KnownSeriesReader::State
{
    Readings readings {};
    QMap<QString, double> series;
    int knownNameSeries = 0;
    int otherSeries = 0;
    int dropped = 0;
};

KnownSeriesReader::KnownSeriesReader()
    : m_state(std::make_unique<State>())
{
}

KnownSeriesReader::~KnownSeriesReader() = default;

void KnownSeriesReader::add(const PrometheusSample &exposed)
{
    const QHash<QString, qsizetype> &rows = knownSeriesRows();
    const auto row = rows.constFind(exposed.name);
    const bool known = row != rows.constEnd();
    if (known)
        m_state->readings[*row].add(exposed.value, kKnownSeries[*row]);
    if (isBucket(exposed.name))
        return;
    // The first samples of each kind are kept (docs/metrics.md#server-metrics); once a kind is
    // full, its next samples are counted without building their key.
    int &kept = known ? m_state->knownNameSeries : m_state->otherSeries;
    if (kept >= (known ? ServerMetricsSample::kMaxKnownNameSeries : ServerMetricsSample::kMaxOtherSeries)) {
        ++m_state->dropped;
        return;
    }
    const QString key = exposed.key();
    const auto before = m_state->series.size();
    m_state->series.insert(key, exposed.value);
    kept += m_state->series.size() > before ? 1 : 0;
}

void KnownSeriesReader::finish(ServerMetricsSample *sample)
{
    const Readings &readings = m_state->readings;
    sample->series = std::move(m_state->series);
    sample->seriesDropped = m_state->dropped;
    const auto firstSeen = std::find_if(readings.begin(), readings.end(), [](const Reading &r) { return r.seen(); });
    if (firstSeen == readings.end())
        return;
    const char *server = kKnownSeries[std::distance(readings.begin(), firstSeen)].server;
    sample->server = QString::fromLatin1(server);
    sample->valuesRejected = setFigures(readings, server, sample);
}

void readKnownSeries(const PrometheusText &text, ServerMetricsSample *sample)
{
    KnownSeriesReader reader;
    for (const PrometheusSample &exposed : text.samples)
        reader.add(exposed);
    reader.finish(sample);
}

} // namespace TokenScope
