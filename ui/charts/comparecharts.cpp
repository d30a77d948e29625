// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparecharts.h"

#include "chartsupport.h"
#include "palette.h"
#include "stats/servingcurve.h"
#include "whiskers.h"

#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace TokenScope {

namespace {

// Points per CDF curve: a few thousand at most (docs/history-and-compare.md#4-the-compare-tab).
constexpr int kCdfMaxPoints = 1500;
constexpr int kChartMinHeightPx = 190;
constexpr double kTailCutFactor = 3.0; // cut the CDF axis when the slowest sample is this far past the P95...
constexpr double kTailShownFactor = 1.5; // ...and then show up to this many times the largest P95

const std::array<Compare::Metric, 3> kCdfMetrics { Compare::Metric::Ttft, Compare::Metric::Tpot, Compare::Metric::Itl };

int cdfSlot(Compare::Metric metric)
{
    switch (metric) {
    case Compare::Metric::Ttft:
        return 0;
    case Compare::Metric::Tpot:
        return 1;
    case Compare::Metric::Itl:
        return 2;
    case Compare::Metric::E2e:
        break;
    }
    return -1;
}

WhiskerChartView *makeChartView(QChart *chart, QWidget *parent)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true); // an entry the legend had to cut says itself whole
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    chart->legend()->setFont(small);
    QFont title = chart->titleFont();
    title.setBold(true);
    chart->setTitleFont(title);
    auto *view = new WhiskerChartView(chart, parent);
    applyChartTheme(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(kChartMinHeightPx);
    return view;
}

// Plain digits for an axis reaching 1000 or more ("20000", never "2e+04"); up to four
// significant digits below that, so small ranges keep their decimals.
void usePlainLabels(QValueAxis *axis)
{
    axis->setLabelFormat(std::max(std::abs(axis->min()), std::abs(axis->max())) >= 1000 ? QStringLiteral("%.0f")
                                                                                        : QStringLiteral("%.4g"));
}

QValueAxis *makeValueAxis(const QString &title, const QString &format)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(format);
    QFont font = axis->labelsFont();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    axis->setLabelsFont(font);
    axis->setTitleFont(font);
    return axis;
}

QLineSeries *makeLine(const QString &name, const QColor &color, Qt::PenStyle style, double widthPx)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(color, widthPx, style);
    pen.setCosmetic(true);
    series->setPen(pen);
    series->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)
    return series;
}

// The ECDF as a step line: up at each sample value, flat in between.
QList<QPointF> steps(const QList<QPointF> &cdf)
{
    QList<QPointF> out;
    out.reserve(cdf.size() * 2 + 1);
    double previousY = 0;
    for (const QPointF &p : cdf) {
        out.append(QPointF(p.x(), previousY * 100.0));
        out.append(QPointF(p.x(), p.y() * 100.0));
        previousY = p.y();
    }
    return out;
}

