// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginerun.h"

#include "engine/runcontroller.h"

#include <QTest>
#include <gtest/gtest.h>

namespace TokenScope::Testing {

QString transportUnderTest()
{
    return qEnvironmentVariable("TOKENSCOPE_TEST_TRANSPORT") == u"curl" ? QStringLiteral("curl")
                                                                        : QStringLiteral("qnam");
}

RunConfig underTestTransport(RunConfig config)
{
    if (config.transport == u"qnam") // a test that names another transport keeps it
        config.transport = transportUnderTest();
    return config;
}

QStringList transportArgs()
{
    if (transportUnderTest() == u"qnam")
        return {};
    return { QStringLiteral("--transport"), transportUnderTest() };
}

RunConfig quickConfig(const QString &baseUrl, int concurrency, int requests, int maxTokens)
{
    RunConfig config;
    config.transport = transportUnderTest();
    config.baseUrl = baseUrl;
    config.model = QStringLiteral("tokenscope-sim");
    config.prompt = QStringLiteral("Say something long about caches.");
    config.concurrencyLevels = {concurrency};
    config.requestsPerLevel = requests;
    config.maxTokens = maxTokens;
    config.warmupRequests = 0;
    config.minTokensForTpot = 2;
    config.timeoutMs = 20000;
    return config;
}

QProcessEnvironment environmentWithApiKey(const QString &key)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENAI_API_KEY"), key);
    return env;
}

SimConfig quickSim()
{
    SimConfig sim;
    sim.baseTtftMs = 20;
    sim.prefillUsPerToken = 0;
    sim.decodeIntervalMs = 5;
    sim.recordWire = true;
    return sim;
}

StartedSim::StartedSim(const SimConfig &config)
{
    QString error;
    EXPECT_TRUE(server.start(config, &error)) << error.toStdString();
}

QList<RequestRecord> measured(const RunResult &run)
{
    QList<RequestRecord> out;
    for (const RequestRecord &r : run.records)
        if (!r.warmup)
            out.append(r);
    return out;
}

int countOk(const RunResult &run)
{
    int ok = 0;
    for (const RequestRecord &r : measured(run))
        ok += r.ok ? 1 : 0;
    return ok;
}

namespace {

RunResult startAndWait(const std::function<void(RunController &)> &start, int timeoutMs,
                       const std::function<bool(int)> &cancelWhen)
{
    RunController controller;
    RunResult result;
    bool finished = false;
    int finishedRequests = 0;
    QObject::connect(&controller, &RunController::runFinished, &controller, [&](const RunResult &r) {
        result = r;
        finished = true;
    });
    QObject::connect(&controller, &RunController::runFailed, &controller, [&](const QString &message) {
        ADD_FAILURE() << "run failed: " << message.toStdString();
        finished = true;
    });
    QObject::connect(&controller, &RunController::requestFinished, &controller, [&](const RequestRecord &) {
        ++finishedRequests;
        if (cancelWhen && cancelWhen(finishedRequests))
            controller.cancel();
    });
    start(controller);
    (void)QTest::qWaitFor([&finished] { return finished; }, timeoutMs);
    EXPECT_TRUE(finished) << "run did not finish within " << timeoutMs << " ms";
    return result;
}

} // namespace

RunResult runAndWait(const RunConfig &config, int timeoutMs, const std::function<bool(int)> &cancelWhen)
{
    return startAndWait([&config](RunController &c) { c.start(underTestTransport(config)); }, timeoutMs, cancelWhen);
}

QString runFailureOf(const RunConfig &config, int timeoutMs)
{
    RunController controller;
    QString message;
    bool ended = false;
    QObject::connect(&controller, &RunController::runFinished, &controller, [&](const RunResult &) {
        ADD_FAILURE() << "the run finished; it was expected to fail";
        ended = true;
    });
    QObject::connect(&controller, &RunController::runFailed, &controller, [&](const QString &m) {
        message = m;
        ended = true;
    });
    controller.start(underTestTransport(config));
    (void)QTest::qWaitFor([&ended] { return ended; }, timeoutMs);
    EXPECT_TRUE(ended) << "run did not end within " << timeoutMs << " ms";
    return message;
}

RunResult runInterleavedAndWait(const QList<RunConfig> &arms, int timeoutMs)
{
    QList<RunConfig> sent;
    for (const RunConfig &arm : arms)
        sent.append(underTestTransport(arm));
    return startAndWait([&sent](RunController &c) { c.startInterleaved(sent); }, timeoutMs, {});
}

} // namespace TokenScope::Testing
