// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogramchart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"
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

QString formatMs(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

QString formatPercent(int part, int whole)
{
    return QLocale().toString(whole > 0 ? 100.0 * part / whole : 0.0, 'f', 1);
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
    : ZoomableChartView(parent)
    , m_metric(metric)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
    , m_barsUpper(new QLineSeries(this)) // an area series does not own its boundary line
    , m_bars(new QAreaSeries(m_barsUpper))
    , m_overflowUpper(new QLineSeries(this))
    , m_overflow(new QAreaSeries(m_overflowUpper))
    , m_p50Line(makePercentileLine(Palette::p50, Qt::SolidLine))
    , m_p95Line(makePercentileLine(Palette::p95, Qt::DashLine))
{
    const QColor color = metric == Metric::Ttft ? Palette::firstToken : Palette::chunk;
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
    m_axisX->setLinePenColor(Palette::axisLine);
    m_axisY->setLinePenColor(Palette::axisLine);

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
    m_state = State::Live;
    m_minTokensForItl = config.minTokensForTpot;
    m_loadPoints = config.loadPoints();
    m_samples.clear();
    m_outcomes.clear();
    forgetZoom(); // another run's range would hide this one's bars
    refresh();
}

void HistogramChart::addFinished(const RequestRecord &record)
{
    if (record.warmup)
        return;
    // Every measured request is remembered, sample or not: the empty state tells "none completed"
    // from "all too short" (and the refresh that follows may change it).
    const bool tooShortForItl = record.ok && record.outputTokens < m_minTokensForItl;
    m_outcomes.append({ record.levelIndex, record.ok, tooShortForItl });
    scheduleRefresh();
    if (!record.ok)
        return;
    if (m_metric == Metric::Ttft) {
        const double ms = Stats::ttftMs(record);
        if (ms >= 0)
            m_samples.append({ record.levelIndex, ms });
    } else if (!tooShortForItl) { // as in the level summary: too few tokens make no representative gaps
        const std::vector<double> gaps = Stats::itlMs(record);
        for (double ms : gaps)
            m_samples.append({ record.levelIndex, ms });
    }
}

void HistogramChart::setRun(const RunResult &run)
{
    beginRun(run.config);
    m_loadPoints = run.points(); // a sweep's or a search's levels too
    m_state = State::Shown;
    for (const RequestRecord &record : run.records)
        addFinished(record);
    refreshNow();
}

void HistogramChart::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    while (m_loadPoints.size() <= point.index)
        m_loadPoints.append(LoadPoint::closedLoop(0, int(m_loadPoints.size())));
    m_loadPoints[point.index] = point;
    updateTitle();
}

void HistogramChart::setLevelFilter(int levelIndex)
{
    if (levelIndex == m_levelFilter)
        return;
    m_levelFilter = std::max(-1, levelIndex);
    refreshNow();
}

void HistogramChart::setRunLabel(const QString &label)
{
    if (label == m_runLabel)
        return;
    m_runLabel = label;
    updateTitle();
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
    m_sortedMs = filteredValues();
    std::sort(m_sortedMs.begin(), m_sortedMs.end());
    m_histogram = Stats::histogram(m_sortedMs, targetBins(m_sortedMs.size()));
    const Distribution d = Stats::summarize(m_sortedMs);
    m_p50Ms = d.p50;
    m_p95Ms = d.p95;
    updateView();
}

// What a zoom or pan changes: the bins of the visible range, the axes and the bars; the sample and
// its percentiles stay.
void HistogramChart::updateView()
{
    binShownRange();
    updateTitle();
    updateAxes();
    updateBars();
    updatePercentileLines();
    viewport()->update();
}

// Zoomed, the visible range gets bins of its own, on edges at multiples of their width so a pan
// does not make them jump: about as many as Rice's rule gives for the values in view, never wider
// than the whole sample's. Far-out values count where they are.
void HistogramChart::binShownRange()
{
    if (!zoomSpan() || m_histogram.isEmpty()) {
        m_shown = m_histogram;
        return;
    }
    const auto below = [this](double ms) {
        return static_cast<int>(std::lower_bound(m_sortedMs.cbegin(), m_sortedMs.cend(), ms) - m_sortedMs.cbegin());
    };
    const int inView = below(zoomSpan()->max) - below(zoomSpan()->min);
    const double width = std::min(m_histogram.binWidth,
        Stats::niceBinWidth(zoomSpan()->width(), targetBins(static_cast<size_t>(std::max(1, inView)))));
    Stats::Histogram h;
    h.binWidth = width;
    h.firstEdge = std::floor(zoomSpan()->min / width) * width;
    const int bins = std::max(1, static_cast<int>(std::ceil((zoomSpan()->max - h.firstEdge) / width - 1e-9)));
    int previous = below(h.firstEdge);
    for (int bin = 0; bin < bins; ++bin) {
        const int next = below(h.lowerEdge(bin + 1));
        h.counts.append(next - previous);
        h.total += next - previous;
        previous = next;
    }
    h.minValue = m_histogram.minValue;
    h.maxValue = m_histogram.maxValue;
    m_shown = h;
}

// "TTFT histogram — <run> · c=4 · n = 10": the run's name when the window gave one, the level when
// filtered (or that the levels are pooled, when the run has several), and the sample size.
void HistogramChart::updateTitle()
{
    QString title = m_metric == Metric::Ttft ? tr("TTFT histogram") : tr("ITL histogram");
    if (!m_runLabel.isEmpty())
        title += QStringLiteral(" — ") + m_runLabel;
    if (m_levelFilter >= 0)
        title += QStringLiteral(" · ") + levelName(m_loadPoints, m_levelFilter);
    else if (m_loadPoints.size() > 1)
        title += QStringLiteral(" · ") + tr("all levels");
    const QString n = QLocale().toString(m_histogram.total);
    //: n = the number of requests in the histogram
    title += QStringLiteral(" · ")
        + (m_metric == Metric::Ttft ? tr("n = %1").arg(n)
                                    //: n = the number of gaps between chunks
                                    : tr("n = %1 gaps").arg(n));
    m_chart->setTitle(title);
}

// Without a sample the plot area holds only the message: an empty 0..100 ms by 0..5 frame would
// look like a measurement of nothing.
void HistogramChart::updateAxes()
{
    const bool empty = m_histogram.isEmpty();
    m_axisX->setVisible(!empty);
    m_axisY->setVisible(!empty);
    const QList<QLegendMarker *> markers = m_chart->legend()->markers(m_bars);
    for (QLegendMarker *marker : markers)
        marker->setVisible(!empty);
    if (empty)
        return;
    updateXAxis();

    // Head room above the tallest bar for the P50/P95 labels.
    const double top = std::max(1.0, m_shown.maxCount() * 1.15); // the visible bars' when zoomed
    const double yStep = std::max(1.0, niceStep(top / 5));
    setRangeAndStep(m_axisY, 0, std::ceil(top / yStep) * yStep, yStep);
}

AxisSpan HistogramChart::dataSpan() const
{
    return { m_histogram.firstEdge, m_histogram.lastEdge() };
}

// The zoomed range while the user holds one, else every bin; ticks on a nice step of what is shown.
void HistogramChart::updateXAxis()
{
    if (m_histogram.isEmpty())
        return;
    const AxisSpan span = zoomSpan().value_or(dataSpan());
    const double step = niceStep(span.width() / 6);
    m_axisX->setTickAnchor(std::floor(span.min / step) * step);
    setRangeAndStep(m_axisX, span.min, span.max, step);
    m_axisX->setLabelFormat(stepLabelFormat(step, 4));
}


void HistogramChart::updateBars()
{
    QList<QPointF> bars;
    QList<QPointF> overflow;
    const Stats::Histogram &h = m_shown;
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

// The percentile names next to their lines, at the top of the plot where no bar reaches; when the
// lines are close, P95 goes left of its line or one row lower, never over P50 (placeLineLabels()).
void HistogramChart::drawPercentileLabels(QPainter *painter, const QFontMetricsF &metrics, const QRectF &plot)
{
    struct Label
    {
        double ms;
        QString text;
        QColor color;
    };
    const QList<Label> all { { m_p50Ms, QStringLiteral("P50"), Palette::p50 },
        { m_p95Ms, QStringLiteral("P95"), Palette::p95 } };
    QList<Label> shown;
    QList<double> xs;
    QList<double> widths;
    for (const Label &label : all) {
        const QPointF p = m_chart->mapToScene(
            m_chart->mapToPosition(QPointF(std::min(label.ms, m_histogram.lastEdge()), m_axisY->max()), m_p50Line));
        if (p.x() < plot.left() - 0.5 || p.x() > plot.right() + 0.5)
            continue; // zoomed or panned away from the line
        shown.append(label);
        xs.append(p.x());
        widths.append(metrics.horizontalAdvance(label.text));
    }
    const QList<LineLabel> placed = placeLineLabels(xs, widths, plot.left(), plot.right());
    for (qsizetype i = 0; i < placed.size(); ++i) {
        painter->setPen(shown.at(i).color);
        const double y = plot.top() + metrics.ascent() + 2 + placed.at(i).row * metrics.height();
        painter->drawText(QPointF(placed.at(i).left, y), shown.at(i).text);
    }
}

// The far-out bar sits one bin after the ordinary ones, not where its values are: its label says
// where they are.
void HistogramChart::drawOverflowLabel(QPainter *painter, const QFontMetricsF &metrics)
{
    const Stats::Histogram &h = m_shown;
    if (h.clamped == 0)
        return;
    const int last = h.binCount() - 1;
    const QPointF top = m_chart->mapToScene(
        m_chart->mapToPosition(QPointF((h.lowerEdge(last) + h.lastEdge()) / 2, h.counts.at(last)), m_overflow));
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    if (top.x() < plot.left() || top.x() > plot.right())
        return; // zoomed or panned away from the bar
    //: above the bar of far-out values: how far they went, in milliseconds
    const QString label = tr("≤ %1 ms").arg(formatMs(h.maxValue));
    const double width = metrics.horizontalAdvance(label);
    const double x = std::clamp(top.x() - width / 2, plot.left(), plot.right() - width);
    const QPointF baseline(x, top.y() - metrics.descent() - 3);
    // On a plate: a percentile line may pass right there.
    painter->fillRect(QRectF(x - 2, baseline.y() - metrics.ascent(), width + 4, metrics.height()), Palette::labelPlate);
    painter->setPen(Palette::mutedText);
    painter->drawText(baseline, label);
}

int HistogramChart::drawnBarCount() const
{
    return static_cast<int>((m_barsUpper->count() + m_overflowUpper->count()) / 4);
}

// Every bin under the pointer counts, however low its bar: a thin bar is hard to hit otherwise.
int HistogramChart::binAt(const QPointF &viewPos) const
{
    const Stats::Histogram &h = m_shown;
    if (h.isEmpty() || h.binWidth <= 0)
        return -1;
    const std::optional<QPointF> value = plotValueAt(this, viewPos, m_bars);
    if (!value)
        return -1;
    const int bin = static_cast<int>(std::floor((value->x() - h.firstEdge) / h.binWidth));
    return bin >= 0 && bin < h.binCount() ? bin : -1;
}

QString HistogramChart::readoutAt(const QPointF &viewPos) const
{
    const int bin = binAt(viewPos);
    if (bin < 0)
        return {};
    const Stats::Histogram &h = m_shown;
    const int total = m_histogram.total; // shares are of the whole (filtered) sample, zoomed or not
    const QLocale locale;
    const bool ttft = m_metric == Metric::Ttft;
    const int count = h.counts.at(bin);
    // Spelled out rather than "%n request(s)": a readout is read at a glance.
    const QString what = ttft ? (total == 1 ? tr("%1 of %3 request (%2 %)") : tr("%1 of %3 requests (%2 %)"))
                              : (total == 1 ? tr("%1 of %3 gap (%2 %)") : tr("%1 of %3 gaps (%2 %)"));
    const QString share = what.arg(locale.toString(count), formatPercent(count, total), locale.toString(total));
    const QString metric = ttft ? QStringLiteral("TTFT") : QStringLiteral("ITL");
    const bool lastBin = bin == h.binCount() - 1;
    if (lastBin && h.clamped > 0) {
        //: the hatched bar of far-out values: above which value, and the largest value
        return tr("%1 above %2 ms (far out, up to %3 ms)\n%4")
            .arg(metric, formatMs(h.lowerEdge(bin)), formatMs(h.maxValue), share);
    }
    const int decimals = stepDecimals(h.binWidth, 4);
    const QString lower = locale.toString(h.lowerEdge(bin), 'f', decimals);
    const QString upper = locale.toString(h.lowerEdge(bin + 1), 'f', decimals);
    // Values left of the shown bins (zoomed) count as below too.
    int below
        = static_cast<int>(std::lower_bound(m_sortedMs.cbegin(), m_sortedMs.cend(), h.firstEdge) - m_sortedMs.cbegin());
    for (int i = 0; i <= bin; ++i)
        below += h.counts.at(i);
    // Bins hold [lower, upper); the whole sample's last bin also holds its upper edge.
    const bool inclusive = lastBin && !zoomSpan();
    const QString cumulative = inclusive
        ? (ttft ? tr("%1 % took at most %2 ms") : tr("%1 % of gaps were at most %2 ms"))
        : (ttft ? tr("%1 % took less than %2 ms") : tr("%1 % of gaps were shorter than %2 ms"));
    return tr("%1 %2–%3 ms\n%4\n%5")
        .arg(metric, lower, upper, share, cumulative.arg(formatPercent(below, total), upper));
}

QString HistogramChart::emptyStateText() const
{
    if (!m_histogram.isEmpty())
        return {};
    if (m_state == State::NoRun) {
        const QString shortcut = QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText);
        return tr(
            "No run yet.\nPress Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.")
            .arg(shortcut);
    }
    int measured = 0;
    int completed = 0;
    int tooShort = 0;
    for (const Outcome &o : m_outcomes) {
        if (m_levelFilter >= 0 && o.levelIndex != m_levelFilter)
            continue;
        ++measured;
        completed += o.ok ? 1 : 0;
        tooShort += o.tooShortForItl ? 1 : 0;
    }
    const QString level = m_levelFilter >= 0 ? levelName(m_loadPoints, m_levelFilter) : QString();
    if (measured == 0) {
        if (!level.isEmpty() && !m_outcomes.isEmpty())
            return tr("No requests at %1: choose another level or all levels").arg(level);
        return m_state == State::Live ? tr("Waiting for the first request to complete")
                                      : tr("This run has no measured requests");
    }
    if (completed == 0)
        return tr("No request completed: the Requests tab shows why each one failed");
    if (m_metric == Metric::Itl && tooShort == completed) {
        return tr("Every response had fewer than %1 output tokens: ITL leaves them out (min tokens for TPOT in Run "
                  "settings)")
            .arg(m_minTokensForItl);
    }
    if (m_metric == Metric::Itl)
        return tr("No gaps between chunks: every response long enough for ITL came in a single chunk");
    return tr("No completed request has a first token");
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
        painter->setPen(Palette::mutedText);
        painter->drawText(plot.adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyStateText());
        painter->restore();
        return;
    }
    drawPercentileLabels(painter, metrics, plot);
    drawOverflowLabel(painter, metrics);

    // The hovered bin: a shade across its whole column, and its readout beside the pointer.
    const std::optional<QPointF> hover = hoverPosition();
    const int bin = hover ? binAt(*hover) : -1;
    if (bin >= 0) {
        const QPointF left = m_chart->mapToScene(m_chart->mapToPosition(QPointF(m_shown.lowerEdge(bin), 0), m_bars));
        const QPointF right
            = m_chart->mapToScene(m_chart->mapToPosition(QPointF(m_shown.lowerEdge(bin + 1), 0), m_bars));
        const QRectF column = QRectF(QPointF(left.x(), plot.top()), QPointF(right.x(), plot.bottom())) & plot;
        painter->fillRect(column, Palette::hoverShade);
        drawReadoutBox(painter, readoutAt(*hover), mapToScene(hover->toPoint()), plot);
    }
    painter->restore();
}

// --- Zoom (ZoomableChartView): the x axis in ms; the visible range is binned anew ---

bool HistogramChart::hasZoomableData() const
{
    return !m_histogram.isEmpty();
}

AxisSpan HistogramChart::zoomLimits() const
{
    return dataSpan();
}

double HistogramChart::minZoomWidth() const
{
    return m_histogram.binWidth; // one of the whole sample's bins, which the zoomed view splits finer
}

QAbstractSeries *HistogramChart::zoomSeries() const
{
    return m_bars;
}

void HistogramChart::zoomChanged(ZoomChange)
{
    updateView(); // a few hundred points at most: the visible range's bins
}

} // namespace TokenScope
