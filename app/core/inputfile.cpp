// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputfile.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace TokenScope::InputFile {

namespace {

// The reasons a user reads when a file is refused, translated in the window; a struct only so
// that they share the "TokenScope::InputFile" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::InputFile)
};

// Why a file of this type cannot be read as a file of text: empty for a regular file.
QString notRegular(mode_t mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISFIFO(mode))
        return Text::tr("it is a named pipe (FIFO), not a regular file");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return Text::tr("it is a device, not a regular file");
    if (S_ISDIR(mode))
        return Text::tr("it is a directory, not a regular file");
    if (S_ISSOCK(mode))
        return Text::tr("it is a socket, not a regular file");
    return Text::tr("it is not a regular file");
}

QString tooLarge(qint64 size, qint64 maxBytes)
{
    //: %1: the file's size in bytes, %2: the limit, e.g. 16 MiB
    return Text::tr("it holds %1 bytes, more than the %2 such a file may hold").arg(size).arg(sizeText(maxBytes));
}

} // namespace

QString sizeText(qint64 bytes)
{
    if (bytes >= 1024 * kMiB && bytes % (1024 * kMiB) == 0)
        return QStringLiteral("%1 GiB").arg(bytes / (1024 * kMiB));
    if (bytes >= kMiB && bytes % kMiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / kMiB);
    return QStringLiteral("%1 bytes").arg(bytes);
}

bool open(QFile *file, const QString &path, qint64 maxBytes, QString *why)
{
    // A path is looked at before it is opened (a FIFO blocks open() until a writer comes, and a
    // device like /dev/zero never ends), and the descriptor again after, since the path may have
    // been replaced in between. O_NONBLOCK makes the open of a FIFO return at once.
    const QByteArray name = QFile::encodeName(path);
    struct stat before
    {
    };
    if (::stat(name.constData(), &before) == 0) {
        if (const QString problem = notRegular(before.st_mode); !problem.isEmpty()) {
            *why = problem;
            return false;
        }
    }
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    struct stat st
    {
    };
    QString problem;
    if (::fstat(fd, &st) != 0)
        problem = QString::fromLocal8Bit(std::strerror(errno));
    else if (problem = notRegular(st.st_mode); problem.isEmpty() && qint64(st.st_size) > maxBytes)
        problem = tooLarge(qint64(st.st_size), maxBytes);
    if (problem.isEmpty()) {
        // Reads of a regular file do not block either way; the flag is cleared for tidiness.
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        if (file->open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle))
            return true;
        problem = file->errorString();
    }
    ::close(fd);
    *why = problem;
    return false;
}

std::optional<QByteArray> read(const QString &path, qint64 maxBytes, QString *why, const CancelCheck &cancelled)
{
    QFile file;
    if (!open(&file, path, maxBytes, why))
        return std::nullopt;
    QByteArray bytes;
    bytes.reserve(qsizetype(std::min(file.size(), maxBytes)));
    for (;;) {
        if (cancelled && cancelled()) {
            *why = Text::tr("reading it was interrupted");
            return std::nullopt;
        }
        const QByteArray chunk = file.read(kChunkBytes);
        if (chunk.isEmpty()) {
            if (file.error() != QFileDevice::NoError) {
                *why = file.errorString();
                return std::nullopt;
            }
            return bytes;
        }
        bytes += chunk;
        if (bytes.size() > maxBytes) { // it grew after it was looked at
            *why = tooLarge(bytes.size(), maxBytes);
            return std::nullopt;
        }
    }
}

} // namespace TokenScope::InputFile
