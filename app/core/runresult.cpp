// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runresult.h"

#include <algorithm>

namespace TokenScope {

QList<RequestRecord> RunResult::recordsOfLevel(int levelIndex, int arm) const
{
    QList<RequestRecord> out;
    for (const RequestRecord &r : records)
        if (!r.warmup && r.levelIndex == levelIndex && (arm < 0 || r.arm == arm))
            out.append(r);
    return out;
}

int RunResult::serverScrapesOk() const
{
    return int(std::count_if(serverMetrics.begin(), serverMetrics.end(), [](const ServerMetricsSample &s) { return s.ok; }));
}

QString armLetter(int arm)
{
    return QString(QChar(char16_t(u'A' + arm)));
}

RunResult RunResult::armResult(int arm) const
{
    RunResult out;
    out.config = arms.value(arm, config);
    out.startedAt = startedAt;
    out.cancelled = cancelled;
    out.loadPoints = loadPoints; // one schedule for all arms: the same levels
    out.loadPlanOutcome = loadPlanOutcome;
    out.maxRateFound = maxRateFound;
    if (arm == 0) // a run scrapes one server, arm A's metrics URL: its samples are A's
        out.serverMetrics = serverMetrics;
    if (isInterleaved()) {
        out.armOf = arm;
        out.interleavedArms = arms;
    }
    for (const RequestRecord &r : records) {
        if (r.arm == arm)
            out.records.append(r);
    }
    for (const LevelSummary &level : levels) {
        if (level.arm == arm)
            out.levels.append(level);
    }
    return out;
}

} // namespace TokenScope
