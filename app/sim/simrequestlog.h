// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simrequest.h"

#include <QString>

namespace TokenScope {

/// What one generation request asked of the simulator and what it decided
/// (SimulatorServer::requestLog(), kept when SimConfig::recordWire is on): for end-to-end tests
/// of a client's workload. One entry per request whose body was accepted, so not for requests
/// refused before (401, a missing anthropic-version, a fault answered at once, a 400).
struct SimRequestLog {
    qint64 arrivalNs = 0; ///< its last byte read (steady clock), as in requestArrivalsNs()
    quint16 clientPort = 0; ///< the client's end of the connection: requests on one connection share it
    QString responseId; ///< the id its answer carries (a chunk's `id`): what matches it to a client's record
    SimApi api = SimApi::Chat;
    QString model; ///< as the client sent it
    /// What the model reads: every message's text joined with "\n" (an Anthropic system prompt
    /// or Responses instructions first), or the completions prompt.
    QString promptText;
    int messages = 0; ///< messages the rule counted (system / instructions included)
    int maxTokens = 256; ///< the request's limit (256 when it named none)
    bool maxTokensGiven = false;
    bool ignoreEos = false;
    int minTokens = 0;
    bool stream = false;
    int promptTokens = 1; ///< the simulator's count (docs/simulator.md#prompt-tokens)
    int cachedTokens = 0; ///< of those, served from the prefix cache
    int outputTokens = 1; ///< the answer's length it decided (reasoning included)
    /// base TTFT + prefill x (promptTokens - cachedTokens): when the first token is due after
    /// admission, before any queueing behind maxBatch.
    qint64 modelTtftNs = 0;
};

} // namespace TokenScope
