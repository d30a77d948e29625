// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "levelsummary.h"

#include <QJsonArray>

#include <cmath>

namespace TokenScope {

namespace {

QJsonValue rounded(std::optional<double> value)
{
    if (!value)
        return QJsonValue::Null;
    constexpr double kScale = 1000; // three decimals: microseconds for the lags
    return std::round(*value * kScale) / kScale;
}

std::optional<double> optionalOf(const QJsonValue &value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

} // namespace

QJsonObject measurementQualityToJson(const LevelSummary &level)
{
    const MeasurementQuality &q = level.quality;
    const bool openLoop = level.loadPoint().isOpenLoop() && level.sendLagMs.count > 0;
    return QJsonObject {
        { QStringLiteral("verdict"), q.verdict.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(q.verdict) },
        { QStringLiteral("reasons"), QJsonArray::fromStringList(q.reasons) },
        { QStringLiteral("engine_lag_p99_ms"), rounded(q.engineLagP99Ms) },
        { QStringLiteral("engine_lag_max_ms"), rounded(q.engineLagMaxMs) },
        { QStringLiteral("engine_lag_samples"), q.engineLagSamples },
        { QStringLiteral("reader_lag_p99_ms"), rounded(q.readerLagP99Ms) },
        { QStringLiteral("reader_lag_max_ms"), rounded(q.readerLagMaxMs) },
        { QStringLiteral("reader_lag_samples"), q.readerLagSamples },
        { QStringLiteral("client_cpu_s"), rounded(q.clientCpuS) },
        { QStringLiteral("client_cpu_share"), rounded(q.clientCpuShare) },
        { QStringLiteral("cores"), q.cores },
        { QStringLiteral("machine_cpu_share"), rounded(q.machineCpuShare) },
        { QStringLiteral("coalesced_share"), rounded(level.coalescedShare()) },
        { QStringLiteral("zero_gap_share"), rounded(level.zeroGapShare) },
        { QStringLiteral("send_lag_p99_ms"), openLoop ? rounded(level.sendLagMs.p99) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("handoff"), q.handoff },
    };
}

MeasurementQuality measurementQualityFromJson(const QJsonObject &json)
{
    MeasurementQuality q;
    q.verdict = json.value(QLatin1String("verdict")).toString();
    for (const QJsonValue &reason : json.value(QLatin1String("reasons")).toArray())
        q.reasons.append(reason.toString());
    q.engineLagP99Ms = optionalOf(json.value(QLatin1String("engine_lag_p99_ms")));
    q.engineLagMaxMs = optionalOf(json.value(QLatin1String("engine_lag_max_ms")));
    q.engineLagSamples = json.value(QLatin1String("engine_lag_samples")).toInt();
    q.readerLagP99Ms = optionalOf(json.value(QLatin1String("reader_lag_p99_ms")));
    q.readerLagMaxMs = optionalOf(json.value(QLatin1String("reader_lag_max_ms")));
    q.readerLagSamples = json.value(QLatin1String("reader_lag_samples")).toInt();
    q.clientCpuS = optionalOf(json.value(QLatin1String("client_cpu_s")));
    q.clientCpuShare = optionalOf(json.value(QLatin1String("client_cpu_share")));
    q.cores = json.value(QLatin1String("cores")).toInt();
    q.machineCpuShare = optionalOf(json.value(QLatin1String("machine_cpu_share")));
    q.handoff = json.value(QLatin1String("handoff")).toString();
    return q;
}

QJsonValue levelStopToJson(const LevelStop &stop)
{
    if (stop.targetPct <= 0)
        return QJsonValue::Null;
    return QJsonObject {
        { QStringLiteral("stopped_by"), stop.by },
        { QStringLiteral("metric"), stop.metric },
        { QStringLiteral("target_pct"), stop.targetPct },
        { QStringLiteral("achieved_pct"), rounded(stop.achievedPct) },
    };
}

LevelStop levelStopFromJson(const QJsonValue &json)
{
    const QJsonObject object = json.toObject();
    LevelStop stop;
    stop.by = object.value(QLatin1String("stopped_by")).toString();
    stop.metric = object.value(QLatin1String("metric")).toString();
    stop.targetPct = object.value(QLatin1String("target_pct")).toDouble();
    stop.achievedPct = optionalOf(object.value(QLatin1String("achieved_pct")));
    return stop;
}

QJsonValue steadyStateToJson(const SteadyState &steady)
{
    if (steady.requests == 0)
        return QJsonValue::Null;
    QJsonObject out {
        { QStringLiteral("requests"), steady.requests },
        { QStringLiteral("completed"), steady.completed },
        { QStringLiteral("start_s"), rounded(steady.startS) },
        { QStringLiteral("end_s"), rounded(steady.endS) },
        { QStringLiteral("output_throughput"), rounded(steady.outputThroughput) },
    };
    const auto figures = [&out](const char *metric, const Distribution &d) {
        const auto value = [&d](double v) { return d.count > 0 ? rounded(v) : QJsonValue(QJsonValue::Null); };
        out.insert(QStringLiteral("median_%1_ms").arg(QLatin1String(metric)), value(d.p50));
        out.insert(QStringLiteral("p95_%1_ms").arg(QLatin1String(metric)), value(d.p95));
        out.insert(QStringLiteral("p99_%1_ms").arg(QLatin1String(metric)), value(d.p99));
    };
    figures("ttft", steady.ttftMs);
    figures("tpot", steady.tpotMs);
    figures("itl", steady.itlMs);
    figures("e2el", steady.e2elMs);
    return out;
}

SteadyState steadyStateFromJson(const QJsonValue &json)
{
    const QJsonObject object = json.toObject();
    SteadyState steady;
    steady.requests = object.value(QLatin1String("requests")).toInt();
    steady.completed = object.value(QLatin1String("completed")).toInt();
    steady.startS = object.value(QLatin1String("start_s")).toDouble();
    steady.endS = object.value(QLatin1String("end_s")).toDouble();
    steady.outputThroughput = object.value(QLatin1String("output_throughput")).toDouble();
    const auto figures = [&object](const char *metric, Distribution *d) {
        const QJsonValue median = object.value(QStringLiteral("median_%1_ms").arg(QLatin1String(metric)));
        if (!median.isDouble())
            return;
        d->count = 1; // present; the sample's size is not stored
        d->p50 = median.toDouble();
        d->p95 = object.value(QStringLiteral("p95_%1_ms").arg(QLatin1String(metric))).toDouble();
        d->p99 = object.value(QStringLiteral("p99_%1_ms").arg(QLatin1String(metric))).toDouble();
    };
    figures("ttft", &steady.ttftMs);
    figures("tpot", &steady.tpotMs);
    figures("itl", &steady.itlMs);
    figures("e2el", &steady.e2elMs);
    return steady;
}

QJsonArray levelSlicesToJson(const QList<LevelSlice> &slices)
{
    QJsonArray out;
    for (const LevelSlice &slice : slices)
        out.append(QJsonObject {
            { QStringLiteral("start_s"), rounded(slice.startS) },
            { QStringLiteral("end_s"), rounded(slice.endS) },
            { QStringLiteral("started"), slice.started },
            { QStringLiteral("finished"), slice.finished },
            { QStringLiteral("median_ttft_ms"), rounded(slice.ttftP50Ms) },
            { QStringLiteral("p95_ttft_ms"), rounded(slice.ttftP95Ms) },
            { QStringLiteral("output_tokens"), rounded(slice.outputTokens) },
            { QStringLiteral("output_throughput"), rounded(slice.outputThroughput) },
            { QStringLiteral("mean_in_flight"), rounded(slice.meanInFlight) },
        });
    return out;
}

QList<LevelSlice> levelSlicesFromJson(const QJsonValue &json)
{
    QList<LevelSlice> slices;
    for (const QJsonValue &value : json.toArray()) {
        const QJsonObject object = value.toObject();
        LevelSlice slice;
        slice.startS = object.value(QLatin1String("start_s")).toDouble();
        slice.endS = object.value(QLatin1String("end_s")).toDouble();
        slice.started = object.value(QLatin1String("started")).toInt();
        slice.finished = object.value(QLatin1String("finished")).toInt();
        slice.ttftP50Ms = optionalOf(object.value(QLatin1String("median_ttft_ms")));
        slice.ttftP95Ms = optionalOf(object.value(QLatin1String("p95_ttft_ms")));
        slice.outputTokens = object.value(QLatin1String("output_tokens")).toDouble();
        slice.outputThroughput = object.value(QLatin1String("output_throughput")).toDouble();
        slice.meanInFlight = object.value(QLatin1String("mean_in_flight")).toDouble();
        slices.append(slice);
    }
    return slices;
}

} // namespace TokenScope
