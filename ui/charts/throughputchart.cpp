// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "throughputchart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"
#include "stats/histogram.h"
#include "stats/statistics.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QKeySequence>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 40; // the token timeline's cadence: both redraw together
constexpr qint64 kBinNs = 10'000'000; // 10 ms: finer than any window, coarse enough for hours
constexpr double kBinS = kBinNs / 1e9;
constexpr int kMaxPointsPerSeries = 2000;
constexpr double kMinZoomS = 0.1; // ten bins: a narrower view would show the bins, not the rate

// The rate over a window of `windowS` ending at `tS`, from the `inWindow` chunks in it. Before a whole
// window has passed it divides by the time elapsed, but by no less than a quarter window: the first
// chunk alone would otherwise read as a spike of 100 chunks/s.
double windowRate(qint64 inWindow, double tS, double windowS, double tokensPerChunk)
{
    const double coveredS = std::min(windowS, std::max(tS, windowS / 4));
    return static_cast<double>(inWindow) / coveredS * tokensPerChunk;
}

// Both y axes get the same number of intervals, so their grid lines coincide; of 4, 5 or 6, the
// one that wastes the least height above the two peaks (each top at least 5 % above its peak).
void setSharedTicks(QValueAxis *rate, double ratePeak, QValueAxis *count, int countPeak)
{
    const double rateTarget = std::max(10.0, ratePeak * 1.05); // an empty chart reads 0..10, not 0..1
    const double countTarget = std::max(1.0, countPeak * 1.05);
    int best = 5;
    double bestWaste = 1e300;
    for (int intervals : { 4, 5, 6 }) {
        const double waste = pairedAxisStep(rateTarget / intervals, false) * intervals / rateTarget
            + pairedAxisStep(countTarget / intervals, true) * intervals / countTarget;
        if (waste < bestWaste - 1e-9) {
            bestWaste = waste;
            best = intervals;
        }
    }
    const double rateStep = pairedAxisStep(rateTarget / best, false);
    const double countStep = pairedAxisStep(countTarget / best, true);
    rate->setRange(0, rateStep * best);
    rate->setTickCount(best + 1);
    rate->setLabelFormat(QStringLiteral("%.") + QString::number(exactDecimals(rateStep)) + QStringLiteral("f"));
    count->setRange(0, countStep * best);
    count->setTickCount(best + 1);
    count->setLabelFormat(QStringLiteral("%.0f"));
}

// A step line over `span` of the counts in `samples` (in time order; `value` names the count): each
// holds until the next sample says otherwise. Long runs keep each time bucket's highest count, so a
// short burst stays visible after decimation. Before the first sample the count is 0 when
// `zeroBeforeFirst` (requests in flight: none before the run started), else unknown and not drawn.
template <typename Sample, typename Value>
QList<QPointF> stepPoints(const QList<Sample> &samples, Value Sample::*value, const AxisSpan &span, double endS,
    int maxPoints, bool zeroBeforeFirst)
{
    const auto first = std::lower_bound(
        samples.cbegin(), samples.cend(), span.min, [](const Sample &sample, double t) { return sample.tS < t; });
    const auto last = std::upper_bound(
        first, samples.cend(), span.max, [](double t, const Sample &sample) { return t < sample.tS; });
    QList<Sample> kept;
    const int buckets = maxPoints / 2;
    if (std::distance(first, last) <= buckets) {
        kept = QList<Sample>(first, last);
    } else {
        const double bucketS = std::max(span.width(), 1e-9) / buckets;
        for (auto it = first; it != last; ++it) {
            const double startS = span.min + std::floor((it->tS - span.min) / bucketS) * bucketS;
            if (!kept.isEmpty() && kept.constLast().tS == startS) {
                kept.last().*value = std::max(kept.constLast().*value, (*it).*value);
            } else {
                Sample bucket = *it;
                bucket.tS = startS;
                kept.append(bucket);
            }
        }
    }
    QList<QPointF> points;
    const bool knownAtStart = zeroBeforeFirst || first != samples.cbegin();
    if (!knownAtStart && kept.isEmpty())
        return points;
    points.reserve(kept.size() * 2 + 2);
    Value previous {};
    if (knownAtStart) {
        previous = first == samples.cbegin() ? Value {} : (*std::prev(first)).*value; // the count at span.min
        points.append(QPointF(span.min, previous));
    } else {
        previous = kept.constFirst().*value;
        points.append(QPointF(kept.constFirst().tS, previous));
    }
    for (const Sample &sample : std::as_const(kept)) {
        if (sample.*value == previous)
            continue; // no step: a zero-length segment would draw as a dot on the line
        points.append(QPointF(sample.tS, previous));
        points.append(QPointF(sample.tS, sample.*value));
        previous = sample.*value;
    }
    if (!kept.isEmpty() || first != samples.cbegin()) {
        const double holdsUntil = std::min(span.max, endS); // now, or the span's end
        points.append(QPointF(kept.isEmpty() ? holdsUntil : std::max(holdsUntil, kept.constLast().tS), previous));
    }
    return points;
}

