// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rundirectorylock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace TokenScope::Report {

namespace {

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

// "process 4711, tokenscope-cli" from what the holder wrote into the lock file; empty if unknown.
QString holderText(int fd)
{
    char buffer[32] = {};
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0)
        return {};
    bool ok = false;
    const qint64 pid = QByteArray(buffer, int(n)).trimmed().toLongLong(&ok);
    if (!ok || pid <= 0)
        return {};
    QString text = QStringLiteral("process %1").arg(pid);
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid)); // Linux: the program's name
    if (comm.open(QIODevice::ReadOnly))
        if (const QString name = QString::fromLocal8Bit(comm.readAll()).trimmed(); !name.isEmpty())
            text += QStringLiteral(", ") + name;
    return text;
}

} // namespace

bool writeAllBytes(int fd, const QByteArray &bytes)
{
    const char *data = bytes.constData();
    size_t left = size_t(bytes.size());
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        data += n;
        left -= size_t(n);
    }
    return true;
}

QString systemErrorText(int errnum)
{
    return QString::fromLocal8Bit(std::strerror(errnum));
}

RunDirectoryLock::RunDirectoryLock(const QString &dir)
    : m_dir(dir)
{
}

RunDirectoryLock::~RunDirectoryLock()
{
    unlock();
}

bool RunDirectoryLock::tryLock(QString *error)
{
    if (isLocked())
        return true;
    const QString path = QDir(m_dir).filePath(QString::fromLatin1(kRunLockFile));
    const QByteArray native = QFile::encodeName(path);
    // A holder that ends removes .lock after we opened it: our flock would then hold a file no one
    // else sees. Check that the path still names the locked file, and try again if not.
    for (int attempt = 0; attempt < 5; ++attempt) {
        const int fd = ::open(native.constData(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            const int errnum = errno;
            setError(error,
                errnum == ELOOP
                    ? QStringLiteral("Refusing to use %1: it is a symbolic link").arg(QDir::toNativeSeparators(path))
                    : QStringLiteral("Cannot lock the run directory %1: %2")
                          .arg(QDir::toNativeSeparators(m_dir), systemErrorText(errnum)));
            return false;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const int errnum = errno;
            const QString holder = holderText(fd);
            ::close(fd);
            if (errnum == EWOULDBLOCK)
                setError(error,
                    QStringLiteral("Another run is writing to %1%2; wait for it to end or choose another directory")
                        .arg(QDir::toNativeSeparators(m_dir),
                            holder.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(holder)));
            else
                setError(error,
                    QStringLiteral("Cannot lock the run directory %1: %2")
                        .arg(QDir::toNativeSeparators(m_dir), systemErrorText(errnum)));
            return false;
        }
        struct stat opened = {};
        struct stat named = {};
        if (::fstat(fd, &opened) != 0 || ::lstat(native.constData(), &named) != 0 || opened.st_dev != named.st_dev
            || opened.st_ino != named.st_ino) {
            ::close(fd);
            continue;
        }
        // Informational only (the flock is the lock): a full disk may refuse these bytes.
        const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid()) + '\n';
        const bool pidWritten
            = ::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.constData(), size_t(pid.size()), 0) == pid.size();
        Q_UNUSED(pidWritten)
        m_fd = fd;
        return true;
    }
    setError(error,
        QStringLiteral("Cannot lock the run directory %1: its .lock kept changing")
            .arg(QDir::toNativeSeparators(m_dir)));
    return false;
}

void RunDirectoryLock::unlock()
{
    if (!isLocked())
        return;
    // Removed while still held, so no one can lock the old file after us (see tryLock()).
    ::unlink(QFile::encodeName(QDir(m_dir).filePath(QString::fromLatin1(kRunLockFile))).constData());
    ::close(m_fd); // releases the flock
    m_fd = -1;
}

bool refuseSymbolicLinks(const QString &dir, const QStringList &names, QString *error)
{
    for (const QString &name : names) {
        const QFileInfo info(QDir(dir).filePath(name));
        if (info.isSymLink()) {
            setError(error,
                QStringLiteral(
                    "Refusing to write %1: it is a symbolic link (to %2); remove it or choose another directory")
                    .arg(QDir::toNativeSeparators(info.filePath()), QDir::toNativeSeparators(info.symLinkTarget())));
            return false;
        }
    }
    return true;
}

} // namespace TokenScope::Report
