// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycodec.h"

#include <QJsonArray>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace TokenScope::HistoryCodec {

namespace {

// [lo, hi], or null for no interval (docs/metrics.md#confidence-intervals).
QJsonValue intervalToJson(const ConfidenceInterval &ci)
{
    return ci.valid ? QJsonValue(QJsonArray { ci.lo, ci.hi }) : QJsonValue(QJsonValue::Null);
}

// Levels stored before intervals, and refused ones, hold none: not valid.
ConfidenceInterval intervalFromJson(const QJsonValue &json)
{
    const QJsonArray pair = json.toArray();
    if (pair.size() != 2 || !pair.at(0).isDouble() || !pair.at(1).isDouble())
        return {};
    return { pair.at(0).toDouble(), pair.at(1).toDouble(), true };
}

QJsonObject distributionToJson(const Distribution &d)
{
    QJsonObject out {
        { QStringLiteral("count"), d.count },
        { QStringLiteral("mean"), d.mean },
        { QStringLiteral("std"), d.std },
        { QStringLiteral("min"), d.min },
        { QStringLiteral("max"), d.max },
        { QStringLiteral("p50"), d.p50 },
        { QStringLiteral("p90"), d.p90 },
        { QStringLiteral("p95"), d.p95 },
        { QStringLiteral("p99"), d.p99 },
    };
    // An interval not valid is left out: read back, an absent one is not valid either.
    for (const auto &[key, ci] : { std::pair { "p50_ci", d.p50Ci }, std::pair { "p90_ci", d.p90Ci },
             std::pair { "p95_ci", d.p95Ci }, std::pair { "p99_ci", d.p99Ci } }) {
        if (ci.valid)
            out.insert(QLatin1String(key), intervalToJson(ci));
    }
    return out;
}

Distribution distributionFromJson(const QJsonObject &json)
{
    Distribution d;
    d.count = json.value(QLatin1String("count")).toInt();
    d.mean = json.value(QLatin1String("mean")).toDouble();
    d.std = json.value(QLatin1String("std")).toDouble();
    d.min = json.value(QLatin1String("min")).toDouble();
    d.max = json.value(QLatin1String("max")).toDouble();
    d.p50 = json.value(QLatin1String("p50")).toDouble();
    d.p90 = json.value(QLatin1String("p90")).toDouble();
    d.p95 = json.value(QLatin1String("p95")).toDouble();
    d.p99 = json.value(QLatin1String("p99")).toDouble();
    d.p50Ci = intervalFromJson(json.value(QLatin1String("p50_ci")));
    d.p90Ci = intervalFromJson(json.value(QLatin1String("p90_ci")));
    d.p95Ci = intervalFromJson(json.value(QLatin1String("p95_ci")));
    d.p99Ci = intervalFromJson(json.value(QLatin1String("p99_ci")));
    return d;
}

// JSON numbers are doubles: token totals stay exact up to 2^53.
qint64 int64Of(const QJsonObject &json, const char *key)
{
    return static_cast<qint64>(json.value(QLatin1String(key)).toDouble());
}

qint64 nsFromMs(const QJsonValue &ms)
{
    if (!ms.isDouble())
        return RequestRecord::kNever;
    return std::llround(ms.toDouble() * 1e6);
}

bool requireKeys(const QJsonObject &json, std::initializer_list<const char *> keys, QString *error)
{
    for (const char *key : keys) {
        if (!json.contains(QLatin1String(key))) {
            if (error)
                *error = QStringLiteral("missing \"%1\"").arg(QLatin1String(key));
            return false;
        }
    }
    return true;
}

QString stringOrEmpty(const QJsonValue &value)
{
    return value.isString() ? value.toString() : QString();
}

QJsonValue rateToJson(double rate)
{
    return std::isinf(rate) ? QJsonValue(QStringLiteral("inf")) : QJsonValue(rate);
}

double rateFromJson(const QJsonValue &value)
{
    if (value.isString() && value.toString() == u"inf")
        return std::numeric_limits<double>::infinity();
    return value.toDouble();
}

} // namespace

