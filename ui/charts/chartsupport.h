// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <optional>

class QAbstractSeries;
class QChart;
class QChartView;
class QPainter;
class QRectF;
class QString;

namespace TokenScope {

/// Shows `chart` in `view`, which takes ownership of it, and deletes the default chart that
/// QChartView(QWidget *) made: setChart() only releases the old chart, it never deletes it. The
/// chart takes the current theme (applyChartTheme).
void adoptChart(QChartView *view, QChart *chart);

/// Gives `chart` the light or dark look of the current theme (Palette::darkColours()): Qt's
/// ChartThemeLight or ChartThemeDark colours for the background, title, legend and axes. Unlike
/// QChart::setTheme() it keeps the series' own pens and brushes, and an axis coloured after its
/// series (colourAxis) keeps its colour. Call again after adding an axis.
void applyChartTheme(QChart *chart);
/// Whether applyChartTheme() last gave `chart` the dark look.
bool chartIsDark(const QChart *chart);

// --- Zoom, pan and hover readouts (HistogramChart, ThroughputChart) ---

/// A span of axis values the user zoomed or panned to.
struct AxisSpan
{
    double min = 0;
    double max = 0;
    double width() const { return max - min; }
};

/// `span` zoomed around `anchor` by a wheel turn of `angleDelta` eighths of a degree (one notch =
/// 120): each notch in narrows it to 80 %, each notch out widens it by 1/0.8, and `anchor` keeps
/// its place on screen. The result is at least `minWidth` wide and lies within `limits`; nullopt
/// when it would cover all of `limits`, i.e. the chart is back to showing (and following) its data.
std::optional<AxisSpan> zoomedSpan(
    const AxisSpan &span, double anchor, int angleDelta, const AxisSpan &limits, double minWidth);

/// `span` moved by `delta` (axis units), its width kept, stopped at the edges of `limits`.
AxisSpan pannedSpan(const AxisSpan &span, double delta, const AxisSpan &limits);

/// The value (in `series`' axes) under `viewPos`, a position in `view`'s viewport; nullopt outside
/// the plot area.
std::optional<QPointF> plotValueAt(const QChartView *view, const QPointF &viewPos, QAbstractSeries *series);

/// Draws a hover readout: `text` (lines split at '\n') in a pale box beside `anchor` (scene
/// coordinates), flipped to the left or upwards so it stays inside `bounds`.
void drawReadoutBox(QPainter *painter, const QString &text, const QPointF &anchor, const QRectF &bounds);

/// A label placed beside a vertical line at the top of a plot: its left edge (pixels) and its row
/// (0 = the top line of text, 1 the one below).
struct LineLabel
{
    double left = 0;
    int row = 0;
};

/// Places one label per vertical line, in the order given, so that no two overlap: each goes right
/// of its line, or left of it when it would leave the plot [`plotLeft`, `plotRight`] or hit a
/// label already placed on that row, else one row lower. `lineX` and `widths` in pixels, `gap`
/// between a line and its label and between two labels. Pure: no widget needed.
QList<LineLabel> placeLineLabels(
    const QList<double> &lineX, const QList<double> &widths, double plotLeft, double plotRight, double gap = 4);

} // namespace TokenScope
