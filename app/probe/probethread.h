// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/threadhandoff.h"
#include "core/workerthread.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;

namespace TokenScope {

namespace Detail {
class ProbeThreadBase;
}

/// What every probe worker has (see ProbeWorker): the job's own QNetworkAccessManager, the one
/// reply under way, whether the job was cancelled and which job it is. Lives on its ProbeThread's
/// thread and is used only there.
class ProbeWorkerBase : public QObject
{
public:
    /// Stops the job's request, if one is under way: isCancelled() becomes true and the reply is
    /// aborted; its finished() follows (synchronously in Qt 6.4) and the worker reports as it does
    /// for any end. With nothing under way, nothing happens.
    virtual void cancel();

protected:
    ProbeWorkerBase() = default;

    /// The job's manager: a new one per job, made on this thread before run(), so that no
    /// connection kept alive and no proxy setting is left from the job before.
    QNetworkAccessManager *manager() const { return m_manager; }
    /// The job's request under way, the one that cancel() aborts and dropReply() forgets.
    QNetworkReply *reply() const;
    void setReply(QNetworkReply *reply);
    bool isCancelled() const { return m_cancelled; }
    /// Forgets the reply: disconnected from this worker, aborted if it has not finished, deleted
    /// later. With none, nothing happens.
    void dropReply();

private:
    friend class Detail::ProbeThreadBase;
    template <typename Request, typename Result> friend class ProbeWorker;

    /// Before each job, on this thread: the job before is dropped (it reports nothing) and the
    /// manager is new.
    void beginJob(quint64 generation);

    Detail::ProbeThreadBase *m_home = nullptr; // lives on the owner's thread: only reached through queued calls
    QNetworkAccessManager *m_manager = nullptr;
    QPointer<QNetworkReply> m_reply;
    quint64 m_generation = 0;
    bool m_cancelled = false;
};

namespace Detail {

/// The part of a ProbeThread that does not depend on its types: the thread, the job counter and
/// the joining destructor. A QObject only so that the worker's results can be queued to it.
class ProbeThreadBase : public QObject
{
public:
    /// From a start until the latest job's result has been delivered.
    bool isRunning() const { return m_running; }
    /// Cancels the job under way, on the thread (ProbeWorkerBase::cancel()); the job still reports.
    void cancel();

protected:
    ProbeThreadBase(const QString &threadName, ProbeWorkerBase *worker);
    ~ProbeThreadBase() override;

    /// Runs `run` on the thread as a new job: the worker first drops the job before.
    void startJob(std::function<void()> run);
    /// True (and the job is over) when `generation` is the latest job's; false for the result of
    /// a job that a later start replaced.
    bool accept(quint64 generation);

private:
    ProbeWorkerBase *m_worker; // lives on m_thread: only reached through queued calls
    quint64 m_generation = 0;
    bool m_running = false;
    WorkerThread m_thread; ///< last: destroyed (stopped and joined) first
};

} // namespace Detail

template <typename Request, typename Result> class ProbeThread;

/// The worker half of a ProbeThread: runs each job on the thread and reports its result once.
template <typename Request, typename Result> class ProbeWorker : public ProbeWorkerBase
{
public:
    /// Runs one job, on the thread, with a new manager(). Calls report() once when the job ends:
    /// at once, or later from its reply's finished().
    virtual void run(const Request &request) = 0;

protected:
    /// Sends this job's result to the ProbeThread's thread, queued (postTo()). It is handed on
    /// there unless a later job has been started meanwhile.
    void report(const Result &result);
};

/// One request at a time off the owner's thread (the GUI thread, or the CLI's main thread): a
/// QThread of its own, named `threadName`, where a ProbeWorker runs each job with its own
/// QNetworkAccessManager. The result is handed to `deliver` on the thread that created this object.
/// start() replaces a job under way: that job reports nothing, and a result it has already sent
/// is dropped. The destructor cancels the job (blocking), quits the thread and waits for it; the
/// worker is deleted there, and a result it sends meanwhile is never delivered. Used from the thread
/// that created it.
template <typename Request, typename Result> class ProbeThread final : public Detail::ProbeThreadBase
{
public:
    using Deliver = std::function<void(const Result &)>;

    /// Takes `worker` (no parent) to the thread and owns it.
    ProbeThread(const QString &threadName, ProbeWorker<Request, Result> *worker, Deliver deliver)
        : ProbeThreadBase(threadName, worker)
        , m_worker(worker)
        , m_deliver(std::move(deliver))
    {
    }

    /// Starts a job with `request` (copied): ProbeWorker::run() on the thread.
    void start(const Request &request)
    {
        startJob([worker = m_worker, request] { worker->run(request); });
    }

private:
    friend class ProbeWorker<Request, Result>;
    void deliver(quint64 generation, const Result &result)
    {
        if (accept(generation))
            m_deliver(result);
    }

    ProbeWorker<Request, Result> *m_worker; // lives on the thread: only reached through queued calls
    Deliver m_deliver;
};

template <typename Request, typename Result> void ProbeWorker<Request, Result>::report(const Result &result)
{
    // Only a ProbeThread<Request, Result> takes a ProbeWorker<Request, Result>. The cast is made
    // when the call runs, on the owner's thread, where `home` is a whole ProbeThread: a result
    // sent while it is being destroyed (the stop runs in its base's destructor) is dropped unrun.
    Detail::ProbeThreadBase *home = m_home;
    postTo(home, [home, generation = m_generation, result] {
        static_cast<ProbeThread<Request, Result> *>(home)->deliver(generation, result);
    });
}

} // namespace TokenScope
