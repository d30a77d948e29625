// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "htmlreportcharts.h"

#include "core/englishcount.h"
#include "reportformat.h"
#include "stats/servingcurve.h"
#include "stats/statistics.h"
#include "stats/turnfigures.h"
#include "svgchart.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <map>
#include <vector>

namespace TokenScope::Report::Detail {

namespace {

using Svg::LegendEntry;
using Svg::SvgChart;
using Svg::SvgPath;

constexpr int kHalfWidth = 600; // a chart beside another one
constexpr int kHalfHeight = 330;
constexpr int kWideWidth = 1200; // the timeline spans the page
constexpr int kMaxValueLabels = 8; // more points than this: no value printed beside each

// Colours of the light theme (Tailwind-like steps, readable in print).
constexpr char kBlue[] = "#2563eb";
constexpr char kOrange[] = "#ea580c";
constexpr char kGreen[] = "#059669";
constexpr char kRed[] = "#dc2626";
constexpr char kGrey[] = "#6b7280";
constexpr char kClientFill[] = "#bfdbfe"; // the token timeline's streaming blue

QString color(const char *hex)
{
    return QLatin1String(hex);
}

// One colour per level, light (low concurrency) to dark (high), so stacks read in order.
QString levelColor(int index, int count)
{
    static const char *const ramp[]
        = { "#93c5fd", "#60a5fa", "#3b82f6", "#2563eb", "#1d4ed8", "#1e40af", "#1e3a8a", "#172554" };
    constexpr int rampSize = static_cast<int>(std::size(ramp));
    if (count <= 1)
        return color(ramp[3]);
    const int spread = std::min(count, rampSize);
    const int first = spread <= 4 ? 1 : 0; // few levels: skip the palest, it fades in print
    const int pick
        = first + static_cast<int>(std::lround(double(index % spread) * (rampSize - 1 - first) / (spread - 1)));
    return color(ramp[pick]);
}

// A value printed beside a point: more decimals for small numbers.
QString valueText(double value)
{
    return plainNumber(value, std::abs(value) < 10 ? 2 : std::abs(value) < 100 ? 1 : 0);
}

// A whisker at x for a valid 95 % interval (docs/metrics.md#confidence-intervals); none otherwise.
void addWhisker(QList<Svg::Whisker> *whiskers, double x, const ConfidenceInterval &ci)
{
    if (ci.valid)
        whiskers->append({ x, ci.lo, ci.hi });
}

// How high the y axis must reach for a value and its whisker.
double highest(double value, const ConfidenceInterval &ci)
{
    return ci.valid ? std::max(value, ci.hi) : value;
}

QString whiskerCaption()
{
    return QStringLiteral(" Whiskers: the 95 % interval of each figure, where the level has enough samples for one.");
}

// ---- token timeline ----

struct TimeUnit
{
    double nsPerUnit;
    QString name;
};

// Seconds once the run is long enough that milliseconds would need five digits.
TimeUnit timelineUnit(double spanNs)
{
    if (spanNs > 10e9)
        return { 1e9, QStringLiteral("s") };
    return { 1e6, QStringLiteral("ms") };
}

// Room for the longest band label ("r=40/s c≤8" is wider than "c=16") left of the timeline's plot;
// the in-flight chart takes the same, so the two time axes line up on the page.
int timelineLeftMarginPx(const RunResult &run)
{
    qsizetype longestLabel = 0;
    for (const LoadPoint &p : run.points())
        longestLabel = std::max(longestLabel, p.label().size());
    constexpr int kLabelCharPx = 7; // tick font, average glyph
    return std::max(72, 30 + kLabelCharPx * int(longestLabel));
}

// From run start to the end of the last request, ns (at least 1).
qint64 recordsSpanNs(const RunResult &run)
{
    qint64 spanNs = 1;
    for (const RequestRecord &r : run.records)
        spanNs = std::max(spanNs, r.startNs + Stats::recordEndNs(r));
    return spanNs;
}

QList<const RequestRecord *> recordsByStart(const RunResult &run)
{
    QList<const RequestRecord *> rows;
    for (const RequestRecord &r : run.records)
        rows.append(&r);
    std::stable_sort(rows.begin(), rows.end(),
        [](const RequestRecord *a, const RequestRecord *b) { return a->startNs < b->startNs; });
    return rows;
}

QString ordinal(int n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return QString::number(n) + QStringLiteral("th");
    switch (n % 10) {
    case 1:
        return QString::number(n) + QStringLiteral("st");
    case 2:
        return QString::number(n) + QStringLiteral("nd");
    case 3:
        return QString::number(n) + QStringLiteral("rd");
    default:
        return QString::number(n) + QStringLiteral("th");
    }
}

// The paths of one kind of request (measured ok, failed, warm-up), so each is one element.
struct TimelineLayer
{
    SvgPath waiting, streaming, ticks, failures;
};

struct TimelineGeometry
{
    const SvgChart &chart;
    double unitNs;
    double rowPx;
};

void drawTimelineRow(
    const RequestRecord &r, int row, int stride, const TimelineGeometry &g, TimelineLayer &layer, int *marks)
{
    const auto x = [&](qint64 offsetNs) { return g.chart.xPx(static_cast<double>(r.startNs + offsetNs) / g.unitNs); };
    const double top = g.chart.yPx(row);
    const double barHeight = std::max(g.rowPx * 0.64, 0.6);
    const double barTop = top + (g.rowPx - barHeight) / 2;
    const qint64 endNs = Stats::recordEndNs(r);
    const qint64 waitEndNs = r.hasTtft() ? r.ttftNs : endNs;
    // At least a hairline, so a request that failed at once still shows where it was.
    layer.waiting.rect(x(0), barTop, std::max(x(waitEndNs) - x(0), 0.8), barHeight);
    if (r.hasTtft() && r.lastTokenNs > r.ttftNs)
        layer.streaming.rect(x(r.ttftNs), barTop, x(r.lastTokenNs) - x(r.ttftNs), barHeight);
    double lastTickPx = -1e9;
    const qsizetype chunks = r.chunkTimesNs.size();
    for (qsizetype i = 0; i < chunks; ++i) {
        if (i % stride != 0 && i != chunks - 1)
            continue;
        const double px = x(r.chunkTimesNs.at(i));
        if (px - lastTickPx < 0.6)
            continue; // same pixel column as the previous tick of this row
        layer.ticks.verticalTick(px, top + g.rowPx * 0.08, g.rowPx * 0.84);
        lastTickPx = px;
        ++*marks;
    }
    if (!r.ok)
        layer.failures.cross(x(endNs), top + g.rowPx / 2, std::clamp(g.rowPx * 0.45, 1.5, 4.0));
}

// "c=4" beside each level's band of rows, a dashed line between bands.
void drawLevelBands(SvgChart &chart, const QList<const RequestRecord *> &rows, const QList<LoadPoint> &points)
{
    constexpr double kLabelGapPx = 13;
    double lastLabelPx = -1e9;
    int bandStart = 0;
    for (int i = 1; i <= rows.size(); ++i) {
        const bool bandEnds = i == rows.size() || rows.at(i)->levelIndex != rows.at(bandStart)->levelIndex
            || rows.at(i)->warmup != rows.at(bandStart)->warmup;
        if (!bandEnds)
            continue;
        const RequestRecord &first = *rows.at(bandStart);
        const QString label = first.warmup ? QStringLiteral("warm-up") : levelName(points, first.levelIndex);
        const double mid = (chart.yPx(bandStart) + chart.yPx(i)) / 2;
        // A thin band next to a labelled one (the single warm-up row) goes without: the legend names it.
        const double bandPx = chart.yPx(i) - chart.yPx(bandStart);
        if ((!first.warmup || bandPx >= kLabelGapPx) && mid - lastLabelPx >= kLabelGapPx) {
            chart.addText(chart.plotLeft() - 6, mid + 4, label, QStringLiteral("end"), {});
            lastLabelPx = mid;
        }
        if (i < rows.size())
            chart.addYSeparator(i);
        bandStart = i;
    }
}

// ---- requests in flight over time ----

// The client's requests in flight as steps: up at each post, down at each end; the changes at one
// instant are taken together, so a request that ends as the next starts leaves no dip.
QList<QPointF> clientInFlightSteps(const RunResult &run, double unitNs, int *peak)
{
    std::map<qint64, int> changes; // ns -> net change in flight
    for (const RequestRecord &r : run.records) {
        ++changes[r.startNs];
        --changes[r.startNs + Stats::recordEndNs(r)];
    }
    QList<QPointF> steps { { 0, 0 } };
    int inFlight = 0;
    for (const auto &[tNs, change] : changes) {
        if (change == 0)
            continue;
        const double x = static_cast<double>(tNs) / unitNs;
        steps.append({ x, double(inFlight) });
        inFlight += change;
        steps.append({ x, double(inFlight) });
        *peak = std::max(*peak, inFlight);
    }
    return steps;
}

// The outline of `steps` (data coordinates) as path data in px; closed down to y = 0 for a fill.
QString stepsPathPx(const SvgChart &chart, const QList<QPointF> &steps, bool closed)
{
    QString d;
    for (const QPointF &p : steps)
        d += (d.isEmpty() ? u'M' : u'L') + Svg::coordinate(chart.xPx(p.x())) + u',' + Svg::coordinate(chart.yPx(p.y()));
    if (closed && !steps.isEmpty())
        d += u'L' + Svg::coordinate(chart.xPx(steps.constLast().x())) + u',' + Svg::coordinate(chart.yPx(0)) + u'L'
            + Svg::coordinate(chart.xPx(steps.constFirst().x())) + u',' + Svg::coordinate(chart.yPx(0)) + u'Z';
    return d;
}

// One of the server's gauges as step lines: each successful scrape holds its value until the next
// scrape was sent (the run's scrape interval after the last one), within [0, spanNs]. A failed
// scrape, or one without the figure, leaves a gap: nothing is drawn for what was not seen.
QList<QList<QPointF>> serverSteps(
    const RunResult &run, double ServerMetricsSample::*figure, qint64 spanNs, double unitNs, double *top)
{
    const QList<ServerMetricsSample> &samples = run.serverMetrics;
    const qint64 intervalNs = qint64(std::max(run.config.serverMetricsIntervalMs, 1)) * 1'000'000;
    QList<QList<QPointF>> lines;
    bool joined = false; // the previous sample drew up to this one's start
    for (qsizetype i = 0; i < samples.size(); ++i) {
        const ServerMetricsSample &s = samples.at(i);
        const double value = s.*figure;
        const qint64 startNs = std::clamp<qint64>(s.offsetNs, 0, spanNs);
        const qint64 endNs = std::clamp<qint64>(
            i + 1 < samples.size() ? samples.at(i + 1).offsetNs : s.offsetNs + intervalNs, 0, spanNs);
        if (!s.ok || !ServerMetricsSample::isRequestCount(value) || endNs <= startNs) { // running, waiting
            joined = false;
            continue;
        }
        if (!joined)
            lines.append(QList<QPointF> {});
        lines.last().append({ double(startNs) / unitNs, value });
        lines.last().append({ double(endNs) / unitNs, value });
        *top = std::max(*top, value);
        joined = true;
    }
    return lines;
}

// ---- histograms ----

struct LevelSample
{
    QString name; ///< levelName()
    std::vector<double> values;
};

struct HistogramSpec
{
    QString title;
    QString xTitle;
    QString yTitle;
    QString what; ///< "requests", "gaps"
};

// The range the bins cover: a far tail (a stall) would squeeze every other bar into one, so
// past 2 x P99 values go into the last bin and the caption says how many.
std::pair<double, double> binRange(const std::vector<double> &sorted)
{
    const double lo = sorted.front();
    const double p99 = Stats::percentile(sorted, 99);
    double hi = sorted.back();
    if (sorted.size() >= 20 && hi > 2 * p99 && p99 > lo)
        hi = p99 * 1.05;
    const double start = lo < 0.25 * hi ? 0.0 : lo;
    if (hi - start < 1e-9)
        return { start - 0.5, start + 0.5 };
    return { start, hi };
}

ChartFigure histogramFigure(const QList<LevelSample> &levels, const HistogramSpec &spec)
{
    std::vector<double> all;
    for (const LevelSample &l : levels)
        all.insert(all.end(), l.values.begin(), l.values.end());
    ChartFigure figure { spec.title, {}, {} };
    if (all.empty()) {
        figure.caption = QStringLiteral("No %1 to show.").arg(spec.what);
        return figure;
    }
    std::sort(all.begin(), all.end());
    const auto [lo, hi] = binRange(all);
    const int targetBins = std::clamp(static_cast<int>(std::sqrt(double(all.size())) * 2.5), 12, 50);
    const QList<double> edges = Svg::niceTicks(lo, hi, targetBins + 1);
    const int bins = std::max(1, static_cast<int>(edges.size()) - 1);
    const double binWidth = edges.size() > 1 ? edges.at(1) - edges.at(0) : 1.0;
    const auto binOf = [&](double v) {
        return std::clamp(static_cast<int>(std::floor((v - edges.constFirst()) / binWidth)), 0, bins - 1);
    };

    // counts[level][bin], stacked bottom-up in level order.
    std::vector<std::vector<int>> counts(levels.size(), std::vector<int>(bins, 0));
    int overflow = 0;
    for (qsizetype l = 0; l < levels.size(); ++l) {
        for (double v : levels.at(l).values) {
            ++counts[l][binOf(v)];
            overflow += v > edges.constLast() ? 1 : 0;
        }
    }
    int tallest = 0;
    for (int b = 0; b < bins; ++b) {
        int stack = 0;
        for (const auto &c : counts)
            stack += c[b];
        tallest = std::max(tallest, stack);
    }

    SvgChart chart(kHalfWidth, kHalfHeight);
    chart.setXAxis(spec.xTitle, edges.constFirst(), edges.constFirst() + bins * binWidth);
    chart.setYAxis(spec.yTitle, 0, std::max(tallest, 5) * 1.08);
    QList<LegendEntry> legend;
    for (qsizetype l = 0; l < levels.size(); ++l)
        legend.append({ levels.at(l).name, levelColor(int(l), int(levels.size())), LegendEntry::Mark::Box });
    for (int b = 0; b < bins; ++b) {
        int base = 0;
        const double x0 = edges.constFirst() + b * binWidth;
        for (qsizetype l = 0; l < levels.size(); ++l) {
            const int n = counts[l][b];
            if (n == 0)
                continue;
            // A hair of white between bars keeps neighbours apart without a stroke.
            const double gap = binWidth * 0.04;
            chart.addRect(x0 + gap, base, x0 + binWidth - gap, base + n, levelColor(int(l), int(levels.size())),
                QStringLiteral("%1: %2 %3 in %4–%5")
                    .arg(levels.at(l).name)
                    .arg(n)
                    .arg(spec.what, Svg::tickLabel(x0, binWidth), Svg::tickLabel(x0 + binWidth, binWidth)));
            base += n;
        }
    }
    const double p50 = Stats::percentile(all, 50);
    const double p95 = Stats::percentile(all, 95);
    chart.addXMarker(p50, QStringLiteral("P50 ") + valueText(p50), color(kGreen));
    if (p95 <= edges.constFirst() + bins * binWidth)
        chart.addXMarker(p95, QStringLiteral("P95 ") + valueText(p95), color(kOrange));
    if (levels.size() > 1)
        chart.setLegend(legend);

    figure.caption = QStringLiteral("%1 %2 over all levels: P50 %3 ms, P95 %4 ms, max %5 ms.")
                         .arg(all.size())
                         .arg(spec.what, valueText(p50), valueText(p95), valueText(all.back()));
    if (overflow > 0)
        figure.caption += QStringLiteral(" %1 above %2 ms are counted in the last bar.")
                              .arg(overflow)
                              .arg(Svg::tickLabel(edges.constLast(), binWidth));
    figure.svg = chart.toSvg(spec.title);
    return figure;
}

QList<LevelSample> samplesByLevel(
    const RunResult &run, const std::function<void(const RequestRecord &, std::vector<double> &)> &collect)
{
    std::map<int, std::vector<double>> byLevel; // by level index: the run's order
    for (const RequestRecord &r : run.records)
        if (!r.warmup && r.ok)
            collect(r, byLevel[r.levelIndex]);
    const QList<LoadPoint> points = run.points();
    QList<LevelSample> out;
    for (auto &[levelIndex, values] : byLevel)
        if (!values.empty())
            out.append({ levelName(points, levelIndex), std::move(values) });
    return out;
}

// ---- against concurrency ----

QList<const LevelSummary *> levelsByConcurrency(const RunResult &run)
{
    QList<const LevelSummary *> out;
    for (const LevelSummary &l : run.levels)
        out.append(&l);
    std::sort(out.begin(), out.end(),
        [](const LevelSummary *a, const LevelSummary *b) { return a->concurrency < b->concurrency; });
    return out;
}

// Concurrency levels usually double (1, 4, 8, 16 ... 256): log2 spacing keeps them apart.
void setConcurrencyAxis(SvgChart &chart, const QList<const LevelSummary *> &levels)
{
    QList<double> ticks;
    for (const LevelSummary *l : levels)
        ticks.append(l->concurrency);
    const double lo = ticks.constFirst();
    const double hi = ticks.constLast();
    const QString title = QStringLiteral("Concurrency (streams in flight)");
    if (lo > 0 && hi / lo >= 4)
        chart.setXAxis(title, lo / 1.3, hi * 1.3, ticks, Svg::Scale::Log2);
    else {
        const double pad = std::max(0.5, (hi - lo) * 0.1);
        chart.setXAxis(title, lo - pad, hi + pad, ticks, Svg::Scale::Linear);
    }
}

void labelPoints(SvgChart &chart, const QList<QPointF> &points)
{
    if (points.size() > kMaxValueLabels)
        return;
    for (const QPointF &p : points)
        chart.addText(chart.xPx(p.x()), chart.yPx(p.y()) - 9, valueText(p.y()), QStringLiteral("middle"), {});
}

// Lines sharing x values (the arms of an A/B run): at each x the highest value is labelled above
// its point (the first line's on a tie), every other one below its own, so close values stay
// readable; a label that would reach the x axis's tick labels goes above the highest one instead.
void labelLines(SvgChart &chart, const QList<QList<QPointF>> &lines)
{
    std::map<double, std::pair<double, qsizetype>> highestAt; // x -> (value, line)
    for (qsizetype line = 0; line < lines.size(); ++line) {
        if (lines.at(line).size() > kMaxValueLabels)
            return;
        for (const QPointF &p : lines.at(line)) {
            const auto it = highestAt.find(p.x());
            if (it == highestAt.end() || p.y() > it->second.first)
                highestAt[p.x()] = { p.y(), line };
        }
    }
    constexpr double kLabelPx = 14;
    std::map<double, double> stackTop; // x -> the baseline of the top label stacked above the highest point
    for (qsizetype line = 0; line < lines.size(); ++line)
        for (const QPointF &p : lines.at(line)) {
            const double y = chart.yPx(p.y());
            double labelY = y - 9;
            if (highestAt[p.x()].second != line) {
                labelY = y + 18;
                if (labelY > chart.plotBottom() - 2) {
                    double &top = stackTop.try_emplace(p.x(), chart.yPx(highestAt[p.x()].first) - 9).first->second;
                    top -= kLabelPx;
                    labelY = top;
                }
            }
            chart.addText(chart.xPx(p.x()), labelY, valueText(p.y()), QStringLiteral("middle"), {});
        }
}

// P95 above its point, P50 below its own; where the two points nearly meet, one "P50/P95" label.
void labelPercentilePairs(SvgChart &chart, const QList<QPointF> &p50, const QList<QPointF> &p95)
{
    if (p50.size() > kMaxValueLabels)
        return;
    constexpr double kLabelPx = 15;
    for (qsizetype i = 0; i < p50.size(); ++i) {
        const double x = chart.xPx(p50.at(i).x());
        const double y50 = chart.yPx(p50.at(i).y());
        const double y95 = chart.yPx(p95.at(i).y());
        if (y50 - y95 < kLabelPx || y50 + kLabelPx + 2 > chart.plotBottom()) {
            chart.addText(
                x, y95 - 9, valueText(p50.at(i).y()) + u'/' + valueText(p95.at(i).y()), QStringLiteral("middle"), {});
            continue;
        }
        chart.addText(x, y95 - 9, valueText(p95.at(i).y()), QStringLiteral("middle"), {});
        chart.addText(x, y50 + kLabelPx + 2, valueText(p50.at(i).y()), QStringLiteral("middle"), {});
    }
}

} // namespace

ChartFigure tokenTimelineFigure(const RunResult &run, int maxMarks)
{
    ChartFigure figure { QStringLiteral("Token timeline"), {}, {} };
    const QList<const RequestRecord *> rows = recordsByStart(run);
    if (rows.isEmpty()) {
        figure.caption = QStringLiteral("No requests to show.");
        return figure;
    }
    const qint64 spanNs = recordsSpanNs(run);
    qint64 totalChunks = 0;
    for (const RequestRecord *r : rows)
        totalChunks += r->chunkTimesNs.size();
    const TimeUnit unit = timelineUnit(static_cast<double>(spanNs));
    const int stride = std::max<qint64>(1, (totalChunks + std::max(maxMarks, 1) - 1) / std::max(maxMarks, 1));

    const int rowCount = static_cast<int>(rows.size());
    const double plotHeight = std::clamp(rowCount * 9.0, 140.0, 600.0);
    SvgChart chart(kWideWidth, static_cast<int>(plotHeight) + 34 + 46);
    chart.setMargins(timelineLeftMarginPx(run), 34, 18, 46);
    chart.setXAxis(
        QStringLiteral("Time since run start (%1)").arg(unit.name), 0, static_cast<double>(spanNs) / unit.nsPerUnit);
    chart.setYRows(QStringLiteral("Requests, by start time"), rowCount);
    drawLevelBands(chart, rows, run.points());

    TimelineLayer measured, failed, warmup;
    const TimelineGeometry geometry { chart, unit.nsPerUnit, plotHeight / rowCount };
    int marks = 0;
    for (int i = 0; i < rowCount; ++i) {
        const RequestRecord &r = *rows.at(i);
        TimelineLayer &layer = r.warmup ? warmup : (r.ok ? measured : failed);
        drawTimelineRow(r, i, stride, geometry, layer, &marks);
    }
    const bool any = totalChunks > 0;
    for (const TimelineLayer *layer : { &warmup, &measured, &failed }) {
        const bool isWarmup = layer == &warmup;
        chart.addFilledPath(layer->waiting.d(),
            isWarmup               ? color("#d1d5db")
                : layer == &failed ? color("#fecaca")
                                   : color("#fbbf24"),
            isWarmup ? 1.0 : 0.75);
        chart.addFilledPath(layer->streaming.d(), isWarmup ? color("#e5e7eb") : color("#bfdbfe"));
        chart.addStrokedPath(layer->ticks.d(), isWarmup ? color(kGrey) : color("#1e40af"), 1.0, 0.9);
        chart.addStrokedPath(layer->failures.d(), color(kRed), 1.6);
    }
    QList<LegendEntry> legend {
        { QStringLiteral("waiting for first token (TTFT)"), color("#fbbf24"), LegendEntry::Mark::Box },
        { QStringLiteral("streaming"), color("#bfdbfe"), LegendEntry::Mark::Box },
        { QStringLiteral("chunk arrival"), color("#1e40af"), LegendEntry::Mark::Line },
    };
    if (!failed.failures.isEmpty())
        legend.append({ QStringLiteral("failed (x at its end)"), color(kRed), LegendEntry::Mark::Line });
    if (!warmup.waiting.isEmpty())
        legend.append({ QStringLiteral("warm-up (not counted)"), color("#d1d5db"), LegendEntry::Mark::Box });
    chart.setLegend(legend);

    figure.caption = QStringLiteral("%1 requests, %2 chunk arrivals.").arg(rowCount).arg(totalChunks);
    if (any && stride > 1)
        figure.caption += QStringLiteral(" Every %1 chunk of each request drawn (and its last): %2 ticks.")
                              .arg(ordinal(stride))
                              .arg(marks);
    figure.svg = chart.toSvg(QStringLiteral("Token timeline: one row per request, a tick per chunk"));
    return figure;
}

ChartFigure inFlightFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("Requests in flight"), {}, {} };
    if (run.records.isEmpty()) {
        figure.caption = QStringLiteral("No requests to show.");
        return figure;
    }
    const qint64 spanNs = recordsSpanNs(run);
    const TimeUnit unit = timelineUnit(static_cast<double>(spanNs));
    int peak = 0;
    const QList<QPointF> client = clientInFlightSteps(run, unit.nsPerUnit, &peak);
    double top = peak;
    const QList<QList<QPointF>> running = serverSteps(run, &ServerMetricsSample::running, spanNs, unit.nsPerUnit, &top);
    const QList<QList<QPointF>> waiting = serverSteps(run, &ServerMetricsSample::waiting, spanNs, unit.nsPerUnit, &top);

    SvgChart chart(kWideWidth, kHalfHeight);
    chart.setMargins(timelineLeftMarginPx(run), 34, 18, 46);
    chart.setXAxis(
        QStringLiteral("Time since run start (%1)").arg(unit.name), 0, static_cast<double>(spanNs) / unit.nsPerUnit);
    chart.setYAxis(QStringLiteral("Requests"), 0, std::max(top, 1.0) * 1.12);
    // The client's count as a light area, the server's lines over it: where they agree they overlap.
    chart.addFilledPath(stepsPathPx(chart, client, true), color(kClientFill), 0.8);
    chart.addStrokedPath(stepsPathPx(chart, client, false), color(kBlue), 1.2);
    QList<LegendEntry> legend { { QStringLiteral("client: in flight"), color(kClientFill), LegendEntry::Mark::Box } };
    for (const QList<QPointF> &line : running)
        chart.addLine(line, color(kGreen), false, false);
    for (const QList<QPointF> &line : waiting)
        chart.addLine(line, color(kOrange), true, false);
    if (!running.isEmpty())
        legend.append({ QStringLiteral("server running"), color(kGreen), LegendEntry::Mark::Line });
    if (!waiting.isEmpty())
        legend.append({ QStringLiteral("server waiting"), color(kOrange), LegendEntry::Mark::DashedLine });
    chart.setLegend(legend);

    figure.caption
        = QStringLiteral("Requests the client had in flight, from each post to its end (peak %1).").arg(peak);
    if (!running.isEmpty() || !waiting.isEmpty())
        figure.caption += QStringLiteral(" The server's own running and waiting requests from %1 of its metrics, "
                                         "each held until the next scrape; a failed scrape leaves a gap.")
                              .arg(countOf(run.serverScrapesOk(), u"successful scrape", u"successful scrapes"));
    figure.svg = chart.toSvg(QStringLiteral("Requests in flight over time, the client's and the server's"));
    return figure;
}

