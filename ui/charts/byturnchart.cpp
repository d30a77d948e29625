// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "byturnchart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"

#include <QChart>
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

constexpr double kReachPx = 24; // a hover this close to a turn's points reads it out

// One decimal below 100 ms: turns after the first often differ by less than a millisecond.
QString msText(double ms)
{
    return QLocale().toString(ms, 'f', ms < 100 ? 1 : 0);
}

// The last level with a measured conversation turn, or -1 (the records Stats::figuresByTurn counts).
int lastConversationLevel(const QList<RequestRecord> &records)
{
    int last = -1;
    for (const RequestRecord &r : records) {
        if (r.session >= 0 && !r.warmup && !r.probe)
            last = std::max(last, r.levelIndex);
    }
    return last;
}

} // namespace

ByTurnChart::ByTurnChart(QWidget *parent)
    : ZoomableChartView(parent)
    , m_chart(new QChart)
    , m_axisTurn(new QValueAxis)
    , m_axisTtft(new QValueAxis)
    , m_axisCached(new QValueAxis)
    , m_ttftP50(new QLineSeries)
    , m_ttftP95(new QLineSeries)
    , m_cachedShare(new QLineSeries)
{
    m_ttftP50->setName(tr("TTFT P50"));
    m_ttftP50->setPen(QPen(Palette::chunk, 2.2));
    m_ttftP95->setName(tr("TTFT P95"));
    m_ttftP95->setPen(QPen(Palette::p95, 1.8));
    m_cachedShare->setName(tr("Cached share of the prompt (right axis)"));
    m_cachedShare->setPen(QPen(Palette::cachedShare, 2, Qt::DashLine));
    for (QLineSeries *s : { m_ttftP50, m_ttftP95, m_cachedShare }) {
        s->setPointsVisible(true);
        s->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)
    }

    m_chart->setTitle(tr("By turn")); // setRunLabel() adds the run
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignTop);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->addSeries(m_ttftP50);
    m_chart->addSeries(m_ttftP95);
    m_chart->addSeries(m_cachedShare);

    m_axisTurn->setTitleText(tr("Turn"));
    m_axisTurn->setTickType(QValueAxis::TicksDynamic);
    m_axisTurn->setTickAnchor(1);
    m_axisTurn->setTickInterval(1);
    m_axisTurn->setLabelFormat(QStringLiteral("%.0f"));
    m_axisTurn->setMinorTickCount(0);
    m_axisTtft->setTitleText(tr("TTFT (ms)"));
    m_axisCached->setTitleText(tr("Cached (% of prompt)"));
    m_axisCached->setRange(0, 100);
    m_axisCached->setTickCount(6);
    m_axisCached->setLabelFormat(QStringLiteral("%.0f"));
    m_axisCached->setGridLineVisible(false);
    m_chart->addAxis(m_axisTurn, Qt::AlignBottom);
    m_chart->addAxis(m_axisTtft, Qt::AlignLeft);
    m_chart->addAxis(m_axisCached, Qt::AlignRight);
    for (QLineSeries *s : { m_ttftP50, m_ttftP95 }) {
        s->attachAxis(m_axisTurn);
        s->attachAxis(m_axisTtft);
    }
    m_cachedShare->attachAxis(m_axisTurn);
    m_cachedShare->attachAxis(m_axisCached);
    colourAxis(m_axisTtft, Palette::chunk);
    colourAxis(m_axisCached, Palette::cachedShare);

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(220);
    refresh();
}

void ByTurnChart::beginRun(const RunConfig &config)
{
    forgetZoom();
    m_state = State::Live;
    // A trace's session_ids make conversations too: which it holds is known once it is read.
    m_conversations = config.conversation.isOn() || config.loadMode == LoadMode::Trace;
    m_records.clear();
    m_pickedLevel = -1;
    refresh();
}

void ByTurnChart::setRun(const RunResult &run)
{
    forgetZoom();
    m_state = State::Shown;
    m_conversations = Stats::turnsPerConversation(run) > 0;
    m_records = run.records;
    refresh();
}

