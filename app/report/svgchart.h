// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <QString>

/// A small SVG plotting kit for report.html: a plot area with labelled axes, grid lines, data
/// drawn in data coordinates, and a legend. It writes inline SVG text with no namespace URL, no
/// font, image or script reference, so the page that holds it needs nothing from outside.
/// Pure value types; thread-safe.
namespace TokenScope::Report::Svg {

/// Text safe inside SVG/HTML text and double- or single-quoted attributes.
QString escape(const QString &text);

/// A coordinate with at most one decimal ("12.5", "40"): exact enough for a screen, short in a file.
QString coordinate(double value);

/// "Nice" tick values (1, 2, 5 x 10^n steps) covering [lo, hi] with at most `maxTicks` ticks; the
/// first tick is <= lo and the last >= hi. One tick when lo == hi.
QList<double> niceTicks(double lo, double hi, int maxTicks);

/// The label of tick `value` on an axis whose ticks are `step` apart: as many decimals as the step
/// needs, none for whole steps.
QString tickLabel(double value, double step);

enum class Scale { Linear, Log2 };

/// One entry of a chart's legend.
struct LegendEntry
{
    QString label;
    QString color;
    enum class Mark { Line, DashedLine, Box } mark = Mark::Line;
};

/// A 95 % interval drawn at data x from lo to hi (docs/metrics.md#confidence-intervals).
struct Whisker
{
    double x = 0, lo = 0, hi = 0;
};

/// A chart of `width` x `height` px (the SVG's viewBox; the page scales it). Set the axes first,
/// then add data; toSvg() writes it all, grid and axes below the data.
class SvgChart
{
public:
    SvgChart(int width, int height);

    /// Space around the plot area for tick labels and axis titles, in px.
    void setMargins(int left, int top, int right, int bottom);
    /// Linear x axis spanning [min, max] rounded outwards to nice ticks.
    void setXAxis(const QString &title, double min, double max);
    /// x axis with the given ticks (e.g. the concurrency levels) over [min, max], log2 or linear.
    void setXAxis(const QString &title, double min, double max, const QList<double> &ticks, Scale scale);
    /// Linear y axis spanning [min, max] rounded outwards to nice ticks.
    void setYAxis(const QString &title, double min, double max);
    /// y axis without ticks: rows (row 0 at the top) in [0, rows], e.g. the token timeline.
    void setYRows(const QString &title, int rows);

    double xPx(double x) const; ///< data x to px
    double yPx(double y) const; ///< data y to px
    double plotLeft() const { return m_left; }
    double plotRight() const { return m_width - m_right; }
    double plotTop() const { return m_top; }
    double plotBottom() const { return m_height - m_bottom; }

    /// A line through `points` (data coordinates), with a dot on each point when `dots`.
    void addLine(const QList<QPointF> &points, const QString &color, bool dashed, bool dots);
    /// Whiskers (a vertical bar with a cap at each end) in one path of class "whiskers", drawn
    /// under the lines added after it.
    void addWhiskers(const QList<Whisker> &whiskers, const QString &color);
    /// A filled rectangle between data corners (x0, y0) and (x1, y1).
    void addRect(double x0, double y0, double x1, double y1, const QString &fill, const QString &tooltip = {});
    /// A raw path in px (see SvgPath), stroked or filled.
    void addStrokedPath(const QString &d, const QString &color, double widthPx, double opacity = 1.0);
    void addFilledPath(const QString &d, const QString &color, double opacity = 1.0);
    /// A vertical marker line at data x over the whole plot height with a label at its top.
    void addXMarker(double x, const QString &label, const QString &color);
    /// Text in px; anchor is start, middle or end.
    void addText(double xPx, double yPx, const QString &text, const QString &anchor, const QString &cssClass);
    /// A horizontal separator at data y across the plot.
    void addYSeparator(double y);
    void setLegend(const QList<LegendEntry> &entries);

    /// The chart as an <svg> element with `description` as its accessible name.
    QString toSvg(const QString &description) const;

private:
    QString gridAndAxes() const;
    QString legendSvg() const;

    int m_width;
    int m_height;
    int m_left = 64;
    int m_top = 34;
    int m_right = 18;
    int m_bottom = 46;
    QString m_xTitle, m_yTitle;
    double m_xMin = 0, m_xMax = 1, m_yMin = 0, m_yMax = 1;
    QList<double> m_xTicks, m_yTicks;
    Scale m_xScale = Scale::Linear;
    bool m_yRows = false;
    QString m_body; // data elements, in the order added
    QList<LegendEntry> m_legend;
    QList<double> m_markerLabelPx; // x of each marker label so far, to stagger close ones
};

/// Builds the `d` attribute of a path from many small shapes in px, so thousands of chunk ticks
/// become one element instead of thousands.
class SvgPath
{
public:
    void verticalTick(double xPx, double yTopPx, double heightPx);
    void rect(double xPx, double yPx, double widthPx, double heightPx);
    void cross(double xPx, double yPx, double halfPx);
    void horizontalTick(double xLeftPx, double yPx, double widthPx);
    bool isEmpty() const { return m_d.isEmpty(); }
    QString d() const { return m_d; }

private:
    QString m_d;
};

} // namespace TokenScope::Report::Svg
