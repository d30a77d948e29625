// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "servingcurvechart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"
#include "stats/histogram.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QKeySequence>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 40; // the other live charts' cadence
constexpr double kReachPx = 24; // a hover this close to a point reads it out

// 0 to a whole number of nice steps above `peak` (at least 5 % above it).
void setNiceRange(QValueAxis *axis, double peak, double floor)
{
    const double top = std::max(floor, peak * 1.08);
    const double step = niceStep(top / 5);
    axis->setRange(0, std::ceil(top / step) * step);
    axis->setTickCount(int(std::lround(std::ceil(top / step))) + 1);
    axis->setLabelFormat(step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
}

QString msText(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 1 : 0);
}

// " [43, 45]": a figure's 95 % interval after it, in the figure's unit; empty without one.
QString intervalText(const ConfidenceInterval &ci)
{
    return ci.valid ? QStringLiteral(" [%1, %2]").arg(msText(ci.lo), msText(ci.hi)) : QString();
}

QString rateText2(double perS)
{
    return QLocale().toString(perS, 'f', perS < 10 ? 2 : 1);
}

} // namespace

ServingCurveChart::ServingCurveChart(QWidget *parent)
    : ZoomableChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisTtft(new QValueAxis)
    , m_axisTpot(new QValueAxis)
    , m_ttftP50(new QLineSeries)
    , m_ttftP95(new QLineSeries)
    , m_tpotP50(new QLineSeries)
    , m_ttftP50Dots(new QScatterSeries)
    , m_kneeKey(new QScatterSeries)
    , m_foundKey(new QScatterSeries)
    , m_constraintKey(new QLineSeries)
{
    m_ttftP50->setName(tr("TTFT P50"));
    m_ttftP50->setPen(QPen(Palette::chunk, 2.2));
    m_ttftP95->setName(tr("TTFT P95"));
    m_ttftP95->setPen(QPen(Palette::chunk.lighter(140), 1.6, Qt::DashLine));
    m_ttftP95->setPointsVisible(true);
    m_tpotP50->setName(tr("TPOT P50 (right axis)"));
    m_tpotP50->setPen(QPen(Palette::tpot, 1.8));
    m_tpotP50->setPointsVisible(true);
    m_ttftP50Dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_ttftP50Dots->setMarkerSize(9);
    m_ttftP50Dots->setColor(Palette::chunk);
    m_ttftP50Dots->setBorderColor(Palette::markerOutline);
    for (QXYSeries *s : { static_cast<QXYSeries *>(m_ttftP50), static_cast<QXYSeries *>(m_ttftP95),
             static_cast<QXYSeries *>(m_tpotP50), static_cast<QXYSeries *>(m_ttftP50Dots) })
        s->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)

    m_chart->setTitle(tr("Serving curve")); // setRunLabel() adds the run
    m_chart->setAnimationOptions(QChart::NoAnimation); // animations replay on every replace()
    m_chart->legend()->setAlignment(Qt::AlignTop);
    m_chart->addSeries(m_ttftP95);
    m_chart->addSeries(m_ttftP50);
    m_chart->addSeries(m_ttftP50Dots);
    m_chart->addSeries(m_tpotP50);
    m_chart->legend()->markers(m_ttftP50Dots).constFirst()->setVisible(false); // the P50 line's dots

    m_axisX->setTitleText(tr("Achieved throughput (completed requests/s)"));
    m_axisTtft->setTitleText(tr("TTFT (ms)"));
    m_axisTpot->setTitleText(tr("TPOT (ms)"));
    m_axisTpot->setGridLineVisible(false);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisTtft, Qt::AlignLeft);
    m_chart->addAxis(m_axisTpot, Qt::AlignRight);
    for (QXYSeries *s : { static_cast<QXYSeries *>(m_ttftP50), static_cast<QXYSeries *>(m_ttftP95),
             static_cast<QXYSeries *>(m_ttftP50Dots) }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisTtft);
    }
    m_tpotP50->attachAxis(m_axisX);
    m_tpotP50->attachAxis(m_axisTpot);
    addLegendKeys();
    colourAxis(m_axisTtft, Palette::chunk);
    colourAxis(m_axisTpot, Palette::tpot);

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &ServingCurveChart::refresh);
    refresh();
}