ChartFigure ttftHistogramFigure(const RunResult &run)
{
    const QList<LevelSample> levels = samplesByLevel(run, [](const RequestRecord &r, std::vector<double> &out) {
        if (r.hasTtft())
            out.push_back(Stats::ttftMs(r));
    });
    return histogramFigure(levels,
        { QStringLiteral("TTFT distribution"), QStringLiteral("Time to first token (ms)"), QStringLiteral("Requests"),
            QStringLiteral("requests") });
}

ChartFigure itlHistogramFigure(const RunResult &run)
{
    const int minTokens = run.config.minTokensForTpot;
    const QList<LevelSample> levels
        = samplesByLevel(run, [minTokens](const RequestRecord &r, std::vector<double> &out) {
              if (r.outputTokens < minTokens)
                  return; // left out of ITL like in the table (docs/metrics.md#5-filters-warm-up-and-short-outputs)
              const std::vector<double> gaps = Stats::itlMs(r);
              out.insert(out.end(), gaps.begin(), gaps.end());
          });
    return histogramFigure(levels,
        { QStringLiteral("Inter-token latency distribution"), QStringLiteral("Gap between chunks (ms)"),
            QStringLiteral("Gaps"), QStringLiteral("gaps") });
}

ChartFigure ttftByConcurrencyFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("TTFT vs concurrency"),
        QStringLiteral("Time to first token per level, completed requests only."), {} };
    QList<const LevelSummary *> levels;
    for (const LevelSummary *l : levelsByConcurrency(run))
        if (l->ttftMs.count > 0)
            levels.append(l);
    if (levels.isEmpty()) {
        figure.caption = QStringLiteral("No level has a measured TTFT.");
        return figure;
    }
    QList<QPointF> p50, p95;
    QList<Svg::Whisker> p50Whiskers, p95Whiskers;
    double top = 0;
    for (const LevelSummary *l : levels) {
        const double c = l->concurrency;
        p50.append({ c, l->ttftMs.p50 });
        p95.append({ c, l->ttftMs.p95 });
        addWhisker(&p50Whiskers, c, l->ttftMs.p50Ci);
        addWhisker(&p95Whiskers, c, l->ttftMs.p95Ci);
        top = std::max(top, highest(l->ttftMs.p95, l->ttftMs.p95Ci));
    }
    SvgChart chart(kHalfWidth, kHalfHeight);
    setConcurrencyAxis(chart, levels);
    chart.setYAxis(QStringLiteral("TTFT (ms)"), 0, top * 1.12);
    chart.addWhiskers(p95Whiskers, color(kOrange));
    chart.addWhiskers(p50Whiskers, color(kBlue));
    chart.addLine(p95, color(kOrange), true, true);
    chart.addLine(p50, color(kBlue), false, true);
    labelPercentilePairs(chart, p50, p95);
    chart.setLegend({ { QStringLiteral("P50"), color(kBlue), LegendEntry::Mark::Line },
        { QStringLiteral("P95"), color(kOrange), LegendEntry::Mark::DashedLine } });
    if (levels.size() <= kMaxValueLabels)
        figure.caption += QStringLiteral(" Values in ms; \"a/b\" is P50/P95 where the two nearly meet.");
    if (!p50Whiskers.isEmpty() || !p95Whiskers.isEmpty())
        figure.caption += whiskerCaption();
    figure.svg = chart.toSvg(figure.title);
    return figure;
}