void hideLegendMarker(QChart *chart, QLineSeries *series)
{
    for (QLegendMarker *marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

// One level per concurrency (the first), ascending.
QList<LevelSummary> levelsByConcurrency(const RunResult &run)
{
    QList<LevelSummary> out;
    for (const LevelSummary &level : run.levels) {
        const bool seen = std::any_of(
            out.cbegin(), out.cend(), [&level](const LevelSummary &l) { return l.concurrency == level.concurrency; });
        if (!seen)
            out.append(level);
    }
    std::sort(out.begin(), out.end(),
        [](const LevelSummary &a, const LevelSummary &b) { return a.concurrency < b.concurrency; });
    return out;
}

QString cdfTitle(Compare::Metric metric)
{
    switch (metric) {
    case Compare::Metric::Ttft:
        return CompareCharts::tr("TTFT (time to first token)");
    case Compare::Metric::Tpot:
        return CompareCharts::tr("TPOT (time per output token)");
    case Compare::Metric::Itl:
        return CompareCharts::tr("ITL (gap between chunks)");
    case Compare::Metric::E2e:
        return CompareCharts::tr("E2E (whole request)");
    }
    return {};
}

QString formatMs(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

// The level charts' x axis: base 2 over concurrency, linear over achieved throughput.
QAbstractAxis *makeLevelAxis(bool byThroughput)
{
    QAbstractAxis *axis = nullptr;
    if (byThroughput) {
        auto *x = new QValueAxis;
        x->setLabelFormat(QStringLiteral("%.3g"));
        x->setTitleText(CompareCharts::tr("achieved throughput (completed requests/s)"));
        axis = x;
    } else {
        auto *x = new QLogValueAxis;
        x->setBase(2); // 1, 2, 4, 8, 16...: the usual concurrency steps sit evenly
        x->setLabelFormat(QStringLiteral("%g"));
        x->setTitleText(CompareCharts::tr("concurrency"));
        axis = x;
    }
    QFont font = axis->labelsFont();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    axis->setLabelsFont(font);
    axis->setTitleFont(font);
    return axis;
}

} // namespace

CompareCharts::CompareCharts(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    auto *caption = new QLabel(tr("<b>Distributions</b> — each curve rises through the share of requests (y) done "
                                  "within x ms: a curve further left is faster, a steeper one steadier. The dashed "
                                  "line is the median (P50)."),
        this);
    caption->setWordWrap(true);
    grid->addWidget(caption, 0, 0, 1, 3);
    auto *levelCaption = new QLabel(this);
    levelCaption->setWordWrap(true);
    m_levelCaption = levelCaption;
    for (int i = 0; i < 3; ++i) {
        auto *chart = new QChart;
        chart->setTitle(cdfTitle(kCdfMetrics[static_cast<size_t>(i)]));
        chart->addAxis(makeValueAxis(tr("ms"), QStringLiteral("%.4g")), Qt::AlignBottom);
        QValueAxis *y = makeValueAxis(QString(), QStringLiteral("%d%%"));
        y->setRange(0, 100);
        y->setTickCount(5);
        chart->addAxis(y, Qt::AlignLeft);
        m_cdfCharts[static_cast<size_t>(i)] = chart;
        grid->addWidget(makeChartView(chart, this), 1, i);
    }
    const std::array<QString, 3> levelTitles { tr("Output throughput (higher is better)"),
        tr("TTFT P50 (solid) and P95 (dashed)"), tr("TPOT P50: decode time per token") };
    const std::array<QString, 3> levelUnits { tr("tok/s"), tr("ms"), tr("ms") };
    for (int i = 0; i < 3; ++i) {
        auto *chart = new QChart;
        chart->setTitle(levelTitles[static_cast<size_t>(i)]);
        chart->addAxis(makeLevelAxis(false), Qt::AlignBottom);
        chart->addAxis(makeValueAxis(levelUnits[static_cast<size_t>(i)], QStringLiteral("%.4g")), Qt::AlignLeft);
        m_levelCharts[static_cast<size_t>(i)] = chart;
        m_levelViews[static_cast<size_t>(i)] = makeChartView(chart, this);
        grid->addWidget(m_levelViews[static_cast<size_t>(i)], 3, i);
    }
    grid->addWidget(levelCaption, 2, 0, 1, 3);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(3, 1);
}

void CompareCharts::setRuns(const QList<Run> &runs)
{
    m_runs = runs;
    updateToolTips();
}

QString CompareCharts::legendName(const Run &run, const QFont &legendFont, int maxPx)
{
    // QChart's legend would cut a long label at its end, where labels told apart by their time or
    // #n differ: the middle goes instead.
    const QFontMetrics metrics(legendFont);
    if (!run.baseline)
        return metrics.elidedText(run.label, Qt::ElideMiddle, maxPx);
    const QString suffix = tr("%1 (baseline)").arg(QString());
    const QString label = metrics.elidedText(
        run.label, Qt::ElideMiddle, std::max(kLegendLabelMinPx, maxPx - metrics.horizontalAdvance(suffix)));
    return tr("%1 (baseline)").arg(label);
}

int CompareCharts::legendLabelWidthPx(const QChart *chart, int entries)
{
    if (chart->size().width() < 1)
        return kLegendLabelMaxPx; // not laid out yet: resizeEvent names them again
    const int legendWidth = int(chart->size().width()) - chart->margins().left() - chart->margins().right();
    const int share = legendWidth / std::max(1, entries) - kLegendMarkerPx;
    return std::clamp(share, kLegendLabelMinPx, kLegendLabelMaxPx);
}

// A run's solid line; nameLegendEntries() names it once its chart holds every line.
QLineSeries *CompareCharts::makeRunLine(qsizetype runIndex) const
{
    const Run &run = m_runs.at(runIndex);
    QLineSeries *series = makeLine(run.label, run.color, Qt::SolidLine, run.baseline ? 2.6 : 2.0);
    series->setProperty(kRunIndexProperty, QVariant::fromValue(runIndex));
    return series;
}

void CompareCharts::nameLegendEntries()
{
    const auto name = [this](QChart *chart) {
        const QList<QAbstractSeries *> lines = chart->series();
        QList<QAbstractSeries *> runLines;
        for (QAbstractSeries *series : lines)
            if (series->property(kRunIndexProperty).isValid())
                runLines.append(series);
        const int width = legendLabelWidthPx(chart, int(runLines.size()));
        for (QAbstractSeries *series : std::as_const(runLines))
            series->setName(legendName(
                m_runs.at(series->property(kRunIndexProperty).value<qsizetype>()), chart->legend()->font(), width));
    };
    for (QChart *chart : m_cdfCharts)
        name(chart);
    for (QChart *chart : m_levelCharts)
        name(chart);
}

void CompareCharts::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    nameLegendEntries(); // each label's share of its legend changed
}

void CompareCharts::updateToolTips()
{
    QStringList lines;
    for (const Run &run : std::as_const(m_runs))
        if (run.fullName != run.label)
            //: a legend entry and the run's whole name
            lines.append(tr("%1: %2").arg(run.label, run.fullName));
    const QString tip = lines.join(u'\n');
    for (QChart *chart : m_cdfCharts)
        chart->setToolTip(tip);
    for (QChart *chart : m_levelCharts)
        chart->setToolTip(tip);
}

// ---- the distributions ----

void CompareCharts::updateDistributions(int concurrency)
{
    for (Compare::Metric metric : kCdfMetrics)
        updateDistribution(metric, concurrency);
    nameLegendEntries();
}

void CompareCharts::updateDistribution(Compare::Metric metric, int concurrency)
{
    const auto slot = static_cast<size_t>(cdfSlot(metric));
    QChart *chart = m_cdfCharts[slot];
    chart->removeAllSeries();
    m_cdfSeries[slot].clear();
    auto *x = static_cast<QValueAxis *>(chart->axes(Qt::Horizontal).constFirst());
    QAbstractAxis *y = chart->axes(Qt::Vertical).constFirst();
    double maxX = 0;
    double minX = std::numeric_limits<double>::max();
    double maxP95 = 0;
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        const Run &run = m_runs.at(i);
        const QList<QPointF> points = Compare::cdf(run.result, metric, concurrency, kCdfMaxPoints);
        if (points.isEmpty())
            continue;
        maxX = std::max(maxX, points.constLast().x());
        minX = std::min(minX, points.constFirst().x());
        const auto p95 = std::find_if(points.cbegin(), points.cend(), [](const QPointF &p) { return p.y() >= 0.95; });
        maxP95 = std::max(maxP95, p95 != points.cend() ? p95->x() : points.constLast().x());
        QLineSeries *series = makeRunLine(i);
        series->replace(steps(points));
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        m_cdfSeries[slot].append(series);
    }
    // A few slow outliers would squeeze every curve into a corner: past kTailCutFactor x the
    // largest P95 the axis is cut, and the title says so and names the slowest value.
    const bool cut = maxP95 > 0 && maxX > kTailCutFactor * maxP95;
    const double top = cut ? maxP95 * kTailShownFactor : maxX > 0 ? maxX * 1.05 : 1.0;
    // The axis starts near the data: TTFTs of 40 to 45 ms would otherwise be a wall at the right.
    const double span = top - minX;
    const double bottom = minX < top && minX > 0.25 * top ? std::max(0.0, minX - 0.1 * span) : 0.0;
    x->setRange(bottom, top);
    x->applyNiceNumbers();
    usePlainLabels(x);
    chart->setTitle(cut ? tr("%1 — tail cut, slowest %2 ms").arg(cdfTitle(metric), formatMs(maxX)) : cdfTitle(metric));
    if (!m_cdfSeries[slot].isEmpty()) {
        // The median line: where each curve crosses it is that run's P50.
        QLineSeries *median = makeLine(QString(), Palette::guide, Qt::DashLine, 1.0);
        median->replace({ QPointF(x->min(), 50), QPointF(x->max(), 50) });
        chart->addSeries(median);
        median->attachAxis(x);
        median->attachAxis(y);
        hideLegendMarker(chart, median);
    }
}

