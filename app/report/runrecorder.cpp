// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runrecorder.h"

#include "redaction.h"
#include "reportwriters.h"
#include "rundirectorylock.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace TokenScope::Report {

namespace {

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

QString cannotWrite(const QString &path, const QString &why)
{
    return QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), why);
}

} // namespace

RunRecorder::RunRecorder(const QString &dir, int arm)
    : m_dir(dir)
    , m_arm(arm)
{
}

RunRecorder::~RunRecorder()
{
    release();
}

bool RunRecorder::begin(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error)
{
    if (arms.isEmpty() || m_arm >= arms.size()) {
        setError(
            error, QStringLiteral("No configuration for the run directory %1").arg(QDir::toNativeSeparators(m_dir)));
        return false;
    }
    const RunConfig &config = arms.at(std::max(m_arm, 0));
    if (!QDir().mkpath(m_dir)) {
        setError(error, QStringLiteral("Cannot create the directory %1").arg(QDir::toNativeSeparators(m_dir)));
        return false;
    }
    // Two runs writing one directory would interleave their lines and overwrite each other's
    // summaries: the second is refused before it measures anything.
    auto lock = std::make_unique<RunDirectoryLock>(m_dir);
    if (!lock->tryLock(error))
        return false;
    QStringList names;
    for (const char *name : { kSummaryJsonFile, kRequestsJsonlFile, kResultsCsvFile, kReportMarkdownFile,
             kReportHtmlFile, kServerMetricsJsonlFile })
        names << QString::fromLatin1(name);
    if (!refuseSymbolicLinks(m_dir, names, error))
        return false;
    m_lock = std::move(lock);
    m_config = config;
    m_secrets = Secrets::of(arms); // an A/B arm's directory keeps the other arm's key out too
    m_startedAt = startedAt;
    if (!writeSummary(unfinishedSummary(QStringLiteral("running")), error)) {
        release();
        return false;
    }
    // An earlier run's tables in the same directory would pass for this run's until it ends.
    for (const char *name : { kResultsCsvFile, kReportMarkdownFile, kReportHtmlFile, kServerMetricsJsonlFile })
        QFile::remove(QDir(m_dir).filePath(QString::fromLatin1(name)));
    if (!openLog(&m_requests, kRequestsJsonlFile, error)
        || (!config.serverMetricsUrl.isEmpty() && !openLog(&m_serverMetrics, kServerMetricsJsonlFile, error))) {
        release();
        return false;
    }
    m_begun = true;
    return true;
}

bool RunRecorder::openLog(Log *log, const char *name, QString *error)
{
    log->path = QDir(m_dir).filePath(QString::fromLatin1(name));
    log->size = 0;
    log->lines = 0;
    log->brokenBy.clear();
    const QByteArray native = QFile::encodeName(log->path);
    // Afresh: the old name goes (a link planted since begin()'s check goes, not its target), and the
    // new file is created exclusively, so it is ours. Unbuffered by nature: each write() goes
    // straight to the OS, so a killed process cannot leave a line half in a buffer.
    if (::unlink(native.constData()) != 0 && errno != ENOENT) {
        setError(error, cannotWrite(log->path, systemErrorText(errno)));
        return false;
    }
    log->fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC, 0666);
    if (log->fd < 0) {
        setError(error, cannotWrite(log->path, systemErrorText(errno)));
        return false;
    }
    return true;
}

bool RunRecorder::appendLine(Log *log, const QByteArray &line, QString *error)
{
    if (!m_begun || log->fd < 0) {
        setError(
            error, QStringLiteral("The run directory %1 is not open for records").arg(QDir::toNativeSeparators(m_dir)));
        return false;
    }
    if (!log->brokenBy.isEmpty()) {
        setError(error, log->brokenBy);
        return false;
    }
    if (!writeAllBytes(log->fd, line)) {
        const int errnum = errno;
        // Part of the line may be in the file (a disk that fills mid-line): cut it off, so that
        // every reader still sees whole JSON lines. No further line goes after it: the file stays
        // the first N records, and finish() writes them all again.
        const bool cut = ::ftruncate(log->fd, log->size) == 0;
        const int cutErrno = errno;
        log->brokenBy = QStringLiteral("%1 (it keeps its first %2 lines, whole; no more are appended)")
                            .arg(cannotWrite(log->path, systemErrorText(errnum)))
                            .arg(log->lines);
        if (!cut)
            log->brokenBy = QStringLiteral("%1, and it could not be cut back to its last whole line: %2")
                                .arg(cannotWrite(log->path, systemErrorText(errnum)), systemErrorText(cutErrno));
        setError(error, log->brokenBy);
        return false;
    }
    log->size += line.size();
    ++log->lines;
    return true;
}

