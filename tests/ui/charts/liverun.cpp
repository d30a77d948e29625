// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "liverun.h"

#include "engine/runcontroller.h"
#include "sim/simulatorserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QPixmap>
#include <QTest>
#include <QWidget>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace TokenScope::Testing {

LiveRun recordLiveInterleavedRun(const QList<SimConfig> &sims, const RunConfig &config, int timeoutMs)
{
    LiveRun run;
    std::vector<std::unique_ptr<SimulatorServer>> servers;
    QList<RunConfig> arms;
    for (const SimConfig &sim : sims) {
        servers.push_back(std::make_unique<SimulatorServer>());
        QString error;
        if (!servers.back()->start(sim, &error)) {
            ADD_FAILURE() << "simulator did not start: " << error.toStdString();
            return run;
        }
        RunConfig arm = config;
        arm.baseUrl = servers.back()->baseUrl().toString();
        arms.append(arm);
    }

    RunController controller;
    bool finished = false;
    QObject::connect(&controller, &RunController::liveBatch, &controller,
        [&run](const LiveBatch &batch) { run.batches.append(batch); });
    QObject::connect(&controller, &RunController::requestFinished, &controller,
        [&run](const RequestRecord &record) { run.finished.append(record); });
    QObject::connect(&controller, &RunController::runFinished, &controller, [&](const RunResult &result) {
        run.result = result;
        finished = true;
    });
    QObject::connect(&controller, &RunController::runFailed, &controller, [&](const QString &message) {
        ADD_FAILURE() << "run failed: " << message.toStdString();
        finished = true;
    });
    if (arms.size() == 1)
        controller.start(arms.first());
    else
        controller.startInterleaved(arms);
    (void)QTest::qWaitFor([&finished] { return finished; }, timeoutMs);
    EXPECT_TRUE(finished) << "run did not finish within " << timeoutMs << " ms";
    return run;
}

LiveRun recordLiveRun(const SimConfig &sim, RunConfig config, int timeoutMs)
{
    return recordLiveInterleavedRun({ sim }, config, timeoutMs);
}

SimConfig fastSim()
{
    SimConfig sim;
    sim.baseTtftMs = 20;
    sim.prefillUsPerToken = 0;
    sim.decodeIntervalMs = 5;
    sim.jitterMs = 1.5;
    return sim;
}

bool saveShotIfAsked(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOKENSCOPE_UI_SHOTS");
    if (dir.isEmpty())
        return true;
    QDir().mkpath(dir);
    QCoreApplication::processEvents(); // pending layout requests, as the event loop would before painting
    return widget->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

} // namespace TokenScope::Testing