// ---- against the load ----

void CompareCharts::updateLevels()
{
    // Levels chosen by rate stand on no concurrency (a rate level's is its cap): the runs are drawn
    // as serving curves, against the throughput each level achieved.
    m_levelsByThroughput = std::any_of(m_runs.cbegin(), m_runs.cend(),
        [](const Run &run) { return run.result.config.loadMode != LoadMode::Concurrency; });
    m_levelCaption->setText((m_levelsByThroughput
            ? tr("<b>Against achieved throughput</b> — the serving curve of each run: one point per level at the "
                 "requests per second it completed. A curve further right before TTFT rises serves more.")
            : tr("<b>Against concurrency</b> — how each run takes more load: throughput should rise, TTFT and TPOT "
                 "should stay flat."))
        + u' '
        + tr("Whiskers: the 95 % interval of a figure, where its level has enough samples for one; two runs whose "
             "whiskers overlap differ within noise."));
    resetLevelAxes();
    Extent extent;
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        const Run &run = m_runs.at(i);
        const LevelLines lines = levelLines(run.result, &extent);
        addLevelLine(LevelChart::OutputThroughput, makeRunLine(i), lines.throughput, true);
        addLevelLine(LevelChart::Ttft, makeRunLine(i), lines.ttftP50, true);
        addLevelLine(LevelChart::Ttft, makeLine(tr("%1 P95").arg(run.label), run.color, Qt::DashLine, 1.6),
            lines.ttftP95, false);
        addLevelLine(LevelChart::Tpot, makeRunLine(i), lines.tpotP50, true);
    }
    for (size_t c = 0; c < m_levelViews.size(); ++c)
        m_levelViews[c]->setWhiskers(m_levelWhiskers[c]);
    rangeLevelAxes(extent);
    nameLegendEntries();
}

