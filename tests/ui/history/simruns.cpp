// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simruns.h"

#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <gtest/gtest.h>

namespace TokenScope::Testing {

namespace {

RunConfig modelConfig(const SimulatorServer &sim, const QString &model, int maxTokens)
{
    RunConfig config = quickConfig(sim.baseUrl().toString(), 1, 0, maxTokens);
    config.model = model;
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerLevel = 0;
    config.requestsPerConcurrency = 4;
    return config;
}

ModelRuns measure()
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    simConfig.decodeIntervalMsByModel = { { QStringLiteral("sim-slow"), 12.0 }, { QStringLiteral("sim-fast"), 3.0 } };
    SimulatorServer sim;
    QString error;
    EXPECT_TRUE(sim.start(simConfig, &error)) << error.toStdString();
    ModelRuns runs;
    runs.slow = runAndWait(modelConfig(sim, QStringLiteral("sim-slow"), 24));
    runs.fast = runAndWait(modelConfig(sim, QStringLiteral("sim-fast"), 24));
    runs.fastLonger = runAndWait(modelConfig(sim, QStringLiteral("sim-fast"), 32));
    return runs;
}

} // namespace

const ModelRuns &modelRuns()
{
    static const ModelRuns runs = measure();
    return runs;
}

} // namespace TokenScope::Testing