// The figure of the latest sample at or before `tS`, if any.
template <typename Sample> const Sample *latestAtOrBefore(const QList<Sample> &samples, double tS)
{
    const auto after = std::upper_bound(
        samples.cbegin(), samples.cend(), tS, [](double t, const Sample &sample) { return t < sample.tS; });
    return after == samples.cbegin() ? nullptr : &*std::prev(after);
}

// Keeps `samples` in time order: scrapes may answer out of order.
template <typename Sample> void insertInTimeOrder(QList<Sample> *samples, const Sample &sample)
{
    const auto at = std::upper_bound(
        samples->cbegin(), samples->cend(), sample.tS, [](double t, const Sample &other) { return t < other.tS; });
    samples->insert(std::distance(samples->cbegin(), at), sample);
}

// A server's count as the readout shows it: whole numbers without decimals.
QString countText(double count)
{
    const QLocale locale;
    return locale.toString(count, 'f', std::abs(count - std::round(count)) < 1e-9 ? 0 : 1);
}

} // namespace

ThroughputChart::ThroughputChart(QWidget *parent)
    : ZoomableChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisRate(new QValueAxis)
    , m_axisInFlight(new QValueAxis)
    , m_rateLine(new QLineSeries(this)) // an area series does not own its boundary line
    , m_rateArea(new QAreaSeries(m_rateLine))
    , m_inFlightLine(new QLineSeries)
    , m_serverRunningLine(new QLineSeries)
    , m_serverWaitingLine(new QLineSeries)
    , m_sliceLine(new QLineSeries)
{
    QColor fill = Palette::chunk;
    fill.setAlpha(45);
    m_rateArea->setBrush(fill);
    m_rateArea->setPen(QPen(Palette::chunk, 2));
    m_inFlightLine->setPen(QPen(Palette::requestsInFlight, 1.8));
    m_inFlightLine->setName(tr("Requests in flight"));
    m_serverRunningLine->setPen(QPen(Palette::serverRunning, 1.8));
    m_serverRunningLine->setName(tr("server running"));
    // Dashed: where as many wait as run, the running line shows through between the dashes.
    m_serverWaitingLine->setPen(QPen(Palette::serverWaiting, 1.8, Qt::DashLine));
    m_serverWaitingLine->setName(tr("server waiting"));
    m_sliceLine->setPen(QPen(Palette::sliceOutput, 1.6));
    for (QLineSeries *s : { m_rateLine, m_inFlightLine, m_serverRunningLine, m_serverWaitingLine, m_sliceLine })
        s->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)

    m_chart->setTitle(tr("Output throughput and requests in flight")); // setRunLabel() adds the run
    m_chart->setAnimationOptions(QChart::NoAnimation); // animations replay on every replace()
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->addSeries(m_rateArea);
    m_chart->addSeries(m_inFlightLine);
    m_chart->addSeries(m_serverRunningLine);
    m_chart->addSeries(m_serverWaitingLine);
    m_chart->addSeries(m_sliceLine);

    m_axisX->setTitleText(tr("Time since run start (s)"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setMinorTickCount(0);
    m_axisX->setLabelFormat(QStringLiteral("%.1f"));
    m_axisRate->setTitleText(tr("Output (tokens/s)"));
    m_axisInFlight->setTitleText(tr("Requests in flight"));
    m_axisInFlight->setGridLineVisible(false); // the rate axis draws the grid; the ticks coincide
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisRate, Qt::AlignLeft);
    m_chart->addAxis(m_axisInFlight, Qt::AlignRight);
    m_rateArea->attachAxis(m_axisX);
    m_rateArea->attachAxis(m_axisRate);
    m_inFlightLine->attachAxis(m_axisX);
    m_inFlightLine->attachAxis(m_axisInFlight);
    m_sliceLine->attachAxis(m_axisX);
    m_sliceLine->attachAxis(m_axisRate);
    m_sliceLine->setVisible(false); // until a shown run has slices
    // The server's counts share the client's axis: requests, on the same scale.
    for (QLineSeries *server : { m_serverRunningLine, m_serverWaitingLine }) {
        server->attachAxis(m_axisX);
        server->attachAxis(m_axisInFlight);
        server->setVisible(false); // until a scrape gives its figure
    }
    // Last: the chart's theme recolours an axis when it joins the chart or a series.
    colourAxis(m_axisRate, Palette::chunk);
    colourAxis(m_axisInFlight, Palette::requestsInFlight);

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &ThroughputChart::refresh);
    refresh();
}