// No lines, and an x axis of the kind the runs need: base 2 over concurrency, linear over throughput.
void CompareCharts::resetLevelAxes()
{
    for (size_t c = 0; c < m_levelCharts.size(); ++c) {
        QChart *chart = m_levelCharts[c];
        m_levelViews[c]->setWhiskers({});
        m_levelWhiskers[c].clear();
        chart->removeAllSeries();
        m_levelSeries[c].clear();
        QAbstractAxis *old = chart->axes(Qt::Horizontal).value(0);
        const bool isLog = qobject_cast<QLogValueAxis *>(old) != nullptr;
        if (!old || isLog == m_levelsByThroughput) {
            if (old) {
                chart->removeAxis(old);
                delete old;
            }
            chart->addAxis(makeLevelAxis(m_levelsByThroughput), Qt::AlignBottom);
            applyChartTheme(chart);
        }
    }
}

CompareCharts::LevelLines CompareCharts::levelLines(const RunResult &run, Extent *extent) const
{
    LevelLines lines;
    if (m_levelsByThroughput) {
        for (const Stats::ServingPoint &p : Stats::servingCurve(run.levels)) {
            extent->maxX = std::max(extent->maxX, p.throughput);
            lines.throughput.add(p.throughput, p.outputThroughput, p.outputThroughputCi);
            if (p.ttftP50Ms >= 0) {
                lines.ttftP50.add(p.throughput, p.ttftP50Ms, p.ttftP50Ci);
                lines.ttftP95.add(p.throughput, p.ttftP95Ms, p.ttftP95Ci);
            }
            if (p.tpotP50Ms >= 0)
                lines.tpotP50.add(p.throughput, p.tpotP50Ms, p.tpotP50Ci);
        }
    } else {
        for (const LevelSummary &level : levelsByConcurrency(run)) {
            if (level.concurrency <= 0)
                continue;
            extent->minC = extent->minC == 0 ? level.concurrency : std::min(extent->minC, level.concurrency);
            extent->maxC = std::max(extent->maxC, level.concurrency);
            const double c = level.concurrency;
            if (level.durationS > 0)
                lines.throughput.add(c, level.outputThroughput, level.outputThroughputCi);
            if (level.ttftMs.count > 0) {
                lines.ttftP50.add(c, level.ttftMs.p50, level.ttftMs.p50Ci);
                lines.ttftP95.add(c, level.ttftMs.p95, level.ttftMs.p95Ci);
            }
            if (level.tpotMs.count > 0)
                lines.tpotP50.add(c, level.tpotMs.p50, level.tpotMs.p50Ci);
        }
    }
    extent->maxY[0] = std::max(extent->maxY[0], lines.throughput.top);
    extent->maxY[1] = std::max({ extent->maxY[1], lines.ttftP50.top, lines.ttftP95.top });
    extent->maxY[2] = std::max(extent->maxY[2], lines.tpotP50.top);
    return lines;
}

