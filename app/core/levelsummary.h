// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QMetaType>
#include <QString>

namespace TokenScope {

/// Summary statistics of one metric over a sample (milliseconds for latencies).
struct Distribution {
    int count = 0;
    double mean = 0, std = 0, min = 0, max = 0, p50 = 0, p90 = 0, p95 = 0, p99 = 0;
};

/// One level (a concurrency) over its measured, non-warm-up requests. See SPEC §3.
struct LevelSummary {
    int concurrency = 0;
    int arm = 0; ///< the endpoint of an A/B interleaved run this summary covers; 0 otherwise
    int requests = 0; ///< measured requests issued
    double durationS = 0; ///< last request end - first request start
    int completed = 0;
    int failed = 0;
    qint64 totalInputTokens = 0;
    qint64 totalOutputTokens = 0;
    double requestThroughput = 0; ///< completed / durationS
    double outputThroughput = 0; ///< output tokens / durationS
    double totalTokenThroughput = 0; ///< (input + output) tokens / durationS
    int shortOutputExcluded = 0; ///< completed requests left out of TPOT/ITL (< minTokensForTpot)
    int outputTokensFromChunks = 0; ///< completed requests whose token count came from chunks
    int connectionsOpened = 0; ///< connections opened while the level ran (0 when preconnect held)
    Distribution ttftMs, ttftFromSentMs, tpotMs, itlMs, e2elMs, tps;
    QMap<QString, int> errorsByKind;
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::LevelSummary)
