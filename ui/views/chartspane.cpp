// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartspane.h"

#include "charts/byturnchart.h"
#include "charts/histogramchart.h"
#include "charts/servingcurvechart.h"
#include "charts/throughputchart.h"
#include "charts/tokentimelinechart.h"
#include "views/runstatus.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QKeySequence>
#include <QShortcut>
#include <QSignalBlocker>
#include <algorithm>

namespace TokenScope {

namespace {

// The pane's words keep the window's translation context.
struct Words
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::MainWindow)
};

// The run's levels for the picker: its list, and any level its records reach beyond it (a stored
// sweep's or search's chosen levels), unnamed.
QList<LoadPoint> pickerPoints(const RunResult &run)
{
    QList<LoadPoint> points = run.points();
    int last = int(points.size()) - 1;
    for (const LevelSummary &level : run.levels)
        last = std::max(last, level.levelIndex);
    for (const RequestRecord &record : run.records)
        last = std::max(last, record.warmup ? -1 : record.levelIndex);
    while (points.size() <= last)
        points.append(LoadPoint::closedLoop(0, int(points.size())));
    return points;
}

} // namespace

ChartsPane::ChartsPane(QWidget *parent)
    : QTabWidget(parent)
    , m_timeline(new TokenTimelineChart)
    , m_ttftHistogram(new HistogramChart(HistogramChart::Metric::Ttft))
    , m_itlHistogram(new HistogramChart(HistogramChart::Metric::Itl))
    , m_throughput(new ThroughputChart)
    , m_servingCurve(new ServingCurveChart)
    , m_byTurn(new ByTurnChart)
    , m_levelPicker(new QComboBox)
{
    setDocumentMode(true);
    addTab(m_timeline, Words::tr("Token timeline"));
    addTab(m_ttftHistogram, Words::tr("TTFT histogram"));
    addTab(m_itlHistogram, Words::tr("ITL histogram"));
    addTab(m_throughput, Words::tr("Throughput && in flight"));
    addTab(m_servingCurve, Words::tr("Serving curve"));
    addTab(m_byTurn, Words::tr("By turn"));
    // One level picker for the timeline, both histograms and By turn; a Runs row sets it to its level.
    m_levelPicker->setObjectName(QStringLiteral("levelPicker"));
    m_levelPicker->setToolTip(Words::tr("Show one level of the run in the timeline, the histograms and By turn"));
    m_levelPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_levelPicker->addItem(Words::tr("All levels"), -1);
    connect(m_levelPicker, &QComboBox::activated, this, [this] { showLevel(m_levelPicker->currentData().toInt()); });
    setCornerWidget(m_levelPicker, Qt::TopRightCorner);
    addTabShortcuts();
}

// Alt+1…6 anywhere in the window picks a chart; Ctrl+PgUp/PgDn steps through them from within the
// pane. Each tab's tooltip names its key and the mouse gestures of its chart.
void ChartsPane::addTabShortcuts()
{
    const QString gestures = Words::tr("Wheel: zoom · drag: pan · double-click: whole run");
    const QString stepping = Words::tr("%1 / %2: previous / next chart")
                                 .arg(QKeySequence(Qt::CTRL | Qt::Key_PageUp).toString(QKeySequence::NativeText),
                                     QKeySequence(Qt::CTRL | Qt::Key_PageDown).toString(QKeySequence::NativeText));
    for (int tab = 0; tab < count(); ++tab) {
        const QKeySequence key(Qt::ALT | Qt::Key(Qt::Key_1 + tab));
        auto *shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WindowShortcut);
        connect(shortcut, &QShortcut::activated, this, [this, tab] { setCurrentIndex(tab); });
        QStringList tip { QStringLiteral("%1 (%2)").arg(tabText(tab).replace(QStringLiteral("&&"), QStringLiteral("&")),
                              key.toString(QKeySequence::NativeText)),
            gestures };
        if (widget(tab) == m_timeline)
            tip << Words::tr("Shift+wheel: zoom the rows · click a row: that request in Requests");
        setTabToolTip(tab, (tip << stepping).join(QLatin1Char('\n')));
    }
    const auto addStep = [this](const QKeySequence &key, int by) {
        auto *shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this,
            [this, by] { setCurrentIndex((currentIndex() + by + count()) % count()); });
    };
    addStep(QKeySequence(Qt::CTRL | Qt::Key_PageDown), 1);
    addStep(QKeySequence(Qt::CTRL | Qt::Key_PageUp), -1);
}