void ThroughputChart::beginRun()
{
    startRun({});
}

void ThroughputChart::beginRun(const RunConfig &config)
{
    startRun(config.loadPoints());
}

void ThroughputChart::startRun(const QList<LoadPoint> &loadPoints)
{
    m_refreshTimer.stop();
    m_state = State::Live;
    forgetZoom(); // another run's span would hide this one
    m_loadPoints = loadPoints;
    m_binChunks.clear();
    m_chunkCount = 0;
    m_usageTokens = m_usageChunks = 0;
    m_inFlight.clear();
    m_levelStarts.clear();
    m_lastLevelIndex = -1;
    m_latestS = 0;
    m_peakTokensPerS = 0;
    m_peakInFlight = 0;
    m_serverRunning.clear();
    m_serverWaiting.clear();
    m_peakServer = 0;
    m_serverScrapesOk = m_serverScrapesFailed = 0;
    m_slices.clear();
    refresh();
}

void ThroughputChart::addStarted(const RequestStart &start)
{
    if (start.warmup) {
        if (m_levelStarts.isEmpty())
            m_levelStarts.append({ start.startNs / 1e9, true, -1, 0 });
        return;
    }
    if (start.levelIndex != m_lastLevelIndex) {
        m_levelStarts.append({ start.startNs / 1e9, false, start.levelIndex, start.level });
        m_lastLevelIndex = start.levelIndex;
    }
}

void ThroughputChart::addChunkAt(qint64 arrivalNs)
{
    if (arrivalNs < 0)
        return;
    const qsizetype bin = static_cast<qsizetype>(arrivalNs / kBinNs);
    if (bin >= m_binChunks.size())
        m_binChunks.resize(bin + 1, 0);
    ++m_binChunks[bin];
    ++m_chunkCount;
    m_latestS = std::max(m_latestS, arrivalNs / 1e9);
}

void ThroughputChart::addBatch(const LiveBatch &batch)
{
    for (const RequestStart &s : batch.started)
        addStarted(s);
    for (const ChunkArrival &c : batch.chunks)
        addChunkAt(c.arrivalNs);
    const double sentS = batch.sentNs / 1e9;
    m_inFlight.append({ sentS, batch.inFlight });
    m_peakInFlight = std::max(m_peakInFlight, batch.inFlight);
    m_latestS = std::max(m_latestS, sentS);
    scheduleRefresh();
}

void ThroughputChart::addFinished(const RequestRecord &record)
{
    if (!record.ok || !record.outputTokensFromUsage || record.chunkTimesNs.isEmpty())
        return;
    m_usageTokens += record.outputTokens;
    m_usageChunks += record.chunkTimesNs.size();
    scheduleRefresh();
}

void ThroughputChart::addServerSample(const ServerMetricsSample &sample)
{
    addServerSampleAt(sample);
    scheduleRefresh();
}

void ThroughputChart::addServerSampleAt(const ServerMetricsSample &sample)
{
    if (!sample.ok) {
        ++m_serverScrapesFailed; // nothing to draw: the line holds the last figure the server gave
        return;
    }
    ++m_serverScrapesOk;
    const double tS = sample.offsetNs / 1e9;
    // Counts in range only (docs/metrics.md#server-metrics): a sample from an older history may
    // hold one a scrape now refuses, and the peak becomes an int axis bound.
    if (ServerMetricsSample::isRequestCount(sample.running)) {
        insertInTimeOrder(&m_serverRunning, { tS, sample.running });
        m_peakServer = std::max(m_peakServer, sample.running);
    }
    if (ServerMetricsSample::isRequestCount(sample.waiting)) {
        insertInTimeOrder(&m_serverWaiting, { tS, sample.waiting });
        m_peakServer = std::max(m_peakServer, sample.waiting);
    }
    if (sample.hasKnownSeries())
        m_latestS = std::max(m_latestS, tS);
}

void ThroughputChart::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    // Levels the config listed come first; a sweep's or a search's join as they start.
    while (m_loadPoints.size() <= point.index)
        m_loadPoints.append(LoadPoint::closedLoop(0, int(m_loadPoints.size())));
    m_loadPoints[point.index] = point;
    viewport()->update(); // the labels are drawn in drawForeground()
}