// Keys without points for the marks drawn in drawForeground(): the knee's and the search answer's
// rings, a constraint's dash-dot line. updateLegendKeys() shows each while its mark is drawn.
void ServingCurveChart::addLegendKeys()
{
    m_kneeKey->setName(tr("Knee (median TTFT takes off)"));
    m_foundKey->setName(tr("Highest passing rate"));
    for (const auto &[key, color] :
        { std::pair { m_kneeKey, Palette::failure }, std::pair { m_foundKey, Palette::searchFound } }) {
        key->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        key->setColor(color); // a legend marker is a filled square: the ring's colour
        key->setBorderColor(color);
        key->setPen(QPen(color, 2.4));
        key->setUseOpenGL(false);
        m_chart->addSeries(key);
    }
    m_constraintKey->setName(tr("Search constraint"));
    m_constraintKey->setPen(QPen(Palette::chartText, 1.6, Qt::DashDotLine));
    m_chart->addSeries(m_constraintKey);
    for (QXYSeries *key : { static_cast<QXYSeries *>(m_kneeKey), static_cast<QXYSeries *>(m_foundKey),
             static_cast<QXYSeries *>(m_constraintKey) }) {
        key->attachAxis(m_axisX);
        key->attachAxis(m_axisTtft);
    }
}

void ServingCurveChart::beginRun(const RunConfig &config)
{
    m_refreshTimer.stop();
    forgetZoom();
    m_state = State::Live;
    m_constraints = config.loadMode == LoadMode::FindMaxRate ? config.maxRateConstraints : QList<SloConstraint>();
    m_levels.clear();
    m_planOutcome.clear();
    m_maxRateFound = -1;
    refresh();
}

void ServingCurveChart::addLevel(const LevelSummary &summary)
{
    // A level measured again (none today) replaces its first summary.
    const auto same = std::find_if(m_levels.begin(), m_levels.end(),
        [&summary](const LevelSummary &l) { return l.levelIndex == summary.levelIndex && l.arm == summary.arm; });
    if (same != m_levels.end())
        *same = summary;
    else
        m_levels.append(summary);
    scheduleRefresh();
}

void ServingCurveChart::setRun(const RunResult &run)
{
    m_refreshTimer.stop();
    forgetZoom();
    m_state = State::Shown;
    m_levels = run.levels;
    m_planOutcome = run.loadPlanOutcome;
    m_maxRateFound = run.maxRateFound;
    m_constraints
        = run.config.loadMode == LoadMode::FindMaxRate ? run.config.maxRateConstraints : QList<SloConstraint>();
    refresh();
}

void ServingCurveChart::refreshNow()
{
    m_refreshTimer.stop();
    refresh();
}

void ServingCurveChart::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void ServingCurveChart::setRunLabel(const QString &label)
{
    m_runLabel = label;
    const QString name = tr("Serving curve");
    m_chart->setTitle(label.isEmpty() ? name : name + QStringLiteral(" — ") + label);
}

int ServingCurveChart::pointCount() const
{
    return int(m_ttftP50->count());
}

void ServingCurveChart::refresh()
{
    m_curve = Stats::servingCurve(m_levels);
    // A level summary without its load point (a default one, as history files before schema 5 gave
    // back) is named by its position: its concurrency may be a rate level's cap.
    for (Stats::ServingPoint &p : m_curve) {
        const int index = p.levelIndex;
        const auto level = std::find_if(m_levels.cbegin(), m_levels.cend(),
            [index](const LevelSummary &l) { return l.levelIndex == index && l.arm == 0; });
        if (level != m_levels.cend() && level->point == LoadPoint())
            p.label = tr("level %1").arg(index + 1);
    }
    m_knee = Stats::findKnee(m_curve);
    QList<QPointF> p50, p95, tpot;
    for (const Stats::ServingPoint &p : std::as_const(m_curve)) {
        if (p.ttftP50Ms >= 0)
            p50.append(QPointF(p.throughput, p.ttftP50Ms));
        if (p.ttftP95Ms >= 0)
            p95.append(QPointF(p.throughput, p.ttftP95Ms));
        if (p.tpotP50Ms >= 0)
            tpot.append(QPointF(p.throughput, p.tpotP50Ms));
    }
    m_ttftP50->replace(p50);
    m_ttftP50Dots->replace(p50);
    m_ttftP95->replace(p95);
    m_tpotP50->replace(tpot);
    updateAxes();
    updateBottomMargin();
    viewport()->update();
}

