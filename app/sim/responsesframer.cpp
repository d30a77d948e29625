// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsesframer.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace TokenScope {

namespace {

QJsonObject outputTextPart(const QString &text)
{
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("output_text")},
                        {QStringLiteral("annotations"), QJsonArray()},
                        {QStringLiteral("logprobs"), QJsonArray()},
                        {QStringLiteral("text"), text}};
}

QJsonObject summaryPart(const QString &text)
{
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("summary_text")}, {QStringLiteral("text"), text}};
}

QJsonObject usageObject(const StreamEnd &end)
{
    const int output = end.textless ? 0 : end.outputTokens;
    const int reasoning = end.textless ? 0 : end.reasoningTokens;
    return QJsonObject {
        {QStringLiteral("input_tokens"), end.promptTokens},
        {QStringLiteral("input_tokens_details"), QJsonObject {{QStringLiteral("cached_tokens"), end.cachedTokens}}},
        {QStringLiteral("output_tokens"), output},
        {QStringLiteral("output_tokens_details"), QJsonObject {{QStringLiteral("reasoning_tokens"), reasoning}}},
        {QStringLiteral("total_tokens"), end.promptTokens + output},
    };
}

QString text(bool textless, int firstToken, int tokenCount)
{
    return textless ? QString() : QString::fromLatin1(SimSse::tokensText(firstToken, tokenCount));
}

} // namespace

void ResponsesFramer::begin(const StreamStart &start)
{
    m_id = start.id;
    const QByteArray suffix = start.id.mid(start.id.indexOf('_') + 1);
    m_reasoningItemId = "rs_" + suffix;
    m_messageItemId = "msg_" + suffix;
    m_model = start.model;
    m_createdSecs = start.createdSecs;
    m_promptTokens = start.promptTokens;
    m_maxTokens = start.maxTokens;
    m_maxTokensGiven = start.maxTokensGiven;
    m_sequence = 0;
    m_outputIndex = -1;
    m_itemOpen = false;
    m_reasoningSent = 0;
    m_contentFirst = 0;
    m_contentSent = 0;
    m_textless = false;
}