void ThroughputChart::setRun(const RunResult &run)
{
    startRun(run.points()); // every level the run had, a sweep's and a search's too
    m_state = State::Shown;
    QList<RequestRecord> byStart = run.records;
    std::stable_sort(byStart.begin(), byStart.end(),
        [](const RequestRecord &a, const RequestRecord &b) { return a.startNs < b.startNs; });
    // +1 at each start, -1 at each end, replayed in time order (an end before a start at a tie).
    QList<QPair<qint64, int>> steps;
    for (const RequestRecord &r : std::as_const(byStart)) {
        addStarted({ r.levelIndex, r.level, r.index, r.warmup, r.startNs });
        for (qint64 chunkNs : r.chunkTimesNs)
            addChunkAt(r.startNs + chunkNs);
        steps.append({ r.startNs, +1 });
        steps.append({ r.startNs + Stats::recordEndNs(r), -1 });
        addFinished(r);
    }
    for (const ServerMetricsSample &sample : run.serverMetrics)
        addServerSampleAt(sample);
    std::sort(steps.begin(), steps.end());
    int inFlight = 0;
    for (const auto &[ns, delta] : std::as_const(steps)) {
        inFlight += delta;
        m_inFlight.append({ ns / 1e9, inFlight });
        m_peakInFlight = std::max(m_peakInFlight, inFlight);
        m_latestS = std::max(m_latestS, ns / 1e9);
    }
    setSlices(run);
}

// Slices count from their level's first send (Stats::levelSlices): the earliest measured send of
// the level's arm A, warm-ups and ramp-up requests left out as they are there.
void ThroughputChart::setSlices(const RunResult &run)
{
    m_slices.clear();
    m_sliceS = run.config.sliceS;
    for (const LevelSummary &level : run.levels) {
        if (level.arm != 0 || level.slices.isEmpty())
            continue;
        std::optional<qint64> firstSendNs;
        for (const RequestRecord &r : run.records)
            if (r.levelIndex == level.levelIndex && r.arm == 0 && !r.warmup && !r.rampUp)
                firstSendNs = std::min(firstSendNs.value_or(r.startNs), r.startNs);
        if (!firstSendNs)
            continue;
        const double startS = *firstSendNs / 1e9;
        for (const LevelSlice &slice : level.slices)
            m_slices.append({ startS + slice.startS, startS + slice.endS, slice });
    }
    std::sort(
        m_slices.begin(), m_slices.end(), [](const PlacedSlice &a, const PlacedSlice &b) { return a.fromS < b.fromS; });
    refreshNow();
}

// A step per slice: its output tokens/s held over its span.
QList<QPointF> ThroughputChart::slicePoints() const
{
    QList<QPointF> points;
    points.reserve(m_slices.size() * 2);
    for (const PlacedSlice &placed : m_slices) {
        points.append(QPointF(placed.fromS, placed.slice.outputThroughput));
        points.append(QPointF(placed.toS, placed.slice.outputThroughput));
    }
    return points;
}

int ThroughputChart::slicePointCount() const
{
    return m_sliceLine->isVisible() ? int(m_sliceLine->count()) : 0;
}

// "slice 2.0-4.0 s: 812 tok/s, TTFT P50 41 ms" for the slice under `tS`; empty outside every slice.
QString ThroughputChart::sliceReadoutAt(double tS) const
{
    const auto at = std::find_if(m_slices.cbegin(), m_slices.cend(),
        [tS](const PlacedSlice &placed) { return tS >= placed.fromS && tS <= placed.toS; });
    if (at == m_slices.cend())
        return {};
    const QLocale locale;
    const LevelSlice &slice = at->slice;
    const QString ttft = slice.ttftP50Ms ? locale.toString(*slice.ttftP50Ms, 'f', 0) : QStringLiteral("-");
    //: hover readout: the level's slice under the pointer (docs/metrics.md#slices)
    return tr("Slice %1-%2 s: %3 tok/s, TTFT P50 %4 ms")
        .arg(locale.toString(slice.startS, 'f', 1), locale.toString(slice.endS, 'f', 1),
            locale.toString(slice.outputThroughput, 'f', 0), ttft);
}

double ThroughputChart::tokensPerChunk() const
{
    return m_usageChunks > 0 ? static_cast<double>(m_usageTokens) / static_cast<double>(m_usageChunks) : 1.0;
}

void ThroughputChart::setWindowS(double seconds)
{
    m_windowS = std::max(kBinS, seconds);
    refreshNow();
}

double ThroughputChart::effectiveWindowS() const
{
    double fit = 0.1;
    for (double step = 0.1; step <= m_windowS * (1 + 1e-9) && step <= m_latestS / 10; step = niceStep(step * 1.5))
        fit = step;
    return std::min(m_windowS, fit);
}

