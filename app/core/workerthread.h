// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QThread>

#include <functional>

namespace TokenScope {

/// A thread of its own for one QObject worker: the engine's runner, the server metrics scraper,
/// a probe's worker. The constructor names the thread and moves the worker onto it, to be deleted
/// there when the thread ends. The owner connects to the worker, then calls start(): connections
/// made before the thread runs are ordered before the worker's first signal as ThreadSanitizer
/// sees it. The destructor runs `stop` on the worker's thread and waits for it (so the worker
/// ends what it does there), then quits the thread and joins it. Used from the owner's thread.
class WorkerThread
{
public:
    WorkerThread(const QString &name, QObject *worker, std::function<void()> stop);
    ~WorkerThread();
    WorkerThread(const WorkerThread &) = delete;
    WorkerThread &operator=(const WorkerThread &) = delete;

    void start();

private:
    QThread m_thread;
    QObject *m_worker; ///< lives on m_thread: reached only through queued calls
    std::function<void()> m_stop;
};

} // namespace TokenScope
