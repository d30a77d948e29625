// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QtGlobal>

namespace TokenScope {

/// One streamed request as measured. All *Ns offsets are nanoseconds from tStartNs, the moment
/// the engine posted the request, on the one steady clock (CLOCK_MONOTONIC); -1 means "did not
/// happen" (e.g. connectNs on a reused connection). Plain value type.
struct RequestRecord
{
    static constexpr qint64 kNever = -1;
    /// Chunk times one request keeps: 512 KiB of them, an answer of 64Ki chunks (one token each at
    /// most servers), more than max_tokens of nearly any model allows.
    static constexpr int kMaxChunkTimes = 65536;
    /// How far usage may exceed max_tokens before the results say so (a stop token counted, a
    /// server that counts a few tokens it did not send). Such usage is still used: some servers count
    /// reasoning outside max_tokens (docs/metrics.md#4-output_tokens-from-usage-else-from-chunks).
    static constexpr int kUsageSlackTokens = 16;
    /// Output tokens no answer reaches (16 Mi, past every model's context): usage above it is not believed.
    static constexpr int kMaxPlausibleTokens = 1 << 24;

    /// Its level's position in the run's load points (RunConfig::loadPoints()): what identifies the
    /// level, since a concurrency may repeat. -1 for a warm-up, which belongs to no level.
    int levelIndex = 0;
    int level = 0; ///< concurrency of its level (the `level` of requests.jsonl)
    int index = 0; ///< 0-based within its level (warm-ups count separately)
    bool warmup = false;
    /// A calibration probe for prompts of N tokens (levelIndex -2, warmup set too): it asked for
    /// one token to learn how the server counts the prompt, and belongs to no statistic.
    bool probe = false;
    int arm = 0; ///< which endpoint of an A/B interleaved run sent it (RunResult::arms); 0 otherwise
    /// A conversation's turn (docs/methodology.md#conversations): which conversation of its level
    /// (0-based, in the order they began; -1 outside a conversation) and its turn (1-based; 0 outside).
    int session = -1;
    int turn = 0;
    QString responseId; ///< the stream's chunk `id`
    QString promptId; ///< which prompt it sent (PromptSource; `prompt_id`)
    bool ok = false;
    int httpStatus = 0;
    /// Over which HTTP version the response came: 0 = no response headers, 1 = HTTP/1.x, 2 = HTTP/2.
    /// A run that asked for HTTP/2 and got 1 fell back (ALPN, or a server without h2).
    int httpVersion = 0;
    QString errorKind; ///< empty when ok; http_401, timeout, reset, ...
    QString errorMessage;

    qint64 tStartNs = 0; ///< absolute steady-clock time of the post
    qint64 startNs = 0; ///< tStartNs minus the run's start
    /// Open loop (docs/metrics.md#latency-from-the-schedule): when the level's schedule said to send
    /// it, from the run's start like startNs; kNever under closed loop. startNs - scheduledNs is
    /// its send lag, capWaitNs of it spent waiting for a free place under the concurrency cap.
    qint64 scheduledNs = kNever;
    qint64 capWaitNs = 0;
    /// Sent while its level's rate was still ramping up: left out of every statistic, like a warm-up.
    bool rampUp = false;

    /// First socketStartedConnecting seen by this reply. Qt 6.4 reports every new connection of a
    /// manager to the first reply still waiting, so per-request attribution is approximate; the
    /// sum of connectionsOpened over a level is exact.
    qint64 connectNs = kNever;
    qint64 tlsNs = kNever;
    qint64 requestSentNs = kNever;
    qint64 headersNs = kNever;
    qint64 firstByteNs = kNever;
    /// First data event with a non-empty `choices` (any data event of an API without `choices`),
    /// text or not: where vLLM stops its TTFT (docs/metrics.md#8-the-same-names-in-other-tools).
    qint64 firstEventNs = kNever;
    qint64 ttftNs = kNever; ///< first event carrying text (content or reasoning)
    qint64 ttfcNs = kNever; ///< first event carrying `content`
    qint64 lastTokenNs = kNever;
    qint64 doneNs = kNever; ///< [DONE] (Anthropic message_stop, Responses response.completed) or end of body
    qint64 endNs = kNever; ///< the reply finished, successfully or not

    int outputTokens = 0;
    bool outputTokensFromUsage = false; ///< false: counted from text-bearing chunks
    int promptTokens = -1; ///< the server's count (usage); -1 when the server sent no usage
    /// What the prompt source aimed for in the server's count (a synthetic prompt); -1 for none.
    int targetInputTokens = -1;
    int maxTokens = 0; ///< the max_tokens the request asked for (the run's, or its own)
    int cachedTokens = -1; ///< prompt tokens the provider served from its cache; -1 when not reported
    /// `data: [DONE]` arrived. A stream that ends after its finish signal without it is still
    /// complete (Anthropic and Responses never send one; some OpenAI-compatible servers omit it).
    bool doneMarker = false;
    /// Arrival of the text-bearing chunks, from tStartNs: the first kMaxChunkTimes of them
    /// (docs/metrics.md#long-streams-the-chunk-time-cap). ITL covers these; lastTokenNs and a
    /// chunk-counted outputTokens cover every chunk.
    QList<qint64> chunkTimesNs;
    /// Text-bearing chunks past kMaxChunkTimes, counted without their times.
    int chunkTimesDropped = 0;
    /// Output tokens in each timed text-bearing chunk (parallel to chunkTimesNs): the rise of the
    /// running usage.completion_tokens the server put on that chunk (vLLM/SGLang continuous usage).
    /// Empty unless every text chunk carried a believable running count that never went backwards
    /// (docs/metrics.md#per-token-itl-from-per-chunk-usage).
    QList<int> chunkTokens;
    /// Events after the stream's end (`data: [DONE]`, Anthropic message_stop, Responses
    /// response.completed): counted here and otherwise ignored, no text, usage or times from them.
    int eventsAfterDone = 0;
    /// usage's output count when it was not believed (above kMaxPlausibleTokens):
    /// outputTokens then counts text chunks instead; -1 when usage was believed or absent.
    int usageTokensRejected = -1;
    int connectionsOpened = 0; ///< socketStartedConnecting signals this reply received
    int reads = 0; ///< readyRead calls that delivered bytes
    int events = 0; ///< SSE events parsed

    bool hasTtft() const { return ttftNs >= 0; }
    /// Every text-bearing chunk, timed or not.
    int textChunks() const { return int(chunkTimesNs.size()) + chunkTimesDropped; }
    /// Every timed text chunk has its token count (chunkTokens).
    bool hasChunkTokens() const { return !chunkTokens.isEmpty() && chunkTokens.size() == chunkTimesNs.size(); }
    bool isScheduled() const { return scheduledNs != kNever; }
    /// Actual send minus scheduled send (ns), cap wait included; 0 under closed loop.
    qint64 sendLagNs() const { return isScheduled() ? startNs - scheduledNs : 0; }
    double e2eMs() const { return lastTokenNs >= 0 ? lastTokenNs / 1e6 : -1.0; }
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RequestRecord)
