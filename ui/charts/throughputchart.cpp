// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "throughputchart.h"

#include "chartsupport.h"
#include "stats/histogram.h"
#include "stats/statistics.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QLegend>
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

const QColor kRateColor(0x15, 0x65, 0xc0); // the timeline's chunk blue
const QColor kInFlightColor(0x2e, 0x7d, 0x32);
const QColor kLevelColor(0x60, 0x60, 0x60);

// 1, 2 or 5 times a power of ten, at least `value`.
double niceStep(double value)
{
    return Stats::niceBinWidth(value, 1);
}

// The smallest step of 1, 2, 2.5 or 5 times a power of ten at least `value`; for whole counts
// (requests in flight) also 3 and 4, which suit concurrencies such as 12 and 16.
double axisStep(double value, bool wholeNumbers)
{
    if (wholeNumbers && value <= 4)
        return std::max(1.0, std::ceil(value));
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(value, 1e-12))));
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        if (m * magnitude >= value * (1 - 1e-9))
            return m * magnitude;
    }
    return 10 * magnitude;
}

// Decimals that print every multiple of `step` exactly (2.5 -> 1, 0.25 -> 2).
int decimalsOf(double step)
{
    int decimals = 0;
    for (double scaled = step; decimals < 4 && std::abs(scaled - std::round(scaled)) > 1e-9 * scaled; scaled *= 10)
        ++decimals;
    return decimals;
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
        const double waste = axisStep(rateTarget / intervals, false) * intervals / rateTarget
            + axisStep(countTarget / intervals, true) * intervals / countTarget;
        if (waste < bestWaste - 1e-9) {
            bestWaste = waste;
            best = intervals;
        }
    }
    const double rateStep = axisStep(rateTarget / best, false);
    const double countStep = axisStep(countTarget / best, true);
    rate->setRange(0, rateStep * best);
    rate->setTickCount(best + 1);
    rate->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsOf(rateStep)) + QStringLiteral("f"));
    count->setRange(0, countStep * best);
    count->setTickCount(best + 1);
    count->setLabelFormat(QStringLiteral("%.0f"));
}

void colourAxis(QValueAxis *axis, const QColor &color)
{
    axis->setLabelsColor(color.darker(110));
    axis->setTitleBrush(color.darker(110));
    axis->setLinePenColor(color);
}

} // namespace

ThroughputChart::ThroughputChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisRate(new QValueAxis)
    , m_axisInFlight(new QValueAxis)
    , m_rateLine(new QLineSeries(this)) // an area series does not own its boundary line
    , m_rateArea(new QAreaSeries(m_rateLine))
    , m_inFlightLine(new QLineSeries)
{
    QColor fill = kRateColor;
    fill.setAlpha(45);
    m_rateArea->setBrush(fill);
    m_rateArea->setPen(QPen(kRateColor, 2));
    m_inFlightLine->setPen(QPen(kInFlightColor, 1.8));
    m_inFlightLine->setName(tr("Requests in flight"));
    for (QLineSeries *s : { m_rateLine, m_inFlightLine })
        s->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)

    m_chart->setTitle(tr("Output throughput and requests in flight"));
    m_chart->setAnimationOptions(QChart::NoAnimation); // animations replay on every replace()
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->addSeries(m_rateArea);
    m_chart->addSeries(m_inFlightLine);

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
    // Last: the chart's theme recolours an axis when it joins the chart or a series.
    colourAxis(m_axisRate, kRateColor);
    colourAxis(m_axisInFlight, kInFlightColor);

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