void ThroughputChart::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void ThroughputChart::refreshNow()
{
    m_refreshTimer.stop();
    refresh();
}

// The rate at the end of each bin of `span` over the window before it, sampled every `stride` bins
// so at most about `maxPoints` points cover the span (windowRate()).
QList<QPointF> ThroughputChart::throughputPoints(const AxisSpan &span, int maxPoints) const
{
    const qsizetype fromBin = std::max<qsizetype>(0, static_cast<qsizetype>(std::floor(span.min / kBinS)));
    const qsizetype toBin = static_cast<qsizetype>(std::ceil(span.max / kBinS));
    const double windowS = effectiveWindowS();
    const qsizetype windowBins = std::max<qsizetype>(1, std::llround(windowS / kBinS));
    const qsizetype stride = std::max<qsizetype>(1, (toBin - fromBin + maxPoints - 1) / maxPoints);
    const double scale = tokensPerChunk();
    QList<QPointF> points;
    points.reserve((toBin - fromBin) / stride + 2);
    if (fromBin == 0)
        points.append(QPointF(0, 0));
    qint64 inWindow = 0;
    // The sum starts a window early, so the first point of a zoomed span has its whole window.
    const qsizetype firstSummed = std::max<qsizetype>(0, fromBin - windowBins);
    for (qsizetype i = firstSummed; i < toBin; ++i) {
        inWindow += m_binChunks.value(i);
        if (i - windowBins >= firstSummed)
            inWindow -= m_binChunks.value(i - windowBins);
        if (i < fromBin || ((i + 1 - fromBin) % stride != 0 && i + 1 != toBin))
            continue;
        const double tS = static_cast<double>(i + 1) * kBinS;
        points.append(QPointF(tS, windowRate(inWindow, tS, windowS, scale)));
    }
    return points;
}

double ThroughputChart::tokensPerSAt(double tS) const
{
    if (tS < 0)
        return 0;
    // The point the line draws at the end of the bin that holds tS.
    const qsizetype bin = std::max<qsizetype>(0, static_cast<qsizetype>(std::ceil(tS / kBinS - 1e-9)) - 1);
    const double windowS = effectiveWindowS();
    const qsizetype windowBins = std::max<qsizetype>(1, std::llround(windowS / kBinS));
    qint64 inWindow = 0;
    for (qsizetype i = std::max<qsizetype>(0, bin - windowBins + 1); i <= bin; ++i)
        inWindow += m_binChunks.value(i);
    return windowRate(inWindow, static_cast<double>(bin + 1) * kBinS, windowS, tokensPerChunk());
}

int ThroughputChart::inFlightAt(double tS) const
{
    const auto after = std::upper_bound(m_inFlight.cbegin(), m_inFlight.cend(), tS,
        [](double t, const InFlightSample &sample) { return t < sample.tS; });
    return after == m_inFlight.cbegin() ? 0 : std::prev(after)->inFlight;
}

// The count holds until the next batch says otherwise (stepPoints()).
QList<QPointF> ThroughputChart::inFlightSteps(const AxisSpan &span, double endS, int maxPoints) const
{
    return stepPoints(m_inFlight, &InFlightSample::inFlight, span, endS, maxPoints, true);
}

std::optional<double> ThroughputChart::serverRunningAt(double tS) const
{
    const ServerFigure *figure = latestAtOrBefore(m_serverRunning, tS);
    return figure ? std::optional<double>(figure->value) : std::nullopt;
}

std::optional<double> ThroughputChart::serverWaitingAt(double tS) const
{
    const ServerFigure *figure = latestAtOrBefore(m_serverWaiting, tS);
    return figure ? std::optional<double>(figure->value) : std::nullopt;
}

int ThroughputChart::countAxisPeak() const
{
    return std::max(m_peakInFlight, static_cast<int>(std::ceil(m_peakServer)));
}

// Each server line from the first scrape that gave its figure; hidden, legend entry too, without one.
void ThroughputChart::updateServerSeries(const AxisSpan &span, double endS)
{
    m_serverRunningLine->setVisible(!m_serverRunning.isEmpty());
    m_serverWaitingLine->setVisible(!m_serverWaiting.isEmpty());
    m_serverRunningLine->replace(
        stepPoints(m_serverRunning, &ServerFigure::value, span, endS, kMaxPointsPerSeries, false));
    m_serverWaitingLine->replace(
        stepPoints(m_serverWaiting, &ServerFigure::value, span, endS, kMaxPointsPerSeries, false));
}

