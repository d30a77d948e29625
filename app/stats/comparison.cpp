// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison.h"

#include "stats/bootstrap.h"
#include "stats/statistics.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace TokenScope::Compare {

namespace {

void appendSamples(std::vector<double> &out, const RequestRecord &r, Metric metric, int minTokensForTpot)
{
    const bool longEnough = r.outputTokens >= minTokensForTpot;
    switch (metric) {
    case Metric::Ttft:
        if (Stats::ttftMs(r) >= 0)
            out.push_back(Stats::ttftMs(r));
        break;
    case Metric::E2e:
        if (r.e2eMs() >= 0)
            out.push_back(r.e2eMs());
        break;
    case Metric::Tpot:
        if (longEnough && Stats::tpotMs(r) >= 0)
            out.push_back(Stats::tpotMs(r));
        break;
    case Metric::Itl:
        if (longEnough) {
            const std::vector<double> gaps = Stats::itlMs(r);
            out.insert(out.end(), gaps.begin(), gaps.end());
        }
        break;
    }
}

// Keeps maxPoints of `points`, evenly spaced by rank, first and last included.
QList<QPointF> thinned(const QList<QPointF> &points, int maxPoints)
{
    if (maxPoints < 2 || points.size() <= maxPoints)
        return points;
    QList<QPointF> out;
    out.reserve(maxPoints);
    const double step = static_cast<double>(points.size() - 1) / (maxPoints - 1);
    for (int k = 0; k < maxPoints; ++k)
        out.append(points.at(static_cast<qsizetype>(std::llround(k * step))));
    return out;
}

// The sort key of a row: closed loop first, then by rate (infinity last), cap and occurrence.
struct LevelKey
{
    bool open = false;
    double rate = 0;
    int concurrency = 0;
    int occurrence = 0;
    LoadPoint point; // the first level seen at this key, for the row's label
    bool operator==(const LevelKey &o) const
    {
        return open == o.open && rate == o.rate && concurrency == o.concurrency && occurrence == o.occurrence;
    }
    bool operator<(const LevelKey &o) const
    {
        return std::tie(open, rate, concurrency, occurrence) < std::tie(o.open, o.rate, o.concurrency, o.occurrence);
    }
};

bool sameKey(const LoadPoint &a, const LoadPoint &b)
{
    return a.kind == b.kind && a.concurrency == b.concurrency && (!a.isOpenLoop() || a.rate == b.rate);
}

// The key of every level of `levels`, in their order; the k-th at a load point has occurrence k.
QList<LevelKey> levelKeys(const QList<LevelSummary> &levels)
{
    QList<LevelKey> keys;
    for (const LevelSummary &level : levels) {
        const LoadPoint point = level.loadPoint();
        const int occurrence = int(
            std::count_if(keys.cbegin(), keys.cend(), [&point](const LevelKey &k) { return sameKey(k.point, point); }));
        keys.append(
            { point.isOpenLoop(), point.isOpenLoop() ? point.rate : 0.0, point.concurrency, occurrence, point });
    }
    return keys;
}

std::optional<double> percentileOf(const Distribution &d, double Distribution::*field)
{
    return d.count > 0 ? std::optional<double>(d.*field) : std::nullopt;
}

// The distribution and percentile (0..100) a latency figure reads; a null distribution for the
// figures that are no percentile.
std::pair<const Distribution *, double> percentileSource(const LevelSummary &level, DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::TtftP50:
        return { &level.ttftMs, 50.0 };
    case DeltaMetric::TtftP95:
        return { &level.ttftMs, 95.0 };
    case DeltaMetric::TpotP50:
        return { &level.tpotMs, 50.0 };
    case DeltaMetric::TpotP95:
        return { &level.tpotMs, 95.0 };
    case DeltaMetric::ItlP50:
        return { &level.itlMs, 50.0 };
    case DeltaMetric::E2eP50:
        return { &level.e2elMs, 50.0 };
    case DeltaMetric::ErrorRate:
    case DeltaMetric::OutputThroughput:
    case DeltaMetric::RequestThroughput:
        break;
    }
    return { nullptr, 0.0 };
}

// The 95 % interval a level summary holds for `metric`; invalid when it holds none.
ConfidenceInterval intervalOf(const LevelSummary &level, DeltaMetric metric)
{
    if (metric == DeltaMetric::OutputThroughput)
        return level.outputThroughputCi;
    const auto [distribution, p] = percentileSource(level, metric);
    if (!distribution)
        return {};
    return p == 50.0 ? distribution->p50Ci : distribution->p95Ci;
}

