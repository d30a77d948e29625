// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// postTo() (app/core/threadhandoff.h): what a blocking call did is seen once it returns, and a
// blocking call that Qt drops without running it still lets its caller return.
#include "core/threadhandoff.h"

#include <QAbstractEventDispatcher>
#include <QSemaphore>
#include <QThread>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

using namespace TokenScope;

namespace {

// Stands in for the event dispatcher of a thread whose event loop has quit (a finishing QThread
// deletes its dispatcher, and takes a new one afterwards). Qt wakes the receiver thread's
// dispatcher just after it has queued an event there, so wakeUp() tells the test that the call is
// queued. It never delivers anything.
class QueueWatcher final : public QAbstractEventDispatcher {
public:
    explicit QueueWatcher(QSemaphore *queued)
        : m_queued(queued)
    {
    }
    bool processEvents(QEventLoop::ProcessEventsFlags) override { return false; }
    void registerSocketNotifier(QSocketNotifier *) override { }
    void unregisterSocketNotifier(QSocketNotifier *) override { }
    void registerTimer(int, qint64, Qt::TimerType, QObject *) override { }
    bool unregisterTimer(int) override { return false; }
    bool unregisterTimers(QObject *) override { return false; }
    QList<TimerInfo> registeredTimers(QObject *) const override { return {}; }
    int remainingTime(int) override { return -1; }
    void wakeUp() override { m_queued->release(); }
    void interrupt() override { }

private:
    QSemaphore *m_queued;
};

} // namespace

TEST(ThreadHandoff, BlockingCallsEffectsAreSeenWhenItReturns)
{
    QThread thread;
    thread.start();
    auto *receiver = new QObject;
    receiver->moveToThread(&thread);

    // Plain variables, written on the receiver's thread and read here: under TSan, reading them is
    // a race unless postTo() orders the calls before its return.
    std::vector<int> order;
    QThread *ranOn = nullptr;
    postTo(receiver, [&order] { order.push_back(1); });
    postTo(
        receiver,
        [&order, &ranOn] {
            order.push_back(2);
            ranOn = QThread::currentThread();
        },
        Qt::BlockingQueuedConnection);
    EXPECT_EQ(order, (std::vector<int> { 1, 2 })) << "the blocking call has run, after the queued one before it";
    EXPECT_EQ(ranOn, &thread);

    thread.quit();
    ASSERT_TRUE(thread.wait(10000));
    delete receiver;
}

// The caller used to wait forever when the call was dropped: it woke only from the end of the call.
TEST(ThreadHandoff, BlockingCallToAThreadWhoseLoopHasQuitReturnsWhenTheReceiverIsDeleted)
{
    QThread thread;
    thread.start();
    auto *receiver = new QObject;
    receiver->moveToThread(&thread);
    thread.quit();
    ASSERT_TRUE(thread.wait(10000));
    // Nothing runs the thread's events any more: a call queued to the receiver waits there until the
    // receiver is deleted, which drops it.
    QSemaphore queued;
    thread.setEventDispatcher(new QueueWatcher(&queued));

    bool ran = false;
    auto returned = std::make_shared<std::promise<void>>();
    std::future<void> hasReturned = returned->get_future();
    std::thread caller([receiver, &ran, returned] {
        postTo(receiver, [&ran] { ran = true; }, Qt::BlockingQueuedConnection);
        returned->set_value();
    });
    ASSERT_TRUE(queued.tryAcquire(1, 10000)) << "the call is queued";
    EXPECT_EQ(hasReturned.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout)
        << "a queued call is waited for";

    delete receiver; // drops the queued call without running it
    if (hasReturned.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        caller.detach(); // stuck for good; it holds nothing of this stack but `ran`, which it never writes
        FAIL() << "postTo() still waits for a call that was dropped";
    }
    caller.join();
    EXPECT_FALSE(ran) << "the call did not run: the caller is told nothing more than that it may not have";

    // Started again and told to quit, the thread finishes and deletes the watcher, as it does every
    // dispatcher it owns.
    thread.start();
    thread.quit();
    ASSERT_TRUE(thread.wait(10000));
}
