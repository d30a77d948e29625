// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include "core/englishcount.h"
#include "core/runoutcome.h"
#include "core/runprogress.h"
#include "report/abreport.h"
#include "report/comparisonreport.h"
#include "report/redaction.h"
#include "report/repeatreport.h"
#include "report/reportwriters.h"
#include "report/runrecorder.h"
#include "servermetrics/serverlevel.h"
#include "session/runsession.h"
#include "stats/measurementcheck.h"
#include "stats/precision.h"
#include "stats/repeatsummary.h"
#include "stats/runreading.h"
#include "stats/schedulecheck.h"
#include "stats/workloadcheck.h"
#include "version.h"
#include "workload/workloadsource.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace TokenScope::Cli {

namespace {
std::atomic<bool> g_interruptRequested { false };

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

/// "<base url> model <model>" with every arm's key kept out (a base URL may carry `?key=`).
QString endpointText(const RunConfig &config, const QList<RunConfig> &arms)
{
    QString text = QStringLiteral("%1 model %2").arg(urlForDisplay(config.baseUrl), config.model);
    for (const RunConfig &arm : arms)
        text = Report::redactSecret(text, arm.apiKey);
    return text;
}

QString levelList(const RunConfig &config)
{
    QStringList levels;
    for (int level : config.concurrencyLevels)
        levels << QString::number(level);
    return levels.join(u',');
}

/// "concurrency 1,4,8", "request rate 10,20/s (poisson), at most 4 in flight", "sweep of 8 rates", …
QString workloadText(const RunConfig &c)
{
    if (c.loadMode == LoadMode::Trace)
        return QStringLiteral("the trace's prompts%1")
            .arg(c.trace.cacheBust ? QStringLiteral(" (cache-bust)") : QString());
    const Workload &w = c.workload;
    switch (w.kind) {
    case WorkloadKind::Synthetic: {
        const QString spread = w.inputSpread > 0 ? QStringLiteral(" ±%1 %").arg(100 * w.inputSpread) : QString();
        const QString prefix
            = w.sharedPrefixTokens > 0 ? QStringLiteral(", the first %1 shared").arg(w.sharedPrefixTokens) : QString();
        return QStringLiteral("prompts of %1%2 tokens by the server's count%3").arg(w.inputTokens).arg(spread, prefix);
    }
    case WorkloadKind::Dataset:
        return QStringLiteral("dataset %1%2")
            .arg(QFileInfo(w.datasetPath).fileName(), w.shuffle ? QStringLiteral(" (shuffled)") : QString());
    case WorkloadKind::FixedPrompt:
        break;
    }
    return QStringLiteral("one fixed prompt");
}

QString maxTokensText(const RunConfig &c)
{
    QString text = QString::number(c.maxTokens);
    if (c.loadMode == LoadMode::Trace)
        text = QStringLiteral("each entry's output_length (else %1)").arg(c.maxTokens);
    if (c.workload.outputSpread > 0)
        text += QStringLiteral(" ±%1 %").arg(100 * c.workload.outputSpread);
    if (c.workload.ignoreEos)
        text += QStringLiteral(" (ignore_eos)");
    if (c.workload.minTokens)
        text += QStringLiteral(" (min_tokens)");
    return text;
}

QString loadText(const RunConfig &config)
{
    QString text;
    switch (config.loadMode) {
    case LoadMode::Concurrency:
        return QStringLiteral("concurrency %1").arg(levelList(config))
            + (config.durationS > 0 ? QStringLiteral(", %1 s per level").arg(config.durationS) : QString());
    case LoadMode::Rates: {
        QStringList rates;
        for (double r : config.requestRates)
            rates << rateText(r);
        text = QStringLiteral("request rate %1/s (%2)").arg(rates.join(u','), arrivalName(config.arrival));
        break;
    }
    case LoadMode::Sweep:
        text = QStringLiteral("sweep: synchronous, throughput, then %1 rates between (%2)")
                   .arg(config.sweepRates)
                   .arg(arrivalName(config.arrival));
        break;
    case LoadMode::FindMaxRate:
        text = QStringLiteral("highest rate meeting %1 (up to %2 probes, %3)")
                   .arg(SloConstraint::listText(config.maxRateConstraints))
                   .arg(config.maxRateProbes)
                   .arg(arrivalName(config.arrival));
        break;
    case LoadMode::Trace:
        text = QStringLiteral("trace %1 at x%2").arg(config.trace.path).arg(config.trace.speedup);
        if (config.trace.maxGapS > 0)
            text += QStringLiteral(", gaps cut to %1 s").arg(config.trace.maxGapS);
        if (config.trace.start > 0 || config.trace.limit > 0)
            text += QStringLiteral(", entries from %1%2")
                        .arg(config.trace.start)
                        .arg(config.trace.limit > 0 ? QStringLiteral(", at most %1").arg(config.trace.limit)
                                                    : QString());
        break;
    }
    if (config.maxConcurrency > 0)
        text += QStringLiteral(", at most %1 in flight").arg(config.maxConcurrency);
    if (config.durationS > 0)
        text += QStringLiteral(", %1 s per level (grace %2 s)").arg(config.durationS).arg(config.graceS);
    if (config.rampUpS > 0)
        text += QStringLiteral(", ramp-up %1 s").arg(config.rampUpS);
    return text;
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
    , m_session(new RunSession(this))
    , m_progressOnTty(isatty(fileno(stderr)) != 0)
{
    connect(m_session, &RunEvents::progress, this, &CliRun::onProgress);
    connect(m_session, &RunEvents::requestFinished, this, &CliRun::onRequestFinished);
    connect(m_session, &RunEvents::levelFinished, this, &CliRun::onLevelFinished);
    connect(m_session, &RunEvents::runFinished, this, &CliRun::onRunFinished);
    connect(m_session, &RunEvents::runFailed, this, &CliRun::onRunFailed);
    connect(m_session, &RunSession::recordingFailed, this, &CliRun::reportRecordError);
    connect(m_session, &RunSession::repeatStarted, this, &CliRun::onRepeatStarted);
    connect(m_session, &RunSession::repeatsFinished, this, &CliRun::onRepeatsFinished);
    connect(&m_interruptPoll, &QTimer::timeout, this, &CliRun::checkInterrupt);
}

CliRun::~CliRun() = default;

void CliRun::start()
{
    const QList<RunConfig> arms = m_options.arms();
    const RunConfig &c = m_options.config;
    if (m_options.isAb()) {
        printErr(QStringLiteral("TokenScope A/B interleaved: %1 (both arms together), max_tokens %2, "
                                "warm-up %3 per arm\n")
                     .arg(loadText(c))
                     .arg(c.maxTokens)
                     .arg(c.warmupRequests));
        for (int arm = 0; arm < arms.size(); ++arm)
            printErr(QStringLiteral("  %1: %2\n").arg(armLetter(arm), endpointText(arms.at(arm), arms)));
    } else {
        printErr(QStringLiteral("TokenScope: %1, %2, %3, max_tokens %4, warm-up %5\n")
                     .arg(endpointText(c, arms), loadText(c), workloadText(c))
                     .arg(maxTokensText(c))
                     .arg(c.warmupRequests));
    }
    if (m_options.repeats > 1)
        printErr(QStringLiteral("repeated %1 times back to back, each a whole run%2\n")
                     .arg(m_options.repeats)
                     .arg(m_options.outDir.isEmpty() ? QString() : QStringLiteral(" in --out/repeat-N")));
    if (!c.serverMetricsUrl.isEmpty())
        printErr(QStringLiteral("server metrics: %1 every %2 s\n")
                     .arg(proxyUrlForDisplay(c.serverMetricsUrl))
                     .arg(c.serverMetricsIntervalMs / 1000.0));
    if (!checkDataset(c) || !checkTrace(c)) {
        const int code = g_interruptRequested.load() ? int(ExitInterrupted) : int(ExitBadArguments);
        QMetaObject::invokeMethod(
            this, [this, code] { finish(code); }, Qt::QueuedConnection);
        return;
    }
    // The session begins the recorders first: the directories and a "running" summary.json exist
    // before the first request, so a run that is killed still leaves a run directory (one per
    // arm) with every request that finished.
    QString error;
    if (!m_session->startRepeated(
            arms, m_options.repeats, &error, [this](int index) { return sinksOfRepeat(index); })) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        // Not from here: the event loop has not started yet, and exit() needs one.
        QMetaObject::invokeMethod(
            this, [this] { finish(ExitBadArguments); }, Qt::QueuedConnection);
        return;
    }
    m_interruptPoll.start(50);
}

QList<RunSink *> CliRun::sinksOfRepeat(int index)
{
    m_recorders.clear(); // the previous repeat has ended: the session forgot its sinks
    makeRecorders(
        m_options.repeats > 1 ? QDir(m_options.outDir).filePath(Report::repeatDirectoryName(index)) : m_options.outDir);
    QList<RunSink *> sinks;
    for (const auto &recorder : m_recorders)
        sinks.append(recorder.get());
    return sinks;
}

void CliRun::makeRecorders(const QString &dir)
{
    if (m_options.outDir.isEmpty())
        return;
    if (!m_options.isAb()) {
        m_recorders.push_back(std::make_unique<Report::RunRecorder>(dir));
        return;
    }
    for (int arm = 0; arm < m_options.arms().size(); ++arm)
        m_recorders.push_back(std::make_unique<Report::RunRecorder>(QDir(dir).filePath(armLetter(arm)), arm));
}

void CliRun::onRepeatStarted(int index, int count)
{
    if (count > 1)
        printErr(QStringLiteral("%1repeat %2 of %3\n")
                     .arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString())
                     .arg(index)
                     .arg(count));
}

