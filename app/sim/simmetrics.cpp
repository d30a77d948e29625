// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simmetrics.h"

#include <QLocale>
#include <algorithm>

namespace TokenScope {

namespace {

// A label value in the exposition format: backslash, double quote and line feed escaped.
QByteArray escapedLabelValue(const QString &value)
{
    QByteArray out;
    for (const char c : value.toUtf8()) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

// As Python's prometheus_client writes a value (vLLM's): the shortest round-trip form, "2.0" for 2.
QByteArray sampleValue(double value)
{
    QByteArray text = QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
    if (!text.contains('.') && !text.contains('e'))
        text += ".0";
    return text;
}

struct Family {
    const char *name; // as sampled: a counter's name ends in _total
    const char *type;
    const char *help;
    double value;
};

void appendFamily(QByteArray *out, const Family &family, const QByteArray &labels)
{
    *out += QByteArray("# HELP ") + family.name + ' ' + family.help + '\n';
    *out += QByteArray("# TYPE ") + family.name + ' ' + family.type + '\n';
    *out += family.name + labels + ' ' + sampleValue(family.value) + '\n';
}

} // namespace

double SimMetricsSnapshot::kvCacheUsage() const
{
    if (kvCapacityTokens <= 0)
        return 0.0;
    return std::clamp(static_cast<double>(kvTokens) / static_cast<double>(kvCapacityTokens), 0.0, 1.0);
}

void SimMetrics::reset()
{
    m_promptTokens.store(0);
    m_generationTokens.store(0);
    m_kvTokens.store(0);
}

void SimMetrics::slotTaken(int promptTokens)
{
    m_promptTokens.fetch_add(promptTokens, std::memory_order_relaxed);
    m_kvTokens.fetch_add(promptTokens, std::memory_order_relaxed);
}

void SimMetrics::tokensGenerated(int tokens)
{
    m_generationTokens.fetch_add(tokens, std::memory_order_relaxed);
    m_kvTokens.fetch_add(tokens, std::memory_order_relaxed);
}

void SimMetrics::slotFreed(qint64 heldTokens)
{
    m_kvTokens.fetch_sub(heldTokens, std::memory_order_relaxed);
}

SimMetricsSnapshot SimMetrics::snapshot() const
{
    SimMetricsSnapshot snapshot;
    snapshot.promptTokens = m_promptTokens.load(std::memory_order_relaxed);
    snapshot.generationTokens = m_generationTokens.load(std::memory_order_relaxed);
    snapshot.kvTokens = m_kvTokens.load(std::memory_order_relaxed);
    return snapshot;
}

QByteArray simMetricsExposition(const SimMetricsSnapshot &snapshot)
{
    const QByteArray labels = "{model_name=\"" + escapedLabelValue(snapshot.modelName) + "\"}";
    const double cacheUsage = snapshot.kvCacheUsage();
    // vLLM's help texts, with what the simulator means by them where it differs.
    const Family families[] = {
        {"vllm:num_requests_running", "gauge",
         "Number of requests in model execution batches (simulator: holding a batch slot).",
         double(snapshot.running)},
        {"vllm:num_requests_waiting", "gauge",
         "Number of requests waiting to be processed (simulator: queued behind --max-batch).",
         double(snapshot.waiting)},
        {"vllm:gpu_cache_usage_perc", "gauge",
         "GPU KV-cache usage. 1 means 100 percent usage (simulator: prompt + generated tokens of the running "
         "requests over --kv-cache-tokens).",
         cacheUsage},
        {"vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage (as gpu_cache_usage_perc).",
         cacheUsage},
        {"vllm:num_preemptions_total", "counter",
         "Cumulative number of preemption from the engine (simulator: never preempts, always 0).", 0.0},
        {"vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.",
         double(snapshot.promptTokens)},
        {"vllm:generation_tokens_total", "counter", "Number of generation tokens processed.",
         double(snapshot.generationTokens)},
    };
    QByteArray out;
    out.reserve(2048);
    for (const Family &family : families)
        appendFamily(&out, family, labels);
    return out;
}

} // namespace TokenScope
