// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "core/runsink.h"

#include <QObject>

namespace TokenScope {

class HistoryStore;

/// Keeps a run in a HistoryStore as it goes (a RunSink, driven by RunSession): begin() stores a
/// new Running run, then every request is committed when it arrives, so a crash loses at most
/// the requests still in flight; finish() or fail() stores the final status.
///
/// Lives on the thread that owns the store (the GUI thread). A write that fails returns its
/// reason, naming the history file; recording goes on (the measurement matters more than its
/// history), and the run then lacks those rows.
///
/// A cancelled run keeps the level that was under way: LoadRunner summarises it into
/// RunResult::levels without a levelFinished, and finish() stores every level not stored yet.
class HistoryRecorder : public QObject, public RunSink
{
    Q_OBJECT
public:
    /// `store` must be open and outlive the recorder.
    explicit HistoryRecorder(HistoryStore *store, QObject *parent = nullptr);

    /// Stores a new Running run of `arms` (one config, or an A/B run's two: the run stores every
    /// arm's config, and each record and level its arm) and records into it from here on. A run
    /// still being recorded is first finished as Interrupted.
    bool begin(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error) override;
    bool recordRequest(const RequestRecord &record, QString *error) override;
    bool recordLevel(const LevelSummary &summary, QString *error) override;
    /// Scrapes are stored with the result, at finish().
    bool recordServerSample(const ServerMetricsSample &sample, QString *error) override;
    /// Stores levels not stored yet, the load plan, the scrapes and the final status (Completed,
    /// Cancelled, or Failed when no request succeeded).
    bool finish(const RunResult &result, QString *error) override;
    /// Final status Failed, with `message` as the reason.
    bool fail(const QString &message, QString *error) override;

    qint64 currentRunId() const { return m_runId; } ///< -1 when no run is being recorded

Q_SIGNALS:
    /// The run's final status is stored: the history list can reload.
    void runStored();

private:
    /// Adds the file's name to SQLite's text ("database or disk is full" does not say which file).
    bool failed(const QString &message, QString *error) const;
    void endRun();

    HistoryStore *m_store;
    qint64 m_runId = -1;
    int m_levelsStored = 0;
};

} // namespace TokenScope
