// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simconfig.h"

#include <QList>
#include <QObject>
#include <QUrl>
#include <memory>

namespace TokenScope {

/// One chunk as the simulator wrote it: the CLOCK_MONOTONIC (steady clock, see core/clock.h)
/// time right after the bytes were handed to the kernel.
struct WireEvent {
    QString responseId;
    int chunkIndex = 0; ///< 0-based among the response's chunks (role chunk included)
    int tokens = 0; ///< tokens this chunk carries (0 for role-only / usage-only)
    bool text = false; ///< carries content or reasoning text
    qint64 writtenNs = 0;
};

/// The built-in OpenAI-compatible simulator (SPEC §5). Serves on its own thread(s); every public
/// function is thread-safe and may be called from any thread.
class SimulatorServer : public QObject
{
    Q_OBJECT
public:
    explicit SimulatorServer(QObject *parent = nullptr);
    ~SimulatorServer() override;

    /// Starts listening; returns once the socket is bound (false + message if it cannot be).
    bool start(const SimConfig &config, QString *error = nullptr);
    void stop();
    bool isRunning() const;

    quint16 port() const;
    QUrl baseUrl() const; ///< http://127.0.0.1:<port>/v1

    int inFlight() const; ///< requests received and not yet answered completely
    int maxInFlight() const; ///< high-water mark of inFlight() since start or resetCounters()
    qint64 requestsServed() const;
    void resetCounters();

    QList<WireEvent> wireLog() const; ///< snapshot (recordWire must be on)
    void clearWireLog();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace TokenScope