AxisSpan ServingCurveChart::fullSpan() const
{
    double peak = 0;
    for (const Stats::ServingPoint &p : m_curve)
        peak = std::max(peak, p.throughput);
    // Room right of the last point for its label.
    const double top = std::max(1.0, peak * 1.12);
    const double step = niceStep(top / 6);
    return { 0, std::ceil(top / step) * step };
}

void ServingCurveChart::updateAxes()
{
    const bool empty = m_curve.isEmpty();
    for (QValueAxis *axis : { m_axisX, m_axisTtft, m_axisTpot })
        axis->setVisible(!empty);
    updateLegendKeys();
    const AxisSpan span = zoomSpan().value_or(fullSpan());
    const double step = niceStep(span.width() / 6);
    setRangeAndStep(m_axisX, span.min, span.max, step);
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setLabelFormat(step < 0.1 ? QStringLiteral("%.2f")
            : step < 1                 ? QStringLiteral("%.1f")
                                       : QStringLiteral("%.0f"));
    double ttftPeak = 0, tpotPeak = 0;
    for (const Stats::ServingPoint &p : std::as_const(m_curve)) {
        ttftPeak = std::max({ ttftPeak, highestOf(p.ttftP50Ms, p.ttftP50Ci), highestOf(p.ttftP95Ms, p.ttftP95Ci) });
        tpotPeak = std::max(tpotPeak, highestOf(p.tpotP50Ms, p.tpotP50Ci));
    }
    // A constraint's line stays in view: the axis reaches its bound.
    for (const ConstraintLine &line : constraintLines())
        (line.ttft ? ttftPeak : tpotPeak) = std::max(line.ttft ? ttftPeak : tpotPeak, line.boundMs);
    setNiceRange(m_axisTtft, ttftPeak, 10);
    setNiceRange(m_axisTpot, tpotPeak, 1);
}

// Each key while its mark is drawn: the knee, the rate a search found, a constraint line. Qt Charts
// 6.4 does not lay the legend out again when a marker is shown, so it is invalidated.
void ServingCurveChart::updateLegendKeys()
{
    const bool empty = m_curve.isEmpty();
    const QList<QLegendMarker *> markers = m_chart->legend()->markers();
    bool changed = false;
    for (QLegendMarker *marker : markers) {
        const QAbstractSeries *series = marker->series();
        bool visible = !empty && series != m_ttftP50Dots;
        if (series == m_kneeKey)
            visible = visible && m_knee.takeOff >= 0;
        else if (series == m_foundKey)
            visible = visible && maxRatePoint() >= 0;
        else if (series == m_constraintKey)
            visible = visible && !constraintLines().isEmpty();
        changed = changed || marker->isVisible() != visible;
        marker->setVisible(visible);
    }
    if (changed)
        m_chart->legend()->layout()->invalidate();
}

QList<ServingCurveChart::ConstraintLine> ServingCurveChart::constraintLines() const
{
    QList<ConstraintLine> lines;
    for (const SloConstraint &c : m_constraints) {
        // "<stat>_ttft_ms" or "<stat>_tpot_ms": a latency figure of the kind an axis here shows.
        const QString figure = c.metric.section(u'_', 1);
        if (figure == QLatin1String("ttft_ms") || figure == QLatin1String("tpot_ms"))
            lines.append({ c.text(), figure == QLatin1String("ttft_ms"), c.bound });
    }
    return lines;
}

bool ServingCurveChart::legendShows(const QString &name) const
{
    const QList<QLegendMarker *> markers = m_chart->legend()->markers();
    return std::any_of(markers.cbegin(), markers.cend(),
        [&name](const QLegendMarker *m) { return m->isVisible() && m->label() == name; });
}

QString ServingCurveChart::kneeText() const
{
    if (m_curve.isEmpty())
        return {};
    if (m_curve.size() < 2)
        return tr("One level so far: the curve and its knee need two or more (a sweep, or a list of rates or "
                  "concurrencies).");
    return m_knee.sentence;
}

