// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chunkcomposer.h"

#include "sim/streamframer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <array>
#include <charconv>

namespace TokenScope {

namespace {

// Short words without characters that need JSON escaping, so tokens can be appended verbatim.
constexpr std::array<const char *, 32> kWords {
    " the", " quick", " brown", " fox", " jumps", " over", " a", " lazy", " dog", " while",
    " tokens", " stream", " from", " the", " model", " at", " a", " steady", " pace", " and",
    " every", " chunk", " is", " timed", " on", " the", " wire", " so", " latency", " shows", ",", ".",
};

} // namespace

QByteArrayView ChunkComposer::tokenText(int index)
{
    return QByteArrayView(kWords[static_cast<size_t>(index) % kWords.size()]);
}

void ChunkComposer::begin(SimApi api, const QByteArray &responseId, const QString &model, qint64 createdSecs)
{
    m_api = api;
    m_id = responseId;
    m_model = model;
    m_createdSecs = createdSecs;
    m_head = QByteArrayLiteral("data: {\"id\":\"") + responseId + QByteArrayLiteral("\",\"object\":\"")
        + (api == SimApi::Chat ? QByteArrayLiteral("chat.completion.chunk") : QByteArrayLiteral("text_completion"))
        + QByteArrayLiteral("\",\"created\":") + QByteArray::number(createdSecs) + QByteArrayLiteral(",\"model\":")
        + SimSse::jsonString(model) + ',';
    m_event.reserve(m_head.size() + 512);
    m_continuousPromptTokens = -1;
    m_completionTokens = 0;
}

void ChunkComposer::setContinuousUsage(bool on, int promptTokens)
{
    m_continuousPromptTokens = on ? promptTokens : -1;
}

void ChunkComposer::closeChunk()
{
    m_event.append(']');
    if (m_continuousPromptTokens >= 0) {
        m_event.append(R"(,"usage":{"prompt_tokens":)");
        appendNumber(m_continuousPromptTokens);
        m_event.append(R"(,"completion_tokens":)");
        appendNumber(m_completionTokens);
        m_event.append(R"(,"total_tokens":)");
        appendNumber(qint64(m_continuousPromptTokens) + m_completionTokens);
        m_event.append('}');
    }
    m_event.append('}');
}

void ChunkComposer::startEvent()
{
    m_event.truncate(0); // keeps the capacity
    m_event.append(m_head);
}

void ChunkComposer::appendTokens(int firstToken, int tokenCount)
{
    for (int i = 0; i < tokenCount; ++i)
        m_event.append(tokenText(firstToken + i));
}

void ChunkComposer::appendNumber(qint64 value)
{
    std::array<char, 24> digits {};
    const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), value);
    m_event.append(digits.data(), result.ptr - digits.data());
}

void ChunkComposer::frameEvent(QByteArray &out)
{
    m_event.append("\n\n");
    std::array<char, 16> hex {};
    const auto result = std::to_chars(hex.data(), hex.data() + hex.size(), m_event.size(), 16);
    out.append(hex.data(), result.ptr - hex.data());
    out.append("\r\n");
    out.append(m_event);
    out.append("\r\n");
}

void ChunkComposer::appendRoleChunk(QByteArray &out)
{
    startEvent();
    m_event.append(R"("choices":[{"index":0,"delta":{"role":"assistant","content":""},)"
                   R"("logprobs":null,"finish_reason":null})");
    closeChunk();
    frameEvent(out);
}

void ChunkComposer::appendTextChunk(QByteArray &out, TextKind kind, int firstToken, int tokenCount)
{
    startEvent();
    if (m_api == SimApi::Completions)
        m_event.append(R"("choices":[{"index":0,"text":")");
    else if (kind == TextKind::Reasoning)
        m_event.append(R"("choices":[{"index":0,"delta":{"reasoning_content":")");
    else
        m_event.append(R"("choices":[{"index":0,"delta":{"content":")");
    appendTokens(firstToken, tokenCount);
    if (m_api == SimApi::Chat)
        m_event.append("\"}");
    else
        m_event.append("\"");
    m_event.append(R"(,"logprobs":null,"finish_reason":null})");
    m_completionTokens = firstToken + tokenCount;
    closeChunk();
    frameEvent(out);
}

