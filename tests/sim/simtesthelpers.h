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

} // namespace TokenScope::SimTest