void ThroughputChart::setRun(const RunResult &run)
{
    startRun(run.config.loadPoints());
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
    std::sort(steps.begin(), steps.end());
    int inFlight = 0;
    for (const auto &[ns, delta] : std::as_const(steps)) {
        inFlight += delta;
        m_inFlight.append({ ns / 1e9, inFlight });
        m_peakInFlight = std::max(m_peakInFlight, inFlight);
        m_latestS = std::max(m_latestS, ns / 1e9);
    }
    refreshNow();
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

// The rate at the end of each bin over the window before it, sampled every `stride` bins. Before
// a whole window has passed it divides by the time elapsed, but by no less than a quarter window:
// the first chunk alone would otherwise read as a spike of 100 chunks/s.
QList<QPointF> ThroughputChart::throughputPoints(double endS, int maxPoints) const
{
    const qsizetype bins = static_cast<qsizetype>(std::ceil(endS / kBinS));
    const double windowS = effectiveWindowS();
    const qsizetype windowBins = std::max<qsizetype>(1, std::llround(windowS / kBinS));
    const qsizetype stride = std::max<qsizetype>(1, (bins + maxPoints - 1) / maxPoints);
    const double scale = tokensPerChunk();
    QList<QPointF> points;
    points.reserve(bins / stride + 2);
    points.append(QPointF(0, 0));
    qint64 inWindow = 0;
    for (qsizetype i = 0; i < bins; ++i) {
        inWindow += m_binChunks.value(i);
        if (i >= windowBins)
            inWindow -= m_binChunks.value(i - windowBins);
        if ((i + 1) % stride != 0 && i + 1 != bins)
            continue;
        const double tS = static_cast<double>(i + 1) * kBinS;
        const double coveredS = std::min(windowS, std::max(tS, windowS / 4));
        points.append(QPointF(tS, static_cast<double>(inWindow) / coveredS * scale));
    }
    return points;
}

// A step line: the count holds until the next batch says otherwise. Long runs keep each time
// bucket's highest count, so a short burst stays visible after decimation.
QList<QPointF> ThroughputChart::inFlightSteps(double endS, int maxPoints) const
{
    QList<InFlightSample> samples;
    const int buckets = maxPoints / 2;
    if (m_inFlight.size() <= buckets) {
        samples = m_inFlight;
    } else {
        const double bucketS = std::max(endS, 1e-9) / buckets;
        for (const InFlightSample &s : m_inFlight) {
            const double startS = std::floor(s.tS / bucketS) * bucketS;
            if (!samples.isEmpty() && samples.constLast().tS == startS)
                samples.last().inFlight = std::max(samples.constLast().inFlight, s.inFlight);
            else
                samples.append({ startS, s.inFlight });
        }
    }
    QList<QPointF> points;
    points.reserve(samples.size() * 2 + 2);
    int previous = 0;
    points.append(QPointF(0, 0));
    for (const InFlightSample &s : std::as_const(samples)) {
        if (s.inFlight == previous)
            continue; // no step: a zero-length segment would draw as a dot on the line
        points.append(QPointF(s.tS, previous));
        points.append(QPointF(s.tS, s.inFlight));
        previous = s.inFlight;
    }
    if (!samples.isEmpty())
        points.append(QPointF(std::max(endS, samples.constLast().tS), previous)); // holds until now
    return points;
}

void ThroughputChart::updateAxes(double endS)
{
    // The x axis grows in readable steps, as the token timeline's does, so it does not crawl.
    const double span = std::max(endS, 0.5);
    const double step = niceStep(span / 6.0);
    setRangeAndStep(m_axisX, 0, std::ceil(span * 1.02 / step) * step, step);
    m_axisX->setLabelFormat(step >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
    setSharedTicks(m_axisRate, m_peakTokensPerS, m_axisInFlight, m_peakInFlight);
}

void ThroughputChart::refresh()
{
    // The window slides past the last arrival, so the rate falls back to 0 once the run is over.
    const double endS = m_latestS;
    const QList<QPointF> rate = throughputPoints(endS, kMaxPointsPerSeries);
    m_peakTokensPerS = 0;
    for (const QPointF &p : rate)
        m_peakTokensPerS = std::max(m_peakTokensPerS, p.y());
    updateAxes(endS);
    m_rateLine->replace(rate);
    m_inFlightLine->replace(inFlightSteps(endS, kMaxPointsPerSeries));

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
    if (!m_loadPoints.isEmpty())
        return m_loadPoints;
    QList<LoadPoint> points;
    for (const LevelStart &level : m_levelStarts) {
        if (level.warmup || level.levelIndex < 0)
            continue;
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

void ThroughputChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    if (m_inFlight.isEmpty()) {
        painter->save();
        painter->setPen(QColor(0x61, 0x61, 0x61));
        painter->drawText(plot, Qt::AlignCenter, tr("Waiting for the run to start"));
        painter->restore();
    }
    if (m_levelStarts.isEmpty())
        return;
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
        painter->setPen(QPen(kLevelColor, 1, Qt::DashLine));
        if (level.tS > 0)
            painter->drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()));
        const QString &label = labels.at(i);
        const double x = p.x() + 4;
        const auto row = std::find_if(rowEnd.begin(), rowEnd.end(), [x](double end) { return x >= end + 6; });
        if (row == rowEnd.end())
            continue; // a level too short for its label: the dashed line still marks it
        const double y = plot.top() + metrics.ascent() + 2 + metrics.height() * std::distance(rowEnd.begin(), row);
        painter->setPen(QColor(0x42, 0x42, 0x42));
        painter->drawText(QPointF(x, y), label);
        *row = x + metrics.horizontalAdvance(label);
    }
    painter->restore();
}

} // namespace TokenScope
