// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace TokenScope::Report {

/// The lock file every writer of a run directory holds while it writes (README.md#where-results-go).
inline constexpr char kRunLockFile[] = ".lock";

/// An exclusive lock on a run directory, so two runs never write into one directory at once.
///
/// flock(2) on `<dir>/.lock`: the kernel drops the lock when its holder exits, even on SIGKILL,
/// so a killed run's leftover .lock never blocks the next run. The file holds the holder's
/// process id (for the message a second run prints) and is removed by unlock(). A .lock that is a
/// symbolic link is refused, never followed.
///
/// GUI-free; not thread-safe: lock and unlock on one thread.
class RunDirectoryLock
{
public:
    explicit RunDirectoryLock(const QString &dir);
    ~RunDirectoryLock(); ///< unlocks
    RunDirectoryLock(const RunDirectoryLock &) = delete;
    RunDirectoryLock &operator=(const RunDirectoryLock &) = delete;

    /// Takes the lock without waiting. False, with *error naming the directory and, when the
    /// other writer is known, its process id and name, when another process holds it.
    bool tryLock(QString *error);
    void unlock(); ///< removes .lock and releases it; nothing when not locked
    bool isLocked() const { return m_fd >= 0; }

private:
    QString m_dir;
    int m_fd = -1;
};

/// False, with *error naming the first one, when any of `names` in `dir` is a symbolic link: a
/// run directory's files are never written through a link (it could point at any file the user
/// can write). A missing file is fine.
bool refuseSymbolicLinks(const QString &dir, const QStringList &names, QString *error);

/// Writes every byte of `bytes` to the file descriptor `fd`, through short writes and signals.
/// False with errno set (ENOSPC: "No space left on device") when the OS refused some.
bool writeAllBytes(int fd, const QByteArray &bytes);

/// The OS's sentence for errno `errnum`, e.g. "No space left on device".
QString systemErrorText(int errnum);

} // namespace TokenScope::Report