void CliRun::keepWorstExitCode(int code)
{
    // Lost files outrank the rest: a script that checks only the exit code must not trust them.
    const QList<int> worstFirst { ExitWriteFailed, ExitInterrupted, ExitBadArguments, ExitLevelFailed, ExitOk };
    if (worstFirst.indexOf(code) < worstFirst.indexOf(m_worstRunCode))
        m_worstRunCode = code;
}

void CliRun::onRepeatsFinished(const QList<RunResult> &runs, int count, bool stopped)
{
    if (count > 1) {
        const Stats::RepeatSummary summary = Stats::summarizeRepeats(runs, count, stopped);
        if (stopped)
            printErr(QStringLiteral("Stopped after %1 of %2 repeats: the summary covers those.\n")
                         .arg(runs.size())
                         .arg(count));
        printOut(m_options.format == OutputFormat::Json
                ? QJsonDocument(Report::repeatsJson(summary)).toJson(QJsonDocument::Indented)
                : Report::repeatsMarkdown(summary).toUtf8());
        QString error;
        if (!m_options.outDir.isEmpty() && !Report::writeRepeatFiles(summary, m_options.outDir, &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            keepWorstExitCode(ExitWriteFailed);
        } else if (!m_options.outDir.isEmpty()) {
            printErr(QStringLiteral("Wrote repeats.json and repeats.md to %1\n").arg(m_options.outDir));
        }
    }
    finish(m_worstRunCode);
}

bool CliRun::checkDataset(const RunConfig &c)
{
    // Read here first so that the format found and every malformed line are said before anything
    // is sent (the engine reads it again, and would refuse it the same way).
    if (c.workload.kind != WorkloadKind::Dataset)
        return true;
    QStringList problems;
    QJsonObject loaded;
    // The event loop has not started: the read itself polls the Ctrl-C flag (a dataset may be GiBs).
    printErr(QStringLiteral("dataset: reading %1\n").arg(c.workload.datasetPath));
    const auto interrupted = [] { return g_interruptRequested.load(); };
    if (!Workloads::makeSource(c, &problems, &loaded, interrupted)) {
        if (interrupted()) {
            printErr(QStringLiteral("\nInterrupted while reading the dataset %1: nothing was sent.\n")
                         .arg(c.workload.datasetPath));
            return false;
        }
        for (const QString &problem : std::as_const(problems))
            printErr(QStringLiteral("error: %1\n").arg(problem));
        printErr(QStringLiteral("error: the dataset %1 was not sent: fix the lines above first\n")
                     .arg(c.workload.datasetPath));
        return false;
    }
    const int skipped = loaded.value(QLatin1String("skipped")).toInt();
    printErr(QStringLiteral("dataset: %1 prompts from %2 (%3 bytes, sha256 %4); %5%6\n")
                 .arg(loaded.value(QLatin1String("entries")).toInt())
                 .arg(loaded.value(QLatin1String("file")).toString())
                 .arg(loaded.value(QLatin1String("size_bytes")).toInteger())
                 .arg(loaded.value(QLatin1String("sha256")).toString().left(12),
                     loaded.value(QLatin1String("format_reason")).toString(),
                     skipped > 0 ? QStringLiteral(" %1 entries skipped.").arg(skipped) : QString()));
    return true;
}

bool CliRun::checkTrace(const RunConfig &c)
{
    // Read here first, as a dataset is: every malformed line is said before anything is sent.
    if (c.loadMode != LoadMode::Trace)
        return true;
    QStringList problems;
    printErr(QStringLiteral("trace: reading %1\n").arg(c.trace.path));
    const auto interrupted = [] { return g_interruptRequested.load(); };
    const std::shared_ptr<const Trace> trace = Workloads::loadTrace(c, &problems, interrupted);
    if (!trace) {
        for (const QString &problem : std::as_const(problems))
            printErr(QStringLiteral("error: %1\n").arg(problem));
        printErr(QStringLiteral("error: the trace %1 was not replayed: nothing was sent\n").arg(c.trace.path));
        return false;
    }
    const QString conversations = trace->hasSessions()
        ? QStringLiteral(", in %1").arg(countOf(trace->sessions.size(), u"conversation", u"conversations"))
        : QString();
    printErr(QStringLiteral("trace: %1 of %2 from %3 (%4 bytes, sha256 %5, %6), due over %7 s at ×%8: %9 "
                            "req/s on average%10%11\n")
                 .arg(countOf(trace->entries.size(), u"entry", u"entries"))
                 .arg(trace->entriesInFile)
                 .arg(trace->fileName)
                 .arg(trace->sizeBytes)
                 .arg(trace->sha256Hex.left(12), trace->format)
                 .arg(trace->spanS(), 0, 'f', 1)
                 .arg(c.trace.speedup)
                 .arg(trace->meanRate(), 0, 'f', 2)
                 .arg(conversations,
                     trace->needsCalibration() ? QStringLiteral("; prompts made from lengths, calibrated first")
                                               : QString()));
    return true;
}

void CliRun::checkInterrupt()
{
    if (!g_interruptRequested.load() || m_interrupted)
        return;
    m_interrupted = true;
    printErr(m_options.repeats > 1 ? QStringLiteral(
                 "\nInterrupted: stopping this repeat, keeping what was measured; no further repeat starts.\n")
                                   : QStringLiteral("\nInterrupted: stopping and keeping what was measured.\n"));
    m_session->cancel();
}

namespace {

// The whole run after the level's count, as the window says it (docs/metrics.md#overall-progress):
// "; run 45%, about 1:20 left", or for a sweep or a search "; 2 levels done, about 5 more".
QString overallText(const OverallProgress &overall)
{
    if (overall.levelsDone + overall.levelsLeft == 0)
        return {};
    QString text = QStringLiteral("; run %1%").arg(int(std::floor(100 * overall.fraction)));
    if (overall.levelsEstimated)
        text = QStringLiteral("; %1 level%2 done, about %3 more")
                   .arg(overall.levelsDone)
                   .arg(overall.levelsDone == 1 ? QString() : QStringLiteral("s"))
                   .arg(overall.levelsLeft);
    if (overall.remainingS >= 0)
        text += QStringLiteral(", about %1 left").arg(clockDuration(overall.remainingS));
    return text;
}

} // namespace

void CliRun::onProgress(const RunProgress &p)
{
    const QString label = p.calibrating ? QStringLiteral("calibrating prompt lengths")
        : p.warmup                      ? QStringLiteral("warm-up")
                   : QStringLiteral("level %1/%2 (%3)").arg(p.levelIndex + 1).arg(p.levelCount).arg(p.point.label());
    QString count
        = p.total > 0 ? QStringLiteral("%1/%2 done").arg(p.done).arg(p.total) : QStringLiteral("%1 done").arg(p.done);
    if (p.conversationsTotal >= 0) // a level of conversations: its turns, then the conversations
        count = QStringLiteral("turns %1, conversations %2")
                    .arg(count,
                        p.conversationsTotal > 0
                            ? QStringLiteral("%1/%2 done").arg(p.conversationsDone).arg(p.conversationsTotal)
                            : QStringLiteral("%1 done").arg(p.conversationsDone));
    const QString time = p.levelDurationS > 0 ? QStringLiteral(", %1 of %2 s")
                                                    .arg(std::min(p.levelElapsedS, p.levelDurationS), 0, 'f', 1)
                                                    .arg(p.levelDurationS)
                                              : QString();
    const QString line = QStringLiteral("%1: %2, %3 failed, %4 in flight%5%6")
                             .arg(label, count)
                             .arg(p.failed)
                             .arg(p.inFlight)
                             .arg(time, overallText(OverallProgress::of(p)));
    if (m_progressOnTty)
        printErr(QStringLiteral("\r\033[K") + line);
}

void CliRun::onRequestFinished(const RequestRecord &record)
{
    if (record.probe)
        printProbe(record);
}

void CliRun::reportRecordError(const QString &error)
{
    if (m_recordErrorShown)
        return; // once: a full disk would otherwise repeat it per request
    m_recordErrorShown = true;
    printErr(QStringLiteral("%1error: %2; the run goes on, and its end tries to write the whole file again\n")
                 .arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString(), error));
}

