// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A child process for historystore_test's kill test: it records a real run (engine against the
// in-process simulator) into the history file named on its command line, through the window's
// RunSession (which stores each request before it passes it on), and prints "stored <n>" after each committed request,
// until the test SIGKILLs it. The run is far longer than the test waits, so the kill always lands mid-run.
#include "session/runsession.h"
#include "sim/simulatorserver.h"

#include <QCoreApplication>
#include <cstdio>

using namespace TokenScope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s HISTORY_FILE\n", argv[0]);
        return 2;
    }
    SimConfig simConfig;
    simConfig.baseTtftMs = 5;
    simConfig.prefillUsPerToken = 0;
    simConfig.decodeIntervalMs = 2;
    SimulatorServer sim;
    QString error;
    if (!sim.start(simConfig, &error)) {
        std::fprintf(stderr, "simulator: %s\n", qPrintable(error));
        return 1;
    }
    RunSession session;
    error = session.openHistory(QString::fromLocal8Bit(argv[1]));
    if (!error.isEmpty()) {
        std::fprintf(stderr, "history: %s\n", qPrintable(error));
        return 1;
    }
    RunConfig config;
    config.baseUrl = sim.baseUrl().toString();
    config.prompt = QStringLiteral("Write until you are stopped.");
    config.concurrencyLevels = { 4 };
    config.requestsPerLevel = 1000000;
    config.maxTokens = 8;
    config.warmupRequests = 1;
    config.minTokensForTpot = 2;

    int stored = 0;
    QObject::connect(&session, &RunSession::requestFinished, &app, [&stored] {
        std::printf("stored %d\n", ++stored); // committed: the session stores before it passes on
        std::fflush(stdout);
    });
    QObject::connect(&session, &RunSession::historyWriteFailed, &app, [](const QString &message) {
        std::fprintf(stderr, "store failed: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    });
    QObject::connect(&session, &RunSession::runFinished, &app, [] { QCoreApplication::exit(3); });
    QObject::connect(&session, &RunSession::runFailed, &app, [](const QString &message) {
        std::fprintf(stderr, "run failed: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    });
    if (!session.start({ config }, &error)) {
        std::fprintf(stderr, "run refused: %s\n", qPrintable(error));
        return 1;
    }
    return app.exec();
}