QJsonObject ResponsesFramer::response(const QString &status, const StreamEnd *end) const
{
    QJsonArray output;
    QJsonValue usage = QJsonValue::Null;
    QJsonValue incomplete = QJsonValue::Null;
    if (end) {
        const int textTokens = end->outputTokens - end->reasoningTokens;
        if (end->reasoningTokens > 0)
            output.append(reasoningItem(text(end->textless, 0, end->reasoningTokens), true));
        if (textTokens > 0)
            output.append(messageItem(text(end->textless, end->reasoningTokens, textTokens), true));
        usage = usageObject(*end);
        if (status == u"incomplete")
            incomplete = QJsonObject {{QStringLiteral("reason"), QStringLiteral("max_output_tokens")}};
    }
    const bool finished = status == u"completed" || status == u"incomplete";
    return QJsonObject {
        {QStringLiteral("id"), QString::fromLatin1(m_id)},
        {QStringLiteral("object"), QStringLiteral("response")},
        {QStringLiteral("created_at"), m_createdSecs},
        {QStringLiteral("status"), status},
        {QStringLiteral("completed_at"),
         finished ? QJsonValue(QDateTime::currentSecsSinceEpoch()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("error"), QJsonValue::Null},
        {QStringLiteral("incomplete_details"), incomplete},
        {QStringLiteral("instructions"), QJsonValue::Null},
        {QStringLiteral("max_output_tokens"),
         m_maxTokensGiven ? QJsonValue(m_maxTokens) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("model"), m_model},
        {QStringLiteral("output"), output},
        {QStringLiteral("parallel_tool_calls"), true},
        {QStringLiteral("previous_response_id"), QJsonValue::Null},
        {QStringLiteral("reasoning"),
         QJsonObject {{QStringLiteral("effort"), QJsonValue::Null}, {QStringLiteral("summary"), QJsonValue::Null}}},
        {QStringLiteral("store"), false},
        {QStringLiteral("temperature"), 1.0},
        {QStringLiteral("text"),
         QJsonObject {{QStringLiteral("format"), QJsonObject {{QStringLiteral("type"), QStringLiteral("text")}}}}},
        {QStringLiteral("tool_choice"), QStringLiteral("auto")},
        {QStringLiteral("tools"), QJsonArray()},
        {QStringLiteral("top_p"), 1.0},
        {QStringLiteral("truncation"), QStringLiteral("disabled")},
        {QStringLiteral("usage"), usage},
        {QStringLiteral("metadata"), QJsonObject()},
    };
}

QJsonObject ResponsesFramer::reasoningItem(const QString &text, bool done) const
{
    return QJsonObject {{QStringLiteral("id"), QString::fromLatin1(m_reasoningItemId)},
                        {QStringLiteral("type"), QStringLiteral("reasoning")},
                        {QStringLiteral("summary"), done ? QJsonArray {summaryPart(text)} : QJsonArray()}};
}

QJsonObject ResponsesFramer::messageItem(const QString &text, bool done) const
{
    return QJsonObject {{QStringLiteral("id"), QString::fromLatin1(m_messageItemId)},
                        {QStringLiteral("type"), QStringLiteral("message")},
                        {QStringLiteral("status"), done ? QStringLiteral("completed") : QStringLiteral("in_progress")},
                        {QStringLiteral("content"), done ? QJsonArray {outputTextPart(text)} : QJsonArray()},
                        {QStringLiteral("role"), QStringLiteral("assistant")}};
}

QJsonObject ResponsesFramer::itemFields(TextKind kind) const
{
    const QByteArray &id = kind == TextKind::Reasoning ? m_reasoningItemId : m_messageItemId;
    QJsonObject fields {{QStringLiteral("item_id"), QString::fromLatin1(id)},
                        {QStringLiteral("output_index"), m_outputIndex}};
    fields.insert(kind == TextKind::Reasoning ? QStringLiteral("summary_index") : QStringLiteral("content_index"), 0);
    return fields;
}

void ResponsesFramer::appendJsonEvent(SimWrite &out, QJsonObject event)
{
    event.insert(QStringLiteral("sequence_number"), m_sequence++);
    SimSse::appendEvent(out.bytes, event.value(QLatin1String("type")).toString().toLatin1(),
                        QJsonDocument(event).toJson(QJsonDocument::Compact));
    out.addEvent();
}

void ResponsesFramer::appendOpening(SimWrite &out)
{
    for (const QString &type : {QStringLiteral("response.created"), QStringLiteral("response.in_progress")}) {
        const QJsonObject inProgress = response(QStringLiteral("in_progress"), nullptr);
        appendJsonEvent(out, QJsonObject {{QStringLiteral("type"), type}, {QStringLiteral("response"), inProgress}});
    }
}

void ResponsesFramer::openItem(SimWrite &out, TextKind kind)
{
    if (m_itemOpen && m_itemKind == kind)
        return;
    closeItem(out);
    ++m_outputIndex;
    m_itemOpen = true;
    m_itemKind = kind;
    const bool reasoning = kind == TextKind::Reasoning;
    const QJsonObject item = reasoning ? reasoningItem({}, false) : messageItem({}, false);
    appendJsonEvent(out, QJsonObject {{QStringLiteral("type"), QStringLiteral("response.output_item.added")},
                                      {QStringLiteral("item"), item},
                                      {QStringLiteral("output_index"), m_outputIndex}});
    QJsonObject part = itemFields(kind);
    part.insert(QStringLiteral("type"), reasoning ? QStringLiteral("response.reasoning_summary_part.added")
                                                  : QStringLiteral("response.content_part.added"));
    part.insert(QStringLiteral("part"), reasoning ? summaryPart({}) : outputTextPart({}));
    appendJsonEvent(out, part);
}

void ResponsesFramer::closeItem(SimWrite &out)
{
    if (!m_itemOpen)
        return;
    m_itemOpen = false;
    const bool reasoning = m_itemKind == TextKind::Reasoning;
    const QString itemText = reasoning ? text(m_textless, 0, m_reasoningSent)
                                       : text(m_textless, m_contentFirst, m_contentSent);
    QJsonObject textDone = itemFields(m_itemKind);
    textDone.insert(QStringLiteral("type"), reasoning ? QStringLiteral("response.reasoning_summary_text.done")
                                                      : QStringLiteral("response.output_text.done"));
    textDone.insert(QStringLiteral("text"), itemText);
    if (!reasoning)
        textDone.insert(QStringLiteral("logprobs"), QJsonArray());
    appendJsonEvent(out, textDone);

    QJsonObject partDone = itemFields(m_itemKind);
    partDone.insert(QStringLiteral("type"), reasoning ? QStringLiteral("response.reasoning_summary_part.done")
                                                      : QStringLiteral("response.content_part.done"));
    partDone.insert(QStringLiteral("part"), reasoning ? summaryPart(itemText) : outputTextPart(itemText));
    appendJsonEvent(out, partDone);

    appendJsonEvent(out, QJsonObject {{QStringLiteral("type"), QStringLiteral("response.output_item.done")},
                                      {QStringLiteral("item"),
                                       reasoning ? reasoningItem(itemText, true) : messageItem(itemText, true)},
                                      {QStringLiteral("output_index"), m_outputIndex}});
}

void ResponsesFramer::appendDelta(SimWrite &out, TextKind kind, QByteArrayView text, int tokens)
{
    openItem(out, kind);
    const bool reasoning = kind == TextKind::Reasoning;
    m_event.truncate(0);
    m_event.append(reasoning ? QByteArrayView(R"({"type":"response.reasoning_summary_text.delta","summary_index":0,)")
                             : QByteArrayView(R"({"type":"response.output_text.delta","content_index":0,)"));
    m_event.append(R"("delta":")");
    m_event.append(text);
    m_event.append(R"(","item_id":")");
    m_event.append(reasoning ? m_reasoningItemId : m_messageItemId);
    m_event.append(reasoning ? QByteArrayView("\",") : QByteArrayView(R"(","logprobs":[],)"));
    m_event.append(R"("output_index":)");
    m_event.append(QByteArray::number(m_outputIndex));
    m_event.append(R"(,"sequence_number":)");
    m_event.append(QByteArray::number(m_sequence++));
    m_event.append('}');
    SimSse::appendEvent(out.bytes,
                        reasoning ? QByteArrayView("response.reasoning_summary_text.delta")
                                  : QByteArrayView("response.output_text.delta"),
                        m_event);
    out.addEvent(tokens, tokens > 0);
}

void ResponsesFramer::appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount)
{
    if (kind == TextKind::Reasoning) {
        m_reasoningSent += tokenCount;
    } else {
        if (m_contentSent == 0)
            m_contentFirst = firstToken;
        m_contentSent += tokenCount;
    }
    appendDelta(out, kind, SimSse::tokensText(firstToken, tokenCount), tokenCount);
}

void ResponsesFramer::appendTextless(SimWrite &out, TextKind kind)
{
    m_textless = true;
    appendDelta(out, kind, {}, 0);
}

void ResponsesFramer::appendMalformed(SimWrite &out)
{
    SimSse::appendEvent(out.bytes, "response.output_text.delta", R"({"type": broken)");
    out.addEvent();
    ++m_sequence;
}

void ResponsesFramer::appendError(SimWrite &out)
{
    QJsonObject failed = response(QStringLiteral("failed"), nullptr);
    failed.insert(QStringLiteral("error"),
                  QJsonObject {{QStringLiteral("code"), QStringLiteral("server_error")},
                               {QStringLiteral("message"), QStringLiteral("The server had an error while generating "
                                                                          "the response (simulated by TokenScope).")}});
    appendJsonEvent(out, QJsonObject {{QStringLiteral("type"), QStringLiteral("response.failed")},
                                      {QStringLiteral("response"), failed}});
}

void ResponsesFramer::appendClosing(SimWrite &out, const StreamEnd &end)
{
    closeItem(out);
    const bool incomplete = end.truncated && m_maxTokensGiven;
    appendJsonEvent(out,
                    QJsonObject {{QStringLiteral("type"), incomplete ? QStringLiteral("response.incomplete")
                                                                     : QStringLiteral("response.completed")},
                                 {QStringLiteral("response"),
                                  response(incomplete ? QStringLiteral("incomplete") : QStringLiteral("completed"),
                                           &end)}});
}

QByteArray ResponsesFramer::completeBody(const StreamEnd &end) const
{
    const bool incomplete = end.truncated && m_maxTokensGiven;
    return QJsonDocument(response(incomplete ? QStringLiteral("incomplete") : QStringLiteral("completed"), &end))
        .toJson(QJsonDocument::Compact);
}

} // namespace TokenScope
