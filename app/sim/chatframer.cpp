// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chatframer.h"

#include "sim/simrequest.h"

namespace TokenScope {

namespace {

QByteArrayView finishReason(const StreamEnd &end)
{
    return end.truncated ? QByteArrayView("length") : QByteArrayView("stop");
}

} // namespace

ChatFramer::ChatFramer(SimApi api)
    : m_api(api)
{
}

void ChatFramer::begin(const StreamStart &start)
{
    m_composer.begin(m_api, start.id, start.model, start.createdSecs);
    m_composer.setContinuousUsage(start.continuousUsage, start.promptTokens);
    m_roleChunk = start.roleChunk && m_api == SimApi::Chat;
}

void ChatFramer::appendOpening(SimWrite &out)
{
    if (!m_roleChunk)
        return;
    m_composer.appendRoleChunk(out.bytes);
    out.addEvent();
}

void ChatFramer::appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount)
{
    m_composer.appendTextChunk(out.bytes,
                               kind == TextKind::Reasoning ? ChunkComposer::TextKind::Reasoning
                                                           : ChunkComposer::TextKind::Content,
                               firstToken, tokenCount);
    out.addEvent(tokenCount, true);
}

void ChatFramer::appendTextless(SimWrite &out, TextKind)
{
    m_composer.appendEmptyChoicesChunk(out.bytes);
    out.addEvent();
}

void ChatFramer::appendMalformed(SimWrite &out)
{
    m_composer.appendMalformedChunk(out.bytes);
    out.addEvent();
}

void ChatFramer::appendError(SimWrite &out)
{
    // As vLLM and most OpenAI-compatible servers send a failure once the stream has begun: a data
    // line whose JSON is an error object, no [DONE].
    SimSse::appendEvent(out.bytes, {},
                        openAiErrorBody(QStringLiteral("The server had an error while generating the response "
                                                       "(simulated by TokenScope)."),
                                        QStringLiteral("server_error"), QJsonValue::Null));
    out.addEvent();
}

void ChatFramer::appendClosing(SimWrite &out, const StreamEnd &end)
{
    if (!end.textless) {
        m_composer.appendFinishChunk(out.bytes, finishReason(end));
        out.addEvent();
        if (end.includeUsage) {
            m_composer.appendUsageChunk(out.bytes, end.promptTokens, end.cachedTokens, end.outputTokens,
                                        end.reasoningTokens);
            out.addEvent();
        }
    }
    if (end.endMarker) {
        m_composer.appendDoneChunk(out.bytes);
        out.addEvent();
    }
}

QByteArray ChatFramer::completeBody(const StreamEnd &end) const
{
    return m_composer.completeBody(end.promptTokens, end.cachedTokens, end.reasoningTokens,
                                   end.outputTokens - end.reasoningTokens, finishReason(end), end.textless);
}

} // namespace TokenScope
