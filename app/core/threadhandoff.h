// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaObject>
#include <QObject>

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

/// Runs `call` on `receiver`'s thread, queued (or blocking-queued: `type` is
/// Qt::QueuedConnection or Qt::BlockingQueuedConnection), as QMetaObject::invokeMethod does, and
/// tells ThreadSanitizer what Qt's hand-off guarantees: everything the calling thread did before
/// happens before `call` runs, and (blocking) everything `call` did happens before postTo()
/// returns. Debian's Qt is not built with TSan, so it cannot see the mutex and semaphore that
/// order the two sides. Every call that crosses threads in the engine, the connection check and
/// the simulator goes through here; tests/sanitizers/tsan.supp names this function for the one
/// pointer Qt copies after the release. Thread-safe as QMetaObject::invokeMethod.
template <typename Call>
void postTo(QObject *receiver, Call &&call, Qt::ConnectionType type = Qt::QueuedConnection)
{
    Q_ASSERT(type == Qt::QueuedConnection || type == Qt::BlockingQueuedConnection);
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
    // Blocking: waited for on a std::mutex and std::condition_variable, which TSan sees (POSIX
    // threads), rather than on Qt's semaphore, which it does not; Qt also reads the caller's stack
    // after the call for its return slot. The state lives on the heap, shared with the call, so the
    // other thread never touches this thread's stack.
    struct Done {
        std::mutex mutex;
        std::condition_variable changed;
        bool done = false;
    };
    auto done = std::make_shared<Done>();
    TOKENSCOPE_TSAN_RELEASE(task.get());
    QMetaObject::invokeMethod(
        receiver,
        [task, done] {
            TOKENSCOPE_TSAN_ACQUIRE(task.get());
            (*task)();
            const std::lock_guard<std::mutex> lock(done->mutex);
            done->done = true;
            done->changed.notify_one();
        },
        Qt::QueuedConnection);
    std::unique_lock<std::mutex> lock(done->mutex);
    done->changed.wait(lock, [&done] { return done->done; });
}

} // namespace TokenScope
