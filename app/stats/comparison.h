// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>
#include <vector>

/// Comparing runs (the Compare tab, docs/history-and-compare.md#4-the-compare-tab): distributions
/// as empirical CDFs, a level-by-level delta table against a baseline, and what differs between
/// the runs' configs. Pure functions over value types, Qt Core only; thread-safe.
namespace TokenScope::Compare {

// ---------------------------------------------------------------------------------------------
// Empirical CDFs

/// A per-request latency whose distribution can be drawn.
enum class Metric { Ttft, Tpot, Itl, E2e };

QString metricKey(Metric metric); ///< "ttft", "tpot", "itl", "e2e" (stable, for settings and exports)

/// The samples of `metric` over `records`, in ms, ascending, chosen as the level summaries choose
/// them (Stats::summarizeLevel): measured (neither warm-up nor ramp-up) completed requests; TPOT and ITL only from
/// requests with at least `minTokensForTpot` output tokens; ITL contributes every gap.
std::vector<double> metricSamples(const QList<RequestRecord> &records, Metric metric, int minTokensForTpot);

/// The empirical CDF of `metric` over `records`: points (x = value in ms, y = fraction of samples
/// <= x, in (0, 1]), ascending in x, one point per distinct value (the step's top), so a line
/// through them with steps drawn "after" is the exact ECDF. Empty when there is no sample.
///
/// With maxPoints >= 2 and more distinct values than that, the curve is thinned to at most
/// maxPoints points, always keeping the first and the last (for charts: a few thousand points per
/// series at most; the Compare tab keeps 1,500, docs/history-and-compare.md#4-the-compare-tab);
/// every kept point still lies exactly on the ECDF.
QList<QPointF> cdf(const QList<RequestRecord> &records, Metric metric, int minTokensForTpot, int maxPoints = 0);

/// The CDF over one run: its measured records at `concurrency` (of every level at it, should it
/// repeat), or over every level when concurrency is 0. Uses the run's own config.minTokensForTpot.
QList<QPointF> cdf(const RunResult &run, Metric metric, int concurrency = 0, int maxPoints = 0);

// ---------------------------------------------------------------------------------------------
// Level-by-level deltas

/// The figures of the delta table, in its column order.
enum class DeltaMetric {
    ErrorRate, ///< failed / requests, in %; its delta is in percentage points (no % of the baseline)
    TtftP50,
    TtftP95,
    TpotP50,
    TpotP95,
    ItlP50,
    E2eP50,
    OutputThroughput, ///< tokens/s
    RequestThroughput, ///< requests/s
};
inline constexpr int kDeltaMetricCount = 9;
/// A change smaller than this, in % of the baseline, is noise: neither better nor worse, and no
/// headline blames it (docs/history-and-compare.md#4-the-compare-tab). The rule for a figure
/// without a usable 95 % interval in either run; see significance().
inline constexpr double kNoiseBandPercent = 5.0;
/// The same for the error rate, in percentage points.
inline constexpr double kErrorRateBandPoints = 1.0;
/// A change smaller than this, in % of the baseline, is never real, even when the two runs' 95 %
/// intervals are apart: the intervals cover sampling noise only, and two runs of one
/// configuration on one machine differ by a few tenths of a percent as the machine's load moves
/// (docs/history-and-compare.md#4-the-compare-tab). Repeats use it too (docs/metrics.md#repeats).
inline constexpr double kMinRealChangePercent = 1.0;

QString deltaMetricKey(
    DeltaMetric metric); ///< "ttft_p50_ms", ..., "output_throughput_tok_s", "request_throughput_req_s"
/// Translated column title with its unit ("TTFT P50 (ms)"); context "Comparison".
QString deltaMetricTitle(DeltaMetric metric);
/// Latencies: lower is better; throughputs: higher is better (for colouring a delta).
bool higherIsBetter(DeltaMetric metric);
/// Whether a level summary gives `metric` a 95 % interval: every figure but the error rate and
/// request throughput.
bool hasInterval(DeltaMetric metric);

/// The figure of `metric` in `level`, absent when it was not measured (an empty distribution,
/// or a zero duration for throughputs): never a fake 0.
std::optional<double> deltaMetricValue(const LevelSummary &level, DeltaMetric metric);

/// Why a figure that can carry a 95 % interval was judged without one.
enum class MissingInterval {
    None, ///< both intervals are there (or the figure never has one: error rate, request throughput)
    TooFewSamples, ///< a run has fewer samples than the interval needs (Stats::minSamplesForInterval)
    NotStored, ///< a run was stored before intervals existed
    /// Output throughput's interval is a point [x, x] (every request returned as many tokens): it
    /// leaves out the duration's uncertainty, so it says nothing about noise.
    PointInterval,
};

/// One cell: both values, other - baseline, and that as % of the baseline. Absolute is absent
/// when either value is; percent also when the baseline is 0.
struct DeltaCell
{
    std::optional<double> baseline;
    std::optional<double> other;
    std::optional<double> absolute;
    std::optional<double> percent;
    /// Both figures' 95 % intervals (docs/metrics.md#confidence-intervals), valid only when both
    /// runs have a usable one; otherwise `missing` says why not.
    ConfidenceInterval baselineCi, otherCi;
    MissingInterval missing = MissingInterval::None;
    bool hasIntervals() const { return baselineCi.valid && otherCi.valid; }
};

/// One row: a level found in either run.
struct LevelDelta
{
    int concurrency = 0; ///< the load point's concurrency (a rate level's cap, 0 = none)
    /// The load the row matches: kind, rate and cap (the baseline's level's point when it has one).
    LoadPoint point;
    QString label; ///< point.label(): "c=4", "r=40/s c≤4"
    /// 0: the first level at this load point in its run; 1: the second (`1,4,1` repeats c=1 as a
    /// drift check), and so on. Levels are matched by load point (kind, rate, cap) and occurrence.
    int occurrence = 0;
    bool inBaseline = false;
    bool inOther = false;
    std::array<DeltaCell, kDeltaMetricCount> cells; ///< indexed by DeltaMetric
    const DeltaCell &cell(DeltaMetric metric) const { return cells[static_cast<size_t>(metric)]; }
};

/// Whether a change is larger than its noise (docs/history-and-compare.md#4-the-compare-tab).
enum class Significance {
    Unknown, ///< no change to judge: a figure is absent, or a band rule meets a zero baseline
    WithinNoise,
    Real,
};
/// How a change was judged.
enum class JudgedBy {
    Intervals, ///< both runs' 95 % intervals: real when they do not overlap
    /// A fixed band: kErrorRateBandPoints for the error rate, else kNoiseBandPercent (for request
    /// throughput, which has no interval, or a figure whose interval is missing: cell.missing).
    Band,
};
/// What significance() decided, and by which rule.
struct Judgement
{
    Significance significance = Significance::Unknown;
    JudgedBy judgedBy = JudgedBy::Band;
    /// By intervals, apart, but smaller than kMinRealChangePercent: within noise all the same.
    bool belowFloor = false;
};

/// The one rule that tells a real change from noise, for every verdict of the Compare tab.
/// When both runs have a 95 % interval of the figure, the change is real exactly when the two
/// intervals do not overlap (touching ends overlap). That is conservative: two disjoint 95 %
/// intervals amount to a test at a stricter level than 5 %, and overlapping ones do not prove the
/// runs equal. Apart intervals around a change under kMinRealChangePercent are within noise
/// (belowFloor). Without both intervals: real when the change is at least kNoiseBandPercent of the
/// baseline. The error rate (kErrorRateBandPoints) and request throughput keep their bands.
Judgement significance(const DeltaCell &cell, DeltaMetric metric);

/// +1 when `cell` moved the good way and significance() calls it real, -1 the bad way, 0 within
/// noise (or absent).
int deltaDirection(const DeltaCell &cell, DeltaMetric metric);
/// The `occurrence`-th level at `concurrency` in `levels` (in level order), or null. Any kind:
/// for runs with rate levels use the LoadPoint overload.
const LevelSummary *levelAt(const QList<LevelSummary> &levels, int concurrency, int occurrence);
/// The `occurrence`-th level of `levels` whose load point has the kind, rate and cap of `point`
/// (arrival, role and index aside), or null: what a LevelDelta row matched.
const LevelSummary *levelAt(const QList<LevelSummary> &levels, const LoadPoint &point, int occurrence);

/// Rows for every level of either list: closed-loop levels first by concurrency, then rate levels
/// by rate (all at once last) and cap, each by occurrence. The k-th level at a load point in one
/// run is matched with the k-th at it in the other (in level order); a rate level never matches a
/// closed-loop one, whatever their concurrencies.
QList<LevelDelta> levelDeltas(const QList<LevelSummary> &baseline, const QList<LevelSummary> &other);
QList<LevelDelta> levelDeltas(const RunResult &baseline, const RunResult &other);
/// The row a headline reads: the last of `rows` (levelDeltas() order) that both runs measured,
/// the highest load where load shows; null when the runs share no load point.
const LevelDelta *highestCommonLevel(const QList<LevelDelta> &rows);

// ---------------------------------------------------------------------------------------------
// Config differences (one variable at a time)

/// An input that should stay fixed between compared runs (docs/methodology.md#1-fix-everything-but-one-variable),
/// as the Compare tab's one-variable check sees it (docs/history-and-compare.md#4-the-compare-tab).
enum class ConfigField {
    Model,
    BaseUrl, ///< the endpoint
    Api, ///< chat or completions
    PromptLength, ///< in characters
    MaxTokens,
    Temperature,
    ConcurrencyLevels,
    Warmup, ///< warm-up requests
    RequestsPerLevel, ///< the fixed count, or "N x concurrency"
    HttpVersion, ///< HTTP/1.1 or HTTP/2
    Proxy, ///< direct, the system's proxy, or a given proxy (shown without user info)
    Transport, ///< how requests travelled: "Qt network", "libcurl" or "libcurl, busy-poll"
    Preconnect, ///< whether connections were opened before each level (TTFT carries setup if not)
    IncludeUsage, ///< whether token counts came from usage (else from chunks)
    ExtraBody,
    HeaderNames, ///< names only: values may be secrets and are not stored
    ToolVersion, ///< TokenScope version that measured (only when both are known)
};
inline constexpr int kConfigFieldCount = 17;

QString configFieldKey(ConfigField field); ///< "model", "base_url", ... (stable)
QString configFieldTitle(ConfigField field); ///< translated ("Model", "Endpoint", ...); context "Comparison"

/// A run's inputs as the diff sees them.
struct ComparedConfig
{
    RunConfig config;
    QString toolVersion; ///< empty when unknown (then ToolVersion is not compared)
};

/// `field` of `run` as shown to the user ("256", "HTTP/2", "1, 4, 8", "1280 chars", ...).
QString configFieldValue(const ComparedConfig &run, ConfigField field);

/// A field that differs: its value in each compared run, in the order given (baseline first).
struct ConfigDifference
{
    ConfigField field = ConfigField::Model;
    QStringList values;
};

struct ConfigDiff
{
    QList<ConfigDifference> differences; ///< in ConfigField order
    /// More than one field differs: the comparison no longer isolates one variable and the
    /// compare view should warn (the method: change one variable at a time).
    bool moreThanOneVariable = false;

    bool differs(ConfigField field) const;
    QList<ConfigField> fields() const;
};

/// What differs across `runs` (two or more; the first is the baseline). A field differs when
/// any run's value differs from the baseline's. Fewer than two runs: no difference.
ConfigDiff diffConfigs(const QList<ComparedConfig> &runs);
ConfigDiff diffConfigs(const ComparedConfig &baseline, const ComparedConfig &other);

/// One translated sentence for the compare view: "Only the model differs: ..." / "3 inputs
/// differ (model, max_tokens, endpoint): the difference in results cannot be put down to one
/// of them." / "The configs are the same." Context "Comparison".
QString configDiffSummary(const ConfigDiff &diff);

} // namespace TokenScope::Compare
