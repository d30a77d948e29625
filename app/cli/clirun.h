// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cli/clioptions.h"
#include "core/runprogress.h"
#include "core/runresult.h"
#include "core/runsink.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <vector>

namespace TokenScope {
class RunSession;
}
namespace TokenScope::Report {
class RunRecorder;
}

namespace TokenScope::Cli {

/// One run for the command line, on the RunSession the window uses too: this class only prints
/// (progress on stderr, results on stdout) and chooses the exit code. Files in --out are written
/// as the run goes by the session's sinks (RunRecorder); Ctrl-C cancels and still writes what was
/// measured. An A/B run (RunOptions::armB) prints each arm, then arm B's verdicts against arm A,
/// and records each arm as an ordinary run directory, --out/A and --out/B, with comparison.md and
/// comparison.json beside them. With --repeat K the session runs it K times, each repeat in
/// --out/repeat-N, and this class prints and writes the repeat summary after the last
/// (docs/metrics.md#repeats). Lives on the main thread.
class CliRun : public QObject
{
    Q_OBJECT
public:
    explicit CliRun(const RunOptions &options, QObject *parent = nullptr);
    ~CliRun() override;

    /// Starts the run; the application quits with the exit code when it ends.
    void start();
    int exitCode() const { return m_exitCode; }

private:
    void onProgress(const TokenScope::RunProgress &progress);
    void onRequestFinished(const TokenScope::RequestRecord &record);
    void reportRecordError(const QString &error);
    void onLevelFinished(const TokenScope::LevelSummary &summary);
    void printProbe(const TokenScope::RequestRecord &record);
    /// A dataset run: reads the file, says what it found, and refuses a malformed one.
    bool checkDataset(const TokenScope::RunConfig &config);
    bool checkTrace(const TokenScope::RunConfig &config);
    void onRunFinished(const TokenScope::RunResult &result);
    void onRunFailed(const QString &message);
    void onRepeatStarted(int index, int count);
    /// After the last run: a series of more than one prints and writes its repeat summary.
    void onRepeatsFinished(const QList<TokenScope::RunResult> &runs, int count, bool stopped);
    /// The repeat's sinks: its recorders, in --out (one repeat) or --out/repeat-N.
    QList<RunSink *> sinksOfRepeat(int index);
    /// Keeps the worse of the exit code so far and `code` (a lost file worst, then an interruption).
    void keepWorstExitCode(int code);
    void checkInterrupt();
    void printResults(const RunResult &result);
    void printAbResults(const RunResult &result);
    /// One recorder per arm in `dir` when --out is set (none without); the session begins them.
    void makeRecorders(const QString &dir);
    /// False when a file of a run directory could not be written (each named on stderr).
    bool reportRecorders(const RunResult &result);
    /// An A/B run with --out: comparison.md and comparison.json (arm B against arm A) beside A/
    /// and B/; false (the error on stderr) when one could not be written.
    bool writeAbComparison(const RunResult &result);
    /// --out DIR/A and DIR/B, where an A/B run's arms are written; empty without --out.
    QStringList armDirectories() const;
    /// Exit code for a finished, not cancelled run: 3 if a level of any arm had no success.
    int levelsExitCode(const RunResult &result) const;
    void finish(int code);

    RunOptions m_options;
    RunSession *m_session;
    /// Only with --out: one per arm, indexed by RequestRecord::arm.
    std::vector<std::unique_ptr<Report::RunRecorder>> m_recorders;
    bool m_recordErrorShown = false;
    QTimer m_interruptPoll;
    bool m_interrupted = false;
    bool m_progressOnTty;
    int m_exitCode = ExitOk;
    int m_worstRunCode = ExitOk; ///< over the repeats that ended so far
};

/// Installs the SIGINT/SIGTERM handler that CliRun polls.
void installInterruptHandler();

} // namespace TokenScope::Cli
