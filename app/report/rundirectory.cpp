// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a run directory: summary.json, requests.jsonl, results.csv, report.md and report.html
// (README.md#where-results-go).
#include "abreport.h"
#include "reportwriters.h"
#include "rundirectorylock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace TokenScope::Report {

namespace {

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

QString cannotWrite(const QString &path, int errnum)
{
    return QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), systemErrorText(errnum));
}

// A new file beside `path`, opened exclusively (so never through a link planted there), with its
// name in *tempPath. -1 with errno set when none could be created.
int openTemporaryBeside(const QString &path, QString *tempPath)
{
    for (int attempt = 0; attempt < 16; ++attempt) {
        *tempPath = QStringLiteral("%1.%2.tmp").arg(path, QString::number(QRandomGenerator::global()->generate(), 16));
        const int fd = ::open(QFile::encodeName(*tempPath).constData(),
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666); // 0666 less the umask, as QFile
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

} // namespace

// Atomic: a reader never sees half a file, and a failed write leaves the old one in place. Not
// QSaveFile: on Qt 6.4 its commit() returns true after its buffered write failed (ENOSPC), and
// renames an empty or cut file over the good one; and it writes through a symbolic link.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    const QByteArray native = QFile::encodeName(path);
    struct stat existing = {};
    const bool exists = ::lstat(native.constData(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode)) {
        setError(error, cannotWrite(path, EISDIR));
        return false;
    }
    QString tempPath;
    const int fd = openTemporaryBeside(path, &tempPath);
    if (fd < 0) {
        setError(error, cannotWrite(path, errno));
        return false;
    }
    const QByteArray nativeTemp = QFile::encodeName(tempPath);
    // The new file keeps the permissions of the regular file it replaces.
    if (exists && S_ISREG(existing.st_mode))
        (void)::fchmod(fd, existing.st_mode & 07777);
    // fsync: some file systems (NFS, quotas) say "no space" only when the data leaves the cache.
    bool ok = writeAllBytes(fd, bytes) && ::fsync(fd) == 0;
    int errnum = ok ? 0 : errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        errnum = errno;
    }
    // rename() replaces a symbolic link at `path` itself, never the file it points to.
    if (ok && ::rename(nativeTemp.constData(), native.constData()) != 0) {
        ok = false;
        errnum = errno;
    }
    if (!ok) {
        ::unlink(nativeTemp.constData());
        setError(error, cannotWrite(path, errnum));
        return false;
    }
    // The rename itself reaches the disk with the directory (best effort: some file systems refuse).
    if (const int dirFd
        = ::open(QFile::encodeName(QFileInfo(path).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        dirFd >= 0) {
        (void)::fsync(dirFd);
        ::close(dirFd);
    }
    return true;
}

bool writeRunDirectory(const RunResult &run, const QString &dir, QString *error)
{
    if (run.isInterleaved())
        return writeAbRunDirectory(run, dir, error); // A/, B/ and the report of both, as `run --ab-model --out` writes
    if (!QDir().mkpath(dir)) {
        setError(error, QStringLiteral("Cannot create the directory %1").arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    // Not while a run records into it, and never through a link (see RunRecorder::begin).
    RunDirectoryLock lock(dir);
    if (!lock.tryLock(error))
        return false;
    const QDir target(dir);
    const QList<QPair<const char *, QByteArray>> files {
        { kSummaryJsonFile, QJsonDocument(summaryJson(run)).toJson(QJsonDocument::Indented) },
        { kRequestsJsonlFile, requestsJsonl(run) },
        { kResultsCsvFile, resultsCsv(run) },
        { kReportMarkdownFile, markdownReport(run).toUtf8() },
        { kReportHtmlFile, htmlReport(run).toUtf8() },
    };
    QStringList names;
    for (const auto &file : files)
        names << QString::fromLatin1(file.first);
    names << QString::fromLatin1(kServerMetricsJsonlFile);
    if (!refuseSymbolicLinks(dir, names, error))
        return false;
    for (const auto &[name, bytes] : files)
        if (!writeFileAtomically(target.filePath(QString::fromLatin1(name)), bytes, error))
            return false;
    if (!run.config.serverMetricsUrl.isEmpty()
        && !writeFileAtomically(
            target.filePath(QString::fromLatin1(kServerMetricsJsonlFile)), serverMetricsJsonl(run), error))
        return false;
    return true;
}

} // namespace TokenScope::Report
