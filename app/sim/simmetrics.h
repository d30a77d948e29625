// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>
#include <atomic>

namespace TokenScope {

/// What one scrape of the simulator's GET /metrics reports (docs/simulator.md#metrics).
struct SimMetricsSnapshot {
    QString modelName; ///< the model_name label: the simulator's first model
    int running = 0; ///< requests holding a batch slot (prefilling or decoding)
    int waiting = 0; ///< requests queued behind maxBatch for a slot
    qint64 kvTokens = 0; ///< tokens the running requests hold: prompt + generated so far
    qint64 kvCapacityTokens = 1; ///< SimConfig::kvCacheTokens
    qint64 promptTokens = 0; ///< counter since start()
    qint64 generationTokens = 0; ///< counter since start()

    double kvCacheUsage() const; ///< kvTokens / kvCapacityTokens, clamped to 0..1
};

/// The engine figures behind the simulator's GET /metrics: a toy of vLLM's scheduler statistics.
/// A request holding a batch slot holds KV cache for its prompt and for each token generated so
/// far (vLLM allocates blocks as decoding goes; the simulator counts tokens, not blocks). Counters
/// run from SimulatorServer::start() and never go back, as Prometheus counters must. Lock-free;
/// any thread.
class SimMetrics
{
public:
    void reset();
    void slotTaken(int promptTokens); ///< prefill begins: the prompt is processed and held
    void tokensGenerated(int tokens); ///< by a request holding a slot
    void slotFreed(qint64 heldTokens); ///< what that request's slotTaken() and tokensGenerated() added

    /// The token counters and the held tokens; the caller adds the gate's figures and the model.
    SimMetricsSnapshot snapshot() const;

private:
    std::atomic<qint64> m_promptTokens {0};
    std::atomic<qint64> m_generationTokens {0};
    std::atomic<qint64> m_kvTokens {0};
};

/// `Content-Type` of the Prometheus text exposition format, as vLLM's prometheus_client sends it.
inline constexpr char kPrometheusTextContentType[] = "text/plain; version=0.0.4; charset=utf-8";

/// The Prometheus text exposition (format 0.0.4) of a snapshot under vLLM's names, each family
/// with its `# HELP` and `# TYPE` lines and every sample labelled model_name. Pure.
QByteArray simMetricsExposition(const SimMetricsSnapshot &snapshot);

} // namespace TokenScope
