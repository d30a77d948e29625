// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Many streams at once, from raw loopback clients.
#include "simtesthelpers.h"

#include <iostream>
#include <memory>
#include <vector>

using namespace TokenScope;
using namespace TokenScope::SimTest;

TEST(SimLoad, TwoHundredFiftySixConcurrentStreamsAreAllInFlightAtOnce)
{
    constexpr int Streams = 256;
    constexpr int Tokens = 100;
    SimConfig config;
    config.baseTtftMs = 40;
    config.decodeIntervalMs = 20; // 2 s per stream: plenty of overlap even if connecting is slow
    config.threads = 2;
    config.recordWire = true;
    StartedSim sim(config);

    const qint64 startNs = nowNs();
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < Streams; ++i) {
        clients.push_back(std::make_unique<RawClient>(sim.port()));
        clients.back()->post("/v1/chat/completions", chatBody(Tokens));
    }
    const bool allDone = waitUntil(
        [&clients] {
            return std::all_of(clients.begin(), clients.end(),
                               [](const auto &c) { return c->completedCount() == 1 || c->disconnected(); });
        },
        20000);
    const double elapsedS = (nowNs() - startNs) / 1e9;
    ASSERT_TRUE(allDone);

    int complete = 0;
    for (const auto &client : clients) {
        const StreamSummary s = summarize(client->last());
        complete += (s.textChunks == Tokens && s.doneLast
                     && s.usage.value(QLatin1String("completion_tokens")).toInt() == Tokens)
            ? 1
            : 0;
    }
    std::cout << "[ figures  ] " << Streams << " streams x " << Tokens << " tokens at 20 ms: done in " << elapsedS
              << " s (one stream alone: 2.02 s), maxInFlight " << sim.server.maxInFlight() << "\n";
    EXPECT_EQ(complete, Streams);
    EXPECT_EQ(sim.server.maxInFlight(), Streams);
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
    EXPECT_EQ(sim.server.requestsServed(), Streams);
}