// Whether `level` has enough samples for an interval of `metric` (Stats::summarizeLevel's limits).
bool enoughSamplesForInterval(const LevelSummary &level, DeltaMetric metric)
{
    if (metric == DeltaMetric::OutputThroughput)
        return level.requests >= Stats::kMinIntervalSamples && level.durationS > 0;
    const auto [distribution, p] = percentileSource(level, metric);
    return distribution && Stats::hasEnoughSamplesForInterval(distribution->count, p);
}

MissingInterval missingInterval(const LevelSummary &level, DeltaMetric metric)
{
    const ConfidenceInterval ci = intervalOf(level, metric);
    if (ci.valid)
        return metric == DeltaMetric::OutputThroughput && ci.lo == ci.hi ? MissingInterval::PointInterval
                                                                         : MissingInterval::None;
    return enoughSamplesForInterval(level, metric) ? MissingInterval::NotStored : MissingInterval::TooFewSamples;
}

// Both intervals into `cell` when both runs have a usable one; otherwise why not (too few samples
// first: the one reason a user can act on).
void fillIntervals(DeltaCell &cell, const LevelSummary &baseline, const LevelSummary &other, DeltaMetric metric)
{
    const MissingInterval a = missingInterval(baseline, metric);
    const MissingInterval b = missingInterval(other, metric);
    cell.missing = a == MissingInterval::None ? b : b == MissingInterval::None ? a : std::min(a, b);
    if (cell.missing != MissingInterval::None)
        return;
    cell.baselineCi = intervalOf(baseline, metric);
    cell.otherCi = intervalOf(other, metric);
}

DeltaCell deltaCell(const LevelSummary *baseline, const LevelSummary *other, DeltaMetric metric)
{
    DeltaCell cell;
    if (baseline)
        cell.baseline = deltaMetricValue(*baseline, metric);
    if (other)
        cell.other = deltaMetricValue(*other, metric);
    if (cell.baseline && cell.other) {
        cell.absolute = *cell.other - *cell.baseline;
        if (*cell.baseline != 0 && metric != DeltaMetric::ErrorRate)
            cell.percent = *cell.absolute / *cell.baseline * 100.0;
        if (hasInterval(metric))
            fillIntervals(cell, *baseline, *other, metric);
    }
    return cell;
}

bool overlap(const ConfidenceInterval &a, const ConfidenceInterval &b)
{
    return a.lo <= b.hi && b.lo <= a.hi;
}

// The fixed bands: percentage points for the error rate, % of the baseline for the rest.
Significance bandSignificance(const DeltaCell &cell, DeltaMetric metric)
{
    if (metric == DeltaMetric::ErrorRate)
        return std::abs(*cell.absolute) < kErrorRateBandPoints ? Significance::WithinNoise : Significance::Real;
    if (!cell.percent)
        return Significance::Unknown; // a change from a zero baseline has no size to judge
    return std::abs(*cell.percent) < kNoiseBandPercent ? Significance::WithinNoise : Significance::Real;
}

QString levelsText(const QList<int> &levels)
{
    QStringList parts;
    for (int level : levels)
        parts.append(QString::number(level));
    return parts.join(QStringLiteral(", "));
}

// The levels a config asks for: its concurrencies under closed loop, else its load mode with the
// rates, arrival and cap, so that a rate run never reads as the same load as a concurrency run.
QString loadText(const RunConfig &c)
{
    if (c.loadMode == LoadMode::Concurrency)
        return levelsText(c.concurrencyLevels);
    QString arrival = arrivalName(c.arrival);
    if (c.arrival == Arrival::Gamma)
        arrival += QStringLiteral(" %1").arg(c.burstiness);
    const QString cap = c.maxConcurrency > 0 ? QStringLiteral(", cap %1").arg(c.maxConcurrency) : QString();
    QString what;
    switch (c.loadMode) {
    case LoadMode::Rates: {
        QStringList rates;
        for (double rate : c.requestRates)
            rates.append(rateText(rate));
        what = QStringLiteral("rates %1 /s").arg(rates.join(QStringLiteral(", ")));
        break;
    }
    case LoadMode::Sweep:
        what = QStringLiteral("sweep of %1 rates").arg(c.sweepRates);
        break;
    case LoadMode::FindMaxRate:
        what = QStringLiteral("highest rate meeting %1").arg(SloConstraint::listText(c.maxRateConstraints));
        break;
    case LoadMode::Trace: // the file's name, its cut and its speed: the same file sped up is another load
        what = QStringLiteral("trace %1 from %2, %3 entries at x%4, gaps cut to %5 s")
                   .arg(QFileInfo(c.trace.path).fileName())
                   .arg(c.trace.start)
                   .arg(c.trace.limit > 0 ? QString::number(c.trace.limit) : QStringLiteral("all"))
                   .arg(c.trace.speedup)
                   .arg(c.trace.maxGapS);
        break;
    case LoadMode::Concurrency:
        break;
    }
    return QStringLiteral("%1 (%2%3)").arg(what, arrival, cap);
}