void ByTurnChart::setLevel(int levelIndex)
{
    if (levelIndex == m_pickedLevel)
        return;
    forgetZoom();
    m_pickedLevel = levelIndex;
    refresh();
}

void ByTurnChart::setLevelNames(const QStringList &names)
{
    m_levelNames = names;
    updateTitle();
}

void ByTurnChart::setRunLabel(const QString &label)
{
    m_runLabel = label;
    updateTitle();
}

int ByTurnChart::shownLevel() const
{
    return m_pickedLevel >= 0 ? m_pickedLevel : lastConversationLevel(m_records);
}

bool ByTurnChart::showsCachedShare() const
{
    return std::any_of(
        m_turns.cbegin(), m_turns.cend(), [](const Stats::TurnFigures &t) { return t.cachedShare >= 0; });
}

QString ByTurnChart::title() const
{
    return m_chart->title();
}

void ByTurnChart::updateTitle()
{
    QString title = tr("By turn");
    const int level = shownLevel();
    if (m_state == State::Shown && level >= 0) {
        const QString name = level < m_levelNames.size() && !m_levelNames.at(level).isEmpty()
            ? m_levelNames.at(level)
            : tr("level %1").arg(level + 1);
        //: the By turn chart's title: the level shown, and when "All levels" is picked, that it is the last
        title += QStringLiteral(" · ") + (m_pickedLevel < 0 && level > 0 ? tr("%1 (the last level)").arg(name) : name);
    }
    if (!m_runLabel.isEmpty())
        title += QStringLiteral(" — ") + m_runLabel;
    m_chart->setTitle(title);
}

void ByTurnChart::refresh()
{
    m_turns = m_state == State::Shown ? Stats::figuresByTurn(m_records, shownLevel()) : QList<Stats::TurnFigures>();
    QList<QPointF> p50, p95, cached;
    for (const Stats::TurnFigures &t : std::as_const(m_turns)) {
        if (t.ttftP50Ms >= 0)
            p50.append(QPointF(t.turn, t.ttftP50Ms));
        if (t.ttftP95Ms >= 0)
            p95.append(QPointF(t.turn, t.ttftP95Ms));
        if (t.cachedShare >= 0)
            cached.append(QPointF(t.turn, t.cachedShare * 100));
    }
    m_ttftP50->replace(p50);
    m_ttftP95->replace(p95);
    m_cachedShare->replace(cached);
    updateAxes();
    updateTitle();
    viewport()->update();
}

void ByTurnChart::updateAxes()
{
    const bool empty = m_turns.isEmpty();
    const bool cached = !empty && showsCachedShare();
    m_axisTurn->setVisible(!empty);
    m_axisTtft->setVisible(!empty);
    m_axisCached->setVisible(cached);
    m_cachedShare->setVisible(cached);
    for (QLegendMarker *marker : m_chart->legend()->markers())
        marker->setVisible(!empty && (marker->series() != m_cachedShare || cached));
    if (empty)
        return;
    const AxisSpan span = zoomSpan().value_or(zoomLimits());
    // Whole turns: one tick each up to about a dozen, then a readable step.
    const double step = std::max(1.0, niceStep(span.width() / 12));
    setRangeAndStep(m_axisTurn, span.min, span.max, step);
    double peak = 0;
    for (const Stats::TurnFigures &t : std::as_const(m_turns))
        peak = std::max({ peak, t.ttftP50Ms, t.ttftP95Ms });
    const double top = std::max(10.0, peak * 1.08);
    const double ttftStep = niceStep(top / 5);
    m_axisTtft->setRange(0, std::ceil(top / ttftStep) * ttftStep);
    m_axisTtft->setTickCount(int(std::lround(std::ceil(top / ttftStep))) + 1);
    m_axisTtft->setLabelFormat(stepLabelFormat(ttftStep, 1));
}

