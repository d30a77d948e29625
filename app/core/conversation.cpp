// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "conversation.h"

#include <cmath>
#include <random>

namespace TokenScope {

qint64 Conversation::thinkNs(quint32 seed, int session, int turn) const
{
    double ms = thinkTimeMs;
    if (thinkTimeSpread > 0 && ms > 0) {
        std::seed_seq seq { seed, quint32(session), quint32(turn), 0x7468696eU }; // "thin"
        std::mt19937 rng(seq);
        std::uniform_real_distribution<double> factor(1 - thinkTimeSpread, 1 + thinkTimeSpread);
        ms *= factor(rng);
    }
    return qint64(std::llround(std::max(0.0, ms) * 1e6));
}

QJsonObject Conversation::toJson() const
{
    return {
        { QStringLiteral("turns"), turns },
        { QStringLiteral("turn_input_tokens"), turnInputTokens },
        { QStringLiteral("turn_output_tokens"), turnOutputTokens },
        { QStringLiteral("think_time_ms"), thinkTimeMs },
        { QStringLiteral("think_time_spread"), thinkTimeSpread },
        { QStringLiteral("cache_control"), cacheControl },
        { QStringLiteral("previous_response_id"), chainResponses },
    };
}

Conversation Conversation::fromJson(const QJsonObject &json)
{
    Conversation c;
    c.turns = json.value(QLatin1String("turns")).toInt(c.turns);
    c.turnInputTokens = json.value(QLatin1String("turn_input_tokens")).toInt(c.turnInputTokens);
    c.turnOutputTokens = json.value(QLatin1String("turn_output_tokens")).toInt(c.turnOutputTokens);
    c.thinkTimeMs = json.value(QLatin1String("think_time_ms")).toDouble(c.thinkTimeMs);
    c.thinkTimeSpread = json.value(QLatin1String("think_time_spread")).toDouble(c.thinkTimeSpread);
    c.cacheControl = json.value(QLatin1String("cache_control")).toBool(c.cacheControl);
    c.chainResponses = json.value(QLatin1String("previous_response_id")).toBool(c.chainResponses);
    return c;
}

} // namespace TokenScope
