// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runevents.h"
#include "core/secrets.h"
#include "core/workerthread.h"

#include <QObject>

namespace TokenScope {

class LoadRunner;

/// Owns the engine thread and the LoadRunner living on it. Used from the GUI or CLI thread:
/// start() and cancel() post to the engine; its signals (RunEvents) arrive here queued, as value types, so no
/// network work or timestamping ever happens on the caller's thread. Destruction cancels a run,
/// quits the thread and waits for it.
class RunController : public RunEvents
{
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    void start(const RunConfig &config);
    /// An A/B interleaved run over `arms` (see LoadRunner::startInterleaved).
    void startInterleaved(const QList<RunConfig> &arms);
    void cancel();
    bool isRunning() const { return m_running; }

private:
    LoadRunner *m_runner; ///< lives on m_thread: reached only through queued calls
    bool m_running = false;
    Secrets m_secrets; ///< the running run's, for its failure message
    WorkerThread m_thread; ///< last: destroyed (cancelled and joined) first
};

/// Registers the value types that cross threads (idempotent).
void registerEngineMetaTypes();

} // namespace TokenScope