namespace {

// "43.3 ms", or "—" when nothing was measured (e.g. every response too short for TPOT): never 0.
QString medianOrDash(const Distribution &p, int decimals)
{
    return p.count > 0 ? QStringLiteral("%1 ms").arg(p.p50, 0, 'f', decimals) : QStringLiteral("—");
}

} // namespace

void CliRun::printProbe(const RequestRecord &record)
{
    const QString counted = !record.ok ? QStringLiteral("failed: %1").arg(record.errorMessage)
        : record.promptTokens < 0      ? QStringLiteral("no usage")
                                       : QStringLiteral("the server counted %1").arg(record.promptTokens);
    const QString aim
        = record.targetInputTokens > 0 ? QStringLiteral(" (aim %1)").arg(record.targetInputTokens) : QString();
    printErr(QStringLiteral("%1calibration probe %2: %3%4\n")
                 .arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString())
                 .arg(record.index + 1)
                 .arg(counted, aim));
}

void CliRun::onLevelFinished(const LevelSummary &s)
{
    const Outcome outcome = outcomeOf(s.completed, s.failed, false);
    const QString schedule = s.point.isOpenLoop() && !s.point.allAtOnce()
        ? QStringLiteral(", sent at %1 req/s, send lag p99 %2 ms")
              .arg(s.achievedRequestRate, 0, 'f', 2)
              .arg(s.sendLagMs.p99, 0, 'f', 2)
        : QString();
    const QString goodput
        = s.hasGoodput ? QStringLiteral(", goodput %1 req/s").arg(s.requestGoodput, 0, 'f', 2) : QString();
    printErr(QStringLiteral("%1%2%3: %4/%5 done, %6 failed, TTFT p50 %7, TPOT p50 %8, %9 tok/s%10\n")
                 .arg(m_progressOnTty ? QStringLiteral("\r\033[K") : QString(),
                     m_options.isAb() ? QString(armLetter(s.arm) + QStringLiteral(": ")) : QString(),
                     s.point.isOpenLoop() ? s.point.label() : QStringLiteral("concurrency %1").arg(s.concurrency))
                 .arg(s.completed + s.failed)
                 .arg(s.requests)
                 .arg(s.failed)
                 .arg(medianOrDash(s.ttftMs, 1), medianOrDash(s.tpotMs, 2))
                 .arg(s.outputThroughput, 0, 'f', 1)
                 .arg(schedule + goodput
                     + (outcome == Outcome::Completed
                             ? QString()
                             : QStringLiteral(" — ") + outcomeText(outcome, s.failed, s.requests))));
    printErr(QStringLiteral("  %1\n").arg(Stats::measurementText(s)));
    if (const QString stop = Stats::stopText(s); !stop.isEmpty())
        printErr(QStringLiteral("  %1\n").arg(stop));
    for (const QString &warning : { Stats::scheduleProblem(s), Stats::capWaitText(s), Stats::inputTokensText(s),
             Stats::offTargetProblem(s), Stats::shortOutputProblem(s), Stats::cacheText(s), serverLevelText(s) })
        if (!warning.isEmpty())
            printErr(QStringLiteral("  %1\n").arg(warning));
}

