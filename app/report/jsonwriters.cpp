// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// summary.json (docs/metrics.md#summaryjson) and requests.jsonl (docs/metrics.md#2-per-request-phases-requestsjsonl).
#include "core/runoutcome.h"
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"
#include "stats/servingcurve.h"
#include "stats/statistics.h"
#include "version.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace TokenScope::Report {

using Detail::msOrNull;
using Detail::roundedOrNull;
using Detail::roundTo;

namespace {

constexpr int kMsDecimals = 3; // µs resolution for every exported millisecond figure
constexpr int kRateDecimals = 6; // throughputs and durations: small rates keep their digits

QJsonValue nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

// vLLM's eight figures of one metric: mean_ttft_ms, median_ttft_ms, ... p99_ttft_ms. Null when
// nothing was sampled (e.g. every request too short for TPOT), so no reader mistakes it for 0.
void insertDistribution(QJsonObject &out, const QString &metric, const Distribution &d)
{
    const auto value = [&d](double v) { return d.count == 0 ? QJsonValue(QJsonValue::Null) : roundTo(v, kMsDecimals); };
    const auto key = [&metric](const QString &stat) -> QString { return stat + u'_' + metric + QStringLiteral("_ms"); };
    out.insert(key(QStringLiteral("mean")), value(d.mean));
    out.insert(key(QStringLiteral("median")), value(d.p50));
    out.insert(key(QStringLiteral("std")), value(d.std));
    out.insert(key(QStringLiteral("min")), value(d.min));
    out.insert(key(QStringLiteral("max")), value(d.max));
    out.insert(key(QStringLiteral("p90")), value(d.p90));
    out.insert(key(QStringLiteral("p95")), value(d.p95));
    out.insert(key(QStringLiteral("p99")), value(d.p99));
}

// `[lo, hi]` rounded like its figure, or null where too few samples made it meaningless
// (docs/metrics.md#confidence-intervals).
QJsonValue intervalJson(const ConfidenceInterval &ci, int decimals)
{
    if (!ci.valid)
        return QJsonValue(QJsonValue::Null);
    return QJsonArray { roundTo(ci.lo, decimals), roundTo(ci.hi, decimals) };
}

// ci95_median_ttft_ms .. ci95_p99_ttft_ms beside the figures insertDistribution() wrote.
void insertPercentileIntervals(QJsonObject &out, const QString &metric, const Distribution &d)
{
    const auto key = [&metric](const QString &stat) -> QString {
        return QStringLiteral("ci95_") + stat + u'_' + metric + QStringLiteral("_ms");
    };
    out.insert(key(QStringLiteral("median")), intervalJson(d.p50Ci, kMsDecimals));
    out.insert(key(QStringLiteral("p90")), intervalJson(d.p90Ci, kMsDecimals));
    out.insert(key(QStringLiteral("p95")), intervalJson(d.p95Ci, kMsDecimals));
    out.insert(key(QStringLiteral("p99")), intervalJson(d.p99Ci, kMsDecimals));
}

// A request latency's figures with their intervals.
void insertLatency(QJsonObject &out, const QString &metric, const Distribution &d)
{
    insertDistribution(out, metric, d);
    insertPercentileIntervals(out, metric, d);
}

QJsonObject errorsJson(const QMap<QString, int> &errors)
{
    QJsonObject out;
    for (auto it = errors.constBegin(); it != errors.constEnd(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QJsonObject levelCounts(const LevelSummary &l)
{
    return QJsonObject {
        { QStringLiteral("level_index"), l.levelIndex },
        { QStringLiteral("concurrency"), l.concurrency },
        { QStringLiteral("requests"), l.requests },
        { QStringLiteral("duration_s"), roundTo(l.durationS, kRateDecimals) },
        { QStringLiteral("completed"), l.completed },
        { QStringLiteral("failed"), l.failed },
        { QStringLiteral("total_input_tokens"), l.totalInputTokens },
        { QStringLiteral("total_output_tokens"), l.totalOutputTokens },
        { QStringLiteral("mean_input_tokens"),
            l.meanInputTokens ? QJsonValue(roundTo(*l.meanInputTokens, kRateDecimals)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("request_throughput"), roundTo(l.requestThroughput, kRateDecimals) },
        { QStringLiteral("output_throughput"), roundTo(l.outputThroughput, kRateDecimals) },
        { QStringLiteral("ci95_output_throughput"), intervalJson(l.outputThroughputCi, kRateDecimals) },
        { QStringLiteral("total_token_throughput"), roundTo(l.totalTokenThroughput, kRateDecimals) },
        { QStringLiteral("short_output_excluded"), l.shortOutputExcluded },
        { QStringLiteral("output_tokens_from_chunks"), l.outputTokensFromChunks },
        { QStringLiteral("connections_opened"), l.connectionsOpened },
        { QStringLiteral("http1_responses"), l.http1Responses },
        { QStringLiteral("http2_responses"), l.http2Responses },
        { QStringLiteral("peak_in_flight"), l.peakInFlight },
        { QStringLiteral("peak_on_wire"), l.peakOnWire },
        { QStringLiteral("queued_in_client"), l.queuedInClient },
        { QStringLiteral("events_per_read"), roundTo(l.eventsPerRead, kRateDecimals) },
        { QStringLiteral("zero_gap_share"), roundTo(l.zeroGapShare, kRateDecimals) },
        { QStringLiteral("errors"), errorsJson(l.errorsByKind) },
    };
}

QJsonValue nullValue()
{
    return QJsonValue(QJsonValue::Null);
}

// A rate as summary.json writes it: a number, the string "inf" for all at once.
QJsonValue rateJson(double rate)
{
    return std::isinf(rate) ? QJsonValue(QStringLiteral("inf")) : QJsonValue(roundTo(rate, kRateDecimals));
}

// kind, rate, arrival and cap of a load point (docs/metrics.md#load-points-in-summaryjson):
// request_rate, arrival and burstiness are null under closed loop; max_concurrency is the cap
// (0 = none) under a rate and the users under closed loop.
void insertLoadPoint(QJsonObject &out, const LoadPoint &p)
{
    const bool open = p.isOpenLoop();
    out.insert(QStringLiteral("kind"), p.kindName());
    out.insert(QStringLiteral("role"), p.roleName());
    out.insert(QStringLiteral("request_rate"), open ? rateJson(p.rate) : nullValue());
    out.insert(QStringLiteral("arrival"), open ? QJsonValue(arrivalName(p.arrival)) : nullValue());
    out.insert(QStringLiteral("burstiness"), open ? QJsonValue(roundTo(p.burstiness, kRateDecimals)) : nullValue());
    out.insert(QStringLiteral("max_concurrency"), p.maxConcurrency());
}

// The open-loop figures (docs/metrics.md#latency-from-the-schedule), null under closed loop, and
// goodput, null unless the run set an SLO.
void insertScheduleFigures(QJsonObject &out, const LevelSummary &l, const LoadPoint &p)
{
    out.insert(QStringLiteral("achieved_request_rate"),
        p.isOpenLoop() && l.achievedRequestRate > 0 ? QJsonValue(roundTo(l.achievedRequestRate, kRateDecimals))
                                                    : nullValue());
    out.insert(QStringLiteral("scheduled_request_rate"),
        p.isOpenLoop() && l.scheduledRequestRate > 0 ? QJsonValue(roundTo(l.scheduledRequestRate, kRateDecimals))
                                                     : nullValue());
    insertDistribution(out, QStringLiteral("send_lag"), l.sendLagMs);
    insertDistribution(out, QStringLiteral("cap_wait"), l.capWaitMs);
    insertDistribution(out, QStringLiteral("ttft_from_scheduled"), l.ttftFromScheduledMs);
    insertDistribution(out, QStringLiteral("e2el_from_scheduled"), l.e2elFromScheduledMs);
    out.insert(QStringLiteral("ramp_up_excluded"), l.rampUpExcluded);
    out.insert(QStringLiteral("incomplete"), l.incomplete);
    out.insert(QStringLiteral("request_goodput"),
        l.hasGoodput ? QJsonValue(roundTo(l.requestGoodput, kRateDecimals)) : nullValue());
    out.insert(QStringLiteral("good_requests"), l.hasGoodput ? QJsonValue(l.goodRequests) : nullValue());
    out.insert(QStringLiteral("goodput_fraction"),
        l.hasGoodput ? QJsonValue(roundTo(l.goodputFraction, kRateDecimals)) : nullValue());
}

// The workload as the server saw it (docs/metrics.md#workload-figures): its count of the prompts
// (input_tokens_*, in tokens despite the shared key shape), how many missed their aim, its cache
// and the answers it stopped early.
void insertWorkloadFigures(QJsonObject &out, const LevelSummary &l)
{
    const auto value
        = [&l](double v) { return l.inputTokens.count == 0 ? nullValue() : QJsonValue(roundTo(v, kMsDecimals)); };
    out.insert(QStringLiteral("mean_input_tokens_counted"), value(l.inputTokens.mean));
    out.insert(QStringLiteral("std_input_tokens"), value(l.inputTokens.std));
    out.insert(QStringLiteral("min_input_tokens"), value(l.inputTokens.min));
    out.insert(QStringLiteral("max_input_tokens"), value(l.inputTokens.max));
    out.insert(QStringLiteral("input_tokens_targeted"), l.inputTokensTargeted);
    out.insert(QStringLiteral("input_tokens_off_target"), l.inputTokensOffTarget);
    out.insert(QStringLiteral("input_tokens_worst_off_pct"),
        l.inputTokensTargeted > 0 ? QJsonValue(roundTo(l.inputTokensWorstOffPct, kMsDecimals)) : nullValue());
    out.insert(QStringLiteral("cache_reported"), l.cacheReported);
    out.insert(QStringLiteral("cache_hit_requests"), l.cacheHitRequests);
    out.insert(QStringLiteral("cached_tokens"), l.cachedTokens);
    out.insert(QStringLiteral("cache_hit_share"),
        l.cacheReported > 0 ? QJsonValue(roundTo(l.cacheHitShare, kRateDecimals)) : nullValue());
    out.insert(QStringLiteral("outputs_short"), l.outputsShort);
}

QJsonValue optionalValue(const std::optional<double> &v, int decimals)
{
    return v ? QJsonValue(roundTo(*v, decimals)) : nullValue();
}

// The server's own view of the level (docs/metrics.md#server-metrics), from its /metrics.
void insertServerFigures(QJsonObject &out, const LevelSummary &l)
{
    out.insert(QStringLiteral("server_scrapes"), l.serverScrapes);
    out.insert(QStringLiteral("server_running_mean"), optionalValue(l.serverRunningMean, kMsDecimals));
    out.insert(QStringLiteral("server_running_max"), optionalValue(l.serverRunningMax, kMsDecimals));
    out.insert(QStringLiteral("server_waiting_mean"), optionalValue(l.serverWaitingMean, kMsDecimals));
    out.insert(QStringLiteral("server_waiting_max"), optionalValue(l.serverWaitingMax, kMsDecimals));
    out.insert(QStringLiteral("server_cache_usage_max"), optionalValue(l.serverCacheUsageMax, kRateDecimals));
}

QJsonValue serverMetricsRunJson(const RunResult &run)
{
    if (run.config.serverMetricsUrl.isEmpty())
        return nullValue();
    const auto failed = std::find_if(
        run.serverMetrics.begin(), run.serverMetrics.end(), [](const ServerMetricsSample &s) { return !s.ok; });
    return QJsonObject {
        { QStringLiteral("url"), proxyUrlForDisplay(run.config.serverMetricsUrl) },
        { QStringLiteral("interval_ms"), run.config.serverMetricsIntervalMs },
        { QStringLiteral("scrapes"), int(run.serverMetrics.size()) },
        { QStringLiteral("scrapes_ok"), run.serverScrapesOk() },
        { QStringLiteral("scrapes_failed"), run.serverScrapesFailed() },
        { QStringLiteral("first_error"), failed == run.serverMetrics.end() ? nullValue() : QJsonValue(failed->error) },
        { QStringLiteral("file"), QString::fromLatin1(kServerMetricsJsonlFile) },
    };
}

QJsonArray loadPointsJson(const QList<LoadPoint> &points)
{
    QJsonArray out;
    for (const LoadPoint &p : points) {
        QJsonObject point { { QStringLiteral("index"), p.index }, { QStringLiteral("label"), p.label() } };
        insertLoadPoint(point, p);
        out.append(point);
    }
    return out;
}

QJsonObject levelJson(const LevelSummary &l)
{
    QJsonObject out = levelCounts(l);
    const LoadPoint point = l.loadPoint();
    insertLoadPoint(out, point);
    insertScheduleFigures(out, l, point);
    insertWorkloadFigures(out, l);
    insertServerFigures(out, l);
    insertLatency(out, QStringLiteral("ttft"), l.ttftMs);
    insertLatency(out, QStringLiteral("ttft_from_sent"), l.ttftFromSentMs);
    insertLatency(out, QStringLiteral("tpot"), l.tpotMs);
    insertLatency(out, QStringLiteral("itl"), l.itlMs);
    // null without per-chunk usage (docs/metrics.md#per-token-itl-from-per-chunk-usage)
    insertDistribution(out, QStringLiteral("itl_per_token"), l.itlPerTokenMs);
    insertLatency(out, QStringLiteral("e2el"), l.e2elMs);
    insertDistribution(out, QStringLiteral("client_queue"), l.clientQueueMs);
    out.insert(QStringLiteral("measurement_quality"), measurementQualityToJson(l));
    out.insert(QStringLiteral("precision"), levelStopToJson(l.stop));
    out.insert(QStringLiteral("steady"), steadyStateToJson(l.steady));
    if (!l.slices.isEmpty()) // only when the run sliced its levels (docs/metrics.md#slices)
        out.insert(QStringLiteral("slices"), levelSlicesToJson(l.slices));
    const bool noTps = l.tps.count == 0;
    out.insert(QStringLiteral("mean_tps"), noTps ? QJsonValue(QJsonValue::Null) : roundTo(l.tps.mean, kMsDecimals));
    out.insert(QStringLiteral("median_tps"), noTps ? QJsonValue(QJsonValue::Null) : roundTo(l.tps.p50, kMsDecimals));
    return out;
}

QJsonArray msArray(const QList<qint64> &offsetsNs)
{
    QJsonArray out;
    for (qint64 ns : offsetsNs)
        out.append(msOrNull(ns));
    return out;
}

QJsonArray itlArray(const RequestRecord &r)
{
    QJsonArray out;
    for (qsizetype i = 1; i < r.chunkTimesNs.size(); ++i)
        out.append(msOrNull(r.chunkTimesNs.at(i) - r.chunkTimesNs.at(i - 1)));
    return out;
}

// Tokens per timed chunk from per-chunk usage; null when the stream carried none usable.
QJsonValue chunkTokensOrNull(const RequestRecord &r)
{
    if (!r.hasChunkTokens())
        return QJsonValue::Null;
    QJsonArray out;
    for (int tokens : r.chunkTokens)
        out.append(tokens);
    return out;
}

QJsonValue ratioOrNull(double numerator, qsizetype denominator)
{
    if (denominator <= 0)
        return QJsonValue::Null;
    return roundTo(numerator / static_cast<double>(denominator), kMsDecimals);
}

QJsonObject requestIdentity(const RequestRecord &r)
{
    QJsonObject identity {
        { QStringLiteral("level"), r.level },
        { QStringLiteral("level_index"), r.levelIndex },
        { QStringLiteral("index"), r.index },
        { QStringLiteral("warmup"), r.warmup },
        { QStringLiteral("probe"), r.probe },
        { QStringLiteral("response_id"), nullIfEmpty(r.responseId) },
        { QStringLiteral("prompt_id"), nullIfEmpty(r.promptId) },
        { QStringLiteral("status"), r.ok ? QStringLiteral("ok") : QStringLiteral("error") },
        // 0 means no HTTP response at all (refused, DNS, reset before headers).
        { QStringLiteral("http_status"), r.httpStatus > 0 ? QJsonValue(r.httpStatus) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("http_version"),
            r.httpVersion == 2       ? QJsonValue(QStringLiteral("2"))
                : r.httpVersion == 1 ? QJsonValue(QStringLiteral("1.1"))
                                     : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("error_kind"), nullIfEmpty(r.errorKind) },
        { QStringLiteral("error_message"), nullIfEmpty(r.errorMessage) },
        { QStringLiteral("start_ms"), roundTo(static_cast<double>(r.startNs) / 1e6, kMsDecimals) },
    };
    if (r.session >= 0) { // a conversation's turn (docs/methodology.md#conversations)
        identity.insert(QStringLiteral("session_id"), r.session);
        identity.insert(QStringLiteral("turn"), r.turn);
    }
    return identity;
}

void insertPhases(QJsonObject &out, const RequestRecord &r)
{
    out.insert(QStringLiteral("connect_ms"), msOrNull(r.connectNs));
    out.insert(QStringLiteral("tls_ms"), msOrNull(r.tlsNs));
    out.insert(QStringLiteral("request_sent_ms"), msOrNull(r.requestSentNs));
    out.insert(QStringLiteral("headers_ms"), msOrNull(r.headersNs));
    out.insert(QStringLiteral("first_byte_ms"), msOrNull(r.firstByteNs));
    out.insert(QStringLiteral("first_event_ms"), msOrNull(r.firstEventNs));
    out.insert(QStringLiteral("ttft_ms"), msOrNull(r.ttftNs));
    out.insert(QStringLiteral("ttfc_ms"), msOrNull(r.ttfcNs));
    out.insert(QStringLiteral("last_token_ms"), msOrNull(r.lastTokenNs));
    out.insert(QStringLiteral("e2e_ms"), msOrNull(r.lastTokenNs)); // vLLM's E2EL: last token
    out.insert(QStringLiteral("done_ms"), msOrNull(r.doneNs));
    out.insert(QStringLiteral("done_marker"), r.doneMarker); // false: ended by its finish signal alone
    out.insert(QStringLiteral("end_ms"), msOrNull(r.endNs));
}

// Open loop: when the schedule said to send it, the lag the client added (the cap's wait apart, as
// in summary.json's send_lag), that wait, and TTFT and E2E counted from the schedule. Null for
// closed-loop records, which have no schedule.
void insertSchedule(QJsonObject &out, const RequestRecord &r)
{
    const bool scheduled = r.isScheduled();
    const qint64 lagNs = r.sendLagNs();
    const auto fromScheduled = [&](qint64 offsetNs) {
        return scheduled && offsetNs >= 0 ? msOrNull(offsetNs + lagNs) : nullValue(); // as Stats counts them
    };
    out.insert(QStringLiteral("scheduled_ms"), scheduled ? msOrNull(std::max<qint64>(0, r.scheduledNs)) : nullValue());
    out.insert(
        QStringLiteral("send_lag_ms"), scheduled ? msOrNull(std::max<qint64>(0, lagNs - r.capWaitNs)) : nullValue());
    out.insert(QStringLiteral("cap_wait_ms"), scheduled ? msOrNull(std::max<qint64>(0, r.capWaitNs)) : nullValue());
    out.insert(QStringLiteral("ramp_up"), scheduled ? QJsonValue(r.rampUp) : nullValue());
    out.insert(QStringLiteral("ttft_from_scheduled_ms"), fromScheduled(r.ttftNs));
    out.insert(QStringLiteral("e2e_from_scheduled_ms"), fromScheduled(r.lastTokenNs));
}

void insertDerived(QJsonObject &out, const RequestRecord &r)
{
    out.insert(QStringLiteral("tpot_ms"), roundedOrNull(Stats::tpotMs(r), kMsDecimals));
    out.insert(QStringLiteral("ttft_from_sent_ms"), roundedOrNull(Stats::ttftFromSentMs(r), kMsDecimals));
    out.insert(QStringLiteral("output_tokens"), r.outputTokens);
    out.insert(QStringLiteral("output_tokens_source"),
        r.outputTokensFromUsage ? QStringLiteral("usage") : QStringLiteral("chunks"));
    out.insert(QStringLiteral("prompt_tokens"),
        r.promptTokens >= 0 ? QJsonValue(r.promptTokens) : QJsonValue(QJsonValue::Null));
    out.insert(QStringLiteral("cached_tokens"),
        r.cachedTokens >= 0 ? QJsonValue(r.cachedTokens) : QJsonValue(QJsonValue::Null));
    out.insert(QStringLiteral("target_input_tokens"),
        r.targetInputTokens > 0 ? QJsonValue(r.targetInputTokens) : QJsonValue(QJsonValue::Null));
    out.insert(QStringLiteral("max_tokens"), r.maxTokens > 0 ? QJsonValue(r.maxTokens) : QJsonValue(QJsonValue::Null));
    out.insert(QStringLiteral("tps"), roundedOrNull(Stats::tps(r), kMsDecimals));
    out.insert(QStringLiteral("chunks"), r.textChunks());
    out.insert(QStringLiteral("tokens_per_chunk"), ratioOrNull(r.outputTokens, r.textChunks()));
    out.insert(QStringLiteral("chunk_times_ms"), msArray(r.chunkTimesNs)); // the first kMaxChunkTimes
    out.insert(QStringLiteral("chunk_times_dropped"), r.chunkTimesDropped);
    out.insert(QStringLiteral("chunk_tokens"), chunkTokensOrNull(r));
    // Protocol notes: what the server sent that was not believed or not measured.
    out.insert(QStringLiteral("events_after_done"), r.eventsAfterDone);
    out.insert(QStringLiteral("usage_rejected_tokens"),
        r.usageTokensRejected >= 0 ? QJsonValue(r.usageTokensRejected) : QJsonValue(QJsonValue::Null));
    out.insert(QStringLiteral("itl_ms"), itlArray(r));
    out.insert(QStringLiteral("connections_opened"), r.connectionsOpened);
    out.insert(QStringLiteral("reads"), r.reads);
    out.insert(QStringLiteral("events"), r.events);
    out.insert(QStringLiteral("events_per_read"), ratioOrNull(r.events, r.reads));
}

} // namespace

QString isoTimestamp(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    const int offsetS = time.offsetFromUtc();
    const int absMin = std::abs(offsetS) / 60;
    return time.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz")) + (offsetS < 0 ? u'-' : u'+')
        + QStringLiteral("%1:%2").arg(absMin / 60, 2, 10, QChar(u'0')).arg(absMin % 60, 2, 10, QChar(u'0'));
}

namespace {
/// For one arm of an A/B run: which arm, and every arm's endpoint (each redacted with its own key).
QJsonObject interleavedJson(const RunResult &run)
{
    QJsonArray arms;
    for (int i = 0; i < run.interleavedArms.size(); ++i) {
        const RunConfig &arm = run.interleavedArms.at(i);
        arms.append(QJsonObject { { QStringLiteral("arm"), armLetter(i) },
            { QStringLiteral("base_url"), redactSecret(urlForDisplay(arm.baseUrl), arm.apiKey) },
            { QStringLiteral("model"), arm.model } });
    }
    return QJsonObject { { QStringLiteral("arm"), armLetter(run.armOf) }, { QStringLiteral("arms"), arms } };
}
} // namespace

QJsonObject summaryJson(const RunResult &run)
{
    QJsonArray levels;
    for (const LevelSummary &l : run.levels) {
        QJsonObject level = levelJson(l);
        level.insert(QStringLiteral("status"), outcomeKey(levelOutcome(run, l))); // docs/metrics.md#outcomes
        levels.append(level);
    }
    QJsonObject out {
        { QStringLiteral("tool"),
            QJsonObject { { QStringLiteral("name"), QStringLiteral(TOKENSCOPE_NAME) },
                { QStringLiteral("version"), QStringLiteral(TOKENSCOPE_VERSION) } } },
        { QStringLiteral("config"), run.config.toJson() },
        { QStringLiteral("endpoint"),
            QJsonObject { { QStringLiteral("base_url"), urlForDisplay(run.config.baseUrl) },
                { QStringLiteral("model"), run.config.model },
                { QStringLiteral("api"), apiKindName(run.config.api) } } },
        { QStringLiteral("started_at"), nullIfEmpty(isoTimestamp(run.startedAt)) },
        // completed, completed_with_failures, failed (no request succeeded) or cancelled; RunRecorder
        // writes "running" while a run goes and "failed" when it could not go on.
        { QStringLiteral("status"), outcomeKey(runOutcome(run)) },
        { QStringLiteral("cancelled"), run.cancelled },
        { QStringLiteral("levels"), levels },
        { QStringLiteral("load_points"), loadPointsJson(run.points()) },
        { QStringLiteral("load_plan_outcome"), nullIfEmpty(run.loadPlanOutcome) },
        { QStringLiteral("max_rate_found"),
            run.maxRateFound >= 0 ? QJsonValue(roundTo(run.maxRateFound, kRateDecimals)) : nullValue() },
        { QStringLiteral("knee"), nullIfEmpty(Stats::findKnee(Detail::servingCurveOf(run)).sentence) },
        { QStringLiteral("server_metrics"), serverMetricsRunJson(run) },
    };
    if (run.armOf >= 0)
        out.insert(QStringLiteral("interleaved"), interleavedJson(run));
    return secretsOf(run).redact(out);
}

QJsonObject requestJson(const RequestRecord &record)
{
    QJsonObject out = requestIdentity(record);
    insertPhases(out, record);
    insertDerived(out, record);
    insertSchedule(out, record);
    return out;
}

QByteArray requestsJsonlLine(const RequestRecord &record, const Secrets &secrets)
{
    return QJsonDocument(secrets.redact(requestJson(record))).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray requestsJsonl(const RunResult &run)
{
    QByteArray out;
    const Secrets secrets = secretsOf(run);
    for (const RequestRecord &r : run.records)
        out += requestsJsonlLine(r, secrets);
    return out;
}

namespace {

QJsonValue figureOrNull(double figure, int decimals)
{
    return ServerMetricsSample::has(figure) ? QJsonValue(roundTo(figure, decimals)) : nullValue();
}

} // namespace

QJsonObject serverMetricsJson(const ServerMetricsSample &sample)
{
    QJsonObject out {
        { QStringLiteral("offset_s"), roundTo(double(sample.offsetNs) / 1e9, kRateDecimals) },
        { QStringLiteral("duration_ms"), roundTo(double(sample.durationNs) / 1e6, kMsDecimals) },
        { QStringLiteral("ok"), sample.ok },
    };
    if (!sample.ok) {
        out.insert(QStringLiteral("error"), sample.error);
        return out;
    }
    out.insert(QStringLiteral("server"), nullIfEmpty(sample.server));
    out.insert(QStringLiteral("running"), figureOrNull(sample.running, kMsDecimals));
    out.insert(QStringLiteral("waiting"), figureOrNull(sample.waiting, kMsDecimals));
    out.insert(QStringLiteral("cache_usage"), figureOrNull(sample.cacheUsage, kRateDecimals));
    out.insert(QStringLiteral("preemptions"), figureOrNull(sample.preemptions, kMsDecimals));
    out.insert(QStringLiteral("prompt_tokens"), figureOrNull(sample.promptTokens, kMsDecimals));
    out.insert(QStringLiteral("generation_tokens"), figureOrNull(sample.generationTokens, kMsDecimals));
    out.insert(QStringLiteral("series"), ServerMetricsSample::seriesToJson(sample.series));
    // docs/metrics.md#server-metrics: samples left out of `series`, values refused as figures.
    out.insert(QStringLiteral("series_dropped"), sample.seriesDropped);
    out.insert(QStringLiteral("values_rejected"), sample.valuesRejected);
    return out;
}

QByteArray serverMetricsJsonlLine(const ServerMetricsSample &sample, const Secrets &secrets)
{
    return QJsonDocument(secrets.redact(serverMetricsJson(sample))).toJson(QJsonDocument::Compact) + '\n';
}

QByteArray serverMetricsJsonl(const RunResult &run)
{
    QByteArray out;
    const Secrets secrets = secretsOf(run);
    for (const ServerMetricsSample &s : run.serverMetrics)
        out += serverMetricsJsonlLine(s, secrets);
    return out;
}

} // namespace TokenScope::Report
