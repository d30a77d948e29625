// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "sim/simconfig.h"
#include "sim/simulatorserver.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <functional>

namespace TokenScope::Testing {

/// The transport the tests that talk to a server run under: "curl" when the environment sets
/// TOKENSCOPE_TEST_TRANSPORT=curl, else "qnam". ctest runs those tests once under each
/// (tests/CMakeLists.txt, the "curl." tests).
QString transportUnderTest();
/// `config` sent through transportUnderTest(), unless it names a transport other than the default.
RunConfig underTestTransport(RunConfig config);
/// tokenscope-cli's options for transportUnderTest(): none for qnam, `--transport curl` for curl.
QStringList transportArgs();

/// A run config aimed at `baseUrl` with test-friendly defaults: one level, no warm-up, short prompt.
RunConfig quickConfig(const QString &baseUrl, int concurrency, int requests, int maxTokens);

/// A simulator config with a fast, deterministic timing model and the wire log on.
SimConfig quickSim();

/// The built-in simulator started in-process for one test (the test fails if it cannot start).
struct StartedSim {
    SimulatorServer server;
    explicit StartedSim(const SimConfig &config);
    QString url() const { return server.baseUrl().toString(); }
};

/// This process's environment with OPENAI_API_KEY (tokenscope-cli's default key variable) = `key`.
QProcessEnvironment environmentWithApiKey(const QString &key);

/// The run's records without its warm-ups.
QList<RequestRecord> measured(const RunResult &run);

/// Measured records that completed.
int countOk(const RunResult &run);

/// Runs `config` on a real RunController (engine thread) and waits for runFinished.
/// `onProgress` may cancel the run. Fails the current test on timeout or runFailed.
RunResult runAndWait(const RunConfig &config, int timeoutMs = 60000,
                     const std::function<bool(int finishedRequests)> &cancelWhen = {});

/// The same for an A/B interleaved run over `arms`.
/// Runs `config` expecting it to fail before measuring; returns runFailed's message (empty, with a
/// test failure, when the run finished instead).
QString runFailureOf(const RunConfig &config, int timeoutMs = 60000);

RunResult runInterleavedAndWait(const QList<RunConfig> &arms, int timeoutMs = 60000);

} // namespace TokenScope::Testing
