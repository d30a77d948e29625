// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QObject>

namespace TokenScope {

/// The signals of a run as it goes, declared once: the engine (LoadRunner, on its thread), its
/// owner (RunController, on the caller's thread) and the orchestration (RunSession) all emit
/// these, each passing on the one below. Every value is a registered value type
/// (registerEngineMetaTypes()), so it can cross threads.
///
/// Order of one run: levelStarted / liveBatch / progress / requestFinished / levelFinished /
/// serverMetricsSampled as they happen, then runFinished or runFailed exactly once.
class RunEvents : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

Q_SIGNALS:
    /// A level begins: every level, also those a sweep or a max-rate search chooses as it goes.
    void levelStarted(const TokenScope::LoadPoint &point);
    void requestFinished(const TokenScope::RequestRecord &record);
    void progress(const TokenScope::RunProgress &progress);
    void levelFinished(const TokenScope::LevelSummary &summary);
    /// The run ended with its measurements (completed, or cancelled with what it measured).
    void runFinished(const TokenScope::RunResult &result);
    /// The run could not go on (e.g. no request could be built); `message` says why.
    void runFailed(const QString &message);
    /// Starts and chunk arrivals for live views, at most ~30 times a second.
    void liveBatch(const TokenScope::LiveBatch &batch);
    /// One scrape of the server's metrics (config.serverMetricsUrl), failed or not, as it arrives.
    void serverMetricsSampled(const TokenScope::ServerMetricsSample &sample);
};

} // namespace TokenScope
