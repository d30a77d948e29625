// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cli/clioptions.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QObject>
#include <QTimer>
#include <memory>

namespace TokenScope {
class RunController;
}
namespace TokenScope::Report {
class RunRecorder;
}

namespace TokenScope::Cli {

/// Drives one run for the command line: progress on stderr, results on stdout, files in --out
/// written as the run goes (RunRecorder), Ctrl-C cancels and still writes what was measured.
/// Lives on the main thread.
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
    void onLevelFinished(const TokenScope::LevelSummary &summary);
    void onRunFinished(const TokenScope::RunResult &result);
    void onRunFailed(const QString &message);
    void checkInterrupt();
    void printResults(const RunResult &result);
    void finish(int code);

    RunOptions m_options;
    RunController *m_controller;
    std::unique_ptr<Report::RunRecorder> m_recorder; ///< only with --out
    bool m_recordErrorShown = false;
    QTimer m_interruptPoll;
    bool m_interrupted = false;
    bool m_progressOnTty;
    int m_exitCode = ExitOk;
};

/// Installs the SIGINT/SIGTERM handler that CliRun polls.
void installInterruptHandler();

} // namespace TokenScope::Cli
