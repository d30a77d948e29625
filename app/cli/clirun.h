// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cli/clioptions.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QObject>
#include <QTimer>

namespace TokenScope {
class RunController;
}

namespace TokenScope::Cli {

/// Drives one run for the command line: progress on stderr, results on stdout, files in --out,
/// Ctrl-C cancels and still writes what was measured. Lives on the main thread.
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
    void onLevelFinished(const TokenScope::LevelSummary &summary);
    void onRunFinished(const TokenScope::RunResult &result);
    void onRunFailed(const QString &message);
    void checkInterrupt();
    void printResults(const RunResult &result);
    void finish(int code);

    RunOptions m_options;
    RunController *m_controller;
    QTimer m_interruptPoll;
    bool m_interrupted = false;
    bool m_progressOnTty;
    int m_exitCode = ExitOk;
};

/// Installs the SIGINT/SIGTERM handler that CliRun polls.
void installInterruptHandler();

} // namespace TokenScope::Cli