QString headerNamesText(const RunConfig &config)
{
    QStringList names; // header names are case-insensitive: compare them folded and sorted
    for (const auto &header : config.headers)
        names.append(QString::fromLatin1(header.first).toLower());
    names.sort();
    names.removeDuplicates();
    return names.isEmpty() ? QCoreApplication::translate("Comparison", "none") : names.join(QStringLiteral(", "));
}

QString requestsText(const RunConfig &config)
{
    if (config.requestsPerLevel > 0)
        return QString::number(config.requestsPerLevel);
    return QCoreApplication::translate("Comparison", "%1 x concurrency").arg(config.requestsPerConcurrency);
}

QString proxyText(const RunConfig &config)
{
    switch (config.proxyMode) {
    case ProxyMode::None:
        return QCoreApplication::translate("Comparison", "direct");
    case ProxyMode::System:
        return QCoreApplication::translate("Comparison", "system proxy");
    case ProxyMode::Custom:
        return proxyUrlForDisplay(config.proxyUrl); // never the user info
    }
    return {};
}

// Busy-poll changes what a libcurl run measures (docs/performance.md#busy-poll), so it is part of the value:
// on and off differ as transports do. Qt network has no busy-poll.
QString transportText(const RunConfig &config)
{
    if (config.transport == u"qnam")
        return QCoreApplication::translate("Comparison", "Qt network");
    if (config.transport == u"curl")
        return config.busyPoll ? QCoreApplication::translate("Comparison", "libcurl, busy-poll")
                               : QStringLiteral("libcurl");
    return config.transport; // a name a later version knows
}

QString onOff(bool on)
{
    return on ? QCoreApplication::translate("Comparison", "on") : QCoreApplication::translate("Comparison", "off");
}

} // namespace

QString metricKey(Metric metric)
{
    switch (metric) {
    case Metric::Ttft:
        return QStringLiteral("ttft");
    case Metric::Tpot:
        return QStringLiteral("tpot");
    case Metric::Itl:
        return QStringLiteral("itl");
    case Metric::E2e:
        return QStringLiteral("e2e");
    }
    return {};
}

std::vector<double> metricSamples(const QList<RequestRecord> &records, Metric metric, int minTokensForTpot)
{
    std::vector<double> samples;
    for (const RequestRecord &r : records)
        if (!r.warmup && !r.rampUp && r.ok) // a ramp-up send counts in no statistic, like a warm-up
            appendSamples(samples, r, metric, minTokensForTpot);
    std::sort(samples.begin(), samples.end());
    return samples;
}

QList<QPointF> cdf(const QList<RequestRecord> &records, Metric metric, int minTokensForTpot, int maxPoints)
{
    const std::vector<double> samples = metricSamples(records, metric, minTokensForTpot);
    const double n = static_cast<double>(samples.size());
    QList<QPointF> points;
    for (size_t i = 0; i < samples.size(); ++i) {
        // Equal values make one step: only the last of a run of ties is a point.
        if (i + 1 < samples.size() && samples[i + 1] == samples[i])
            continue;
        points.append(QPointF(samples[i], static_cast<double>(i + 1) / n));
    }
    return thinned(points, maxPoints);
}

QList<QPointF> cdf(const RunResult &run, Metric metric, int concurrency, int maxPoints)
{
    QList<RequestRecord> records = run.records;
    if (concurrency > 0)
        records.removeIf([concurrency](const RequestRecord &r) { return r.warmup || r.level != concurrency; });
    return cdf(records, metric, run.config.minTokensForTpot, maxPoints);
}

