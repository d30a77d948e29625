// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QVarLengthArray>
#include <utility>

namespace TokenScope {

/// The bytes of one write to a client, and what each SSE event in them carried, for the wire log.
struct SimWrite {
    QByteArray bytes;
    QVarLengthArray<std::pair<int, bool>, 8> events; ///< (tokens, carries text) per SSE event in bytes

    void addEvent(int tokens = 0, bool text = false) { events.append({tokens, text}); }
};

/// What a framer knows of a response from its start.
struct StreamStart {
    QByteArray id; ///< the response's id (chatcmpl-…, msg_…, resp_…)
    QString model;
    qint64 createdSecs = 0;
    int promptTokens = 1;
    int cachedTokens = 0; ///< of promptTokens, served from the prefix cache
    int maxTokens = 256;
    bool maxTokensGiven = false; ///< the request named its limit
    bool roleChunk = true; ///< chat: a role-only first chunk
    /// Chat and completions: the running usage on every chunk, as vLLM sends it when the request
    /// asks include_usage and continuous_usage_stats.
    bool continuousUsage = false;
};

/// How a response ends: its token counts and which parts of the ending the faults leave out.
struct StreamEnd {
    int promptTokens = 1;
    int cachedTokens = 0; ///< of promptTokens, served from the prefix cache
    int reasoningTokens = 0; ///< part of outputTokens
    int outputTokens = 1;
    bool truncated = false; ///< stopped at the request's limit (length, max_tokens, incomplete)
    bool includeUsage = false; ///< chat and completions: the usage chunk
    bool textless = false; ///< the empty_choices fault: no event carried text
    bool endMarker = true; ///< chat and completions: `data: [DONE]` (no_done leaves it out)
};

/// Renders one API's events. The timing model (HttpConnection) decides when each token-bearing
/// event is due and which fault applies; a framer only turns that into that API's bytes: each SSE
/// event as its own HTTP/1.1 chunk, appended to a SimWrite with its wire-log entry. A framer keeps
/// the state of the response it frames (open content blocks, sequence numbers), so the calls of one
/// response come in order: begin(), appendOpening() with the first token-bearing event, then
/// appendText()/appendTextless() per chunk, then appendClosing() (or appendError()).
/// Not thread-safe; one per connection and API.
class StreamFramer
{
public:
    enum class TextKind { Content, Reasoning };

    virtual ~StreamFramer() = default;

    virtual void begin(const StreamStart &start) = 0;
    /// The events that go out in the same write as the first token-bearing one (chat's role chunk,
    /// Anthropic's message_start, Responses' response.created), so they never move the measured TTFT.
    virtual void appendOpening(SimWrite &out) = 0;
    /// One event carrying output tokens [firstToken, firstToken + tokenCount) (ChunkComposer::tokenText).
    virtual void appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount) = 0;
    /// In place of a token-bearing event, one that carries no text (the empty_choices fault).
    virtual void appendTextless(SimWrite &out, TextKind kind) = 0;
    /// An event whose data line is broken JSON (the malformed fault).
    virtual void appendMalformed(SimWrite &out) = 0;
    /// The API's error event inside a stream (the error_in_stream fault); the body ends after it.
    virtual void appendError(SimWrite &out) = 0;
    /// Finish, usage and end events (without the zero-length chunk that ends the body).
    virtual void appendClosing(SimWrite &out, const StreamEnd &end) = 0;
    /// The whole JSON answer to a non-streaming request.
    virtual QByteArray completeBody(const StreamEnd &end) const = 0;
};

/// Pieces every framer shares.
namespace SimSse {

QByteArray jsonString(const QString &text); ///< a JSON string literal, quotes included
/// The text of output tokens [firstToken, firstToken + tokenCount), JSON-safe as it is.
QByteArray tokensText(int firstToken, int tokenCount);
/// One HTTP/1.1 chunk carrying an SSE event: `event: <name>` (when name is not empty), `data: <data>`.
void appendEvent(QByteArray &out, QByteArrayView name, const QByteArray &data);
void appendLastChunk(QByteArray &out); ///< the zero-length chunk that ends the body

} // namespace SimSse

} // namespace TokenScope