void CompareCharts::LevelLine::add(double x, double y, const ConfidenceInterval &ci)
{
    points.append(QPointF(x, y));
    addWhisker(&whiskers, x, ci);
    top = std::max(top, highestOf(y, ci));
}

void CompareCharts::addLevelLine(LevelChart which, QLineSeries *series, const LevelLine &line, bool legend)
{
    const auto c = static_cast<size_t>(which);
    QChart *chart = m_levelCharts[c];
    series->replace(line.points);
    m_levelWhiskers[c].append({ series, series->pen().color(), line.whiskers });
    series->setPointsVisible(true);
    chart->addSeries(series);
    series->attachAxis(chart->axes(Qt::Horizontal).constFirst());
    series->attachAxis(chart->axes(Qt::Vertical).constFirst());
    if (!legend)
        hideLegendMarker(chart, series);
    m_levelSeries[c].append(series);
}

void CompareCharts::rangeLevelAxes(const Extent &extent)
{
    for (size_t c = 0; c < m_levelCharts.size(); ++c) {
        QAbstractAxis *axis = m_levelCharts[c]->axes(Qt::Horizontal).constFirst();
        if (auto *log = qobject_cast<QLogValueAxis *>(axis)) {
            // Half a step of margin on a base-2 axis, so the first and last points are not on the frame.
            log->setRange(extent.minC > 0 ? extent.minC / 1.4 : 0.7, extent.maxC > 0 ? extent.maxC * 1.4 : 1.4);
        } else if (auto *linear = qobject_cast<QValueAxis *>(axis)) {
            linear->setRange(0, extent.maxX > 0 ? extent.maxX * 1.08 : 1.0);
            linear->applyNiceNumbers();
            usePlainLabels(linear);
        }
        auto *y = static_cast<QValueAxis *>(m_levelCharts[c]->axes(Qt::Vertical).constFirst());
        y->setRange(0, extent.maxY[c] > 0 ? extent.maxY[c] * 1.08 : 1.0);
        y->applyNiceNumbers();
        usePlainLabels(y);
    }
}

QList<QLineSeries *> CompareCharts::cdfSeries(Compare::Metric metric) const
{
    const int slot = cdfSlot(metric);
    return slot < 0 ? QList<QLineSeries *>() : m_cdfSeries[static_cast<size_t>(slot)];
}

QList<QLineSeries *> CompareCharts::levelSeries(LevelChart chart) const
{
    return m_levelSeries[static_cast<size_t>(chart)];
}

} // namespace TokenScope
