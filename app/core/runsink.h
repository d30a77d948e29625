// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace TokenScope {

/// Something that keeps a run as it goes: the history store (HistoryRecorder) or a run directory
/// (Report::RunRecorder). RunSession calls it on the thread that owns it: begin() before the
/// engine starts; then each request, level and server scrape as it arrives, before anything
/// shows it; then finish() or fail() exactly once. Every write returns false with *error when it
/// failed; the run goes on regardless (RunSession says so once per run and sink).
class RunSink
{
public:
    virtual ~RunSink() = default;

    /// Starts keeping a run of `arms` (one, or two for an A/B run) started at `startedAt`.
    virtual bool begin(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error) = 0;
    virtual bool recordRequest(const RequestRecord &record, QString *error) = 0;
    virtual bool recordLevel(const LevelSummary &summary, QString *error) = 0;
    virtual bool recordServerSample(const ServerMetricsSample &sample, QString *error) = 0;
    /// The run ended with `result` (completed or cancelled): writes what is left and its status.
    virtual bool finish(const RunResult &result, QString *error) = 0;
    /// The run could not go on: keeps `message` as the reason.
    virtual bool fail(const QString &message, QString *error) = 0;
};

} // namespace TokenScope
