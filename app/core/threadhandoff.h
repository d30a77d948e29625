// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QThread>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <type_traits>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define TOKENSCOPE_TSAN_RELEASE(p) __tsan_release(p)
#define TOKENSCOPE_TSAN_ACQUIRE(p) __tsan_acquire(p)
#else
#define TOKENSCOPE_TSAN_RELEASE(p) static_cast<void>(p)
#define TOKENSCOPE_TSAN_ACQUIRE(p) static_cast<void>(p)
#endif

namespace TokenScope {

namespace Detail {

/// What a blocking postTo() waits on: shared by the waiting thread and the queued call, so that
/// neither touches the other's stack. A std::mutex and std::condition_variable, which TSan sees
/// (POSIX threads), rather than Qt's semaphore, which it does not.
struct Completion {
    std::mutex mutex;
    std::condition_variable changed;
    bool done = false;
};

/// Owned by a blocking postTo()'s queued functor. release() wakes the waiter once the call has run;
/// if the functor is destroyed without having run (Qt deletes a queued call unrun when its receiver
/// is deleted with the call still queued), the destructor wakes it instead, as Qt's own
/// BlockingQueuedConnection releases its semaphore from the queued event's destructor. Move-only:
/// a moved-from guard wakes nobody.
class CompletionGuard {
public:
    explicit CompletionGuard(std::shared_ptr<Completion> completion)
        : m_completion(std::move(completion))
    {
    }
    CompletionGuard(CompletionGuard &&) noexcept = default;
    CompletionGuard(const CompletionGuard &) = delete;
    CompletionGuard &operator=(const CompletionGuard &) = delete;
    CompletionGuard &operator=(CompletionGuard &&) = delete;
    ~CompletionGuard()
    {
        if (!m_completion)
            return;
        // Dropped: destroyed on whichever thread deleted the receiver, which never ran the call's
        // acquire; this one pairs with postTo()'s release of the completion.
        TOKENSCOPE_TSAN_ACQUIRE(m_completion.get());
        release();
    }

    void release()
    {
        // Under the mutex: whatever this thread did before (the call) happens before the waiter
        // returns, as TSan sees it. The wake-up after a call is not left to the destructor: the
        // functor's last reference can be the one QMetaObject::invokeMethod still holds on the
        // caller's thread, which TSan would not see ordered after the call.
        const std::shared_ptr<Completion> completion = std::move(m_completion);
        const std::lock_guard<std::mutex> lock(completion->mutex);
        completion->done = true;
        completion->changed.notify_one();
    }

private:
    std::shared_ptr<Completion> m_completion;
};

} // namespace Detail

/// Runs `call` on `receiver`'s thread, queued (or blocking-queued: `type` is
/// Qt::QueuedConnection or Qt::BlockingQueuedConnection), as QMetaObject::invokeMethod does, and
/// tells ThreadSanitizer what Qt's hand-off guarantees: everything the calling thread did before
/// happens before `call` runs, and (blocking) everything `call` did happens before postTo()
/// returns. Debian's Qt is not built with TSan, so it cannot see the mutex and semaphore that
/// order the two sides. Every call that crosses threads in the engine, the connection check and
/// the simulator goes through here; tests/sanitizers/tsan.supp names this function for the
/// pointers Qt copies after the release. Thread-safe as QMetaObject::invokeMethod.
///
/// Blocking: returns once `call` has run, or once Qt has dropped it without running it (the
/// receiver was deleted with the call still queued, for instance by its thread's finished →
/// deleteLater); so after a blocking postTo() the call may not have run. A call queued to an object
/// whose thread has finished waits in that thread's queue until the object is deleted (or the thread
/// runs an event loop again). Must not be called on `receiver`'s own thread: the call could only run
/// after postTo() returned, so it would never return (asserted).
template <typename Call>
void postTo(QObject *receiver, Call &&call, Qt::ConnectionType type = Qt::QueuedConnection)
{
    Q_ASSERT(type == Qt::QueuedConnection || type == Qt::BlockingQueuedConnection);
    Q_ASSERT_X(type != Qt::BlockingQueuedConnection || receiver->thread() != QThread::currentThread(), "postTo",
               "a blocking call to an object of the calling thread would deadlock");
    // The captures are copied here, before the release, so that the release covers them.
    auto task = std::make_shared<std::decay_t<Call>>(std::forward<Call>(call));
    if (type != Qt::BlockingQueuedConnection) {
        TOKENSCOPE_TSAN_RELEASE(task.get());
        QMetaObject::invokeMethod(
            receiver,
            [task] {
                TOKENSCOPE_TSAN_ACQUIRE(task.get());
                (*task)();
            },
            Qt::QueuedConnection);
        return;
    }
    // Blocking: waited for on the heap Completion rather than through Qt's blocking call, which
    // waits on a semaphore TSan does not see and reads the caller's stack after the call for its
    // return slot. The completion is released for the guard's acquire on a thread that drops the
    // call unrun.
    auto completion = std::make_shared<Detail::Completion>();
    TOKENSCOPE_TSAN_RELEASE(completion.get());
    TOKENSCOPE_TSAN_RELEASE(task.get());
    QMetaObject::invokeMethod(
        receiver,
        [task, guard = Detail::CompletionGuard(completion)]() mutable {
            TOKENSCOPE_TSAN_ACQUIRE(task.get());
            (*task)();
            guard.release();
        },
        Qt::QueuedConnection);
    std::unique_lock<std::mutex> lock(completion->mutex);
    completion->changed.wait(lock, [&completion] { return completion->done; });
}

} // namespace TokenScope