ChartFigure byTurnFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("TTFT by turn"),
        QStringLiteral("TTFT P50 (solid) and P95 (dashed) of each turn of the conversations, per level: a "
                       "server whose prefix cache holds the history keeps later turns' TTFT from growing with it."),
        {} };
    const int turns = Stats::turnsPerConversation(run);
    if (turns == 0 || run.levels.isEmpty())
        return figure;
    SvgChart chart(kWideWidth, kHalfHeight);
    QList<double> ticks;
    for (int t = 1; t <= turns; t += std::max(1, turns / 12))
        ticks.append(t);
    chart.setXAxis(QStringLiteral("Turn"), 1, std::max(2, turns), ticks, Svg::Scale::Linear);
    QList<QList<QPointF>> p50s, p95s;
    double top = 0;
    for (const LevelSummary &level : run.levels) {
        QList<QPointF> p50, p95;
        for (const Stats::TurnFigures &t : Stats::figuresByTurn(run.records, level.levelIndex)) {
            if (t.ttftP50Ms < 0)
                continue;
            p50.append({ double(t.turn), t.ttftP50Ms });
            p95.append({ double(t.turn), t.ttftP95Ms });
            top = std::max(top, t.ttftP95Ms);
        }
        p50s.append(p50);
        p95s.append(p95);
    }
    if (top <= 0)
        return figure;
    chart.setYAxis(QStringLiteral("TTFT (ms)"), 0, top * 1.12);
    QList<LegendEntry> legend;
    for (qsizetype i = 0; i < run.levels.size(); ++i) {
        const QString c = levelColor(int(i), int(run.levels.size()));
        chart.addLine(p95s.at(i), c, true, true);
        chart.addLine(p50s.at(i), c, false, true);
        legend.append({ run.levels.at(i).point.label(), c, LegendEntry::Mark::Line });
    }
    chart.setLegend(legend);
    figure.svg = chart.toSvg(figure.title);
    return figure;
}

