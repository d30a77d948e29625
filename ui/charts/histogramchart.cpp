// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogramchart.h"

#include "chartsupport.h"
#include "stats/statistics.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 100; // a histogram needs no faster redraw; a burst costs one refresh
// Rice's rule (2 x cube root of n) within bounds: 16 TTFTs get 8 bars, 65,536 gaps get 40.
int targetBins(size_t samples)
{
    return std::clamp(static_cast<int>(std::lround(2 * std::cbrt(static_cast<double>(samples)))), 8, 40);
}
constexpr double kBarGapFraction = 0.08; // of a bin, each side: bars read as bars, not a skyline

// The timeline's colours: TTFT is the first token's orange, ITL the chunks' blue.
const QColor kTtftColor(0xe6, 0x51, 0x00);
const QColor kItlColor(0x15, 0x65, 0xc0);
const QColor kP50Color(0x21, 0x21, 0x21);
const QColor kP95Color(0x8e, 0x24, 0xaa);
const QColor kAxisLineColor(0x9e, 0x9e, 0x9e);
const QColor kMutedTextColor(0x61, 0x61, 0x61);

int decimalsFor(double step)
{
    return step >= 1 ? 0 : std::min(4, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
}

QString formatMs(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

// Four points per bar: up the left side, across the top, down the right side.
void appendBar(QList<QPointF> &points, double left, double right, double height)
{
    points << QPointF(left, 0) << QPointF(left, height) << QPointF(right, height) << QPointF(right, 0);
}

QLineSeries *makePercentileLine(const QColor &color, Qt::PenStyle style)
{
    auto *line = new QLineSeries;
    line->setColor(color); // the legend marker's colour
    QPen pen(color, 1.6, style);
    pen.setCosmetic(true);
    line->setPen(pen);
    line->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)
    return line;
}

} // namespace

HistogramChart::HistogramChart(Metric metric, QWidget *parent)
    : QChartView(parent)
    , m_metric(metric)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
    , m_barsUpper(new QLineSeries(this)) // an area series does not own its boundary line
    , m_bars(new QAreaSeries(m_barsUpper))
    , m_overflowUpper(new QLineSeries(this))
    , m_overflow(new QAreaSeries(m_overflowUpper))
    , m_p50Line(makePercentileLine(kP50Color, Qt::SolidLine))
    , m_p95Line(makePercentileLine(kP95Color, Qt::DashLine))
{
    const QColor color = metric == Metric::Ttft ? kTtftColor : kItlColor;
    QColor fill = color;
    fill.setAlpha(190);
    m_bars->setBrush(fill);
    m_bars->setPen(Qt::NoPen); // an outline would also run along the baseline between the bars
    // Clamped outliers share the last bar: hatched, so nobody reads it as a mode of the sample.
    m_overflow->setBrush(QBrush(color.darker(120), Qt::BDiagPattern));
    m_overflow->setPen(QPen(color.darker(115), 1));
    m_bars->setName(metric == Metric::Ttft ? tr("Requests") : tr("Chunk gaps"));

    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *> { m_bars, m_overflow, m_p50Line, m_p95Line })
        m_chart->addSeries(s);

    m_axisX->setTitleText(metric == Metric::Ttft ? tr("Time to first token (ms)") : tr("Gap between chunks (ms)"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setMinorTickCount(0);
    m_axisY->setTitleText(metric == Metric::Ttft ? tr("Requests") : tr("Gaps"));
    m_axisY->setLabelFormat(QStringLiteral("%.0f"));
    m_axisY->setTickType(QValueAxis::TicksDynamic);
    m_axisY->setTickAnchor(0);
    m_axisY->setMinorTickCount(0);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries *s : m_chart->series()) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    // Last: the chart's theme recolours an axis when it joins the chart or a series.
    m_axisX->setLinePenColor(kAxisLineColor);
    m_axisY->setLinePenColor(kAxisLineColor);

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &HistogramChart::refresh);
    refresh();
}

void HistogramChart::beginRun(const RunConfig &config)
{
    m_refreshTimer.stop();
    m_minTokensForItl = config.minTokensForTpot;
    m_loadPoints = config.loadPoints();
    m_samples.clear();
    refresh();
}

