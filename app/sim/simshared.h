// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/batchgate.h"
#include "sim/prefixcache.h"
#include "sim/responsestore.h"
#include "sim/simconfig.h"
#include "sim/simmetrics.h"
#include "sim/simrequest.h"
#include "sim/simrequestlog.h"
#include "sim/wirelog.h"

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QSslConfiguration>
#include <atomic>

namespace TokenScope {

/// The request counters behind SimulatorServer's inFlight() / maxInFlight() / requestsServed().
/// Lock-free; any thread.
struct SimCounters {
    std::atomic<int> inFlight {0};
    std::atomic<int> maxInFlight {0};
    std::atomic<qint64> served {0};
    std::atomic<qint64> generationRequests {0}; ///< numbers generation requests for faultEvery (1-based)

    void requestStarted();
    /// A generation request arrived at `arrivalNs` (its last byte read, steady clock); kept when
    /// recordArrivals is on.
    void generationArrived(qint64 arrivalNs);
    void requestEnded(bool answered);
    void reset();

    std::atomic<bool> recordArrivals {false}; ///< on with SimConfig::recordWire
    QList<qint64> arrivals() const;

    /// Keeps what a request asked (when recordArrivals is on), in order of arrivalNs.
    void logRequest(SimRequestLog entry);
    QList<SimRequestLog> requestLog() const;

private:
    mutable QMutex m_arrivalsMutex; // guards both lists
    QList<qint64> m_arrivalsNs;
    QList<SimRequestLog> m_requestLog;
};

/// State every worker thread of one simulator shares. The config and idPrefix are written only
/// by start() before the threads start (QThread::start() publishes them); the rest is atomic or
/// locks internally.
struct SimShared {
    SimConfig config;
    QByteArray idPrefix; ///< random per start(), so ids differ across restarts too
    std::atomic<quint64> nextResponseNumber {0};
    SimCounters counters;
    BatchGate gate; ///< the batch of every model but config.uncontendedModels
    BatchGate uncontendedGate; ///< config.uncontendedModels' requests: never limits, never slows
    /// The gate a request for `model` takes its slot from.
    BatchGate &gateFor(const QString &model)
    {
        return config.uncontendedModels.contains(model) ? uncontendedGate : gate;
    }
    SimMetrics metrics; ///< what GET /metrics reports besides the gate's figures
    PrefixCache prefixCache; ///< used when config.prefixCache is on; cleared by start()
    ResponseStore responses; ///< the Responses API's stored responses; cleared by start()
    WireLog wire;
    bool tls = false; ///< serve HTTPS with tlsConfig (certificate and key loaded once by start())
    QSslConfiguration tlsConfig;

    /// "chatcmpl-<prefix><n>", "cmpl-<prefix><n>", "msg_<prefix><n>" (Anthropic) or "resp_<prefix><n>"
    /// (Responses): unique per request.
    QByteArray newResponseId(SimApi api);
};

} // namespace TokenScope
