// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/runresult.h"
#include "sim/simconfig.h"

#include <QList>

class QWidget;

namespace TokenScope::Testing {

/// What a view sees of one real run: every live batch and finished record, in arrival order.
struct LiveRun
{
    RunResult result;
    QList<LiveBatch> batches;
    QList<RequestRecord> finished;
};

/// Starts the built-in simulator with `sim` on loopback, runs `config` against it (its base URL
/// replaced) on a real RunController and records what the controller emitted. Fails the current
/// test when the simulator does not start or the run fails or times out.
LiveRun recordLiveRun(const SimConfig &sim, RunConfig config, int timeoutMs = 60000);

/// The same for an A/B interleaved run: one simulator per entry of `sims`, each an arm of `config`.
LiveRun recordLiveInterleavedRun(const QList<SimConfig> &sims, const RunConfig &config, int timeoutMs = 60000);

/// A simulator that streams fast (20 ms TTFT, 5 ms per token, a little jitter) so histograms
/// have a shape.
SimConfig fastSim();

/// Saves the widget as $TOKENSCOPE_UI_SHOTS/<name>.png when that variable names a directory, so
/// the charts can be looked at after a real run. Returns false when it was asked and failed.
bool saveShotIfAsked(QWidget *widget, const QString &name);

} // namespace TokenScope::Testing