void HistogramChart::addFinished(const RequestRecord &record)
{
    if (record.warmup || !record.ok)
        return;
    if (m_metric == Metric::Ttft) {
        const double ms = Stats::ttftMs(record);
        if (ms < 0)
            return;
        m_samples.append({ record.levelIndex, ms });
    } else {
        // As in the level summary: too few tokens make no representative gaps.
        if (record.outputTokens < m_minTokensForItl)
            return;
        const std::vector<double> gaps = Stats::itlMs(record);
        if (gaps.empty())
            return;
        for (double ms : gaps)
            m_samples.append({ record.levelIndex, ms });
    }
    scheduleRefresh();
}

void HistogramChart::setRun(const RunResult &run)
{
    beginRun(run.config);
    for (const RequestRecord &record : run.records)
        addFinished(record);
    refreshNow();
}

void HistogramChart::setLevelFilter(int levelIndex)
{
    if (levelIndex == m_levelFilter)
        return;
    m_levelFilter = levelIndex;
    refreshNow();
}

void HistogramChart::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void HistogramChart::refreshNow()
{
    m_refreshTimer.stop();
    refresh();
}

std::vector<double> HistogramChart::filteredValues() const
{
    std::vector<double> values;
    values.reserve(static_cast<size_t>(m_samples.size()));
    for (const Sample &s : m_samples) {
        if (m_levelFilter < 0 || s.levelIndex == m_levelFilter)
            values.push_back(s.ms);
    }
    return values;
}

void HistogramChart::refresh()
{
    std::vector<double> values = filteredValues();
    m_histogram = Stats::histogram(values, targetBins(values.size()));
    const Distribution d = Stats::summarize(std::move(values));
    m_p50Ms = d.p50;
    m_p95Ms = d.p95;
    updateTitle();
    updateAxes();
    updateBars();
    updatePercentileLines();
    viewport()->update();
}

void HistogramChart::updateTitle()
{
    QString scope = tr("all levels");
    if (m_levelFilter >= 0 && m_levelFilter < m_loadPoints.size()) {
        const int concurrency = m_loadPoints.at(m_levelFilter).concurrency;
        scope = isRepeated(m_loadPoints, m_levelFilter) ? tr("concurrency %1 (level %2)").arg(concurrency).arg(m_levelFilter + 1)
                                                        : tr("concurrency %1").arg(concurrency);
    }
    const QString n = QLocale().toString(m_histogram.total);
    //: n = the number of requests in the histogram
    m_chart->setTitle(m_metric == Metric::Ttft ? tr("TTFT histogram · %1 · n = %2").arg(scope, n)
                                               //: n = the number of gaps between chunks in the histogram
                                               : tr("ITL histogram · %1 · n = %2 gaps").arg(scope, n));
}

void HistogramChart::updateAxes()
{
    if (m_histogram.isEmpty()) {
        setRangeAndStep(m_axisX, 0, 100, 20);
        m_axisX->setLabelFormat(QStringLiteral("%.0f"));
        setRangeAndStep(m_axisY, 0, 5, 1);
        return;
    }
    const double left = m_histogram.firstEdge;
    const double right = m_histogram.lastEdge();
    const double step = Stats::niceBinWidth(right - left, 6);
    m_axisX->setTickAnchor(std::floor(left / step) * step);
    setRangeAndStep(m_axisX, left, right, step);
    m_axisX->setLabelFormat(QStringLiteral("%.") + QString::number(decimalsFor(step)) + QStringLiteral("f"));

    // Head room above the tallest bar for the P50/P95 labels.
    const double top = std::max(1.0, m_histogram.maxCount() * 1.15);
    const double yStep = std::max(1.0, Stats::niceBinWidth(top, 5));
    setRangeAndStep(m_axisY, 0, std::ceil(top / yStep) * yStep, yStep);
}

