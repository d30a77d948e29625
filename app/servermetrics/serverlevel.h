// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/servermetrics.h"

#include <QList>

namespace TokenScope {

/// Fills the server figures of `level` (docs/metrics.md#server-metrics) from the successful scrapes
/// sent in [fromNs, toNs] of the run's clock: their count, the mean and max of running and waiting,
/// the max of cache usage. A figure no scrape of the window reported stays absent.
void summarizeServerMetrics(const QList<ServerMetricsSample> &samples, qint64 fromNs, qint64 toNs, LevelSummary *level);

} // namespace TokenScope
