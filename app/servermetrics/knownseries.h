// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/servermetrics.h"
#include "servermetrics/prometheustext.h"

#include <memory>

namespace TokenScope {

/// Reads the series TokenScope knows by meaning (docs/metrics.md#server-metrics) from a parsed
/// scrape into `sample`: running, waiting, cache usage, preemptions and the token counters, under
/// the names of vLLM (`vllm:num_requests_running`, …, both `vllm:gpu_cache_usage_perc` and
/// `vllm:kv_cache_usage_perc`), SGLang (`sglang:num_running_reqs`, …), TGI (`tgi_queue_size`,
/// `tgi_batch_current_size`) and llama.cpp (`llamacpp:requests_processing`, …). Running and
/// waiting are summed over label sets (one per engine or model), cache usage is the largest.
/// Sets sample->server to whose names matched, and fills sample->series with every sample but
/// histogram buckets (`_bucket`), up to the sample's bounds (seriesDropped counts the rest). A value
/// out of its figure's range (ServerMetricsSample::isRequestCount, isFraction, isCounter) is no
/// figure: counted in valuesRejected. Leaves offsetNs, durationNs, ok and error alone.
void readKnownSeries(const PrometheusText &text, ServerMetricsSample *sample);

/// readKnownSeries() one sample at a time, for scanPrometheusText(): holds the figures read so far
/// and the bounded `series`, never the samples themselves.
class KnownSeriesReader
{
public:
    KnownSeriesReader();
    ~KnownSeriesReader();
    KnownSeriesReader(const KnownSeriesReader &) = delete;
    KnownSeriesReader &operator=(const KnownSeriesReader &) = delete;

    void add(const PrometheusSample &exposed);
    /// Moves what was read into `sample`, as readKnownSeries() does; the reader is spent.
    void finish(ServerMetricsSample *sample);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace TokenScope