void HistogramChart::updateBars()
{
    QList<QPointF> bars;
    QList<QPointF> overflow;
    const Stats::Histogram &h = m_histogram;
    const double gap = h.binWidth * kBarGapFraction;
    for (int bin = 0; bin < h.binCount(); ++bin) {
        const int count = h.counts.at(bin);
        if (count == 0)
            continue;
        const bool clampedBar = h.clamped > 0 && bin == h.binCount() - 1;
        appendBar(clampedBar ? overflow : bars, h.lowerEdge(bin) + gap, h.lowerEdge(bin + 1) - gap, count);
    }
    m_barsUpper->replace(bars);
    m_overflowUpper->replace(overflow);
    // An area series without points still draws its outline down the plot's left edge.
    m_bars->setVisible(!bars.isEmpty());
    m_overflow->setVisible(!overflow.isEmpty());
    m_overflow->setName(h.clamped > 0 ? tr("Last bar: %n far-out value(s) above %1 ms, up to %2 ms", nullptr, h.clamped)
                                            .arg(formatMs(h.lowerEdge(h.binCount() - 1)), formatMs(h.maxValue))
                                      : QString());
    const QList<QLegendMarker *> markers = m_chart->legend()->markers(m_overflow);
    for (QLegendMarker *marker : markers)
        marker->setVisible(h.clamped > 0);
}

void HistogramChart::updatePercentileLines()
{
    const bool shown = !m_histogram.isEmpty();
    const double top = m_axisY->max();
    // A percentile beyond the clamped range is drawn at the edge: its legend entry has the value.
    const auto x = [this](double ms) { return std::min(ms, m_histogram.lastEdge()); };
    m_p50Line->replace(shown ? QList<QPointF> { { x(m_p50Ms), 0 }, { x(m_p50Ms), top } } : QList<QPointF>());
    m_p95Line->replace(shown ? QList<QPointF> { { x(m_p95Ms), 0 }, { x(m_p95Ms), top } } : QList<QPointF>());
    //: P50 = median, the 50th percentile
    m_p50Line->setName(tr("P50 %1 ms").arg(formatMs(m_p50Ms)));
    m_p95Line->setName(tr("P95 %1 ms").arg(formatMs(m_p95Ms)));
    for (QLineSeries *line : { m_p50Line, m_p95Line }) {
        const QList<QLegendMarker *> markers = m_chart->legend()->markers(line);
        for (QLegendMarker *marker : markers)
            marker->setVisible(shown);
    }
}

// The far-out bar sits one bin after the ordinary ones, not where its values are: its label says
// where they are.
void HistogramChart::drawOverflowLabel(QPainter *painter, const QFontMetricsF &metrics)
{
    const Stats::Histogram &h = m_histogram;
    if (h.clamped == 0)
        return;
    const int last = h.binCount() - 1;
    const QPointF top = m_chart->mapToScene(
        m_chart->mapToPosition(QPointF((h.lowerEdge(last) + h.lastEdge()) / 2, h.counts.at(last)), m_overflow));
    //: above the bar of far-out values: how far they went, in milliseconds
    const QString label = tr("≤ %1 ms").arg(formatMs(h.maxValue));
    const double width = metrics.horizontalAdvance(label);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    const double x = std::clamp(top.x() - width / 2, plot.left(), plot.right() - width);
    painter->setPen(kMutedTextColor);
    painter->drawText(QPointF(x, top.y() - metrics.descent() - 3), label);
}

int HistogramChart::drawnBarCount() const
{
    return static_cast<int>((m_barsUpper->count() + m_overflowUpper->count()) / 4);
}

void HistogramChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    if (m_histogram.isEmpty()) {
        painter->setPen(kMutedTextColor);
        const QString text
            = m_metric == Metric::Ttft ? tr("No completed requests yet") : tr("No gaps between chunks yet");
        painter->drawText(plot, Qt::AlignCenter, text);
        painter->restore();
        return;
    }
    // The percentile names next to their lines, at the top of the plot where no bar reaches.
    const auto labelAt = [&](double ms, const QString &label, const QColor &color, double previousRight) {
        painter->setPen(color);
        const QPointF p = m_chart->mapToScene(
            m_chart->mapToPosition(QPointF(std::min(ms, m_histogram.lastEdge()), m_axisY->max()), m_p50Line));
        double x = p.x() + 4;
        const double width = metrics.horizontalAdvance(label);
        if (x + width > plot.right())
            x = p.x() - 4 - width; // flip to the left of the line at the right edge
        const double y = plot.top() + metrics.ascent() + 2 + (x < previousRight + 4 ? metrics.height() : 0);
        painter->drawText(QPointF(x, y), label);
        return x + width;
    };
    const double p50Right = labelAt(m_p50Ms, QStringLiteral("P50"), kP50Color, -1e9);
    labelAt(m_p95Ms, QStringLiteral("P95"), kP95Color, p50Right);
    drawOverflowLabel(painter, metrics);
    painter->restore();
}

} // namespace TokenScope