ChartFigure throughputByConcurrencyFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("Output throughput vs concurrency"), {}, {} };
    const QList<const LevelSummary *> levels = levelsByConcurrency(run);
    if (levels.isEmpty()) {
        figure.caption = QStringLiteral("No measured level.");
        return figure;
    }
    QList<QPointF> points;
    QList<Svg::Whisker> whiskers;
    double top = 0;
    for (const LevelSummary *l : levels) {
        points.append({ double(l->concurrency), l->outputThroughput });
        addWhisker(&whiskers, l->concurrency, l->outputThroughputCi);
        top = std::max(top, highest(l->outputThroughput, l->outputThroughputCi));
    }
    SvgChart chart(kHalfWidth, kHalfHeight);
    setConcurrencyAxis(chart, levels);
    chart.setYAxis(QStringLiteral("Output throughput (tokens/s)"), 0, top * 1.12);
    chart.addWhiskers(whiskers, color(kGreen));
    chart.addLine(points, color(kGreen), false, true);
    labelPoints(chart, points);
    chart.setLegend({ { QStringLiteral("output tokens / level duration"), color(kGreen), LegendEntry::Mark::Line } });
    figure.caption = QStringLiteral("All output tokens of a level over its duration (first start to last end).");
    if (!whiskers.isEmpty())
        figure.caption += whiskerCaption();
    figure.svg = chart.toSvg(figure.title);
    return figure;
}

