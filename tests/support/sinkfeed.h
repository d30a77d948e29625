// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runsink.h"

#include <QStringList>

namespace TokenScope {
class RunController;
class HistoryRecorder;
} // namespace TokenScope

namespace TokenScope::Testing {

/// A test-only hook: feeds `sink` from `controller`'s signals as RunSession does (each request,
/// level and scrape, then finish or fail), appending every failure to `failures`. The caller
/// begins the sink before it starts the controller; connect this before anything that reads the
/// sink, so a record is written before another slot sees it.
void feedSink(RunController *controller, RunSink *sink, QStringList *failures);

/// Begins `recorder` for `arms` now: the stored run's id, or -1 (the reason in `failures`).
qint64 beginRecording(HistoryRecorder &recorder, const QList<RunConfig> &arms, QStringList *failures = nullptr);

} // namespace TokenScope::Testing
