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

} // namespace TokenScope