ChartFigure servingCurveFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("Serving curve"), {}, {} };
    const QList<Stats::ServingPoint> curve = servingCurveOf(run);
    if (curve.size() < 2) {
        figure.caption = QStringLiteral("Needs two or more levels with completed requests.");
        return figure;
    }
    // TPOT has a figure of its own (tpotServingFigure()): a queued level's TTFT runs to seconds and
    // would flatten a 10 ms TPOT line against the bottom of a shared axis.
    QList<QPointF> ttft50, ttft95;
    QList<Svg::Whisker> ttft50Whiskers, ttft95Whiskers;
    double right = 0, top = 0;
    for (const Stats::ServingPoint &p : curve) {
        right = std::max(right, p.throughput);
        if (p.ttftP50Ms >= 0)
            ttft50.append({ p.throughput, p.ttftP50Ms });
        if (p.ttftP95Ms >= 0)
            ttft95.append({ p.throughput, p.ttftP95Ms });
        addWhisker(&ttft50Whiskers, p.throughput, p.ttftP50Ci);
        addWhisker(&ttft95Whiskers, p.throughput, p.ttftP95Ci);
        top = std::max({ top, highest(p.ttftP95Ms, p.ttftP95Ci), highest(p.ttftP50Ms, p.ttftP50Ci) });
    }
    SvgChart chart(kWideWidth, kHalfHeight + 40);
    chart.setMargins(64, 34, 30, 46);
    chart.setXAxis(QStringLiteral("Achieved throughput (requests/s completed)"), 0, right * 1.08);
    chart.setYAxis(QStringLiteral("TTFT (ms)"), 0, std::max(top, 1.0) * 1.15);
    const Stats::Knee knee = Stats::findKnee(curve);
    if (knee.takeOff >= 0)
        chart.addXMarker(curve.at(knee.takeOff).throughput,
            QStringLiteral("knee: TTFT takes off at ") + curve.at(knee.takeOff).label, color(kRed));
    chart.addWhiskers(ttft95Whiskers, color(kOrange));
    chart.addWhiskers(ttft50Whiskers, color(kBlue));
    chart.addLine(ttft95, color(kOrange), true, true);
    chart.addLine(ttft50, color(kBlue), false, true);
    // The load point above each level's highest figure, so a reader can tell which rate gave it.
    if (curve.size() <= 2 * kMaxValueLabels) {
        for (const Stats::ServingPoint &p : curve) {
            const double high = std::max({ p.ttftP95Ms, p.ttftP50Ms, 0.0 });
            chart.addText(chart.xPx(p.throughput), chart.yPx(high) - 9, p.label, QStringLiteral("middle"), {});
        }
    }
    chart.setLegend({ { QStringLiteral("TTFT P50"), color(kBlue), LegendEntry::Mark::Line },
        { QStringLiteral("TTFT P95"), color(kOrange), LegendEntry::Mark::DashedLine } });
    figure.caption = QStringLiteral("One point per level, at the throughput it achieved; latencies count from the "
                                    "send, so the server's queueing shows in them.");
    if (!ttft50Whiskers.isEmpty() || !ttft95Whiskers.isEmpty())
        figure.caption += whiskerCaption();
    if (!knee.sentence.isEmpty())
        figure.caption += u' ' + knee.sentence;
    figure.svg = chart.toSvg(QStringLiteral("Serving curve: TTFT against achieved throughput"));
    return figure;
}

