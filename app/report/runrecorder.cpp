// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runrecorder.h"

#include "redaction.h"
#include "reportwriters.h"

#include <QDir>
#include <QJsonDocument>

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

RunRecorder::RunRecorder(const QString &dir)
    : m_dir(dir)
{
}

RunRecorder::~RunRecorder() = default;

bool RunRecorder::begin(const RunConfig &config, const QDateTime &startedAt, QString *error)
{
    if (!QDir().mkpath(m_dir)) {
        setError(error, QStringLiteral("Cannot create the directory %1").arg(QDir::toNativeSeparators(m_dir)));
        return false;
    }
    m_config = config;
    m_startedAt = startedAt;
    if (!writeSummary(unfinishedSummary(QStringLiteral("running")), error))
        return false;
    // An earlier run's tables in the same directory would pass for this run's until it ends.
    for (const char *name : { kResultsCsvFile, kReportMarkdownFile, kReportHtmlFile, kServerMetricsJsonlFile })
        QFile::remove(QDir(m_dir).filePath(QString::fromLatin1(name)));
    if (!openLog(&m_requests, kRequestsJsonlFile, error)
        || (!config.serverMetricsUrl.isEmpty() && !openLog(&m_serverMetrics, kServerMetricsJsonlFile, error)))
        return false;
    m_begun = true;
    return true;
}

bool RunRecorder::openLog(QFile *file, const char *name, QString *error)
{
    file->setFileName(QDir(m_dir).filePath(QString::fromLatin1(name)));
    // Unbuffered: each write() goes straight to the OS in one system call, so a killed process
    // cannot leave a line half in our buffer and half in the file.
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        setError(error, cannotWrite(file->fileName(), file->errorString()));
        return false;
    }
    return true;
}

bool RunRecorder::appendLine(QFile *file, const QByteArray &line, QString *error)
{
    if (!m_begun || !file->isOpen()) {
        setError(
            error, QStringLiteral("The run directory %1 is not open for records").arg(QDir::toNativeSeparators(m_dir)));
        return false;
    }
    if (file->write(line) != line.size() || !file->flush()) {
        setError(error, cannotWrite(file->fileName(), file->errorString()));
        return false;
    }
    return true;
}

bool RunRecorder::recordRequest(const RequestRecord &record, QString *error)
{
    return appendLine(&m_requests, requestsJsonlLine(record, m_config.apiKey), error);
}

bool RunRecorder::recordServerSample(const ServerMetricsSample &sample, QString *error)
{
    return appendLine(&m_serverMetrics, serverMetricsJsonlLine(sample, m_config.apiKey), error);
}

bool RunRecorder::finish(const RunResult &run, QString *error)
{
    if (!m_begun)
        return false;
    m_requests.close();
    m_serverMetrics.close();
    const QDir target(m_dir);
    if (!writeSummary(summaryJson(run), error))
        return false;
    return writeFileAtomically(target.filePath(QString::fromLatin1(kResultsCsvFile)), resultsCsv(run), error)
        && writeFileAtomically(target.filePath(QString::fromLatin1(kReportMarkdownFile)), markdownReport(run).toUtf8(), error)
        && writeFileAtomically(target.filePath(QString::fromLatin1(kReportHtmlFile)), htmlReport(run).toUtf8(), error);
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
    m_requests.close();
    m_serverMetrics.close();
    QJsonObject summary = unfinishedSummary(QStringLiteral("failed"));
    summary.insert(QStringLiteral("error"), message);
    return writeSummary(summary, error);
}

bool RunRecorder::writeSummary(const QJsonObject &summary, QString *error)
{
    // summaryJson() redacts already; this also covers the error text fail() adds.
    return writeFileAtomically(QDir(m_dir).filePath(QString::fromLatin1(kSummaryJsonFile)),
        QJsonDocument(Secrets::of(m_config).redact(summary)).toJson(QJsonDocument::Indented), error);
}

} // namespace TokenScope::Report
