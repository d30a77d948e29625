// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared set-up for the simulator's tests: configs, request bodies, a started server.

#include "sim/simulatorserver.h"
#include "simtestclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>
#include <initializer_list>

namespace TokenScope::SimTest {

/// Quick timing so protocol tests finish fast; the wire log on.
inline SimConfig fastSim()
{
    SimConfig config;
    config.baseTtftMs = 5;
    config.prefillUsPerToken = 0;
    config.decodeIntervalMs = 1;
    config.recordWire = true;
    return config;
}

inline QByteArray chatBody(int maxTokens, bool stream = true, bool includeUsage = true)
{
    QJsonObject body {
        {QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
        {QStringLiteral("messages"),
         QJsonArray {QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("Say something, anything at all.")}}}},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("stream"), stream},
    };
    if (stream && includeUsage)
        body.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

inline QByteArray completionsBody(int maxTokens, bool stream = true)
{
    QJsonObject body {
        {QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
        {QStringLiteral("prompt"), QStringLiteral("Once upon a time")},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("stream"), stream},
    };
    if (stream)
        body.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

/// The headers every Anthropic client sends (the key only when given).
inline QByteArray anthropicHeaders(const QByteArray &key = {})
{
    return "anthropic-version: 2023-06-01\r\n" + (key.isEmpty() ? QByteArray() : "x-api-key: " + key + "\r\n");
}

inline QByteArray anthropicBody(int maxTokens, bool stream = true)
{
    const QJsonObject body {
        {QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
        {QStringLiteral("system"), QStringLiteral("Be brief.")}, // 9 characters
        {QStringLiteral("messages"),
         QJsonArray {QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("Say something, anything at all.")}}}},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("temperature"), 0},
        {QStringLiteral("stream"), stream},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

/// A Responses request; maxOutputTokens 0 leaves max_output_tokens out.
inline QByteArray responsesBody(int maxOutputTokens, bool stream = true)
{
    QJsonObject body {
        {QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
        {QStringLiteral("input"), QStringLiteral("Say something, anything at all.")},
        {QStringLiteral("stream"), stream},
    };
    if (maxOutputTokens > 0)
        body.insert(QStringLiteral("max_output_tokens"), maxOutputTokens);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

/// A started simulator; the test fails at once if it cannot start.
struct StartedSim {
    SimulatorServer server;
    explicit StartedSim(const SimConfig &config)
    {
        QString error;
        const bool started = server.start(config, &error);
        EXPECT_TRUE(started) << error.toStdString();
    }
    quint16 port() const { return server.port(); }
};

/// What a chat/completions stream's events hold, classified.
struct StreamSummary {
    int roleChunks = 0;
    int textChunks = 0; ///< content or reasoning or completions text
    int reasoningChunks = 0;
    int emptyChoiceChunks = 0; ///< choices: [] without usage
    int unparsable = 0;
    QString finishReason;
    QJsonObject usage;
    QString text;
    QStringList ids;
    bool done = false;
    bool doneLast = false;
};

/// The value at a path of object keys: jsonAt(body, {"usage", "output_tokens"}).
inline QJsonValue jsonAt(const QJsonObject &object, std::initializer_list<const char *> path)
{
    QJsonValue value = object;
    for (const char *key : path)
        value = value.toObject().value(QLatin1String(key));
    return value;
}

inline QJsonObject firstChoice(const QJsonObject &chunk)
{
    return chunk.value(QLatin1String("choices")).toArray().first().toObject();
}

inline StreamSummary summarize(const CapturedResponse &response)
{
    StreamSummary s;
    for (const SseEvent &event : response.events) {
        if (event.isDone()) {
            s.done = true;
            continue;
        }
        QJsonParseError error {};
        const QJsonObject chunk = QJsonDocument::fromJson(event.data, &error).object();
        if (error.error != QJsonParseError::NoError) {
            ++s.unparsable;
            continue;
        }
        s.ids.append(chunk.value(QLatin1String("id")).toString());
        const QJsonArray choices = chunk.value(QLatin1String("choices")).toArray();
        if (chunk.contains(QLatin1String("usage")) && !chunk.value(QLatin1String("usage")).isNull()) {
            s.usage = chunk.value(QLatin1String("usage")).toObject();
            continue;
        }
        if (choices.isEmpty()) {
            ++s.emptyChoiceChunks;
            continue;
        }
        const QJsonObject choice = choices.first().toObject();
        const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
        const QString content = choice.contains(QLatin1String("text"))
            ? choice.value(QLatin1String("text")).toString()
            : delta.value(QLatin1String("content")).toString();
        const QString reasoning = delta.value(QLatin1String("reasoning_content")).toString();
        if (delta.contains(QLatin1String("role")) && content.isEmpty())
            ++s.roleChunks;
        if (!content.isEmpty() || !reasoning.isEmpty()) {
            ++s.textChunks;
            s.text += reasoning + content;
        }
        if (!reasoning.isEmpty())
            ++s.reasoningChunks;
        if (!choice.value(QLatin1String("finish_reason")).isNull())
            s.finishReason = choice.value(QLatin1String("finish_reason")).toString();
    }
    s.doneLast = !response.events.isEmpty() && response.events.last().isDone();
    return s;
}

/// What an Anthropic Messages stream's events hold.
struct AnthropicSummary {
    QStringList names; ///< every event's `event:` name, in order
    int textDeltas = 0; ///< text_delta events with text
    int thinkingDeltas = 0; ///< thinking_delta events with text
    int emptyDeltas = 0; ///< content_block_delta events with no text
    int signatures = 0;
    int unparsable = 0;
    bool typesMatchNames = true; ///< every event's JSON `type` equals its `event:` name
    QString id; ///< message_start.message.id
    QJsonObject startUsage; ///< message_start.message.usage
    QJsonObject usage; ///< message_delta.usage
    QString stopReason;
    QString text; ///< thinking + text, in order
    QJsonObject error; ///< an `event: error`'s error object
};

inline AnthropicSummary summarizeAnthropic(const CapturedResponse &response)
{
    AnthropicSummary s;
    for (const SseEvent &event : response.events) {
        s.names.append(QString::fromLatin1(event.event));
        QJsonParseError error {};
        const QJsonObject data = QJsonDocument::fromJson(event.data, &error).object();
        if (error.error != QJsonParseError::NoError) {
            ++s.unparsable;
            continue;
        }
        s.typesMatchNames = s.typesMatchNames && data.value(QLatin1String("type")).toString().toLatin1() == event.event;
        if (event.event == "message_start") {
            const QJsonObject message = data.value(QLatin1String("message")).toObject();
            s.id = message.value(QLatin1String("id")).toString();
            s.startUsage = message.value(QLatin1String("usage")).toObject();
        } else if (event.event == "content_block_delta") {
            const QJsonObject delta = data.value(QLatin1String("delta")).toObject();
            const QString type = delta.value(QLatin1String("type")).toString();
            const QString text
                = delta.value(type == u"thinking_delta" ? QLatin1String("thinking") : QLatin1String("text")).toString();
            if (type == u"signature_delta")
                ++s.signatures;
            else if (text.isEmpty())
                ++s.emptyDeltas;
            else
                ++(type == u"thinking_delta" ? s.thinkingDeltas : s.textDeltas);
            s.text += text;
        } else if (event.event == "message_delta") {
            s.usage = data.value(QLatin1String("usage")).toObject();
            s.stopReason = data.value(QLatin1String("delta")).toObject().value(QLatin1String("stop_reason")).toString();
        } else if (event.event == "error") {
            s.error = data.value(QLatin1String("error")).toObject();
        }
    }
    return s;
}

/// What an OpenAI Responses stream's events hold.
struct ResponsesSummary {
    QStringList names;
    int textDeltas = 0; ///< response.output_text.delta with text
    int reasoningDeltas = 0; ///< response.reasoning_summary_text.delta with text
    int emptyDeltas = 0;
    int unparsable = 0;
    bool typesMatchNames = true;
    bool sequenceFromZero = true; ///< sequence_number is 0, 1, 2, … in order
    QString id; ///< response.created's response.id
    QString text; ///< the message's output_text deltas, joined
    QString doneText; ///< response.output_text.done's text
    QJsonObject finalResponse; ///< the response of response.completed / .incomplete / .failed
};

inline ResponsesSummary summarizeResponses(const CapturedResponse &response)
{
    ResponsesSummary s;
    int expectedSequence = 0;
    for (const SseEvent &event : response.events) {
        s.names.append(QString::fromLatin1(event.event));
        QJsonParseError error {};
        const QJsonObject data = QJsonDocument::fromJson(event.data, &error).object();
        if (error.error != QJsonParseError::NoError) {
            ++s.unparsable;
            continue;
        }
        s.typesMatchNames = s.typesMatchNames && data.value(QLatin1String("type")).toString().toLatin1() == event.event;
        const int sequence = data.value(QLatin1String("sequence_number")).toInt(-1);
        s.sequenceFromZero = s.sequenceFromZero && sequence == expectedSequence;
        ++expectedSequence;
        const QString delta = data.value(QLatin1String("delta")).toString();
        if (event.event == "response.created") {
            s.id = data.value(QLatin1String("response")).toObject().value(QLatin1String("id")).toString();
        } else if (event.event == "response.output_text.delta") {
            ++(delta.isEmpty() ? s.emptyDeltas : s.textDeltas);
            s.text += delta;
        } else if (event.event == "response.reasoning_summary_text.delta") {
            ++(delta.isEmpty() ? s.emptyDeltas : s.reasoningDeltas);
        } else if (event.event == "response.output_text.done") {
            s.doneText = data.value(QLatin1String("text")).toString();
        } else if (event.event == "response.completed" || event.event == "response.incomplete"
                   || event.event == "response.failed") {
            s.finalResponse = data.value(QLatin1String("response")).toObject();
        }
    }
    return s;
}

} // namespace TokenScope::SimTest