void CliRun::onRunFailed(const QString &message)
{
    printErr(QStringLiteral("error: %1\n").arg(message));
    for (const auto &recorder : m_recorders)
        if (!recorder->endError().isEmpty())
            printErr(QStringLiteral("error: %1\n").arg(recorder->endError()));
    keepWorstExitCode(ExitBadArguments); // repeatsFinished follows and ends the program
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
        printOut(Report::htmlReport(result).toUtf8() + '\n'); // a page ending in a line, like the others
        break;
    }
}

void CliRun::printAbResults(const RunResult &result)
{
    const QList<RunResult> arms = { result.armResult(0), result.armResult(1) };
    const Report::RunComparison comparison = Report::armComparison(result, armDirectories());
    switch (m_options.format) {
    case OutputFormat::Json: {
        QJsonObject both;
        for (int arm = 0; arm < arms.size(); ++arm)
            both.insert(armLetter(arm), Report::summaryJson(arms.at(arm)));
        printOut(QJsonDocument(both).toJson(QJsonDocument::Indented));
        printErr(Report::comparisonText(comparison)); // stdout keeps its {"A", "B"} shape
        break;
    }
    case OutputFormat::Csv:
        printOut(Report::resultsCsv(result)); // one table, the arm first on every row
        printErr(Report::comparisonText(comparison)); // stdout holds the CSV alone
        break;
    case OutputFormat::Html:
    case OutputFormat::Markdown: // the A/B report of both arms (docs/history-and-compare.md#the-ab-report)
        printResults(result);
        break;
    case OutputFormat::Table:
        for (int arm = 0; arm < arms.size(); ++arm) {
            printOut((arm > 0 ? QStringLiteral("\n") : QString()).toUtf8()
                + QStringLiteral("== %1: %2\n")
                      .arg(armLetter(arm), endpointText(arms.at(arm).config, result.arms))
                      .toUtf8());
            printResults(arms.at(arm));
        }
        printOut(QByteArrayLiteral("\n") + Report::comparisonText(comparison).toUtf8());
        break;
    }
}

