// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "livebatch.h"

#include "requestrecord.h"

#include <algorithm>

namespace TokenScope {

LiveBatch liveBatchOf(const QList<RequestRecord> &records)
{
    LiveBatch batch;
    for (const RequestRecord &r : records) {
        batch.started.append({ r.levelIndex, r.level, r.index, r.warmup, r.startNs, r.arm });
        for (qsizetype i = 0; i < r.chunkTimesNs.size(); ++i)
            batch.chunks.append({ r.levelIndex, r.level, r.index, r.warmup, r.startNs + r.chunkTimesNs.at(i), i == 0 });
        batch.sentNs = std::max(batch.sentNs, r.startNs + std::max<qint64>(r.endNs, 0));
    }
    return batch;
}

} // namespace TokenScope
