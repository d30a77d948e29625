// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simconfig.h"
#include "sim/simrequestlog.h"

#include <QList>
#include <QObject>
#include <QUrl>
#include <memory>

namespace TokenScope {

/// One chunk as the simulator wrote it: the CLOCK_MONOTONIC (steady clock, see core/clock.h)
/// time just before the bytes were handed to the kernel (write + QTcpSocket::flush()): a client on
/// another core may read them before write() returns, so a later stamp could postdate the arrival.
///
/// Every SSE event of a stream is logged: the role-only chunk, each text chunk, a malformed line,
/// the finish chunk, the usage chunk and `[DONE]` (on /v1/messages and /v1/responses every named
/// event: message_start, ping, each delta, …); filter on `text` for the token-bearing ones.
/// Events written together share one writtenNs: the role-only chunk goes out in the same write as
/// the first text chunk (at TTFT, as vLLM does), and finish + usage + `[DONE]` in the same write
/// right after the last text chunk. A non-streaming answer is one event carrying all its tokens.
struct WireEvent {
    QString responseId;
    int chunkIndex = 0; ///< 0-based among the response's chunks (role chunk included)
    int tokens = 0; ///< tokens this chunk carries (0 for role-only / usage-only)
    bool text = false; ///< carries content or reasoning text
    qint64 writtenNs = 0;
};

/// The built-in simulator (README.md#the-built-in-simulator, docs/simulator.md): OpenAI chat and
/// completions, Anthropic Messages and OpenAI Responses streams with one timing model. Serves on
/// its own thread(s); every public function is thread-safe and may be called from any thread.
class SimulatorServer : public QObject
{
    Q_OBJECT
public:
    explicit SimulatorServer(QObject *parent = nullptr);
    ~SimulatorServer() override;

    /// Starts listening; returns once the socket is bound (false + message if it cannot be).
    /// Also raises RLIMIT_NOFILE to its hard limit and resets the counters.
    bool start(const SimConfig &config, QString *error = nullptr);
    /// Closes the listener and every connection (open streams are cut), joins the threads and
    /// writes out the wire log file. The in-memory wire log and the counters stay readable.
    void stop();
    bool isRunning() const;

    quint16 port() const;
    QUrl baseUrl() const; ///< http://127.0.0.1:<port>/v1 (https:// when the config has a TLS certificate)
    /// http://127.0.0.1:<port>/metrics: Prometheus text under vLLM's names, no key needed
    /// (docs/simulator.md#metrics). baseUrl() with the path /metrics.
    QUrl metricsUrl() const;

    int inFlight() const; ///< requests received and not yet answered completely
    int maxInFlight() const; ///< high-water mark of inFlight() since start or resetCounters()
    qint64 requestsServed() const; ///< requests answered completely (any status)
    /// maxInFlight() := inFlight(), requestsServed() := 0, and request numbering for faultEvery
    /// starts again at 1.
    void resetCounters();

    QList<WireEvent> wireLog() const; ///< snapshot (recordWire must be on)
    /// When each generation request (chat, completions, messages, responses) arrived (its last byte read, steady clock ns), in arrival order, since
    /// start or resetCounters(); recordWire must be on. What a test checks a schedule against.
    QList<qint64> requestArrivalsNs() const;
    /// What each generation request asked (prompt text, messages, max_tokens, ignore_eos,
    /// min_tokens) and what the simulator counted and decided (prompt and cached tokens, output
    /// tokens), in arrival order, since start or resetCounters(); recordWire must be on. Requests
    /// refused before their body was accepted have no entry (see SimRequestLog).
    QList<SimRequestLog> requestLog() const;
    void clearWireLog();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace TokenScope
