// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runresult.h"

namespace TokenScope {

QList<RequestRecord> RunResult::recordsOfLevel(int concurrency) const
{
    QList<RequestRecord> out;
    for (const RequestRecord &r : records)
        if (!r.warmup && r.level == concurrency)
            out.append(r);
    return out;
}

RunResult RunResult::armResult(int arm) const
{
    RunResult out;
    out.config = arms.value(arm, config);
    out.startedAt = startedAt;
    out.cancelled = cancelled;
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