QString deltaMetricKey(DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::ErrorRate:
        return QStringLiteral("error_rate_pct");
    case DeltaMetric::TtftP50:
        return QStringLiteral("ttft_p50_ms");
    case DeltaMetric::TtftP95:
        return QStringLiteral("ttft_p95_ms");
    case DeltaMetric::TpotP50:
        return QStringLiteral("tpot_p50_ms");
    case DeltaMetric::TpotP95:
        return QStringLiteral("tpot_p95_ms");
    case DeltaMetric::ItlP50:
        return QStringLiteral("itl_p50_ms");
    case DeltaMetric::E2eP50:
        return QStringLiteral("e2e_p50_ms");
    case DeltaMetric::OutputThroughput:
        return QStringLiteral("output_throughput_tok_s");
    case DeltaMetric::RequestThroughput:
        return QStringLiteral("request_throughput_req_s");
    }
    return {};
}

QString deltaMetricTitle(DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::ErrorRate:
        return QCoreApplication::translate("Comparison", "Error rate (%)");
    case DeltaMetric::TtftP50:
        return QCoreApplication::translate("Comparison", "TTFT P50 (ms)");
    case DeltaMetric::TtftP95:
        return QCoreApplication::translate("Comparison", "TTFT P95 (ms)");
    case DeltaMetric::TpotP50:
        return QCoreApplication::translate("Comparison", "TPOT P50 (ms)");
    case DeltaMetric::TpotP95:
        return QCoreApplication::translate("Comparison", "TPOT P95 (ms)");
    case DeltaMetric::ItlP50:
        return QCoreApplication::translate("Comparison", "ITL P50 (ms)");
    case DeltaMetric::E2eP50:
        return QCoreApplication::translate("Comparison", "E2E P50 (ms)");
    case DeltaMetric::OutputThroughput:
        return QCoreApplication::translate("Comparison", "Output (tok/s)");
    case DeltaMetric::RequestThroughput:
        return QCoreApplication::translate("Comparison", "Requests (req/s)");
    }
    return {};
}

bool higherIsBetter(DeltaMetric metric)
{
    return metric == DeltaMetric::OutputThroughput || metric == DeltaMetric::RequestThroughput;
}

bool hasInterval(DeltaMetric metric)
{
    return metric != DeltaMetric::ErrorRate && metric != DeltaMetric::RequestThroughput;
}

std::optional<double> deltaMetricValue(const LevelSummary &level, DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::ErrorRate:
        return level.requests > 0 ? std::optional<double>(100.0 * level.failed / level.requests) : std::nullopt;
    case DeltaMetric::TtftP50:
        return percentileOf(level.ttftMs, &Distribution::p50);
    case DeltaMetric::TtftP95:
        return percentileOf(level.ttftMs, &Distribution::p95);
    case DeltaMetric::TpotP50:
        return percentileOf(level.tpotMs, &Distribution::p50);
    case DeltaMetric::TpotP95:
        return percentileOf(level.tpotMs, &Distribution::p95);
    case DeltaMetric::ItlP50:
        return percentileOf(level.itlMs, &Distribution::p50);
    case DeltaMetric::E2eP50:
        return percentileOf(level.e2elMs, &Distribution::p50);
    case DeltaMetric::OutputThroughput:
        return level.durationS > 0 ? std::optional<double>(level.outputThroughput) : std::nullopt;
    case DeltaMetric::RequestThroughput:
        return level.durationS > 0 ? std::optional<double>(level.requestThroughput) : std::nullopt;
    }
    return std::nullopt;
}

const LevelSummary *levelAt(const QList<LevelSummary> &levels, const LoadPoint &point, int occurrence)
{
    int seen = 0;
    for (const LevelSummary &level : levels)
        if (sameKey(level.loadPoint(), point) && seen++ == occurrence)
            return &level;
    return nullptr;
}

const LevelSummary *levelAt(const QList<LevelSummary> &levels, int concurrency, int occurrence)
{
    int seen = 0;
    for (const LevelSummary &level : levels)
        if (level.concurrency == concurrency && seen++ == occurrence)
            return &level;
    return nullptr;
}

Judgement significance(const DeltaCell &cell, DeltaMetric metric)
{
    if (!cell.absolute)
        return { Significance::Unknown, JudgedBy::Band };
    if (cell.hasIntervals()) {
        if (overlap(cell.baselineCi, cell.otherCi))
            return { Significance::WithinNoise, JudgedBy::Intervals };
        const bool belowFloor = cell.percent && std::abs(*cell.percent) < kMinRealChangePercent;
        return { belowFloor ? Significance::WithinNoise : Significance::Real, JudgedBy::Intervals, belowFloor };
    }
    return { bandSignificance(cell, metric), JudgedBy::Band };
}

