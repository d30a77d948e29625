// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QMetaType>
#include <QtGlobal>

namespace TokenScope {

/// A request that was posted. Times are nanoseconds since the run started.
struct RequestStart {
    int levelIndex = 0; ///< RequestRecord::levelIndex: -1 for a warm-up
    int level = 0; ///< the level's concurrency
    int index = 0;
    bool warmup = false;
    qint64 startNs = 0;
    int arm = 0; ///< RequestRecord::arm: the endpoint of an A/B interleaved run that it went to
};

/// One text-bearing chunk as it arrived (several tokens may share it).
struct ChunkArrival {
    int levelIndex = 0;
    int level = 0;
    int index = 0;
    bool warmup = false;
    qint64 arrivalNs = 0; ///< since the run started
    bool first = false; ///< the request's first text (its TTFT)
};

/// What happened on the engine thread since the previous batch, for live views. The engine sends
/// at most one batch per ~33 ms (and a last one before runFinished), so a view never has to
/// handle per-chunk signals. While requests are in flight but nothing arrives, an empty batch (a
/// heartbeat) still comes every 250 ms with the time and the requests in flight. Plain value type.
struct LiveBatch {
    QList<RequestStart> started;
    QList<ChunkArrival> chunks;
    int inFlight = 0; ///< requests in flight when the batch was sent
    qint64 sentNs = 0; ///< since the run started

    bool isEmpty() const { return started.isEmpty() && chunks.isEmpty(); }
};

struct RequestRecord;

/// The batch a finished run's records would have produced live: every start and text-bearing
/// chunk, in record order. Re-opened runs feed it to the live views to draw them again.
LiveBatch liveBatchOf(const QList<RequestRecord> &records);

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::LiveBatch)