void ChunkComposer::appendFinishChunk(QByteArray &out, QByteArrayView finishReason)
{
    startEvent();
    m_event.append(m_api == SimApi::Chat ? QByteArrayView(R"("choices":[{"index":0,"delta":{},)")
                                         : QByteArrayView(R"("choices":[{"index":0,"text":"",)"));
    m_event.append(R"("logprobs":null,"finish_reason":")");
    m_event.append(finishReason);
    m_event.append("\"}");
    closeChunk();
    frameEvent(out);
}

void ChunkComposer::appendUsageChunk(QByteArray &out, int promptTokens, int cachedTokens, int completionTokens,
                                     int reasoningTokens)
{
    startEvent();
    m_event.append(R"("choices":[],"usage":{"prompt_tokens":)");
    appendNumber(promptTokens);
    m_event.append(R"(,"completion_tokens":)");
    appendNumber(completionTokens);
    m_event.append(R"(,"total_tokens":)");
    appendNumber(qint64(promptTokens) + completionTokens);
    m_event.append(R"(,"prompt_tokens_details":{"cached_tokens":)");
    appendNumber(cachedTokens);
    m_event.append("}");
    if (reasoningTokens > 0) {
        m_event.append(R"(,"completion_tokens_details":{"reasoning_tokens":)");
        appendNumber(reasoningTokens);
        m_event.append("}");
    }
    m_event.append("}}");
    frameEvent(out);
}

void ChunkComposer::appendEmptyChoicesChunk(QByteArray &out)
{
    startEvent();
    m_event.append(R"("choices":[]})");
    frameEvent(out);
}

void ChunkComposer::appendMalformedChunk(QByteArray &out)
{
    m_event.truncate(0);
    m_event.append(R"(data: {"id": broken)");
    frameEvent(out);
}

void ChunkComposer::appendDoneChunk(QByteArray &out)
{
    m_event.truncate(0);
    m_event.append("data: [DONE]");
    frameEvent(out);
}

QByteArray ChunkComposer::completeBody(int promptTokens, int cachedTokens, int reasoningTokens, int contentTokens,
                                       QByteArrayView finishReason, bool emptyChoices) const
{
    QByteArray reasoning;
    for (int i = 0; i < reasoningTokens; ++i)
        reasoning.append(tokenText(i));
    QByteArray content;
    for (int i = 0; i < contentTokens; ++i)
        content.append(tokenText(reasoningTokens + i));
    const QString finish = QString::fromLatin1(finishReason);

    QJsonObject choice {{QStringLiteral("index"), 0}, {QStringLiteral("finish_reason"), finish},
                        {QStringLiteral("logprobs"), QJsonValue::Null}};
    if (m_api == SimApi::Chat) {
        QJsonObject message {{QStringLiteral("role"), QStringLiteral("assistant")},
                             {QStringLiteral("content"), QString::fromUtf8(content)}};
        if (reasoningTokens > 0)
            message.insert(QStringLiteral("reasoning_content"), QString::fromUtf8(reasoning));
        choice.insert(QStringLiteral("message"), message);
    } else {
        choice.insert(QStringLiteral("text"), QString::fromUtf8(reasoning + content));
    }

    const int completionTokens = reasoningTokens + contentTokens;
    QJsonObject usage {{QStringLiteral("prompt_tokens"), promptTokens},
                       {QStringLiteral("completion_tokens"), completionTokens},
                       {QStringLiteral("total_tokens"), promptTokens + completionTokens},
                       {QStringLiteral("prompt_tokens_details"),
                        QJsonObject {{QStringLiteral("cached_tokens"), cachedTokens}}}};
    if (reasoningTokens > 0)
        usage.insert(QStringLiteral("completion_tokens_details"),
                     QJsonObject {{QStringLiteral("reasoning_tokens"), reasoningTokens}});

    const QJsonObject body {
        {QStringLiteral("id"), QString::fromLatin1(m_id)},
        {QStringLiteral("object"),
         m_api == SimApi::Chat ? QStringLiteral("chat.completion") : QStringLiteral("text_completion")},
        {QStringLiteral("created"), m_createdSecs},
        {QStringLiteral("model"), m_model},
        {QStringLiteral("choices"), emptyChoices ? QJsonArray() : QJsonArray {choice}},
        {QStringLiteral("usage"), usage},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

} // namespace TokenScope