int deltaDirection(const DeltaCell &cell, DeltaMetric metric)
{
    if (significance(cell, metric).significance != Significance::Real || *cell.absolute == 0)
        return 0;
    const bool up = *cell.absolute > 0;
    return up == higherIsBetter(metric) ? 1 : -1;
}

QList<LevelDelta> levelDeltas(const QList<LevelSummary> &baseline, const QList<LevelSummary> &other)
{
    QList<LevelKey> keys = levelKeys(baseline);
    for (const LevelKey &key : levelKeys(other))
        if (!keys.contains(key))
            keys.append(key);
    std::stable_sort(keys.begin(), keys.end());

    QList<LevelDelta> rows;
    for (const LevelKey &key : std::as_const(keys)) {
        const LevelSummary *base = levelAt(baseline, key.point, key.occurrence);
        const LevelSummary *cmp = levelAt(other, key.point, key.occurrence);
        LevelDelta row;
        row.concurrency = key.concurrency;
        row.point = base ? base->loadPoint() : key.point;
        row.label = row.point.label();
        row.occurrence = key.occurrence;
        row.inBaseline = base != nullptr;
        row.inOther = cmp != nullptr;
        for (int m = 0; m < kDeltaMetricCount; ++m)
            row.cells[static_cast<size_t>(m)] = deltaCell(base, cmp, static_cast<DeltaMetric>(m));
        rows.append(row);
    }
    return rows;
}

QList<LevelDelta> levelDeltas(const RunResult &baseline, const RunResult &other)
{
    return levelDeltas(baseline.levels, other.levels);
}

const LevelDelta *highestCommonLevel(const QList<LevelDelta> &rows)
{
    const LevelDelta *row = nullptr;
    for (const LevelDelta &r : rows)
        if (r.inBaseline && r.inOther)
            row = &r;
    return row;
}

QString configFieldKey(ConfigField field)
{
    switch (field) {
    case ConfigField::Model:
        return QStringLiteral("model");
    case ConfigField::BaseUrl:
        return QStringLiteral("base_url");
    case ConfigField::Api:
        return QStringLiteral("api");
    case ConfigField::PromptLength:
        return QStringLiteral("prompt_chars");
    case ConfigField::MaxTokens:
        return QStringLiteral("max_tokens");
    case ConfigField::Temperature:
        return QStringLiteral("temperature");
    case ConfigField::ConcurrencyLevels:
        return QStringLiteral("concurrency_levels");
    case ConfigField::Warmup:
        return QStringLiteral("warmup_requests");
    case ConfigField::RequestsPerLevel:
        return QStringLiteral("requests_per_level");
    case ConfigField::HttpVersion:
        return QStringLiteral("http_version");
    case ConfigField::Proxy:
        return QStringLiteral("proxy");
    case ConfigField::Transport:
        return QStringLiteral("transport");
    case ConfigField::Preconnect:
        return QStringLiteral("preconnect");
    case ConfigField::IncludeUsage:
        return QStringLiteral("include_usage");
    case ConfigField::ExtraBody:
        return QStringLiteral("extra_body");
    case ConfigField::HeaderNames:
        return QStringLiteral("header_names");
    case ConfigField::ToolVersion:
        return QStringLiteral("tool_version");
    }
    return {};
}

QString configFieldTitle(ConfigField field)
{
    switch (field) {
    case ConfigField::Model:
        return QCoreApplication::translate("Comparison", "Model");
    case ConfigField::BaseUrl:
        return QCoreApplication::translate("Comparison", "Endpoint");
    case ConfigField::Api:
        return QCoreApplication::translate("Comparison", "API");
    case ConfigField::PromptLength:
        return QCoreApplication::translate("Comparison", "Prompt length");
    case ConfigField::MaxTokens:
        return QCoreApplication::translate("Comparison", "Max tokens");
    case ConfigField::Temperature:
        return QCoreApplication::translate("Comparison", "Temperature");
    case ConfigField::ConcurrencyLevels:
        return QCoreApplication::translate("Comparison", "Concurrency levels");
    case ConfigField::Warmup:
        return QCoreApplication::translate("Comparison", "Warm-up requests");
    case ConfigField::RequestsPerLevel:
        return QCoreApplication::translate("Comparison", "Requests per level");
    case ConfigField::HttpVersion:
        return QCoreApplication::translate("Comparison", "HTTP version");
    case ConfigField::Proxy:
        return QCoreApplication::translate("Comparison", "Proxy");
    case ConfigField::Transport:
        return QCoreApplication::translate("Comparison", "Transport");
    case ConfigField::Preconnect:
        return QCoreApplication::translate("Comparison", "Pre-connect");
    case ConfigField::IncludeUsage:
        return QCoreApplication::translate("Comparison", "Usage in stream");
    case ConfigField::ExtraBody:
        return QCoreApplication::translate("Comparison", "Extra body");
    case ConfigField::HeaderNames:
        return QCoreApplication::translate("Comparison", "Headers");
    case ConfigField::ToolVersion:
        return QCoreApplication::translate("Comparison", "TokenScope version");
    }
    return {};
}

