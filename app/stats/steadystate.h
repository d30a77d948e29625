// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"

#include <QList>

/// A level's steady window (docs/metrics.md#steady-state): its requests without the ramp (before
/// the level reached its load) and the drain (after the first slot went idle at its end). Pure
/// functions; thread-safe.
namespace TokenScope::Stats {

/// The measured records of one arm of the level at `point` that started once the level had its
/// load and ended before it began to drain:
/// - closed loop: sent after every user had sent its first request (the c-th send), and ended by
///   the first end after the level's last send (when a user first had nothing more to send);
/// - open loop (ramp-up requests are out already): ended by the level's last send.
/// Warm-ups and failed requests stay as they are: summarizeLevel() counts them.
QList<RequestRecord> steadyRecords(const QList<RequestRecord> &measured, const LoadPoint &point);

/// The steady window's figures for summary.json: its span and request count, TTFT, TPOT, ITL and
/// E2E, and output throughput, as summarizeLevel() computes them over steadyRecords().
SteadyState steadyState(const QList<RequestRecord> &measured, const LoadPoint &point, int minTokensForTpot);

} // namespace TokenScope::Stats