QJsonObject loadPointToJson(const LoadPoint &p)
{
    return QJsonObject {
        { QStringLiteral("kind"), p.kindName() },
        { QStringLiteral("index"), p.index },
        { QStringLiteral("concurrency"), p.concurrency },
        { QStringLiteral("rate"), rateToJson(p.rate) },
        { QStringLiteral("arrival"), arrivalName(p.arrival) },
        { QStringLiteral("burstiness"), p.burstiness },
        { QStringLiteral("role"), p.roleName() },
    };
}

LoadPoint loadPointFromJson(const QJsonObject &json)
{
    LoadPoint p;
    (void)parseLoadPointKind(json.value(QLatin1String("kind")).toString(), &p.kind);
    p.index = json.value(QLatin1String("index")).toInt();
    p.concurrency = json.value(QLatin1String("concurrency")).toInt();
    p.rate = rateFromJson(json.value(QLatin1String("rate")));
    (void)parseArrival(json.value(QLatin1String("arrival")).toString(), &p.arrival);
    p.burstiness = json.value(QLatin1String("burstiness")).toDouble(1);
    (void)parseLoadPointRole(json.value(QLatin1String("role")).toString(), &p.role);
    return p;
}

QJsonArray loadPointsToJson(const QList<LoadPoint> &points)
{
    QJsonArray out;
    for (const LoadPoint &p : points)
        out.append(loadPointToJson(p));
    return out;
}

QList<LoadPoint> loadPointsFromJson(const QJsonArray &json)
{
    QList<LoadPoint> out;
    for (const QJsonValue &p : json)
        out.append(loadPointFromJson(p.toObject()));
    return out;
}