ChartFigure tpotServingFigure(const RunResult &run)
{
    ChartFigure figure { QStringLiteral("TPOT vs achieved throughput"), {}, {} };
    const QList<Stats::ServingPoint> curve = servingCurveOf(run);
    QList<QPointF> points;
    QList<Svg::Whisker> whiskers;
    double right = 0, top = 0;
    for (const Stats::ServingPoint &p : curve) {
        right = std::max(right, p.throughput);
        if (p.tpotP50Ms < 0)
            continue;
        points.append({ p.throughput, p.tpotP50Ms });
        addWhisker(&whiskers, p.throughput, p.tpotP50Ci);
        top = std::max(top, highest(p.tpotP50Ms, p.tpotP50Ci));
    }
    if (points.size() < 2) {
        figure.caption = QStringLiteral("Needs two or more levels with a TPOT.");
        return figure;
    }
    SvgChart chart(kWideWidth, kHalfHeight);
    chart.setMargins(64, 34, 30, 46);
    chart.setXAxis(QStringLiteral("Achieved throughput (requests/s completed)"), 0, right * 1.08);
    // Its own axis, from its own values: TPOT moves by milliseconds where TTFT moves by seconds.
    chart.setYAxis(QStringLiteral("TPOT P50 (ms)"), 0, std::max(top, 0.1) * 1.15);
    chart.addWhiskers(whiskers, color(kGreen));
    chart.addLine(points, color(kGreen), false, true);
    labelPoints(chart, points);
    chart.setLegend({ { QStringLiteral("TPOT P50"), color(kGreen), LegendEntry::Mark::Line } });
    figure.caption = QStringLiteral("Median time per output token after the first, one point per level at the "
                                    "throughput it achieved, on an axis of its own.");
    if (!whiskers.isEmpty())
        figure.caption += whiskerCaption();
    figure.svg = chart.toSvg(QStringLiteral("TPOT P50 against achieved throughput"));
    return figure;
}