// The whole run so far, in readable steps as the token timeline's axis, so it does not crawl.
AxisSpan ThroughputChart::fullSpanS() const
{
    const double span = std::max(m_latestS, 0.5);
    const double step = niceStep(span / 6.0);
    return { 0, std::ceil(span * 1.02 / step) * step };
}

bool ThroughputChart::hasData() const
{
    return !m_inFlight.isEmpty() || m_chunkCount > 0;
}

void ThroughputChart::updateXAxis()
{
    const AxisSpan span = zoomSpan().value_or(fullSpanS());
    const double step = niceStep(span.width() / 6.0);
    setRangeAndStep(m_axisX, span.min, span.max, step); // ticks at multiples of the step (anchor 0)
    m_axisX->setLabelFormat(QStringLiteral("%.") + QString::number(exactDecimals(step)) + QStringLiteral("f"));
}

// Without data the plot area holds only the message: an empty 0..10 by 0..1 frame would read as a
// measurement of nothing.
void ThroughputChart::updateAxes()
{
    const bool empty = !hasData();
    for (QValueAxis *axis : { m_axisX, m_axisRate, m_axisInFlight })
        axis->setVisible(!empty);
    const QList<QLegendMarker *> markers = m_chart->legend()->markers();
    for (QLegendMarker *marker : markers)
        marker->setVisible(!empty && marker->series()->isVisible());
    updateXAxis();
    setSharedTicks(m_axisRate, m_peakTokensPerS, m_axisInFlight, countAxisPeak());
}

void ThroughputChart::refresh()
{
    // The window slides past the last arrival, so the rate falls back to 0 once the run is over.
    const double endS = m_latestS;
    AxisSpan pointsSpan { 0, endS };
    if (zoomSpan()) {
        // The visible span at full resolution, and as much again each side so a pan shows points
        // before the next refresh draws them.
        const double width = zoomSpan()->width();
        pointsSpan = { std::max(0.0, zoomSpan()->min - width), std::min(endS, zoomSpan()->max + width) };
    }
    const QList<QPointF> rate = throughputPoints(pointsSpan, kMaxPointsPerSeries);
    m_peakTokensPerS = 0;
    for (const QPointF &p : rate) {
        if (!zoomSpan() || (p.x() >= zoomSpan()->min && p.x() <= zoomSpan()->max + kBinS)) // the visible peak
            m_peakTokensPerS = std::max(m_peakTokensPerS, p.y());
    }
    for (const PlacedSlice &placed : std::as_const(m_slices))
        if (!zoomSpan() || (placed.toS >= zoomSpan()->min && placed.fromS <= zoomSpan()->max))
            m_peakTokensPerS = std::max(m_peakTokensPerS, placed.slice.outputThroughput);
    m_sliceLine->setVisible(!m_slices.isEmpty());
    m_sliceLine->replace(slicePoints());
    if (!m_slices.isEmpty())
        m_sliceLine->setName(tr("Output tokens/s per %1 s slice").arg(QLocale().toString(m_sliceS, 'g', 3)));
    updateServerSeries(pointsSpan, endS); // before the axes: a hidden line's legend entry is hidden too
    // With the server's queue on it, the axis counts more than the requests in flight.
    const bool serverShown = !m_serverRunning.isEmpty() || !m_serverWaiting.isEmpty();
    m_axisInFlight->setTitleText(serverShown ? tr("Requests") : tr("Requests in flight"));
    updateAxes();
    m_rateLine->replace(rate);
    m_inFlightLine->replace(inFlightSteps(pointsSpan, endS, kMaxPointsPerSeries));

    const QLocale locale;
    const QString window = locale.toString(effectiveWindowS(), 'g', 3);
    const double perChunk = tokensPerChunk();
    if (std::abs(perChunk - 1.0) < 0.005)
        m_rateArea->setName(tr("Output tokens/s (%1 s window)").arg(window));
    else
        m_rateArea->setName(tr("Output tokens/s (%1 s window, chunks × %2 tokens per chunk from usage)")
                                .arg(window, locale.toString(perChunk, 'f', 2)));
    viewport()->update();
}

// The run's load points when the chart was given them, else those the requests have shown so far
// (a level not seen yet holds a point of concurrency 0, which no measured level repeats).
QList<LoadPoint> ThroughputChart::levelPoints() const
{
    QList<LoadPoint> points = m_loadPoints;
    for (const LevelStart &level : m_levelStarts) {
        if (level.warmup || level.levelIndex < 0 || level.levelIndex < m_loadPoints.size())
            continue;
        // A level no one named: its requests' concurrency is all there is to go on.
        while (points.size() <= level.levelIndex)
            points.append(LoadPoint::closedLoop(0, int(points.size())));
        points[level.levelIndex] = LoadPoint::closedLoop(level.concurrency, level.levelIndex);
    }
    return points;
}

