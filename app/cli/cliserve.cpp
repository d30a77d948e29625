// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliserve.h"

#include "cli/clioptions.h"
#include "sim/simulatorserver.h"

#include <QCoreApplication>
#include <QTimer>
#include <csignal>
#include <cstdio>

namespace TokenScope::Cli {

namespace {
volatile std::sig_atomic_t g_stop = 0;
extern "C" void onStopSignal(int)
{
    g_stop = 1;
}
} // namespace

int serveSimulator(const SimConfig &config)
{
    SimulatorServer server;
    QString error;
    if (!server.start(config, &error)) {
        std::fprintf(stderr, "error: cannot start the simulator: %s\n", qPrintable(error));
        return ExitFailure;
    }
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    std::printf("TokenScope simulator serving %s (model %s). Ctrl-C stops.\n", qPrintable(server.baseUrl().toString()),
                qPrintable(config.models.value(0)));
    std::printf("metrics: %s\n", qPrintable(server.metricsUrl().toString()));
    std::fflush(stdout);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &server, [&server] {
        if (g_stop) {
            server.stop();
            QCoreApplication::quit();
        }
    });
    poll.start(100);
    QCoreApplication::exec();
    std::printf("Served %lld requests.\n", static_cast<long long>(server.requestsServed()));
    return ExitOk;
}

} // namespace TokenScope::Cli