QString ByTurnChart::emptyStateText() const
{
    if (!m_turns.isEmpty())
        return {};
    const QString how = tr("A run of conversations (--turns, or Turns in Run settings) shows TTFT and the cache share "
                           "by turn here.");
    const QString notConversations = tr("This run holds no conversations.") + u'\n' + how;
    switch (m_state) {
    case State::NoRun:
        return tr("No run yet.") + u'\n' + how;
    case State::Live:
        return m_conversations ? tr("Shown when the run ends.") : notConversations;
    case State::Shown:
        break;
    }
    if (lastConversationLevel(m_records) < 0)
        return notConversations;
    return tr("This level has no measured conversation turn.");
}

int ByTurnChart::nearestTurn(const QPointF &viewPos) const
{
    const QPointF scene = mapToScene(viewPos.toPoint());
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    if (!plot.adjusted(-kReachPx, -kReachPx, kReachPx, kReachPx).contains(scene))
        return -1;
    // The turn whose column the pointer is in: every point of a turn shares its x.
    int best = -1;
    double bestDistance = kReachPx;
    for (qsizetype i = 0; i < m_turns.size(); ++i) {
        const QPointF at = m_chart->mapToScene(m_chart->mapToPosition(QPointF(m_turns.at(i).turn, 0), m_ttftP50));
        const double distance = std::abs(at.x() - scene.x());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    return best;
}

QString ByTurnChart::readoutAt(const QPointF &viewPos) const
{
    const int i = nearestTurn(viewPos);
    if (i < 0)
        return {};
    const Stats::TurnFigures &t = m_turns.at(i);
    QStringList lines;
    //: By turn readout: the turn and its requests
    lines.append(tr("Turn %1 · %2 requests, %3 completed").arg(t.turn).arg(t.requests).arg(t.completed));
    if (t.ttftP50Ms >= 0)
        lines.append(tr("TTFT P50 %1 ms · P95 %2 ms").arg(msText(t.ttftP50Ms), msText(t.ttftP95Ms)));
    if (t.promptTokensMean >= 0)
        lines.append(tr("Prompt %1 tokens (mean)").arg(QLocale().toString(t.promptTokensMean, 'f', 0)));
    if (t.cachedShare >= 0)
        lines.append(tr("Cached %1 % of the prompt").arg(QLocale().toString(t.cachedShare * 100, 'f', 0)));
    return lines.join(u'\n');
}

void ByTurnChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    painter->save();
    if (m_turns.isEmpty()) {
        painter->setPen(Palette::mutedText);
        painter->drawText(plot.adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyStateText());
        painter->restore();
        return;
    }
    const std::optional<QPointF> hover = hoverPosition();
    const int turn = hover ? nearestTurn(*hover) : -1;
    if (turn >= 0) {
        // The column of the turn read out, then the readout beside the pointer.
        const double x = m_chart->mapToScene(m_chart->mapToPosition(QPointF(m_turns.at(turn).turn, 0), m_ttftP50)).x();
        painter->setPen(QPen(Palette::guide, 1, Qt::DotLine));
        painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        drawReadoutBox(painter, readoutAt(*hover), mapToScene(hover->toPoint()), plot);
    }
    painter->restore();
}

// --- Zoom (ZoomableChartView): the turn axis ---

bool ByTurnChart::hasZoomableData() const
{
    return m_turns.size() > 3;
}

AxisSpan ByTurnChart::zoomLimits() const
{
    // Half a turn either side: the first and last points are not on the plot's edge.
    if (m_turns.isEmpty())
        return { 0.5, 1.5 };
    return { m_turns.constFirst().turn - 0.5, m_turns.constLast().turn + 0.5 };
}

double ByTurnChart::minZoomWidth() const
{
    return 3;
}

QAbstractSeries *ByTurnChart::zoomSeries() const
{
    return m_ttftP50;
}

void ByTurnChart::zoomChanged(ZoomChange)
{
    updateAxes(); // a point per turn: the series stay, only the axis moves
    viewport()->update();
}

} // namespace TokenScope
