// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostAddress>
#include <QMap>
#include <QString>
#include <QStringList>

namespace TokenScope {

/// Faults the simulator produces on demand (`--fault`, `--fault-every`; README.md#the-built-in-simulator).
enum class SimFault {
    None,
    Unauthorized, ///< 401 with an OpenAI-style JSON error body
    RateLimited, ///< 429 with Retry-After
    ServerError, ///< 500 with a JSON error body
    ResetMidStream, ///< sends some chunks, then aborts the TCP connection (RST)
    Stall, ///< sends some chunks, then goes silent with the connection open
    MalformedSse, ///< a `data:` line whose JSON is broken
    EmptyChoices, ///< every chunk has `choices: []` and no text
    Forbidden, ///< 403 with an OpenAI-style JSON error body
    BadGateway, ///< 502 with a plain-text (HTML) body, as a proxy in front of the server sends
    Unavailable, ///< 503 with an empty body
    NoDone, ///< the body ends cleanly after the last chunk but without `data: [DONE]`
    HugeLine, ///< after faultAfterChunks chunks, one `data:` line of 17 MiB (beyond the client's limit)
    NotStreaming, ///< answers one JSON body although the request asked for a stream (a server that ignores `stream`)
    Overloaded, ///< the API's "overloaded" answer: Anthropic 529 `overloaded_error`, OpenAI 503 `server_error`
    ErrorInStream, ///< after faultAfterChunks chunks, the API's error event inside the stream, then the body ends
};

/// "none", "401", "403", "429", "500", "502", "503", "reset", "stall", "malformed", "empty_choices",
/// "no_done", "huge_line", "not_streaming", "overloaded", "error_in_stream"
QString simFaultName(SimFault fault);
bool parseSimFault(const QString &name, SimFault *fault);
/// Every name parseSimFault() accepts, "none" first.
QStringList simFaultNames();

/// The simulator's timing model and behaviour. Plain value type.
struct SimConfig {
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 0; ///< 0 = any free port
    QStringList models {QStringLiteral("tokenscope-sim")}; ///< served by /v1/models; any model is accepted
    /// When set, requests without `Authorization: Bearer <apiKey>` get 401 (Anthropic requests may carry
    /// it as `x-api-key: <apiKey>` instead; their 401 is Anthropic's authentication_error).
    QString apiKey;

    double baseTtftMs = 40.0; ///< TTFT = base + prefill per uncached prompt token (+ queueing)
    /// Microseconds per prompt token not served from the prefix cache (the simulator's own count,
    /// docs/simulator.md#prompt-tokens).
    double prefillUsPerToken = 20.0;
    /// The toy prefix cache (docs/simulator.md#prefix-cache): a prompt's leading 16-token blocks
    /// seen in an earlier request are cached (reported in usage), and prefill skips them. Shared by
    /// every connection and worker thread; off by default so the timing stays as configured.
    bool prefixCache = false;
    /// The same cache serving only a conversation's later turns (docs/simulator.md#prefix-cache):
    /// every prompt is remembered, but only one that holds an earlier answer (an assistant
    /// message) is served from it. The built-in simulator's choice: a conversation's history hits
    /// as on a server with prefix caching, while runs of single prompts keep measuring prefill.
    bool conversationCache = false;
    double decodeIntervalMs = 10.0; ///< time per output token
    /// Models that decode at their own interval (ms per token) instead: one server offering a
    /// slower and a faster "model", for comparisons. Listed models are also served by /v1/models.
    QMap<QString, double> decodeIntervalMsByModel;
    double jitterMs = 0.0; ///< uniform +- jitter on each decode interval
    double slowdownPerStream = 0.0; ///< decode interval x (1 + this x (active streams - 1)): contention
    int maxBatch = 0; ///< requests prefilling/decoding at once; the rest queue FIFO (0 = unlimited)
    /// Models served as by an ideal server beside the contended one (docs/simulator.md#models): no
    /// batch limit and no slowdown, whatever maxBatch and slowdownPerStream say; nor do their streams
    /// count as active for the other models. Listed models must also be in `models` to be listed.
    QStringList uncontendedModels;
    /// The notional KV cache behind /metrics' cache usage (docs/simulator.md#metrics), in tokens: 16
    /// sequences of 4096. Changes no timing.
    int kvCacheTokens = 16 * 4096;
    /// Tokens per response (capped by max_tokens; finish "stop" when fewer); 0 = max_tokens. A
    /// request's min_tokens raises it, its ignore_eos makes it max_tokens.
    int outputTokens = 0;
    int tokensPerChunk = 1; ///< a chunk goes out when its last token is due
    bool mixedChunks = false; ///< chunk sizes cycle 1,3,2,4 tokens (TPOT must come from usage)
    /// The first output tokens are reasoning (counted in usage): chat's `reasoning_content`, an Anthropic
    /// thinking block, Responses' reasoning summary. Not on legacy completions.
    int reasoningTokens = 0;
    bool roleFirstChunk = true; ///< a role-only first chunk (`content: ""`), sent in the same write as the first token
    bool usageByDefault = false; ///< send usage even without stream_options.include_usage