QStringList ThroughputChart::levelLabels() const
{
    const QList<LoadPoint> points = levelPoints();
    QStringList labels;
    for (const LevelStart &level : m_levelStarts) {
        if (level.warmup)
            labels.append(tr("warm-up"));
        else if (level.levelIndex >= 0 && level.levelIndex < points.size())
            labels.append(levelName(points, level.levelIndex));
        else // a record whose level the run's list does not hold: its load alone
            labels.append(LoadPoint::closedLoop(level.concurrency, level.levelIndex).label());
    }
    return labels;
}

int ThroughputChart::throughputPointCount() const
{
    return static_cast<int>(m_rateLine->count());
}

int ThroughputChart::inFlightPointCount() const
{
    return static_cast<int>(m_inFlightLine->count());
}

int ThroughputChart::serverRunningPointCount() const
{
    return m_serverRunningLine->isVisible() ? static_cast<int>(m_serverRunningLine->count()) : 0;
}

int ThroughputChart::serverWaitingPointCount() const
{
    return m_serverWaitingLine->isVisible() ? static_cast<int>(m_serverWaitingLine->count()) : 0;
}

void ThroughputChart::setRunLabel(const QString &label)
{
    m_runLabel = label;
    const QString name = tr("Output throughput and requests in flight");
    m_chart->setTitle(label.isEmpty() ? name : name + QStringLiteral(" — ") + label);
}

int ThroughputChart::levelAt(double tS) const
{
    int under = -1;
    for (qsizetype i = 0; i < m_levelStarts.size() && m_levelStarts.at(i).tS <= tS; ++i)
        under = static_cast<int>(i);
    return under;
}

QString ThroughputChart::readoutAt(const QPointF &viewPos) const
{
    if (!hasData())
        return {};
    const std::optional<QPointF> value = plotValueAt(this, viewPos, m_rateArea);
    if (!value || value->x() < 0 || value->x() > m_latestS)
        return {};
    const double tS = value->x();
    const QLocale locale;
    QString time = tr("%1 s").arg(locale.toString(tS, 'f', 2));
    const int level = levelAt(tS);
    QString asked;
    if (level >= 0) {
        time += QStringLiteral(" · ") + levelLabels().at(level);
        const int levelIndex = m_levelStarts.at(level).levelIndex;
        const QList<LoadPoint> points = levelPoints();
        if (levelIndex >= 0 && levelIndex < points.size() && points.at(levelIndex).isOpenLoop()) {
            const LoadPoint &point = points.at(levelIndex);
            //: hover readout: the request rate an open-loop level asked for
            asked = point.allAtOnce() ? tr("Asked: every request at once")
                                      : tr("Asked: %1 requests/s").arg(locale.toString(point.rate, 'g', 4));
        }
    }
    const double rate = tokensPerSAt(tS);
    const int inFlight = inFlightAt(tS);
    //: hover readout: output tokens per second at the time under the pointer
    const QString output = tr("Output %1 tok/s").arg(locale.toString(rate, 'f', rate < 100 ? 1 : 0));
    const QString requests = inFlight == 1 ? tr("%1 request in flight").arg(locale.toString(inFlight))
                                           : tr("%1 requests in flight").arg(locale.toString(inFlight));
    QString readout = time + u'\n' + (asked.isEmpty() ? QString() : asked + u'\n') + output + u'\n' + requests;
    if (const QString slice = sliceReadoutAt(tS); !slice.isEmpty())
        readout += u'\n' + slice;
    const QString server = serverReadoutAt(tS);
    return server.isEmpty() ? readout : readout + u'\n' + server;
}

// "server: 3 running, 5 waiting" from the latest scrape at or before `tS` that gave them.
QString ThroughputChart::serverReadoutAt(double tS) const
{
    const std::optional<double> running = serverRunningAt(tS);
    const std::optional<double> waiting = serverWaitingAt(tS);
    //: hover readout: what the server's metrics said it was running and queueing
    if (running && waiting)
        return tr("server: %1 running, %2 waiting").arg(countText(*running), countText(*waiting));
    if (running)
        return tr("server: %1 running").arg(countText(*running));
    if (waiting)
        return tr("server: %1 waiting").arg(countText(*waiting));
    return {};
}