bool RunRecorder::recordRequest(const RequestRecord &record, QString *error)
{
    if (!mine(record.arm))
        return true;
    return appendLine(&m_requests, requestsJsonlLine(record, m_secrets), error);
}

bool RunRecorder::recordLevel(const LevelSummary &, QString *)
{
    return true;
}

bool RunRecorder::recordServerSample(const ServerMetricsSample &sample, QString *error)
{
    if (m_arm > 0)
        return true;
    return appendLine(&m_serverMetrics, serverMetricsJsonlLine(sample, m_secrets), error);
}

void RunRecorder::release()
{
    for (Log *log : { &m_requests, &m_serverMetrics }) {
        if (log->fd >= 0)
            ::close(log->fd);
        log->fd = -1;
    }
    m_lock.reset();
}

bool RunRecorder::finish(const RunResult &result, QString *error)
{
    if (!m_begun)
        return false;
    const RunResult run = m_arm >= 0 && result.isInterleaved() ? result.armResult(m_arm) : result;
    m_ended = true;
    for (Log *log : { &m_requests, &m_serverMetrics }) {
        if (log->fd >= 0)
            ::close(log->fd);
        log->fd = -1;
    }
    const QDir target(m_dir);
    // Every file is tried: on a disk that is full for a moment, what can be written is.
    QStringList errors;
    QString fileError;
    if (!writeSummary(summaryJson(run), &fileError))
        errors << fileError;
    // A log whose append failed holds only its first lines: written whole again, atomically.
    if (!m_requests.brokenBy.isEmpty() && !writeFileAtomically(m_requests.path, requestsJsonl(run), &fileError))
        errors << fileError;
    if (!m_serverMetrics.brokenBy.isEmpty()
        && !writeFileAtomically(m_serverMetrics.path, serverMetricsJsonl(run), &fileError))
        errors << fileError;
    const QList<QPair<const char *, QByteArray>> files {
        { kResultsCsvFile, resultsCsv(run) },
        { kReportMarkdownFile, markdownReport(run).toUtf8() },
        { kReportHtmlFile, htmlReport(run).toUtf8() },
    };
    for (const auto &[name, bytes] : files)
        if (!writeFileAtomically(target.filePath(QString::fromLatin1(name)), bytes, &fileError))
            errors << fileError;
    release();
    m_endError = errors.join(u'\n');
    if (!errors.isEmpty()) {
        setError(error, m_endError);
        return false;
    }
    return true;
}

QJsonObject RunRecorder::unfinishedSummary(const QString &status) const
{
    RunResult header;
    header.config = m_config;
    header.startedAt = m_startedAt;
    QJsonObject summary = summaryJson(header);
    // Nothing is summarised yet: no levels, and "cancelled" would be a guess.
    summary.remove(QStringLiteral("levels"));
    summary.remove(QStringLiteral("cancelled"));
    summary.insert(QStringLiteral("status"), status);
    return summary;
}

bool RunRecorder::fail(const QString &message, QString *error)
{
    if (!m_begun)
        return false;
    QJsonObject summary = unfinishedSummary(QStringLiteral("failed"));
    summary.insert(QStringLiteral("error"), message);
    m_ended = true;
    const bool written = writeSummary(summary, &m_endError);
    release();
    if (!written)
        setError(error, m_endError);
    return written;
}

bool RunRecorder::writeSummary(const QJsonObject &summary, QString *error)
{
    // summaryJson() redacts already; this also covers the error text fail() adds.
    return writeFileAtomically(QDir(m_dir).filePath(QString::fromLatin1(kSummaryJsonFile)),
        QJsonDocument(m_secrets.redact(summary)).toJson(QJsonDocument::Indented), error);
}

} // namespace TokenScope::Report