QString ServingCurveChart::footerText() const
{
    const QString knee = kneeText();
    if (m_planOutcome.isEmpty() || m_curve.isEmpty())
        return knee;
    return knee.isEmpty() ? m_planOutcome : knee + u'\n' + m_planOutcome;
}

int ServingCurveChart::maxRatePoint() const
{
    if (m_maxRateFound < 0)
        return -1;
    for (qsizetype i = 0; i < m_curve.size(); ++i) {
        const int level = m_curve.at(i).levelIndex;
        const auto summary = std::find_if(m_levels.cbegin(), m_levels.cend(),
            [level](const LevelSummary &l) { return l.levelIndex == level && l.arm == 0; });
        if (summary != m_levels.cend() && summary->point.isOpenLoop() && summary->point.rate == m_maxRateFound)
            return int(i);
    }
    return -1;
}

// The sentence under the plot wraps to the view's width; the chart's bottom margin makes room for it.
void ServingCurveChart::updateBottomMargin()
{
    const QString text = footerText();
    int height = 4;
    if (!text.isEmpty()) {
        const QFontMetrics metrics(font());
        const QRect bounds = metrics.boundingRect(
            QRect(0, 0, std::max(100, width() - 24), 1000), Qt::TextWordWrap | Qt::AlignLeft, text);
        height = bounds.height() + 10;
    }
    if (height != m_textHeight) {
        m_textHeight = height;
        m_chart->setMargins(QMargins(4, 4, 4, height));
    }
}

void ServingCurveChart::resizeEvent(QResizeEvent *event)
{
    updateBottomMargin();
    ZoomableChartView::resizeEvent(event);
}

QPointF ServingCurveChart::scenePos(double throughput, double valueMs, QAbstractSeries *series) const
{
    return m_chart->mapToScene(m_chart->mapToPosition(QPointF(throughput, valueMs), series));
}

int ServingCurveChart::nearestPoint(const QPointF &viewPos) const
{
    const QPointF scene = mapToScene(viewPos.toPoint());
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    if (!plot.adjusted(-kReachPx, -kReachPx, kReachPx, kReachPx).contains(scene))
        return -1;
    int best = -1;
    double bestDistance = kReachPx;
    for (qsizetype i = 0; i < m_curve.size(); ++i) {
        const Stats::ServingPoint &p = m_curve.at(i);
        // The nearest of the level's three points: any of them reads the level out.
        const QList<QPair<double, QAbstractSeries *>> values { { p.ttftP50Ms, m_ttftP50 }, { p.ttftP95Ms, m_ttftP95 },
            { p.tpotP50Ms, m_tpotP50 } };
        for (const auto &[value, series] : values) {
            if (value < 0)
                continue;
            const double distance = QLineF(scene, scenePos(p.throughput, value, series)).length();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = int(i);
            }
        }
    }
    return best;
}

QString ServingCurveChart::readoutAt(const QPointF &viewPos) const
{
    const int i = nearestPoint(viewPos);
    if (i < 0)
        return {};
    const Stats::ServingPoint &p = m_curve.at(i);
    QStringList lines;
    //: serving-curve readout: a level's load point and the throughput it achieved
    lines.append(tr("%1 · %2 req/s served · %3 tok/s")
                     .arg(p.label, rateText2(p.throughput), QLocale().toString(p.outputThroughput, 'f', 0)));
    if (p.ttftP50Ms >= 0)
        lines.append(tr("TTFT P50 %1 ms · P95 %2 ms")
                         .arg(msText(p.ttftP50Ms) + intervalText(p.ttftP50Ci), msText(p.ttftP95Ms) + intervalText(p.ttftP95Ci)));
    if (p.tpotP50Ms >= 0)
        lines.append(tr("TPOT P50 %1 ms").arg(msText(p.tpotP50Ms) + intervalText(p.tpotP50Ci)));
    if (i == m_knee.takeOff)
        lines.append(tr("Median TTFT took off here"));
    if (i == maxRatePoint())
        lines.append(tr("The highest rate that met every constraint"));
    return lines.join(u'\n');
}

