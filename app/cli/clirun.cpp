// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include "net/runcontroller.h"
#include "report/reportwriters.h"
#include "report/runrecorder.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace TokenScope::Cli {

namespace {
std::atomic<bool> g_interruptRequested {false};

extern "C" void onInterruptSignal(int)
{
    g_interruptRequested.store(true);
}

void printErr(const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
}

void printOut(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}
} // namespace

void installInterruptHandler()
{
    std::signal(SIGINT, onInterruptSignal);
    std::signal(SIGTERM, onInterruptSignal);
}

CliRun::CliRun(const RunOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_controller(new RunController(this))
    , m_progressOnTty(isatty(fileno(stderr)) != 0)
{
    connect(m_controller, &RunController::progress, this, &CliRun::onProgress);
    connect(m_controller, &RunController::requestFinished, this, &CliRun::onRequestFinished);
    connect(m_controller, &RunController::levelFinished, this, &CliRun::onLevelFinished);
    connect(m_controller, &RunController::runFinished, this, &CliRun::onRunFinished);
    connect(m_controller, &RunController::runFailed, this, &CliRun::onRunFailed);
    connect(&m_interruptPoll, &QTimer::timeout, this, &CliRun::checkInterrupt);
}

CliRun::~CliRun() = default;

void CliRun::start()
{
    const RunConfig &c = m_options.config;
    printErr(QStringLiteral("TokenScope: %1 model %2, concurrency %3, max_tokens %4, warm-up %5\n")
                 .arg(c.baseUrl, c.model)
                 .arg([&c] {
                     QStringList levels;
                     for (int l : c.concurrencyLevels)
                         levels << QString::number(l);
                     return levels.join(u',');
                 }())
                 .arg(c.maxTokens)
                 .arg(c.warmupRequests));
    if (!m_options.outDir.isEmpty()) {
        // The directory and a "running" summary.json exist before the first request, so a run that
        // is killed still leaves a run directory with every request that finished.
        m_recorder = std::make_unique<Report::RunRecorder>(m_options.outDir);
        QString error;
        if (!m_recorder->begin(c, QDateTime::currentDateTime(), &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            // Not from here: the event loop has not started yet, and exit() needs one.
            QMetaObject::invokeMethod(this, [this] { finish(ExitBadArguments); }, Qt::QueuedConnection);
            return;
        }
    }
    m_interruptPoll.start(50);
    m_controller->start(c);
}

void CliRun::checkInterrupt()
{
    if (!g_interruptRequested.load() || m_interrupted)
        return;
    m_interrupted = true;
    printErr(QStringLiteral("\nInterrupted: stopping and keeping what was measured.\n"));
    m_controller->cancel();
}

void CliRun::onProgress(const RunProgress &p)
{
    const QString label = p.warmup ? QStringLiteral("warm-up")
                                   : QStringLiteral("level %1/%2 (concurrency %3)").arg(p.levelIndex + 1).arg(p.levelCount).arg(p.concurrency);
    const QString line = QStringLiteral("%1: %2/%3 done, %4 failed, %5 in flight").arg(label).arg(p.done).arg(p.total).arg(p.failed).arg(p.inFlight);
    if (m_progressOnTty)
        printErr(QStringLiteral("\r\033[K") + line);
}

void CliRun::onRequestFinished(const RequestRecord &record)
{
    if (!m_recorder)
        return;
    QString error;
    if (!m_recorder->recordRequest(record, &error) && !m_recordErrorShown) {
        m_recordErrorShown = true; // once: a full disk would otherwise repeat it per request
        printErr(QStringLiteral("%1error: %2\n").arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString(), error));
    }
}

void CliRun::onLevelFinished(const LevelSummary &s)
{
    printErr(QStringLiteral("%1concurrency %2: %3/%4 done, %5 failed, TTFT p50 %6 ms, TPOT p50 %7 ms, %8 tok/s\n")
                 .arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString())
                 .arg(s.concurrency)
                 .arg(s.completed + s.failed)
                 .arg(s.requests)
                 .arg(s.failed)
                 .arg(s.ttftMs.p50, 0, 'f', 1)
                 .arg(s.tpotMs.p50, 0, 'f', 2)
                 .arg(s.outputThroughput, 0, 'f', 1));
}

void CliRun::onRunFailed(const QString &message)
{
    printErr(QStringLiteral("error: %1\n").arg(message));
    if (m_recorder) {
        QString error;
        if (!m_recorder->fail(message, &error))
            printErr(QStringLiteral("error: %1\n").arg(error));
    }
    finish(ExitBadArguments);
}

void CliRun::printResults(const RunResult &result)
{
    switch (m_options.format) {
    case OutputFormat::Table:
        printOut(Report::textTable(result).toUtf8());
        break;
    case OutputFormat::Json:
        printOut(QJsonDocument(Report::summaryJson(result)).toJson(QJsonDocument::Indented));
        break;
    case OutputFormat::Markdown:
        printOut(Report::markdownReport(result).toUtf8());
        break;
    case OutputFormat::Csv:
        printOut(Report::resultsCsv(result));
        break;
    case OutputFormat::Html:
        printOut(Report::htmlReport(result).toUtf8());
        break;
    }
}

void CliRun::onRunFinished(const RunResult &result)
{
    if (m_progressOnTty)
        printErr(QStringLiteral("\r\033[K"));
    printResults(result);
    if (m_recorder) {
        // requests.jsonl already holds every finished request: only the summaries are written now.
        QString error;
        if (m_recorder->finish(result, &error))
            printErr(QStringLiteral("Wrote summary.json, requests.jsonl, results.csv, report.md and report.html to %1\n").arg(m_options.outDir));
        else
            printErr(QStringLiteral("error: %1\n").arg(error));
    }
    if (result.cancelled) {
        finish(ExitInterrupted);
        return;
    }
    for (const LevelSummary &level : result.levels) {
        if (level.completed == 0) {
            printErr(QStringLiteral("error: no request succeeded at concurrency %1 (first error kinds: %2)\n")
                         .arg(level.concurrency)
                         .arg(QStringList(level.errorsByKind.keys()).join(QStringLiteral(", "))));
            finish(ExitLevelFailed);
            return;
        }
    }
    finish(ExitOk);
}

void CliRun::finish(int code)
{
    m_exitCode = code;
    m_interruptPoll.stop();
    QCoreApplication::exit(code);
}

} // namespace TokenScope::Cli
