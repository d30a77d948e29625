// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QMap>
#include <QMetaType>
#include <QString>

#include <cmath>
#include <limits>

namespace TokenScope {

/// One scrape of a server's Prometheus /metrics during a run (docs/metrics.md#server-metrics): the
/// series TokenScope knows by meaning, whichever server named them, and every other series found.
/// A known figure the server did not expose is NaN (see has()). A plain value type.
struct ServerMetricsSample {
    static constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();

    qint64 offsetNs = 0; ///< when the scrape was sent, on the run's clock (that of RequestRecord::startNs)
    qint64 durationNs = 0; ///< from sending it until its body was read, or it failed
    bool ok = false;
    QString error; ///< a failed scrape: what went wrong, in plain words
    /// Whose names the known series had: "vllm", "sglang", "tgi", "llamacpp"; empty when none matched.
    QString server;
    double running = kAbsent; ///< requests the server is running (summed over label sets)
    double waiting = kAbsent; ///< requests waiting in its queue (summed over label sets)
    double cacheUsage = kAbsent; ///< KV-cache usage, 0..1 (the largest over label sets)
    double preemptions = kAbsent; ///< counter: requests preempted since the server started
    double promptTokens = kAbsent; ///< counter: prompt tokens processed since the server started
    double generationTokens = kAbsent; ///< counter: tokens generated since the server started
    /// Every sample of the scrape but histogram buckets, keyed by its name and labels as exposed
    /// (`vllm:num_requests_running{model_name="m"}`).
    QMap<QString, double> series;

    /// A figure is there when it is a finite number: NaN is "not exposed", and a gauge at ±Inf
    /// (which Prometheus allows) has no mean or maximum to give.
    static bool has(double figure) { return std::isfinite(figure); }
    /// True when the scrape gave at least one of running, waiting and cache usage.
    bool hasKnownSeries() const { return has(running) || has(waiting) || has(cacheUsage); }

    /// `series` as JSON (server_metrics.jsonl, history): NaN and ±Inf, which JSON has no number
    /// for, as the text "nan", "inf", "-inf".
    static QJsonObject seriesToJson(const QMap<QString, double> &series);
    static QMap<QString, double> seriesFromJson(const QJsonObject &json);
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::ServerMetricsSample)
