// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runsession.h"

#include "engine/runcheck.h"
#include "engine/runcontroller.h"
#include "sim/simulatorserver.h"
#include "store/historyrecorder.h"
#include "store/historystore.h"

#include <QDir>
#include <QFileInfo>

namespace TokenScope {

RunSession::RunSession(QObject *parent)
    : RunEvents(parent)
    , m_controller(new RunController(this))
{
    // What only views need passes straight on; what is kept goes to the sinks first.
    connect(m_controller, &RunEvents::liveBatch, this, &RunEvents::liveBatch);
    connect(m_controller, &RunEvents::levelStarted, this, &RunEvents::levelStarted);
    connect(m_controller, &RunEvents::progress, this, &RunEvents::progress);
    connect(m_controller, &RunEvents::requestFinished, this, &RunSession::onRequestFinished);
    connect(m_controller, &RunEvents::levelFinished, this, &RunSession::onLevelFinished);
    connect(m_controller, &RunEvents::serverMetricsSampled, this, &RunSession::onServerMetricsSampled);
    connect(m_controller, &RunEvents::runFinished, this, &RunSession::onRunFinished);
    connect(m_controller, &RunEvents::runFailed, this, &RunSession::onRunFailed);
}

RunSession::~RunSession()
{
    // The controller cancels and joins its engine thread first; the simulator's streams end after.
    delete m_controller;
    m_controller = nullptr;
    if (m_simulator)
        m_simulator->stop();
}

QString RunSession::openHistory(const QString &path)
{
    auto store = std::make_unique<HistoryStore>();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QString error;
    if (!store->open(path, &error))
        return error;
    store->markInterruptedRuns(); // a run still "running" in the file was ended by a crash or kill
    delete m_recorder;
    m_history = std::move(store);
    m_recorder = new HistoryRecorder(m_history.get(), this);
    connect(m_recorder, &HistoryRecorder::runStored, this, &RunSession::historyChanged);
    m_storedRuns.clear();
    return {};
}

bool RunSession::start(const QList<RunConfig> &arms, QString *error, const QList<RunSink *> &sinks)
{
    return startRepeated(arms, 1, error, [sinks](int) { return sinks; });
}

bool RunSession::startRepeated(const QList<RunConfig> &arms, int repeats, QString *error, const RepeatSinks &sinks)
{
    if (isRunning()) {
        *error = tr("A run is already in progress.");
        return false;
    }
    *error = repeatProblem(arms, repeats);
    if (!error->isEmpty())
        return false;
    m_repeat = Repeat { arms, sinks, 0, repeats, false, -1, {} };
    return startNextRepeat(error);
}

QString RunSession::repeatProblem(const QList<RunConfig> &arms, int repeats)
{
    if (repeats < 1 || repeats > kMaxRepeats)
        return tr("A run is repeated 1 to %1 times, not %2.").arg(kMaxRepeats).arg(repeats);
    if (repeats == 1 || arms.isEmpty())
        return {};
    if (arms.size() > 1)
        return tr("An A/B run cannot be repeated: it already alternates both arms within each level; repeat one "
                  "arm at a time instead.");
    const LoadMode mode = arms.first().loadMode;
    if (mode == LoadMode::Sweep || mode == LoadMode::FindMaxRate)
        return tr("A sweep or a max-rate search cannot be repeated: each run would choose its own rates from what "
                  "it measured, so the repeats' levels would not match; list the rates instead.");
    return {};
}

bool RunSession::startNextRepeat(QString *error)
{
    ++m_repeat.index;
    Q_EMIT repeatStarted(m_repeat.index, m_repeat.count);
    const QList<RunSink *> sinks = m_repeat.sinks ? m_repeat.sinks(m_repeat.index) : QList<RunSink *> {};
    if (!beginRun(m_repeat.arms, error, sinks))
        return false;
    markRepeatInHistory();
    return true;
}

void RunSession::markRepeatInHistory()
{
    const qint64 id = currentHistoryId();
    if (m_repeat.count < 2 || id <= 0)
        return;
    if (m_repeat.index == 1)
        m_repeat.historyGroup = id;
    QString error;
    if (!m_history->setRepeat(id, m_repeat.historyGroup, m_repeat.index, m_repeat.count, &error))
        reportSinkFailure(m_sinks.indexOf(m_recorder), error);
}

void RunSession::continueRepeats(const std::optional<RunResult> &finished)
{
    if (finished)
        m_repeat.runs.append(*finished);
    const bool cut = !finished || finished->cancelled;
    if (cut || m_repeat.stopRequested || m_repeat.index >= m_repeat.count) {
        Q_EMIT repeatsFinished(m_repeat.runs, m_repeat.count, cut || m_repeat.index < m_repeat.count);
        return;
    }
    QString error;
    if (!startNextRepeat(&error)) {
        Q_EMIT runFailed(error);
        Q_EMIT repeatsFinished(m_repeat.runs, m_repeat.count, true);
    }
}

bool RunSession::beginRun(const QList<RunConfig> &arms, QString *error, const QList<RunSink *> &sinks)
{
    *error = RunCheck::runProblem(arms);
    if (!error->isEmpty())
        return false;
    const QDateTime startedAt = QDateTime::currentDateTime();
    // The caller's sinks must begin (a run directory another run holds is refused before anything
    // is sent); the history is kept when it can be, and the run goes on when it cannot.
    for (qsizetype i = 0; i < sinks.size(); ++i) {
        if (sinks.at(i)->begin(arms, startedAt, error))
            continue;
        for (qsizetype begun = 0; begun < i; ++begun) { // each sink that began ends, saying why
            QString ignored;
            (void)sinks.at(begun)->fail(*error, &ignored);
        }
        return false;
    }
    m_arms = arms;
    m_startedAt = startedAt;
    m_sinks = sinks;
    m_sinkFailed = QList<bool>(sinks.size(), false);
    if (m_recorder) {
        m_sinks.prepend(m_recorder);
        m_sinkFailed.prepend(false);
        QString historyError;
        if (!m_recorder->begin(arms, startedAt, &historyError))
            reportSinkFailure(0, historyError);
    }
    Q_EMIT runStarted(arms);
    if (arms.size() == 1)
        m_controller->start(arms.first());
    else
        m_controller->startInterleaved(arms);
    return true;
}

void RunSession::cancel()
{
    m_repeat.stopRequested = true;
    if (isRunning())
        m_controller->cancel();
}

bool RunSession::isRunning() const
{
    return m_controller && m_controller->isRunning();
}

qint64 RunSession::currentHistoryId() const
{
    return m_recorder ? m_recorder->currentRunId() : -1;
}

std::optional<RunResult> RunSession::storedRun(qint64 id, QString *error)
{
    if (!m_history) {
        *error = tr("Run history is off.");
        return std::nullopt;
    }
    if (!m_storedRuns.contains(id)) {
        const std::optional<RunResult> run = m_history->loadRun(id, error);
        if (!run)
            return std::nullopt;
        m_storedRuns.insert(id, *run);
    }
    return m_storedRuns.value(id);
}

bool RunSession::setSimulatorRunning(bool running, QString *error)
{
    if (!running) {
        if (m_simulator)
            m_simulator->stop();
        return true;
    }
    if (!m_simulator)
        m_simulator = std::make_unique<SimulatorServer>();
    if (m_simulator->isRunning())
        return true;
    // Starting it here only binds the socket: SimulatorServer serves on its own threads.
    SimConfig config = builtInSimulatorConfig();
    config.port = kSimulatorPort;
    if (m_simulator->start(config, error))
        return true;
    config.port = 0; // taken (another window, another program): any free port, and the window says so
    return m_simulator->start(config, error);
}

bool RunSession::simulatorOnItsOwnPort() const
{
    return m_simulator && m_simulator->isRunning() && m_simulator->port() == kSimulatorPort;
}

QString RunSession::simulatorEndpointLabel() const
{
    return TokenScope::simulatorEndpointLabel(builtInSimulatorConfig());
}

QUrl RunSession::simulatorBaseUrl() const
{
    return m_simulator && m_simulator->isRunning() ? m_simulator->baseUrl() : QUrl();
}

template <typename Write> void RunSession::record(Write write)
{
    for (qsizetype i = 0; i < m_sinks.size(); ++i) {
        QString error;
        if (!write(m_sinks.at(i), &error))
            reportSinkFailure(i, error);
    }
}

void RunSession::reportSinkFailure(qsizetype sinkIndex, const QString &message)
{
    if (m_sinkFailed.at(sinkIndex))
        return; // once per run: a full disk would otherwise repeat it per request
    m_sinkFailed[sinkIndex] = true;
    if (m_sinks.at(sinkIndex) == m_recorder)
        Q_EMIT historyWriteFailed(message);
    else
        Q_EMIT recordingFailed(message);
}

void RunSession::onRequestFinished(const RequestRecord &record)
{
    this->record([&record](RunSink *sink, QString *error) { return sink->recordRequest(record, error); });
    Q_EMIT requestFinished(record);
}

void RunSession::onLevelFinished(const LevelSummary &summary)
{
    record([&summary](RunSink *sink, QString *error) { return sink->recordLevel(summary, error); });
    Q_EMIT levelFinished(summary);
}

void RunSession::onServerMetricsSampled(const ServerMetricsSample &sample)
{
    record([&sample](RunSink *sink, QString *error) { return sink->recordServerSample(sample, error); });
    Q_EMIT serverMetricsSampled(sample);
}

void RunSession::onRunFinished(const RunResult &result)
{
    m_runs.append(result);
    const qint64 storedId = currentHistoryId();
    // Named after its arms before the final status is stored, so the history list shows the name.
    QString error;
    if (result.isInterleaved() && storedId > 0 && result.arms.size() == 2
        && !m_history->renameRun(storedId, tr("A/B: %1 vs %2 (#%3)").arg(result.arms.at(0).model, result.arms.at(1).model).arg(storedId), &error))
        reportSinkFailure(m_sinks.indexOf(m_recorder), error);
    endRun([&result](RunSink *sink, QString *why) { return sink->finish(result, why); });
    Q_EMIT runFinished(result);
    continueRepeats(result);
}

void RunSession::onRunFailed(const QString &message)
{
    endRun([&message](RunSink *sink, QString *why) { return sink->fail(message, why); });
    Q_EMIT runFailed(message);
    continueRepeats(std::nullopt);
}

template <typename End> void RunSession::endRun(End end)
{
    // The history reports what it could not store; the caller's sinks keep their end's outcome.
    for (qsizetype i = 0; i < m_sinks.size(); ++i) {
        QString error;
        if (!end(m_sinks.at(i), &error) && m_sinks.at(i) == m_recorder)
            reportSinkFailure(i, error);
    }
    m_sinks.clear();
    m_sinkFailed.clear();
}

} // namespace TokenScope