QList<WhiskerSet> ServingCurveChart::whiskerSets() const
{
    WhiskerSet ttftP50 { m_ttftP50, m_ttftP50->pen().color(), {} };
    WhiskerSet ttftP95 { m_ttftP95, m_ttftP95->pen().color(), {} };
    WhiskerSet tpotP50 { m_tpotP50, m_tpotP50->pen().color(), {} };
    for (const Stats::ServingPoint &p : m_curve) {
        addWhisker(&ttftP50.whiskers, p.throughput, p.ttftP50Ci);
        addWhisker(&ttftP95.whiskers, p.throughput, p.ttftP95Ci);
        addWhisker(&tpotP50.whiskers, p.throughput, p.tpotP50Ci);
    }
    return { ttftP95, ttftP50, tpotP50 };
}

QString ServingCurveChart::emptyStateText() const
{
    if (!m_curve.isEmpty())
        return {};
    switch (m_state) {
    case State::NoRun:
        return tr("No run yet.\nA Sweep (Run settings › Load) draws the whole curve: latency against the "
                  "throughput each level achieved.");
    case State::Live:
        return tr("Each level adds a point when it finishes.");
    case State::Shown:
        break;
    }
    return tr("This run has no level with a completed request");
}

void ServingCurveChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    painter->save();
    if (m_curve.isEmpty()) {
        painter->setPen(Palette::mutedText);
        painter->drawText(plot.adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyStateText());
        painter->restore();
        return;
    }

    // The sentence, in the band the bottom margin keeps free.
    const QRectF view = mapToScene(viewport()->rect()).boundingRect();
    painter->setPen(Palette::chartText);
    painter->drawText(QRectF(view.left() + 12, view.bottom() - m_textHeight + 2, view.width() - 24, m_textHeight),
        Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, footerText());

    drawWhiskers(painter, m_chart, whiskerSets());
    painter->setClipRect(plot);
    painter->setRenderHint(QPainter::Antialiasing, true);
    drawKnee(painter, plot);
    drawConstraintLines(painter, plot);
    drawSearchAnswer(painter);
    drawPointLabels(painter, plot);

    const std::optional<QPointF> hover = hoverPosition();
    const QString readout = hover ? readoutAt(*hover) : QString();
    if (!readout.isEmpty()) {
        painter->setClipping(false);
        drawReadoutBox(painter, readout, mapToScene(hover->toPoint()), plot);
    }
    painter->restore();
}

// The knee: the span between the last level before the take-off and the take-off itself.
void ServingCurveChart::drawKnee(QPainter *painter, const QRectF &plot) const
{
    if (m_knee.takeOff < 0)
        return;
    const Stats::ServingPoint &before = m_curve.at(m_knee.before);
    const Stats::ServingPoint &after = m_curve.at(m_knee.takeOff);
    const double x0 = scenePos(before.throughput, 0, m_ttftP50).x();
    const double x1 = scenePos(after.throughput, 0, m_ttftP50).x();
    QColor band = Palette::failure;
    band.setAlpha(28);
    painter->fillRect(QRectF(QPointF(x0, plot.top()), QPointF(x1, plot.bottom())), band);
    painter->setPen(QPen(Palette::failure, 1, Qt::DashLine));
    painter->drawLine(QPointF(x1, plot.top()), QPointF(x1, plot.bottom()));
    const QPointF takeOff = scenePos(after.throughput, after.ttftP50Ms, m_ttftP50);
    painter->setPen(QPen(Palette::failure, 2.2));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(takeOff, 9, 9);
    const QFontMetricsF metrics(painter->font());
    const QString knee = tr("knee");
    const double w = metrics.horizontalAdvance(knee);
    painter->setPen(Palette::failure.darker(120));
    painter->drawText(
        QPointF(std::clamp(x1 - w - 4, plot.left() + 2, plot.right() - w - 2), plot.bottom() - metrics.descent() - 4),
        knee);
}

// The highest rate that met every constraint of a max-rate search.
void ServingCurveChart::drawSearchAnswer(QPainter *painter) const
{
    const int found = maxRatePoint();
    if (found < 0)
        return;
    const Stats::ServingPoint &p = m_curve.at(found);
    if (p.ttftP50Ms < 0)
        return;
    painter->setPen(QPen(Palette::searchFound, 2.4));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(scenePos(p.throughput, p.ttftP50Ms, m_ttftP50), 12, 12);
}

