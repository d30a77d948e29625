// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "anthropicframer.h"

#include "sim/simrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace TokenScope {

namespace {

QString stopReason(const StreamEnd &end)
{
    return end.truncated ? QStringLiteral("max_tokens") : QStringLiteral("end_turn");
}

} // namespace

void AnthropicFramer::begin(const StreamStart &start)
{
    m_id = start.id;
    m_model = start.model;
    m_modelJson = SimSse::jsonString(start.model);
    m_promptTokens = start.promptTokens;
    m_cachedTokens = start.cachedTokens;
    m_blockIndex = -1;
    m_blockOpen = false;
}

QByteArray AnthropicFramer::usage(int outputTokens) const
{
    // Anthropic's input_tokens leaves out what was read from the cache: the two add up to the prompt.
    return R"({"input_tokens":)" + QByteArray::number(m_promptTokens - m_cachedTokens)
        + R"(,"cache_creation_input_tokens":0,"cache_read_input_tokens":)" + QByteArray::number(m_cachedTokens)
        + R"(,"output_tokens":)" + QByteArray::number(outputTokens) + '}';
}

QByteArray AnthropicFramer::signature() const
{
    // Opaque to clients; the real one is a base64 blob that verifies the thinking text.
    return QByteArray("tokenscope-sim:" + m_id).toBase64();
}

void AnthropicFramer::appendOpening(SimWrite &out)
{
    // output_tokens 1 in message_start, as the real API reports it before any delta.
    SimSse::appendEvent(out.bytes, "message_start",
                        R"({"type":"message_start","message":{"id":")" + m_id
                            + R"(","type":"message","role":"assistant","model":)" + m_modelJson
                            + R"(,"content":[],"stop_reason":null,"stop_sequence":null,"usage":)" + usage(1) + "}}");
    out.addEvent();
}

void AnthropicFramer::openBlock(SimWrite &out, TextKind kind)
{
    if (m_blockOpen && m_blockKind == kind)
        return;
    closeBlock(out);
    ++m_blockIndex;
    m_blockOpen = true;
    m_blockKind = kind;
    const QByteArray block = kind == TextKind::Reasoning
        ? QByteArrayLiteral(R"({"type":"thinking","thinking":"","signature":""})")
        : QByteArrayLiteral(R"({"type":"text","text":""})");
    SimSse::appendEvent(out.bytes, "content_block_start",
                        R"({"type":"content_block_start","index":)" + QByteArray::number(m_blockIndex)
                            + R"(,"content_block":)" + block + '}');
    out.addEvent();
    if (m_blockIndex == 0) { // the real API pings once, right after the first block starts
        SimSse::appendEvent(out.bytes, "ping", R"({"type": "ping"})");
        out.addEvent();
    }
}

void AnthropicFramer::closeBlock(SimWrite &out)
{
    if (!m_blockOpen)
        return;
    const QByteArray index = QByteArray::number(m_blockIndex);
    if (m_blockKind == TextKind::Reasoning) {
        SimSse::appendEvent(out.bytes, "content_block_delta",
                            R"({"type":"content_block_delta","index":)" + index
                                + R"(,"delta":{"type":"signature_delta","signature":")" + signature() + "\"}}");
        out.addEvent();
    }
    SimSse::appendEvent(out.bytes, "content_block_stop", R"({"type":"content_block_stop","index":)" + index + '}');
    out.addEvent();
    m_blockOpen = false;
}

void AnthropicFramer::appendDelta(SimWrite &out, TextKind kind, QByteArrayView text, int tokens)
{
    openBlock(out, kind);
    m_event.truncate(0);
    m_event.append(R"({"type":"content_block_delta","index":)");
    m_event.append(QByteArray::number(m_blockIndex));
    m_event.append(kind == TextKind::Reasoning ? QByteArrayView(R"(,"delta":{"type":"thinking_delta","thinking":")")
                                               : QByteArrayView(R"(,"delta":{"type":"text_delta","text":")"));
    m_event.append(text);
    m_event.append("\"}}");
    SimSse::appendEvent(out.bytes, "content_block_delta", m_event);
    out.addEvent(tokens, tokens > 0);
}

void AnthropicFramer::appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount)
{
    appendDelta(out, kind, SimSse::tokensText(firstToken, tokenCount), tokenCount);
}

void AnthropicFramer::appendTextless(SimWrite &out, TextKind kind)
{
    appendDelta(out, kind, {}, 0);
}

void AnthropicFramer::appendMalformed(SimWrite &out)
{
    SimSse::appendEvent(out.bytes, "content_block_delta", R"({"type": broken)");
    out.addEvent();
}

void AnthropicFramer::appendError(SimWrite &out)
{
    SimSse::appendEvent(out.bytes, "error",
                        anthropicErrorBody(QStringLiteral("overloaded_error"),
                                           QStringLiteral("Overloaded (simulated by TokenScope)")));
    out.addEvent();
}

void AnthropicFramer::appendClosing(SimWrite &out, const StreamEnd &end)
{
    closeBlock(out);
    const int outputTokens = end.textless ? 0 : end.outputTokens;
    SimSse::appendEvent(out.bytes, "message_delta",
                        R"({"type":"message_delta","delta":{"stop_reason":")" + stopReason(end).toLatin1()
                            + R"(","stop_sequence":null},"usage":)" + usage(outputTokens) + '}');
    out.addEvent();
    SimSse::appendEvent(out.bytes, "message_stop", R"({"type":"message_stop"})");
    out.addEvent();
}

QByteArray AnthropicFramer::completeBody(const StreamEnd &end) const
{
    QJsonArray content;
    const int textTokens = end.outputTokens - end.reasoningTokens;
    if (!end.textless && end.reasoningTokens > 0)
        content.append(QJsonObject {
            {QStringLiteral("type"), QStringLiteral("thinking")},
            {QStringLiteral("thinking"), QString::fromLatin1(SimSse::tokensText(0, end.reasoningTokens))},
            {QStringLiteral("signature"), QString::fromLatin1(signature())}});
    if (!end.textless && textTokens > 0)
        content.append(QJsonObject {
            {QStringLiteral("type"), QStringLiteral("text")},
            {QStringLiteral("text"), QString::fromLatin1(SimSse::tokensText(end.reasoningTokens, textTokens))}});
    const QJsonObject usage {
        {QStringLiteral("input_tokens"), end.promptTokens - end.cachedTokens},
        {QStringLiteral("cache_creation_input_tokens"), 0},
        {QStringLiteral("cache_read_input_tokens"), end.cachedTokens},
        {QStringLiteral("output_tokens"), end.textless ? 0 : end.outputTokens},
    };
    const QJsonObject message {
        {QStringLiteral("id"), QString::fromLatin1(m_id)},
        {QStringLiteral("type"), QStringLiteral("message")},
        {QStringLiteral("role"), QStringLiteral("assistant")},
        {QStringLiteral("model"), m_model},
        {QStringLiteral("content"), content},
        {QStringLiteral("stop_reason"), stopReason(end)},
        {QStringLiteral("stop_sequence"), QJsonValue::Null},
        {QStringLiteral("usage"), usage},
    };
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

} // namespace TokenScope
