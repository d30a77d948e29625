// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A child process for historystore_test's kill test: it records a real run (engine against the
// in-process simulator) into the history file named on its command line, through HistoryRecorder,
// and prints "stored <n>" after each committed request, until the test SIGKILLs it. The run is
// far longer than the test waits, so the kill always lands mid-run.
#include "engine/runcontroller.h"
#include "sim/simulatorserver.h"
#include "store/historyrecorder.h"
#include "store/historystore.h"

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
    HistoryStore store;
    if (!store.open(QString::fromLocal8Bit(argv[1]), &error)) {
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

    RunController controller;
    HistoryRecorder recorder(&store);
    recorder.attach(&controller); // connected first: the record is committed before we print
    int stored = 0;
    QObject::connect(&controller, &RunController::requestFinished, &app, [&stored] {
        std::printf("stored %d\n", ++stored);
        std::fflush(stdout);
    });
    QObject::connect(&recorder, &HistoryRecorder::storeFailed, &app, [](const QString &message) {
        std::fprintf(stderr, "store failed: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    });
    QObject::connect(&controller, &RunController::runFinished, &app, [] { QCoreApplication::exit(3); });
    QObject::connect(&controller, &RunController::runFailed, &app, [](const QString &message) {
        std::fprintf(stderr, "run failed: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    });
    if (recorder.beginRun(config) < 0)
        return 1;
    controller.start(config);
    return app.exec();
}
