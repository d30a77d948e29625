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
struct ServerMetricsSample
{
    static constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();
    /// `series` keeps at most this many samples of the names TokenScope knows (running, waiting, …
    /// over their label sets), and at most kMaxOtherSeries of all other names, the first ones
    /// exposed: a /metrics of a million series would otherwise cost gigabytes over a run and write
    /// as much to server_metrics.jsonl. The figures are read from every sample all the same.
    static constexpr int kMaxKnownNameSeries = 1024;
    static constexpr int kMaxOtherSeries = 256;
    /// The largest running or waiting count taken as a figure: no server holds a billion requests,
    /// and every count up to it fits an int.
    static constexpr double kMaxRequests = 1e9;
    /// The largest counter (preemptions, tokens) taken as a figure: 2^53, the last integer a double
    /// holds exactly (and far inside qint64).
    static constexpr double kMaxCounter = 9007199254740992.0;

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
    /// Samples of the scrape left out of `series` past kMaxKnownNameSeries or kMaxOtherSeries.
    int seriesDropped = 0;
    /// Values of the known series refused as figures (docs/metrics.md#server-metrics): negative,
    /// ±Inf or out of range (a count above kMaxRequests, a cache usage outside 0..1), alone or
    /// summed over label sets. The figure is then absent for the scrape, even when other label sets
    /// were in range; the values stay in `series`.
    int valuesRejected = 0;

    /// A figure is there when it is a finite number: NaN is "not exposed", and a gauge at ±Inf
    /// (which Prometheus allows) has no mean or maximum to give.
    static bool has(double figure) { return std::isfinite(figure); }
    /// Whether `v` can be a running or waiting count: finite, 0..kMaxRequests.
    static bool isRequestCount(double v) { return std::isfinite(v) && v >= 0 && v <= kMaxRequests; }
    /// Whether `v` can be a KV-cache usage: a fraction, 0..1 (every known name exposes one, vLLM's
    /// "_perc" names too; a value of 1..100 is not rescaled, it is refused).
    static bool isFraction(double v) { return std::isfinite(v) && v >= 0 && v <= 1; }
    /// Whether `v` can be a counter: finite, 0..kMaxCounter.
    static bool isCounter(double v) { return std::isfinite(v) && v >= 0 && v <= kMaxCounter; }
    /// True when the scrape gave at least one of running, waiting and cache usage.
    bool hasKnownSeries() const { return has(running) || has(waiting) || has(cacheUsage); }

    /// `series` as JSON (server_metrics.jsonl, history): NaN and ±Inf, which JSON has no number
    /// for, as the text "nan", "inf", "-inf".
    static QJsonObject seriesToJson(const QMap<QString, double> &series);
    static QMap<QString, double> seriesFromJson(const QJsonObject &json);
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::ServerMetricsSample)