// ---- an A/B run: both arms on one chart ----

QString armColor(int arm)
{
    return color(arm == 0 ? kBlue : arm == 1 ? kOrange : kGreen);
}

QString armName(const RunResult &arm)
{
    return armLetter(std::max(0, arm.armOf)) + QStringLiteral(": ") + arm.config.model;
}

ChartFigure armsByConcurrencyFigure(const QList<RunResult> &arms, const ArmFigureSpec &spec)
{
    ChartFigure figure { spec.title, spec.caption, {} };
    QList<const LevelSummary *> drawn; // every arm's levels with the figure, for the axis
    QList<QList<QPointF>> lines;
    QList<QList<Svg::Whisker>> whiskers;
    double top = 0;
    for (const RunResult &arm : arms) {
        QList<QPointF> line;
        QList<Svg::Whisker> armWhiskers;
        for (const LevelSummary *l : levelsByConcurrency(arm)) {
            const std::optional<ArmFigureValue> v = spec.value(*l);
            if (!v)
                continue;
            drawn.append(l);
            line.append({ double(l->concurrency), v->value });
            addWhisker(&armWhiskers, l->concurrency, v->ci);
            top = std::max(top, highest(v->value, v->ci));
        }
        lines.append(line);
        whiskers.append(armWhiskers);
    }
    if (drawn.isEmpty()) {
        figure.caption = QStringLiteral("No level of either arm measured it.");
        return figure;
    }
    std::sort(drawn.begin(), drawn.end(),
        [](const LevelSummary *a, const LevelSummary *b) { return a->concurrency < b->concurrency; });
    drawn.erase(std::unique(drawn.begin(), drawn.end(),
                    [](const LevelSummary *a, const LevelSummary *b) { return a->concurrency == b->concurrency; }),
        drawn.end());
    SvgChart chart(kHalfWidth, kHalfHeight);
    setConcurrencyAxis(chart, drawn);
    chart.setYAxis(spec.yTitle, 0, std::max(top, 1e-9) * 1.12);
    QList<LegendEntry> legend;
    bool anyWhisker = false;
    for (int arm = 0; arm < arms.size(); ++arm) {
        chart.addWhiskers(whiskers.at(arm), armColor(arm));
        chart.addLine(lines.at(arm), armColor(arm), arm > 0, true);
        legend.append({ armName(arms.at(arm)), armColor(arm),
            arm > 0 ? LegendEntry::Mark::DashedLine : LegendEntry::Mark::Line });
        anyWhisker = anyWhisker || !whiskers.at(arm).isEmpty();
    }
    labelLines(chart, lines);
    chart.setLegend(legend);
    if (anyWhisker)
        figure.caption += whiskerCaption();
    figure.svg = chart.toSvg(figure.title);
    return figure;
}

