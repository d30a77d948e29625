// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QChartView>
#include <QColor>
#include <QList>

class QAbstractSeries;
class QChart;
class QPainter;

namespace TokenScope {

/// A figure's 95 % interval at x, drawn as a whisker: a vertical bar from lo to hi with a cap at
/// each end (docs/metrics.md#confidence-intervals).
struct Whisker
{
    double x = 0, lo = 0, hi = 0;
};

/// Whiskers over the points of one series, in its colour and on its axes.
struct WhiskerSet
{
    QAbstractSeries *series = nullptr;
    QColor color;
    QList<Whisker> whiskers;
};

/// Appends a whisker at x when `ci` is valid (a level with too few samples has none).
void addWhisker(QList<Whisker> *whiskers, double x, const ConfidenceInterval &ci);
/// How high an axis must reach for `value` and its interval.
double highestOf(double value, const ConfidenceInterval &ci);

/// Draws the sets in scene coordinates, clipped to the plot area: for a QChartView's
/// drawForeground(). Sets whose series is hidden or not in `chart` are skipped.
void drawWhiskers(QPainter *painter, QChart *chart, const QList<WhiskerSet> &sets);

/// A chart view that draws whiskers over its series (the series stay QtCharts' own).
class WhiskerChartView : public QChartView
{
public:
    using QChartView::QChartView;

    /// Replaces the whiskers drawn; pass {} before the chart's series are removed.
    void setWhiskers(const QList<WhiskerSet> &sets);
    const QList<WhiskerSet> &whiskers() const { return m_whiskers; }

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    QList<WhiskerSet> m_whiskers;
};

} // namespace TokenScope