QString configFieldValue(const ComparedConfig &run, ConfigField field)
{
    const RunConfig &c = run.config;
    switch (field) {
    case ConfigField::Model:
        return c.model;
    case ConfigField::BaseUrl:
        return c.endpoint(); // the built-in simulator by its timing, whichever port it had
    case ConfigField::Api:
        return apiKindName(c.api);
    case ConfigField::PromptLength:
        return QCoreApplication::translate("Comparison", "%1 chars").arg(c.prompt.size());
    case ConfigField::MaxTokens:
        return QString::number(c.maxTokens);
    case ConfigField::Temperature:
        return QString::number(c.temperature);
    case ConfigField::ConcurrencyLevels:
        return loadText(c);
    case ConfigField::Warmup:
        return QString::number(c.warmupRequests);
    case ConfigField::RequestsPerLevel:
        return requestsText(c);
    case ConfigField::HttpVersion:
        return c.http2 ? QStringLiteral("HTTP/2") : QStringLiteral("HTTP/1.1");
    case ConfigField::Proxy:
        return proxyText(c);
    case ConfigField::Transport:
        return transportText(c);
    case ConfigField::Preconnect:
        return onOff(c.preconnect);
    case ConfigField::IncludeUsage:
        return onOff(c.includeUsage);
    case ConfigField::ExtraBody:
        return c.extraBody.isEmpty() ? QCoreApplication::translate("Comparison", "none")
                                     : QString::fromUtf8(QJsonDocument(c.extraBody).toJson(QJsonDocument::Compact));
    case ConfigField::HeaderNames:
        return headerNamesText(c);
    case ConfigField::ToolVersion:
        return run.toolVersion.isEmpty() ? QCoreApplication::translate("Comparison", "unknown") : run.toolVersion;
    }
    return {};
}

bool ConfigDiff::differs(ConfigField field) const
{
    return fields().contains(field);
}

QList<ConfigField> ConfigDiff::fields() const
{
    QList<ConfigField> out;
    for (const ConfigDifference &d : differences)
        out.append(d.field);
    return out;
}

ConfigDiff diffConfigs(const QList<ComparedConfig> &runs)
{
    ConfigDiff diff;
    if (runs.size() < 2)
        return diff;
    for (int f = 0; f < kConfigFieldCount; ++f) {
        const auto field = static_cast<ConfigField>(f);
        ConfigDifference difference { field, {} };
        bool differs = false;
        bool comparable = true;
        for (const ComparedConfig &run : runs) {
            difference.values.append(configFieldValue(run, field));
            // An unknown version (an old import) is not evidence of a difference.
            if (field == ConfigField::ToolVersion && run.toolVersion.isEmpty())
                comparable = false;
            differs = differs || difference.values.constLast() != difference.values.constFirst();
        }
        if (differs && comparable)
            diff.differences.append(difference);
    }
    diff.moreThanOneVariable = diff.differences.size() > 1;
    return diff;
}

ConfigDiff diffConfigs(const ComparedConfig &baseline, const ComparedConfig &other)
{
    return diffConfigs(QList<ComparedConfig> { baseline, other });
}

QString configDiffSummary(const ConfigDiff &diff)
{
    if (diff.differences.isEmpty())
        return QCoreApplication::translate("Comparison",
            "The runs have the same inputs: any difference comes from the endpoint or the network over time.");
    QStringList titles;
    for (const ConfigDifference &d : diff.differences)
        titles.append(configFieldTitle(d.field));
    if (!diff.moreThanOneVariable)
        return QCoreApplication::translate("Comparison", "Only one input differs (%1): the comparison isolates it.")
            .arg(titles.constFirst());
    return QCoreApplication::translate("Comparison",
        "%n inputs differ (%1): a difference in the results cannot be put down to one of them. "
        "Change one variable at a time.",
        nullptr, static_cast<int>(titles.size()))
        .arg(titles.join(QStringLiteral(", ")));
}

} // namespace TokenScope::Compare