QStringList CliRun::armDirectories() const
{
    if (m_options.outDir.isEmpty())
        return {};
    return { QDir::toNativeSeparators(QDir(m_options.outDir).filePath(armLetter(0))),
        QDir::toNativeSeparators(QDir(m_options.outDir).filePath(armLetter(1))) };
}

bool CliRun::writeAbComparison(const RunResult &result)
{
    if (m_options.outDir.isEmpty() || !result.isInterleaved())
        return true;
    QString error;
    if (Report::writeAbParentFiles(result, Report::armComparison(result, armDirectories()), m_options.outDir, &error)) {
        printErr(QStringLiteral("Wrote comparison.md, comparison.json (B against A), report.md and report.html "
                                "(both arms) to %1\n")
                     .arg(QDir::toNativeSeparators(m_options.outDir)));
        return true;
    }
    printErr(QStringLiteral("error: %1\n").arg(error));
    return false;
}

bool CliRun::reportRecorders(const RunResult &result)
{
    // The session has finished each recorder: requests.jsonl held every finished request, and the
    // summaries were written at the end.
    bool allWritten = true;
    for (const auto &each : m_recorders) {
        const Report::RunRecorder &recorder = *each;
        const QString error = recorder.endError();
        if (recorder.ended() && error.isEmpty()) {
            printErr(
                QStringLiteral("Wrote summary.json, requests.jsonl, %1results.csv, report.md and report.html to %2\n")
                    .arg(
                        result.config.serverMetricsUrl.isEmpty() ? QString() : QStringLiteral("server_metrics.jsonl, "),
                        recorder.directory()));
            continue;
        }
        allWritten = false;
        for (const QString &line : error.split(u'\n'))
            printErr(QStringLiteral("error: %1\n").arg(line));
        printErr(QStringLiteral("error: the run directory %1 is incomplete: each file named above keeps its previous "
                                "content (or is absent)\n")
                     .arg(QDir::toNativeSeparators(recorder.directory())));
    }
    return allWritten;
}