QString ThroughputChart::emptyStateText() const
{
    if (hasData())
        return {};
    switch (m_state) {
    case State::NoRun:
        return tr(
            "No run yet.\nPress Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText));
    case State::Live:
        return tr("Waiting for the first request to start");
    case State::Shown:
        break;
    }
    return tr("This run has no requests");
}

void ThroughputChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    if (!hasData()) {
        painter->save();
        painter->setPen(Palette::mutedText);
        painter->drawText(plot.adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyStateText());
        painter->restore();
        return;
    }
    painter->save();
    painter->setClipRect(plot);
    painter->setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    // Two rows of labels: a short level (the warm-up, often) pushes the next label down a row.
    std::array<double, 2> rowEnd { -1e9, -1e9 };
    const QStringList labels = levelLabels();
    for (qsizetype i = 0; i < m_levelStarts.size(); ++i) {
        const LevelStart &level = m_levelStarts.at(i);
        const QPointF p = m_chart->mapToScene(m_chart->mapToPosition(QPointF(level.tS, 0), m_rateArea));
        const bool nextStartsLeftOfPlot = i + 1 < m_levelStarts.size()
            && m_chart->mapToScene(m_chart->mapToPosition(QPointF(m_levelStarts.at(i + 1).tS, 0), m_rateArea)).x()
                < plot.left() + 1;
        if (p.x() > plot.right() || nextStartsLeftOfPlot)
            continue; // zoomed or panned away from this level
        painter->setPen(QPen(Palette::levelMark, 1, Qt::DashLine));
        if (level.tS > 0 && p.x() >= plot.left())
            painter->drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()));
        const QString &label = labels.at(i);
        const double x = std::max(p.x(), plot.left()) + 4; // the level under way at the left edge keeps its name
        const auto row = std::find_if(rowEnd.begin(), rowEnd.end(), [x](double end) { return x >= end + 6; });
        if (row == rowEnd.end())
            continue; // a level too short for its label: the dashed line still marks it
        const double y = plot.top() + metrics.ascent() + 2 + metrics.height() * std::distance(rowEnd.begin(), row);
        painter->setPen(Palette::chartText);
        painter->drawText(QPointF(x, y), label);
        *row = x + metrics.horizontalAdvance(label);
    }

    // The time under the pointer: a hairline, a dot on each curve, and the readout beside it.
    const std::optional<QPointF> hover = hoverPosition();
    const QString readout = hover ? readoutAt(*hover) : QString();
    if (!readout.isEmpty()) {
        const QPointF pointer = mapToScene(hover->toPoint());
        const double tS = m_chart->mapToValue(m_chart->mapFromScene(pointer), m_rateArea).x();
        const QPointF rate = m_chart->mapToScene(m_chart->mapToPosition(QPointF(tS, tokensPerSAt(tS)), m_rateArea));
        const QPointF inFlight
            = m_chart->mapToScene(m_chart->mapToPosition(QPointF(tS, inFlightAt(tS)), m_inFlightLine));
        painter->setPen(QPen(Palette::chartTextFaint, 1));
        painter->drawLine(QPointF(pointer.x(), plot.top()), QPointF(pointer.x(), plot.bottom()));
        painter->setPen(QPen(Palette::markerOutline, 1.5));
        painter->setBrush(Palette::chunk);
        painter->drawEllipse(rate, 4, 4);
        painter->setBrush(Palette::requestsInFlight);
        painter->drawEllipse(inFlight, 4, 4);
        const std::array<std::pair<std::optional<double>, QColor>, 2> server {
            { { serverRunningAt(tS), Palette::serverRunning }, { serverWaitingAt(tS), Palette::serverWaiting } }
        };
        for (const auto &[count, color] : server) {
            if (!count)
                continue;
            painter->setBrush(color);
            painter->drawEllipse(
                m_chart->mapToScene(m_chart->mapToPosition(QPointF(tS, *count), m_inFlightLine)), 4, 4);
        }
        drawReadoutBox(painter, readout, pointer, plot);
    }
    painter->restore();
}

// --- Zoom (ZoomableChartView): the time axis in s ---

bool ThroughputChart::hasZoomableData() const
{
    return hasData();
}

AxisSpan ThroughputChart::zoomLimits() const
{
    return fullSpanS();
}

double ThroughputChart::minZoomWidth() const
{
    return kMinZoomS;
}

QAbstractSeries *ThroughputChart::zoomSeries() const
{
    return m_rateArea;
}

void ThroughputChart::zoomChanged(ZoomChange change)
{
    if (change == ZoomChange::Reset) {
        refreshNow(); // the whole run again, decimated
        return;
    }
    // The axis moves now; the points for the new span follow with the next coalesced refresh
    // (they reach a span's width beyond each edge meanwhile).
    updateXAxis();
    scheduleRefresh();
}

} // namespace TokenScope
