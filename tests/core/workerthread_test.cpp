// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// WorkerThread on real threads: the worker runs on a thread of the given name, the stop call runs
// there before the join, and the worker is deleted there.
#include "core/threadhandoff.h"
#include "core/workerthread.h"

#include <QThread>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

using namespace TokenScope;

namespace {

// Records, from its own thread, where it was stopped and deleted.
class RecordingWorker : public QObject
{
public:
    struct Log
    {
        std::atomic<QThread *> stoppedOn { nullptr };
        std::atomic<QThread *> deletedOn { nullptr };
        std::atomic<bool> stoppedBeforeDeleted { false };
    };
    explicit RecordingWorker(std::shared_ptr<Log> log)
        : m_log(std::move(log))
    {
    }
    ~RecordingWorker() override
    {
        m_log->deletedOn = QThread::currentThread();
        m_log->stoppedBeforeDeleted = m_log->stoppedOn.load() != nullptr;
    }
    void stop() { m_log->stoppedOn = QThread::currentThread(); }

private:
    std::shared_ptr<Log> m_log;
};

} // namespace

TEST(WorkerThread, TheWorkerRunsOnANamedThreadIsStoppedThereAndDeletedThere)
{
    auto log = std::make_shared<RecordingWorker::Log>();
    QThread *workerThread = nullptr;
    QString threadName;
    {
        auto *worker = new RecordingWorker(log);
        WorkerThread thread(QStringLiteral("TokenScope test worker"), worker, [worker] { worker->stop(); });
        thread.start();
        postTo(
            worker,
            [&] {
                workerThread = QThread::currentThread();
                threadName = workerThread->objectName();
            },
            Qt::BlockingQueuedConnection);
        EXPECT_NE(workerThread, QThread::currentThread());
        EXPECT_EQ(threadName, QStringLiteral("TokenScope test worker"));
        EXPECT_EQ(log->stoppedOn.load(), nullptr) << "stopped only on destruction";
    }
    // The destructor returned: the stop ran on the worker's thread, then the thread ended and
    // deleted the worker there.
    EXPECT_EQ(log->stoppedOn.load(), workerThread);
    EXPECT_EQ(log->deletedOn.load(), workerThread);
    EXPECT_TRUE(log->stoppedBeforeDeleted.load());
}

TEST(WorkerThread, AWorkerWhoseThreadNeverStartedIsDeletedWithoutAStop)
{
    auto log = std::make_shared<RecordingWorker::Log>();
    {
        auto *worker = new RecordingWorker(log);
        WorkerThread thread(QStringLiteral("TokenScope test worker"), worker, [worker] { worker->stop(); });
    }
    EXPECT_NE(log->deletedOn.load(), nullptr) << "not leaked";
    EXPECT_EQ(log->stoppedOn.load(), nullptr);
}