    // Faults hit generation requests (/v1/chat/completions, /v1/completions, /v1/messages,
    // /v1/responses), numbered from 1 across the server. A request's `X-Sim-Fault: <name>` header
    // (parseSimFault names, "none" too) overrides this. Error answers take the shape of the
    // request's API (Anthropic's `{"type":"error",...}` on /v1/messages). reset: the connection is
    // aborted with RST when chunk faultAfterChunks + 1 would be due; stall: nothing more is sent,
    // the request stays in flight until the client closes; malformed: a `data:` line of broken JSON
    // goes out just before chunk faultAfterChunks + 1 and the stream then goes on normally;
    // empty_choices: every token-bearing event carries no text (chat: `choices: []`, then [DONE];
    // Anthropic and Responses: empty deltas, and usage says 0 output tokens); error_in_stream: the
    // API's error event instead of chunk faultAfterChunks + 1 (chat `data: {"error":...}`, Anthropic
    // `event: error` overloaded_error, Responses `response.failed`), a non-streaming request gets the
    // error as its answer (500, Anthropic 529) when the generation would end. no_done changes
    // nothing on Anthropic and Responses streams: they never send [DONE].
    SimFault fault = SimFault::None;
    int faultEvery = 1; ///< the fault hits request numbers n where n % faultEvery == 0 (1 = every one)
    int faultAfterChunks = 3; ///< for reset / stall / malformed: token-bearing chunks sent before the fault

    bool recordWire = false; ///< keep the wire log in memory (wireLog())
    QString wireLogPath; ///< also append it to this JSONL file
    int threads = 1; ///< worker threads serving connections
    quint32 seed = 1; ///< jitter's random seed: runs are reproducible

    // HTTPS: when both are set, every accepted connection is TLS (server side) with this PEM
    // certificate (chain: leaf first) and PEM private key (RSA or EC), and baseUrl() is https.
    QString tlsCertificatePath, tlsKeyPath;
};

/// The models of builtInSimulatorConfig() (docs/simulator.md#models).
inline constexpr char16_t kSimModel[] = u"tokenscope-sim";
inline constexpr char16_t kSimFastModel[] = u"tokenscope-sim-fast";
inline constexpr char16_t kSimIdealModel[] = u"tokenscope-sim-ideal";

/// The simulator of the window and of `tokenscope-cli demo`: a small server (batch limit 8, decode
/// 4 % slower per extra active stream, 200 µs prefill per prompt token) offering tokenscope-sim
/// (10 ms/token) and tokenscope-sim-fast (5 ms/token) on one batch, and tokenscope-sim-ideal
/// (10 ms/token) uncontended, so the first run shows latency growing with concurrency
/// (docs/simulator.md#models). SimConfig {} stays the ideal single-model server.
SimConfig builtInSimulatorConfig();

/// How a run names the window's built-in simulator instead of its URL (RunConfig::endpointLabel):
/// "built-in simulator (TTFT 40 ms + 200 µs/prompt token, 10 ms/token, slowdown 0.04/stream, batch 8;
/// tokenscope-sim-fast 5 ms/token; tokenscope-sim-ideal uncontended)".
/// The timing knobs, not the port, tell two simulators apart. Never translated: it is stored and compared.
QString simulatorEndpointLabel(const SimConfig &config);
/// `label` as a view shows it: a simulatorEndpointLabel() with its name ("built-in simulator") in
/// the current language and its timing as it is; any other label (a URL) unchanged.
QString shownEndpointLabel(const QString &label);

} // namespace TokenScope