int CliRun::levelsExitCode(const RunResult &result) const
{
    int code = ExitOk;
    for (const LevelSummary &level : result.levels) {
        if (level.completed > 0)
            continue;
        printErr(QStringLiteral("error: no request succeeded at %1%2 (first error kinds: %3)\n")
                     .arg(level.point.isOpenLoop() ? level.point.label()
                                                   : QStringLiteral("concurrency %1").arg(level.concurrency))
                     .arg(m_options.isAb() ? QString(QStringLiteral(" on arm ") + armLetter(level.arm)) : QString())
                     .arg(QStringList(level.errorsByKind.keys()).join(QStringLiteral(", "))));
        code = ExitLevelFailed;
    }
    return code;
}

void CliRun::onRunFinished(const RunResult &result)
{
    if (m_progressOnTty)
        printErr(QStringLiteral("\r\033[K"));
    if (const QString cache = Stats::cacheWarning(result); !cache.isEmpty())
        printErr(QStringLiteral("warning: %1\n").arg(cache));
    if (const Reading::RunReading reading = Reading::readRun(result);
        !result.isInterleaved() && reading.verdict != Reading::Verdict::NotEnoughData && !reading.sentences.isEmpty())
        printErr(QStringLiteral("reading: %1\n").arg(reading.text()));
    if (const QString scrapes = scrapeCountText(result); !scrapes.isEmpty())
        printErr(QStringLiteral("%1%2\n").arg(
            result.serverScrapesOk() == 0 ? QStringLiteral("warning: ") : QString(), scrapes));
    if (result.isInterleaved())
        printAbResults(result);
    else if (m_options.repeats == 1) // a series prints one summary after its last repeat
        printResults(result);
    keepWorstExitCode(result.cancelled ? int(ExitInterrupted) : levelsExitCode(result));
    if (!reportRecorders(result))
        keepWorstExitCode(ExitWriteFailed);
    if (!writeAbComparison(result))
        keepWorstExitCode(ExitWriteFailed);
}

void CliRun::finish(int code)
{
    m_exitCode = code;
    m_interruptPoll.stop();
    QCoreApplication::exit(code);
}

} // namespace TokenScope::Cli
