// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracereplay.h"

namespace TokenScope {

QJsonObject TraceReplay::toJson() const
{
    return {
        { QStringLiteral("path"), path },
        { QStringLiteral("speedup"), speedup },
        { QStringLiteral("max_gap_s"), maxGapS },
        { QStringLiteral("start"), start },
        { QStringLiteral("limit"), limit },
        { QStringLiteral("block_tokens"), blockTokens },
        { QStringLiteral("cache_bust"), cacheBust },
    };
}

TraceReplay TraceReplay::fromJson(const QJsonObject &json)
{
    TraceReplay t;
    t.path = json.value(QLatin1String("path")).toString(t.path);
    t.speedup = json.value(QLatin1String("speedup")).toDouble(t.speedup);
    t.maxGapS = json.value(QLatin1String("max_gap_s")).toDouble(t.maxGapS);
    t.start = json.value(QLatin1String("start")).toInt(t.start);
    t.limit = json.value(QLatin1String("limit")).toInt(t.limit);
    t.blockTokens = json.value(QLatin1String("block_tokens")).toInt(t.blockTokens);
    t.cacheBust = json.value(QLatin1String("cache_bust")).toBool(t.cacheBust);
    return t;
}

} // namespace TokenScope