// A search's constraint across the plot at its bound, on its figure's axis, labelled with its text
// at its axis' end of the line: a point above a TTFT line missed it (a P50 point only for a P50 constraint).
void ServingCurveChart::drawConstraintLines(QPainter *painter, const QRectF &plot) const
{
    const QFontMetricsF metrics(painter->font());
    for (const ConstraintLine &line : constraintLines()) {
        const double y
            = scenePos(0, line.boundMs, line.ttft ? m_ttftP50 : static_cast<QAbstractSeries *>(m_tpotP50)).y();
        const QColor color = line.ttft ? Palette::chunk : Palette::tpot;
        painter->setPen(QPen(color, 1.6, Qt::DashDotLine));
        painter->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        // A TTFT constraint's label at the left, by its axis; a TPOT one's at the right, by its own:
        // two bounds at the same height keep both labels readable.
        const QString label = line.ttft ? line.label : tr("%1 (right axis)").arg(line.label);
        const double width = metrics.horizontalAdvance(label) + 8;
        const QRectF box(
            line.ttft ? plot.left() + 6 : plot.right() - 6 - width, y - metrics.height() - 2, width, metrics.height());
        painter->setPen(Qt::NoPen);
        painter->setBrush(Palette::labelPlateStrong);
        painter->drawRoundedRect(box, 3, 3);
        painter->setPen(color.darker(115));
        painter->drawText(box, Qt::AlignCenter, label);
    }
}

// Each level's name beside its TTFT P50 point: above it, else below, else left out (the hover
// readout still names it) so that labels never overlap.
void ServingCurveChart::drawPointLabels(QPainter *painter, const QRectF &plot) const
{
    QFont font = painter->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    QList<QRectF> taken; // no label over a point of any series
    for (const Stats::ServingPoint &p : std::as_const(m_curve)) {
        const QList<QPair<double, QAbstractSeries *>> values { { p.ttftP50Ms, m_ttftP50 }, { p.ttftP95Ms, m_ttftP95 },
            { p.tpotP50Ms, m_tpotP50 } };
        for (const auto &[value, series] : values) {
            if (value >= 0)
                taken.append(QRectF(scenePos(p.throughput, value, series) - QPointF(4, 4), QSizeF(8, 8)));
        }
    }
    for (const Stats::ServingPoint &p : std::as_const(m_curve)) {
        if (p.ttftP50Ms < 0)
            continue;
        const QPointF at = scenePos(p.throughput, p.ttftP50Ms, m_ttftP50);
        if (!plot.adjusted(-1, -1, 1, 1).contains(at))
            continue;
        const QSizeF size(metrics.horizontalAdvance(p.label) + 8, metrics.height());
        const double left = std::clamp(at.x() - size.width() / 2, plot.left() + 2, plot.right() - size.width() - 2);
        const QList<QRectF> candidates { QRectF(QPointF(left, at.y() - 8 - size.height()), size),
            QRectF(QPointF(left, at.y() + 8), size), QRectF(QPointF(at.x() + 8, at.y() - size.height() / 2), size),
            QRectF(QPointF(at.x() - 8 - size.width(), at.y() - size.height() / 2), size) };
        for (const QRectF &candidate : candidates) {
            const bool inside = plot.contains(candidate);
            const bool free = std::none_of(
                taken.cbegin(), taken.cend(), [&candidate](const QRectF &r) { return r.intersects(candidate); });
            if (!inside || !free)
                continue;
            // On a pale plate: the lines pass under labels, which stay readable.
            painter->setPen(Qt::NoPen);
            painter->setBrush(Palette::labelPlateStrong);
            painter->drawRoundedRect(candidate, 3, 3);
            painter->setPen(Palette::chartText);
            painter->drawText(candidate, Qt::AlignCenter, p.label);
            taken.append(candidate);
            break;
        }
    }
}

// --- Zoom (ZoomableChartView): the throughput axis ---

bool ServingCurveChart::hasZoomableData() const
{
    return m_curve.size() > 1;
}

AxisSpan ServingCurveChart::zoomLimits() const
{
    return fullSpan();
}

double ServingCurveChart::minZoomWidth() const
{
    return fullSpan().width() / 50;
}

QAbstractSeries *ServingCurveChart::zoomSeries() const
{
    return m_ttftP50;
}

void ServingCurveChart::zoomChanged(ZoomChange)
{
    updateAxes(); // a few points: the series stay, only the axis moves
    viewport()->update();
}

} // namespace TokenScope