namespace {

// One serving-curve chart of every arm: `value` (TTFT or TPOT P50, with its interval) against the
// throughput the arm achieved, one line per arm in its colour.
struct ArmsCurveSpec
{
    QString title;
    QString yTitle;
    QString figureName; ///< "TTFT P50"
    QString caption;
    std::function<std::pair<double, ConfidenceInterval>(const Stats::ServingPoint &)> value;
};

ChartFigure armsCurveFigure(const QList<RunResult> &arms, const ArmsCurveSpec &spec)
{
    ChartFigure figure { spec.title, {}, {} };
    QList<QList<QPointF>> lines;
    QList<QList<Svg::Whisker>> whiskers;
    double right = 0, top = 0;
    for (const RunResult &arm : arms) {
        const QList<Stats::ServingPoint> curve = servingCurveOf(arm);
        QList<QPointF> line;
        QList<Svg::Whisker> armWhiskers;
        for (const Stats::ServingPoint &p : curve.size() >= 2 ? curve : QList<Stats::ServingPoint> {}) {
            const auto [value, ci] = spec.value(p);
            if (value < 0)
                continue;
            line.append({ p.throughput, value });
            addWhisker(&armWhiskers, p.throughput, ci);
            right = std::max(right, p.throughput);
            top = std::max(top, highest(value, ci));
        }
        lines.append(line);
        whiskers.append(armWhiskers);
    }
    if (right <= 0) {
        figure.caption = QStringLiteral("Needs two or more levels with completed requests in an arm.");
        return figure;
    }
    SvgChart chart(kWideWidth, kHalfHeight);
    chart.setMargins(64, 34, 30, 46);
    chart.setXAxis(QStringLiteral("Achieved throughput (requests/s completed)"), 0, right * 1.08);
    chart.setYAxis(spec.yTitle, 0, std::max(top, 0.1) * 1.15);
    QList<LegendEntry> legend;
    for (int arm = 0; arm < arms.size(); ++arm) {
        if (lines.at(arm).isEmpty())
            continue;
        chart.addWhiskers(whiskers.at(arm), armColor(arm));
        chart.addLine(lines.at(arm), armColor(arm), arm > 0, true);
        legend.append({ armName(arms.at(arm)) + u' ' + spec.figureName, armColor(arm),
            arm > 0 ? LegendEntry::Mark::DashedLine : LegendEntry::Mark::Line });
    }
    chart.setLegend(legend);
    figure.caption = spec.caption + whiskerCaption();
    figure.svg = chart.toSvg(spec.title + QStringLiteral(": against achieved throughput"));
    return figure;
}

} // namespace

ChartFigure armsServingCurveFigure(const QList<RunResult> &arms)
{
    return armsCurveFigure(arms,
        { QStringLiteral("Serving curves of both arms"), QStringLiteral("TTFT P50 (ms)"), QStringLiteral("TTFT P50"),
            QStringLiteral("Each arm's levels at the throughput it achieved, in the arm's colour: the median wait for "
                           "the first token, counted from the send. TPOT has a chart of its own below."),
            [](const Stats::ServingPoint &p) {
                return std::pair { p.ttftP50Ms, p.ttftP50Ci };
            } });
}

ChartFigure armsTpotCurveFigure(const QList<RunResult> &arms)
{
    return armsCurveFigure(arms,
        { QStringLiteral("TPOT of both arms against throughput"), QStringLiteral("TPOT P50 (ms)"),
            QStringLiteral("TPOT P50"),
            QStringLiteral("Each arm's median time per output token after the first, at the throughput it achieved, "
                           "on an axis of its own: TPOT moves by milliseconds where TTFT moves by seconds."),
            [](const Stats::ServingPoint &p) {
                return std::pair { p.tpotP50Ms, p.tpotP50Ci };
            } });
}

} // namespace TokenScope::Report::Detail