namespace {

QJsonValue optionalToJson(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

std::optional<double> optionalFromJson(const QJsonObject &json, const char *key)
{
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isDouble() ? std::optional(v.toDouble()) : std::nullopt;
}

} // namespace

ServerMetricsSample serverSampleFromJson(const QJsonObject &json)
{
    const auto figure = [&json](const char *key) {
        const QJsonValue v = json.value(QLatin1String(key));
        return v.isDouble() ? v.toDouble() : ServerMetricsSample::kAbsent;
    };
    ServerMetricsSample s;
    s.offsetNs = qint64(std::llround(json.value(QLatin1String("offset_s")).toDouble() * 1e9));
    s.durationNs = qint64(std::llround(json.value(QLatin1String("duration_ms")).toDouble() * 1e6));
    s.ok = json.value(QLatin1String("ok")).toBool();
    s.error = json.value(QLatin1String("error")).toString();
    s.server = json.value(QLatin1String("server")).toString();
    s.running = figure("running");
    s.waiting = figure("waiting");
    s.cacheUsage = figure("cache_usage");
    s.preemptions = figure("preemptions");
    s.promptTokens = figure("prompt_tokens");
    s.generationTokens = figure("generation_tokens");
    s.series = ServerMetricsSample::seriesFromJson(json.value(QLatin1String("series")).toObject());
    s.seriesDropped = json.value(QLatin1String("series_dropped")).toInt(0);
    s.valuesRejected = json.value(QLatin1String("values_rejected")).toInt(0);
    return s;
}

void serverFiguresFromSummaryJson(const QJsonObject &summaryLevel, LevelSummary *level)
{
    level->serverScrapes = summaryLevel.value(QLatin1String("server_scrapes")).toInt();
    level->serverRunningMean = optionalFromJson(summaryLevel, "server_running_mean");
    level->serverRunningMax = optionalFromJson(summaryLevel, "server_running_max");
    level->serverWaitingMean = optionalFromJson(summaryLevel, "server_waiting_mean");
    level->serverWaitingMax = optionalFromJson(summaryLevel, "server_waiting_max");
    level->serverCacheUsageMax = optionalFromJson(summaryLevel, "server_cache_usage_max");
}

QJsonObject levelSummaryToJson(const LevelSummary &s)
{
    QJsonObject errors;
    for (auto it = s.errorsByKind.constBegin(); it != s.errorsByKind.constEnd(); ++it)
        errors.insert(it.key(), it.value());
    QJsonObject out {
        { QStringLiteral("level_index"), s.levelIndex },
        { QStringLiteral("concurrency"), s.concurrency },
        { QStringLiteral("arm"), s.arm },
        { QStringLiteral("mean_input_tokens"),
            s.meanInputTokens ? QJsonValue(*s.meanInputTokens) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("requests"), s.requests },
        { QStringLiteral("duration_s"), s.durationS },
        { QStringLiteral("completed"), s.completed },
        { QStringLiteral("failed"), s.failed },
        { QStringLiteral("total_input_tokens"), s.totalInputTokens },
        { QStringLiteral("total_output_tokens"), s.totalOutputTokens },
        { QStringLiteral("request_throughput"), s.requestThroughput },
        { QStringLiteral("output_throughput"), s.outputThroughput },
        { QStringLiteral("output_throughput_ci"), intervalToJson(s.outputThroughputCi) },
        { QStringLiteral("total_token_throughput"), s.totalTokenThroughput },
        { QStringLiteral("short_output_excluded"), s.shortOutputExcluded },
        { QStringLiteral("output_tokens_from_chunks"), s.outputTokensFromChunks },
        { QStringLiteral("connections_opened"), s.connectionsOpened },
        { QStringLiteral("http1_responses"), s.http1Responses },
        { QStringLiteral("http2_responses"), s.http2Responses },
        { QStringLiteral("peak_in_flight"), s.peakInFlight },
        { QStringLiteral("peak_on_wire"), s.peakOnWire },
        { QStringLiteral("queued_in_client"), s.queuedInClient },
        { QStringLiteral("events_per_read"), s.eventsPerRead },
        { QStringLiteral("zero_gap_share"), s.zeroGapShare },
        { QStringLiteral("ttft_ms"), distributionToJson(s.ttftMs) },
        { QStringLiteral("ttft_from_sent_ms"), distributionToJson(s.ttftFromSentMs) },
        { QStringLiteral("tpot_ms"), distributionToJson(s.tpotMs) },
        { QStringLiteral("itl_ms"), distributionToJson(s.itlMs) },
        { QStringLiteral("itl_per_token_ms"), distributionToJson(s.itlPerTokenMs) },
        { QStringLiteral("e2el_ms"), distributionToJson(s.e2elMs) },
        { QStringLiteral("client_queue_ms"), distributionToJson(s.clientQueueMs) },
        { QStringLiteral("tps"), distributionToJson(s.tps) },
        { QStringLiteral("errors"), errors },
        { QStringLiteral("point"), loadPointToJson(s.point) },
        { QStringLiteral("ramp_up_excluded"), s.rampUpExcluded },
        { QStringLiteral("incomplete"), s.incomplete },
        { QStringLiteral("achieved_request_rate"), s.achievedRequestRate },
        { QStringLiteral("scheduled_request_rate"), s.scheduledRequestRate },
        { QStringLiteral("send_lag_ms"), distributionToJson(s.sendLagMs) },
        { QStringLiteral("cap_wait_ms"), distributionToJson(s.capWaitMs) },
        { QStringLiteral("ttft_from_scheduled_ms"), distributionToJson(s.ttftFromScheduledMs) },
        { QStringLiteral("e2el_from_scheduled_ms"), distributionToJson(s.e2elFromScheduledMs) },
        { QStringLiteral("has_goodput"), s.hasGoodput },
        { QStringLiteral("good_requests"), s.goodRequests },
        { QStringLiteral("request_goodput"), s.requestGoodput },
        { QStringLiteral("goodput_fraction"), s.goodputFraction },
        { QStringLiteral("input_tokens"), distributionToJson(s.inputTokens) },
        { QStringLiteral("input_tokens_targeted"), s.inputTokensTargeted },
        { QStringLiteral("input_tokens_off_target"), s.inputTokensOffTarget },
        { QStringLiteral("input_tokens_worst_off_pct"), s.inputTokensWorstOffPct },
        { QStringLiteral("cache_reported"), s.cacheReported },
        { QStringLiteral("cache_hit_requests"), s.cacheHitRequests },
        { QStringLiteral("cached_tokens"), s.cachedTokens },
        { QStringLiteral("cache_hit_share"), s.cacheHitShare },
        { QStringLiteral("outputs_short"), s.outputsShort },
        { QStringLiteral("server_scrapes"), s.serverScrapes },
        { QStringLiteral("server_running_mean"), optionalToJson(s.serverRunningMean) },
        { QStringLiteral("server_running_max"), optionalToJson(s.serverRunningMax) },
        { QStringLiteral("server_waiting_mean"), optionalToJson(s.serverWaitingMean) },
        { QStringLiteral("server_waiting_max"), optionalToJson(s.serverWaitingMax) },
        { QStringLiteral("server_cache_usage_max"), optionalToJson(s.serverCacheUsageMax) },
        { QStringLiteral("measurement_quality"), measurementQualityToJson(s) },
        { QStringLiteral("precision"), levelStopToJson(s.stop) },
        { QStringLiteral("steady"), steadyStateToJson(s.steady) },
    };
    if (!s.slices.isEmpty())
        out.insert(QStringLiteral("slices"), levelSlicesToJson(s.slices));
    return out;
}

LevelSummary levelSummaryFromJson(const QJsonObject &json)
{
    LevelSummary s;
    s.levelIndex = json.value(QLatin1String("level_index")).toInt(0); // absent before schema 3: the column holds it
    s.concurrency = json.value(QLatin1String("concurrency")).toInt();
    if (const QJsonValue mean = json.value(QLatin1String("mean_input_tokens")); mean.isDouble())
        s.meanInputTokens = mean.toDouble();
    s.arm = json.value(QLatin1String("arm")).toInt(0); // absent in version-1 files: arm 0
    s.requests = json.value(QLatin1String("requests")).toInt();
    s.durationS = json.value(QLatin1String("duration_s")).toDouble();
    s.completed = json.value(QLatin1String("completed")).toInt();
    s.failed = json.value(QLatin1String("failed")).toInt();
    s.totalInputTokens = int64Of(json, "total_input_tokens");
    s.totalOutputTokens = int64Of(json, "total_output_tokens");
    s.requestThroughput = json.value(QLatin1String("request_throughput")).toDouble();
    s.outputThroughput = json.value(QLatin1String("output_throughput")).toDouble();
    s.outputThroughputCi = intervalFromJson(json.value(QLatin1String("output_throughput_ci")));
    s.totalTokenThroughput = json.value(QLatin1String("total_token_throughput")).toDouble();
    s.shortOutputExcluded = json.value(QLatin1String("short_output_excluded")).toInt();
    s.outputTokensFromChunks = json.value(QLatin1String("output_tokens_from_chunks")).toInt();
    s.connectionsOpened = json.value(QLatin1String("connections_opened")).toInt();
    s.http1Responses = json.value(QLatin1String("http1_responses")).toInt();
    s.http2Responses = json.value(QLatin1String("http2_responses")).toInt();
    // Absent in levels stored before they were measured: 0, no queue.
    s.peakInFlight = json.value(QLatin1String("peak_in_flight")).toInt();
    s.peakOnWire = json.value(QLatin1String("peak_on_wire")).toInt();
    s.queuedInClient = json.value(QLatin1String("queued_in_client")).toInt();
    s.eventsPerRead = json.value(QLatin1String("events_per_read")).toDouble();
    s.zeroGapShare = json.value(QLatin1String("zero_gap_share")).toDouble();
    // Absent in levels stored before the self-check: unassessed.
    s.quality = measurementQualityFromJson(json.value(QLatin1String("measurement_quality")).toObject());
    s.stop = levelStopFromJson(json.value(QLatin1String("precision")));
    s.steady = steadyStateFromJson(json.value(QLatin1String("steady")));
    s.slices = levelSlicesFromJson(json.value(QLatin1String("slices"))); // absent: not sliced, or stored before
    s.ttftMs = distributionFromJson(json.value(QLatin1String("ttft_ms")).toObject());
    s.ttftFromSentMs = distributionFromJson(json.value(QLatin1String("ttft_from_sent_ms")).toObject());
    s.tpotMs = distributionFromJson(json.value(QLatin1String("tpot_ms")).toObject());
    s.itlMs = distributionFromJson(json.value(QLatin1String("itl_ms")).toObject());
    // Absent in levels stored before per-chunk usage: count 0, no per-token ITL.
    s.itlPerTokenMs = distributionFromJson(json.value(QLatin1String("itl_per_token_ms")).toObject());
    s.e2elMs = distributionFromJson(json.value(QLatin1String("e2el_ms")).toObject());
    s.clientQueueMs = distributionFromJson(json.value(QLatin1String("client_queue_ms")).toObject());
    s.tps = distributionFromJson(json.value(QLatin1String("tps")).toObject());
    const QJsonObject errors = json.value(QLatin1String("errors")).toObject();
    for (auto it = errors.constBegin(); it != errors.constEnd(); ++it)
        s.errorsByKind.insert(it.key(), it.value().toInt());
    // Summaries stored before load points: the closed-loop point of their concurrency.
    const QJsonValue point = json.value(QLatin1String("point"));
    s.point
        = point.isObject() ? loadPointFromJson(point.toObject()) : LoadPoint::closedLoop(s.concurrency, s.levelIndex);
    s.rampUpExcluded = json.value(QLatin1String("ramp_up_excluded")).toInt();
    s.incomplete = json.value(QLatin1String("incomplete")).toInt();
    s.achievedRequestRate = json.value(QLatin1String("achieved_request_rate")).toDouble();
    s.scheduledRequestRate = json.value(QLatin1String("scheduled_request_rate")).toDouble();
    s.sendLagMs = distributionFromJson(json.value(QLatin1String("send_lag_ms")).toObject());
    s.capWaitMs = distributionFromJson(json.value(QLatin1String("cap_wait_ms")).toObject());
    s.ttftFromScheduledMs = distributionFromJson(json.value(QLatin1String("ttft_from_scheduled_ms")).toObject());
    s.e2elFromScheduledMs = distributionFromJson(json.value(QLatin1String("e2el_from_scheduled_ms")).toObject());
    s.hasGoodput = json.value(QLatin1String("has_goodput")).toBool();
    s.goodRequests = json.value(QLatin1String("good_requests")).toInt();
    s.requestGoodput = json.value(QLatin1String("request_goodput")).toDouble();
    s.goodputFraction = json.value(QLatin1String("goodput_fraction")).toDouble();
    // Absent in levels stored before workloads were measured: zero, nothing known.
    s.inputTokens = distributionFromJson(json.value(QLatin1String("input_tokens")).toObject());
    s.inputTokensTargeted = json.value(QLatin1String("input_tokens_targeted")).toInt();
    s.inputTokensOffTarget = json.value(QLatin1String("input_tokens_off_target")).toInt();
    s.inputTokensWorstOffPct = json.value(QLatin1String("input_tokens_worst_off_pct")).toDouble();
    s.cacheReported = json.value(QLatin1String("cache_reported")).toInt();
    s.cacheHitRequests = json.value(QLatin1String("cache_hit_requests")).toInt();
    s.cachedTokens = int64Of(json, "cached_tokens");
    s.cacheHitShare = json.value(QLatin1String("cache_hit_share")).toDouble();
    s.outputsShort = json.value(QLatin1String("outputs_short")).toInt();
    // Absent in levels stored before server metrics: no scrape, nothing known.
    serverFiguresFromSummaryJson(json, &s); // the same keys
    return s;
}

QByteArray packNs(const QList<qint64> &offsetsNs)
{
    QByteArray bytes(offsetsNs.size() * qsizetype(sizeof(qint64)), Qt::Uninitialized);
    char *out = bytes.data();
    for (qint64 ns : offsetsNs) {
        qToLittleEndian<qint64>(ns, out);
        out += sizeof(qint64);
    }
    return bytes;
}

QList<qint64> unpackNs(const QByteArray &bytes)
{
    QList<qint64> out;
    const qsizetype n = bytes.size() / qsizetype(sizeof(qint64));
    out.reserve(n);
    for (qsizetype i = 0; i < n; ++i)
        out.append(qFromLittleEndian<qint64>(bytes.constData() + i * qsizetype(sizeof(qint64))));
    return out;
}

QByteArray packChunkTokens(const QList<int> &tokens)
{
    QByteArray bytes(tokens.size() * qsizetype(sizeof(qint32)), Qt::Uninitialized);
    for (qsizetype i = 0; i < tokens.size(); ++i)
        qToLittleEndian<qint32>(tokens.at(i), bytes.data() + i * qsizetype(sizeof(qint32)));
    return bytes;
}

QList<int> unpackChunkTokens(const QByteArray &bytes, qsizetype chunkTimes)
{
    if (bytes.size() != chunkTimes * qsizetype(sizeof(qint32)))
        return {};
    QList<int> out;
    out.reserve(chunkTimes);
    for (qsizetype i = 0; i < chunkTimes; ++i) {
        const qint32 count = qFromLittleEndian<qint32>(bytes.constData() + i * qsizetype(sizeof(qint32)));
        if (count < 0 || count > RequestRecord::kMaxPlausibleTokens)
            return {};
        out.append(count);
    }
    return out;
}

namespace {

// `chunk_tokens` as written (null or absent: none): kept only when it has one count per chunk time and
// every count is one an answer can reach, as StreamMeasurement would have recorded it.
QList<int> chunkTokensFromJson(const QJsonValue &value, qsizetype chunkTimes)
{
    const QJsonArray array = value.toArray();
    if (array.size() != chunkTimes)
        return {};
    QList<int> out;
    out.reserve(array.size());
    for (const QJsonValue &tokens : array) {
        const int count = tokens.toInt(-1);
        if (count < 0 || count > RequestRecord::kMaxPlausibleTokens)
            return {};
        out.append(count);
    }
    return out;
}

} // namespace

std::optional<RequestRecord> recordFromRequestJson(const QJsonObject &json, QString *error)
{
    if (!requireKeys(
            json, { "level", "index", "warmup", "status", "start_ms", "output_tokens", "chunk_times_ms" }, error))
        return std::nullopt;
    if (!json.value(QLatin1String("chunk_times_ms")).isArray()) {
        if (error)
            *error = QStringLiteral("\"chunk_times_ms\" is not an array");
        return std::nullopt;
    }
    RequestRecord r;
    r.level = json.value(QLatin1String("level")).toInt();
    // Lines written before level_index existed: -2, for levelIndexOf() to fill from the config.
    r.levelIndex = json.value(QLatin1String("level_index")).toInt(kUnknownLevelIndex);
    r.index = json.value(QLatin1String("index")).toInt();
    r.warmup = json.value(QLatin1String("warmup")).toBool();
    r.probe = json.value(QLatin1String("probe")).toBool(false); // lines written before probes: none
    r.arm = json.value(QLatin1String("arm")).toInt(0); // only A/B runs' lines carry it
    r.session = json.value(QLatin1String("session_id")).toInt(-1); // only conversations' lines carry it
    r.turn = json.value(QLatin1String("turn")).toInt(0);
    r.responseId = stringOrEmpty(json.value(QLatin1String("response_id")));
    r.promptId = stringOrEmpty(json.value(QLatin1String("prompt_id")));
    r.ok = json.value(QLatin1String("status")).toString() == u"ok";
    r.httpStatus = json.value(QLatin1String("http_status")).toInt(0);
    const QString httpVersion = json.value(QLatin1String("http_version")).toString();
    r.httpVersion = httpVersion == u"2" ? 2 : httpVersion.startsWith(u"1") ? 1 : 0;
    r.errorKind = stringOrEmpty(json.value(QLatin1String("error_kind")));
    r.errorMessage = stringOrEmpty(json.value(QLatin1String("error_message")));
    r.startNs = nsFromMs(json.value(QLatin1String("start_ms")));
    r.tStartNs = r.startNs;
    r.connectNs = nsFromMs(json.value(QLatin1String("connect_ms")));
    r.tlsNs = nsFromMs(json.value(QLatin1String("tls_ms")));
    r.requestSentNs = nsFromMs(json.value(QLatin1String("request_sent_ms")));
    r.headersNs = nsFromMs(json.value(QLatin1String("headers_ms")));
    r.firstByteNs = nsFromMs(json.value(QLatin1String("first_byte_ms")));
    r.firstEventNs = nsFromMs(json.value(QLatin1String("first_event_ms"))); // absent in older runs: -1
    r.ttftNs = nsFromMs(json.value(QLatin1String("ttft_ms")));
    r.ttfcNs = nsFromMs(json.value(QLatin1String("ttfc_ms")));
    r.lastTokenNs = nsFromMs(json.value(QLatin1String("last_token_ms")));
    r.doneNs = nsFromMs(json.value(QLatin1String("done_ms")));
    r.endNs = nsFromMs(json.value(QLatin1String("end_ms")));
    r.outputTokens = json.value(QLatin1String("output_tokens")).toInt();
    r.outputTokensFromUsage = json.value(QLatin1String("output_tokens_source")).toString() == u"usage";
    r.promptTokens = json.value(QLatin1String("prompt_tokens")).toInt(-1);
    r.cachedTokens = json.value(QLatin1String("cached_tokens")).toInt(-1);
    r.targetInputTokens = json.value(QLatin1String("target_input_tokens")).toInt(-1); // null: no aim
    r.maxTokens = json.value(QLatin1String("max_tokens")).toInt(0); // null: not written
    // Lines written before done_marker existed: a complete stream had ended with [DONE].
    r.doneMarker = json.value(QLatin1String("done_marker")).toBool(r.ok);
    for (const QJsonValue &ms : json.value(QLatin1String("chunk_times_ms")).toArray())
        r.chunkTimesNs.append(nsFromMs(ms));
    // Absent from lines written before the chunk-time cap and the protocol notes: 0 and -1 then.
    r.chunkTimesDropped = json.value(QLatin1String("chunk_times_dropped")).toInt(0);
    r.chunkTokens = chunkTokensFromJson(json.value(QLatin1String("chunk_tokens")), r.chunkTimesNs.size());
    r.eventsAfterDone = json.value(QLatin1String("events_after_done")).toInt(0);
    r.usageTokensRejected = json.value(QLatin1String("usage_rejected_tokens")).toInt(-1);
    r.connectionsOpened = json.value(QLatin1String("connections_opened")).toInt();
    r.reads = json.value(QLatin1String("reads")).toInt();
    r.events = json.value(QLatin1String("events")).toInt();
    // Open loop (null or absent for closed-loop lines and lines written before): the schedule.
    r.scheduledNs = nsFromMs(json.value(QLatin1String("scheduled_ms")));
    if (r.isScheduled())
        r.capWaitNs = std::max<qint64>(0, nsFromMs(json.value(QLatin1String("cap_wait_ms"))));
    r.rampUp = json.value(QLatin1String("ramp_up")).toBool(false);
    return r;
}

void fillUnknownLevelIndexes(QList<RequestRecord> &records, const RunConfig &config)
{
    for (RequestRecord &r : records) {
        // A probe's level index is the calibration's, which has the same number as "unknown".
        if (r.levelIndex != kUnknownLevelIndex || r.probe)
            continue;
        r.levelIndex = r.warmup ? -1 : int(config.concurrencyLevels.indexOf(r.level));
    }
}

QDateTime parseTimestamp(const QString &text)
{
    QDateTime time = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(text, Qt::ISODate);
    return time;
}

} // namespace TokenScope::HistoryCodec