void ChartsPane::beginRun(const RunConfig &config, int arms, const QDateTime &startedAt)
{
    m_timeline->beginRun(config, arms);
    m_timeline->clearSelection();
    m_ttftHistogram->beginRun(config);
    m_itlHistogram->beginRun(config);
    m_throughput->beginRun(config);
    m_servingCurve->beginRun(config);
    m_byTurn->beginRun(config); // drawn when the run ends
    nameChartsAfter(config, startedAt, config.loadPoints());
}

void ChartsPane::addFinished(const RequestRecord &record)
{
    m_timeline->addFinished(record);
    m_ttftHistogram->addFinished(record);
    m_itlHistogram->addFinished(record);
    m_throughput->addFinished(record);
}

void ChartsPane::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    m_timeline->addLevel(point);
    m_ttftHistogram->addLevel(point);
    m_itlHistogram->addLevel(point);
    m_throughput->addLevel(point);
    if (point.index < m_levelPoints.size() && m_levelPoints.at(point.index) == point)
        return;
    while (m_levelPoints.size() <= point.index)
        m_levelPoints.append(LoadPoint::closedLoop(0, int(m_levelPoints.size())));
    m_levelPoints[point.index] = point;
    fillLevelPicker(); // a repeat renames the level it repeats ("c=1 · level 1")
}

void ChartsPane::addLevelSummary(const LevelSummary &summary)
{
    m_servingCurve->addLevel(summary);
}

void ChartsPane::finishRun(const RunResult &result)
{
    m_timeline->refreshNow();
    m_ttftHistogram->refreshNow();
    m_itlHistogram->refreshNow();
    m_throughput->setSlices(result); // the levels' slices exist once each level has ended
    m_servingCurve->setRun(result); // with how a sweep or a search ended
    m_byTurn->setRun(result);
}

void ChartsPane::setRun(const RunResult &run)
{
    m_timeline->setRun(run);
    m_ttftHistogram->setRun(run);
    m_itlHistogram->setRun(run);
    m_throughput->setRun(run);
    m_servingCurve->setRun(run);
    m_byTurn->setRun(run);
    nameChartsAfter(run.config, run.startedAt, pickerPoints(run));
}

void ChartsPane::nameChartsAfter(const RunConfig &config, const QDateTime &startedAt, const QList<LoadPoint> &points)
{
    //: the run a chart shows: model and start time
    const QString label
        = Words::tr("%1, %2").arg(config.model, startedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    m_timeline->setRunLabel(label);
    m_ttftHistogram->setRunLabel(label);
    m_itlHistogram->setRunLabel(label);
    m_throughput->setRunLabel(label);
    m_servingCurve->setRunLabel(label);
    m_byTurn->setRunLabel(label);
    // The level picker offers this run's levels; a new run starts on all of them.
    m_levelPoints = points;
    fillLevelPicker();
    showLevel(-1);
}

void ChartsPane::fillLevelPicker()
{
    const QSignalBlocker blocker(m_levelPicker);
    const int shown = m_levelPicker->currentData().toInt();
    m_levelPicker->clear();
    m_levelPicker->addItem(Words::tr("All levels"), -1);
    QStringList names;
    for (int i = 0; i < m_levelPoints.size(); ++i) {
        const bool unnamed = RunStatus::isUnnamed(m_levelPoints.at(i));
        names.append(unnamed ? Words::tr("Level %1").arg(i + 1) : levelName(m_levelPoints, i));
        m_levelPicker->addItem(names.constLast(), i);
    }
    m_byTurn->setLevelNames(names);
    m_levelPicker->setCurrentIndex(std::max(0, m_levelPicker->findData(shown)));
}

void ChartsPane::showLevel(int levelIndex)
{
    const QSignalBlocker blocker(m_levelPicker);
    m_levelPicker->setCurrentIndex(std::max(0, m_levelPicker->findData(levelIndex)));
    const int shown = m_levelPicker->currentData().toInt();
    m_timeline->setLevelFilter(shown);
    m_ttftHistogram->setLevelFilter(shown);
    m_itlHistogram->setLevelFilter(shown);
    m_byTurn->setLevel(shown);
}

} // namespace TokenScope
