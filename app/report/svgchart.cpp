// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "svgchart.h"

#include "stats/histogram.h"

#include <algorithm>
#include <cmath>

namespace TokenScope::Report::Svg {

namespace {

// Light theme: quiet grid and axes so the data carries the colour.
constexpr char kGridColor[] = "#e5e7eb";
constexpr char kAxisColor[] = "#9ca3af";
constexpr char kTickTextColor[] = "#4b5563";
constexpr char kTitleTextColor[] = "#374151";
constexpr int kTickFontPx = 11;
constexpr int kTitleFontPx = 12;
constexpr double kCharWidthPx = 6.4; // average glyph width at 11 px in a sans-serif face

QString attr(const char *name, const QString &value)
{
    return u' ' + QLatin1String(name) + QStringLiteral("=\"") + value + u'"';
}

QString attr(const char *name, double value)
{
    return attr(name, coordinate(value));
}

QString textElement(double x, double y, const QString &text, const QString &anchor, int fontPx, const char *color,
    const QString &extra = {})
{
    return QStringLiteral("<text") + attr("x", x) + attr("y", y) + attr("text-anchor", anchor)
        + attr("font-size", QString::number(fontPx)) + attr("fill", QLatin1String(color)) + extra + u'>' + escape(text)
        + QStringLiteral("</text>");
}

QString lineElement(
    double x1, double y1, double x2, double y2, const char *color, double width, const QString &extra = {})
{
    return QStringLiteral("<line") + attr("x1", x1) + attr("y1", y1) + attr("x2", x2) + attr("y2", y2)
        + attr("stroke", QLatin1String(color)) + attr("stroke-width", width) + extra + QStringLiteral("/>");
}

// A white outline drawn under the glyphs: a label stays readable over bars, lines and ticks.
QString haloAttributes()
{
    return attr("stroke", QStringLiteral("#ffffff")) + attr("stroke-width", 3.0)
        + attr("stroke-linejoin", QStringLiteral("round")) + attr("paint-order", QStringLiteral("stroke"));
}

// The window's axes and the report's share one rule (1, 2 or 5 times a power of ten).
double niceStep(double rough)
{
    return Stats::niceBinWidth(rough, 1);
}

double log2Safe(double value)
{
    return std::log2(std::max(value, 1e-9));
}

} // namespace

QString escape(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text) {
        switch (c.unicode()) {
        case u'&':
            out += QStringLiteral("&amp;");
            break;
        case u'<':
            out += QStringLiteral("&lt;");
            break;
        case u'>':
            out += QStringLiteral("&gt;");
            break;
        case u'"':
            out += QStringLiteral("&quot;");
            break;
        case u'\'':
            out += QStringLiteral("&#39;");
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString coordinate(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("0");
    const double rounded = std::round(value * 10.0) / 10.0;
    if (rounded == std::floor(rounded))
        return QString::number(static_cast<qint64>(rounded));
    return QString::number(rounded, 'f', 1);
}

QList<double> niceTicks(double lo, double hi, int maxTicks)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return { 0.0 };
    if (hi < lo)
        std::swap(lo, hi);
    if (hi == lo)
        return { lo };
    maxTicks = std::max(maxTicks, 2);
    double step = niceStep((hi - lo) / (maxTicks - 1));
    for (;;) {
        const double first = std::floor(lo / step) * step;
        const double last = std::ceil(hi / step) * step;
        const int count = static_cast<int>(std::llround((last - first) / step)) + 1;
        if (count <= maxTicks) {
            QList<double> ticks;
            for (int i = 0; i < count; ++i)
                ticks.append(first + i * step);
            return ticks;
        }
        step = niceStep(step * 1.5); // the next nice step up
    }
}

QString tickLabel(double value, double step)
{
    const int decimals = step >= 1 || step <= 0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    QString s = QString::number(value, 'f', decimals);
    if (s.startsWith(u'-') && QString::number(std::abs(value), 'f', decimals).toDouble() == 0)
        s.remove(0, 1); // "-0"
    return s;
}

SvgChart::SvgChart(int width, int height)
    : m_width(width)
    , m_height(height)
{
}

void SvgChart::setMargins(int left, int top, int right, int bottom)
{
    m_left = left;
    m_top = top;
    m_right = right;
    m_bottom = bottom;
}

void SvgChart::setXAxis(const QString &title, double min, double max)
{
    if (max <= min)
        max = min + 1;
    m_xTitle = title;
    m_xTicks = niceTicks(min, max, 9);
    m_xMin = m_xTicks.constFirst();
    m_xMax = m_xTicks.constLast();
    m_xScale = Scale::Linear;
}

void SvgChart::setXAxis(const QString &title, double min, double max, const QList<double> &ticks, Scale scale)
{
    m_xTitle = title;
    m_xMin = min;
    m_xMax = max > min ? max : min + 1;
    m_xTicks = ticks;
    m_xScale = scale;
}

void SvgChart::setYAxis(const QString &title, double min, double max)
{
    if (max <= min)
        max = min + 1;
    m_yTitle = title;
    m_yTicks = niceTicks(min, max, 6);
    m_yMin = m_yTicks.constFirst();
    m_yMax = m_yTicks.constLast();
    m_yRows = false;
}

void SvgChart::setYRows(const QString &title, int rows)
{
    m_yTitle = title;
    m_yTicks.clear();
    m_yMin = 0;
    m_yMax = std::max(rows, 1);
    m_yRows = true;
}

double SvgChart::xPx(double x) const
{
    const double width = plotRight() - plotLeft();
    if (m_xScale == Scale::Log2) {
        const double span = log2Safe(m_xMax) - log2Safe(m_xMin);
        return plotLeft() + (log2Safe(x) - log2Safe(m_xMin)) / span * width;
    }
    return plotLeft() + (x - m_xMin) / (m_xMax - m_xMin) * width;
}

double SvgChart::yPx(double y) const
{
    const double height = plotBottom() - plotTop();
    if (m_yRows) // row 0 at the top
        return plotTop() + (y - m_yMin) / (m_yMax - m_yMin) * height;
    return plotBottom() - (y - m_yMin) / (m_yMax - m_yMin) * height;
}

void SvgChart::addLine(const QList<QPointF> &points, const QString &color, bool dashed, bool dots)
{
    if (points.isEmpty())
        return;
    QStringList coords;
    for (const QPointF &p : points)
        coords.append(coordinate(xPx(p.x())) + u',' + coordinate(yPx(p.y())));
    m_body += QStringLiteral("<polyline fill=\"none\"") + attr("stroke", color) + attr("stroke-width", 2.0)
        + attr("stroke-linejoin", QStringLiteral("round"))
        + (dashed ? attr("stroke-dasharray", QStringLiteral("6 4")) : QString()) + attr("points", coords.join(u' '))
        + QStringLiteral("/>");
    if (!dots)
        return;
    for (const QPointF &p : points)
        m_body += QStringLiteral("<circle") + attr("cx", xPx(p.x())) + attr("cy", yPx(p.y())) + attr("r", 3.5)
            + attr("fill", QStringLiteral("#ffffff")) + attr("stroke", color) + attr("stroke-width", 2.0)
            + QStringLiteral("/>");
}

void SvgChart::addWhiskers(const QList<Whisker> &whiskers, const QString &color)
{
    constexpr double kCapHalfPx = 4;
    SvgPath path;
    for (const Whisker &w : whiskers) {
        const double x = xPx(w.x);
        const double top = yPx(w.hi);
        const double bottom = yPx(w.lo);
        path.verticalTick(x, top, bottom - top);
        path.horizontalTick(x - kCapHalfPx, top, 2 * kCapHalfPx);
        path.horizontalTick(x - kCapHalfPx, bottom, 2 * kCapHalfPx);
    }
    if (path.isEmpty())
        return;
    m_body += QStringLiteral("<path class=\"whiskers\" fill=\"none\"") + attr("stroke", color)
        + attr("stroke-width", 1.5) + attr("d", path.d()) + QStringLiteral("/>");
}

void SvgChart::addRect(double x0, double y0, double x1, double y1, const QString &fill, const QString &tooltip)
{
    const double left = std::min(xPx(x0), xPx(x1));
    const double top = std::min(yPx(y0), yPx(y1));
    const double width = std::abs(xPx(x1) - xPx(x0));
    const double height = std::abs(yPx(y1) - yPx(y0));
    m_body += QStringLiteral("<rect") + attr("x", left) + attr("y", top) + attr("width", width) + attr("height", height)
        + attr("fill", fill);
    if (tooltip.isEmpty())
        m_body += QStringLiteral("/>");
    else
        m_body += QStringLiteral("><title>") + escape(tooltip) + QStringLiteral("</title></rect>");
}

void SvgChart::addStrokedPath(const QString &d, const QString &color, double widthPx, double opacity)
{
    if (d.isEmpty())
        return;
    m_body += QStringLiteral("<path fill=\"none\"") + attr("stroke", color) + attr("stroke-width", widthPx)
        + (opacity < 1.0 ? attr("stroke-opacity", QString::number(opacity)) : QString()) + attr("d", d)
        + QStringLiteral("/>");
}

void SvgChart::addFilledPath(const QString &d, const QString &color, double opacity)
{
    if (d.isEmpty())
        return;
    m_body += QStringLiteral("<path") + attr("fill", color)
        + (opacity < 1.0 ? attr("fill-opacity", QString::number(opacity)) : QString()) + attr("d", d)
        + QStringLiteral("/>");
}

void SvgChart::addXMarker(double x, const QString &label, const QString &color)
{
    const double px = xPx(x);
    m_body += QStringLiteral("<line") + attr("x1", px) + attr("y1", plotTop()) + attr("x2", px)
        + attr("y2", plotBottom()) + attr("stroke", color) + attr("stroke-width", 1.5)
        + attr("stroke-dasharray", QStringLiteral("4 3")) + QStringLiteral("/>");
    // Near the right edge the label goes left of the line, so it stays inside the chart.
    const bool flip = px > plotLeft() + 0.8 * (plotRight() - plotLeft());
    // A label close to an earlier one goes a line lower instead of over it.
    constexpr double kLabelWidthPx = 70;
    const auto close = [px](double other) { return std::abs(other - px) < kLabelWidthPx; };
    const auto line = std::count_if(m_markerLabelPx.cbegin(), m_markerLabelPx.cend(), close);
    m_markerLabelPx.append(px);
    m_body += QStringLiteral("<text") + attr("x", flip ? px - 4 : px + 4) + attr("y", plotTop() + 12 + 14.0 * line)
        + attr("text-anchor", flip ? QStringLiteral("end") : QStringLiteral("start"))
        + attr("font-size", QString::number(kTickFontPx)) + attr("fill", color)
        + attr("font-weight", QStringLiteral("600")) + haloAttributes() + u'>' + escape(label)
        + QStringLiteral("</text>");
}

void SvgChart::addText(double x, double y, const QString &text, const QString &anchor, const QString &cssClass)
{
    m_body += QStringLiteral("<text") + attr("x", x) + attr("y", y) + attr("text-anchor", anchor)
        + attr("font-size", QString::number(kTickFontPx)) + attr("fill", QLatin1String(kTickTextColor))
        + (cssClass.isEmpty() ? QString() : attr("class", cssClass)) + haloAttributes() + u'>' + escape(text)
        + QStringLiteral("</text>");
}

void SvgChart::addYSeparator(double y)
{
    m_body += lineElement(
        plotLeft(), yPx(y), plotRight(), yPx(y), kAxisColor, 1.0, attr("stroke-dasharray", QStringLiteral("2 3")));
}

void SvgChart::setLegend(const QList<LegendEntry> &entries)
{
    m_legend = entries;
}

QString SvgChart::gridAndAxes() const
{
    QString out;
    const double xStep = m_xTicks.size() > 1 ? m_xTicks.at(1) - m_xTicks.at(0) : 1.0;
    for (double x : m_xTicks) {
        const double px = xPx(x);
        out += lineElement(px, plotTop(), px, plotBottom(), kGridColor, 1.0);
        // Explicit ticks (concurrency levels) are whole numbers whatever their spacing.
        const QString label = m_xScale == Scale::Log2 ? tickLabel(x, 1.0) : tickLabel(x, xStep);
        out += textElement(px, plotBottom() + 16, label, QStringLiteral("middle"), kTickFontPx, kTickTextColor);
    }
    const double yStep = m_yTicks.size() > 1 ? m_yTicks.at(1) - m_yTicks.at(0) : 1.0;
    for (double y : m_yTicks) {
        const double py = yPx(y);
        out += lineElement(plotLeft(), py, plotRight(), py, kGridColor, 1.0);
        out += textElement(
            plotLeft() - 8, py + 4, tickLabel(y, yStep), QStringLiteral("end"), kTickFontPx, kTickTextColor);
    }
    return out;
}

QString SvgChart::legendSvg() const
{
    QString out;
    double x = plotLeft();
    const double y = 16;
    for (const LegendEntry &e : m_legend) {
        switch (e.mark) {
        case LegendEntry::Mark::Box:
            out += QStringLiteral("<rect") + attr("x", x) + attr("y", y - 9) + attr("width", 12.0)
                + attr("height", 10.0) + attr("rx", 2.0) + attr("fill", e.color) + QStringLiteral("/>");
            break;
        case LegendEntry::Mark::Line:
        case LegendEntry::Mark::DashedLine:
            out += QStringLiteral("<line") + attr("x1", x) + attr("y1", y - 4) + attr("x2", x + 16) + attr("y2", y - 4)
                + attr("stroke", e.color) + attr("stroke-width", 2.5)
                + (e.mark == LegendEntry::Mark::DashedLine ? attr("stroke-dasharray", QStringLiteral("5 3"))
                                                           : QString())
                + QStringLiteral("/>");
            break;
        }
        const double markWidth = e.mark == LegendEntry::Mark::Box ? 12 : 16;
        out += textElement(x + markWidth + 5, y, e.label, QStringLiteral("start"), kTickFontPx, kTitleTextColor);
        x += markWidth + 5 + e.label.size() * kCharWidthPx + 16;
    }
    return out;
}

QString SvgChart::toSvg(const QString &description) const
{
    QString out = QStringLiteral("<svg class=\"chart\"")
        + attr("viewBox", QStringLiteral("0 0 %1 %2").arg(m_width).arg(m_height)) + attr("role", QStringLiteral("img"))
        + attr("aria-label", escape(description)) + QStringLiteral("><title>") + escape(description)
        + QStringLiteral("</title>");
    out += QStringLiteral("<rect") + attr("x", plotLeft()) + attr("y", plotTop())
        + attr("width", plotRight() - plotLeft()) + attr("height", plotBottom() - plotTop())
        + attr("fill", QStringLiteral("#fcfcfd")) + QStringLiteral("/>");
    out += gridAndAxes();
    out += m_body;
    // Axis lines last, so bars that touch zero do not hide them.
    out += lineElement(plotLeft(), plotBottom(), plotRight(), plotBottom(), kAxisColor, 1.0);
    out += lineElement(plotLeft(), plotTop(), plotLeft(), plotBottom(), kAxisColor, 1.0);
    out += textElement((plotLeft() + plotRight()) / 2, m_height - 8, m_xTitle, QStringLiteral("middle"), kTitleFontPx,
        kTitleTextColor);
    const double yMid = (plotTop() + plotBottom()) / 2;
    out += textElement(14, yMid, m_yTitle, QStringLiteral("middle"), kTitleFontPx, kTitleTextColor,
        attr("transform", QStringLiteral("rotate(-90 14 %1)").arg(coordinate(yMid))));
    out += legendSvg();
    return out + QStringLiteral("</svg>");
}

void SvgPath::verticalTick(double xPx, double yTopPx, double heightPx)
{
    m_d += u'M' + coordinate(xPx) + u' ' + coordinate(yTopPx) + u'v' + coordinate(heightPx);
}

void SvgPath::horizontalTick(double xLeftPx, double yPx, double widthPx)
{
    m_d += u'M' + coordinate(xLeftPx) + u' ' + coordinate(yPx) + u'h' + coordinate(widthPx);
}

void SvgPath::rect(double xPx, double yPx, double widthPx, double heightPx)
{
    m_d += u'M' + coordinate(xPx) + u' ' + coordinate(yPx) + u'h' + coordinate(widthPx) + u'v' + coordinate(heightPx)
        + u'h' + coordinate(-widthPx) + u'z';
}

void SvgPath::cross(double xPx, double yPx, double halfPx)
{
    m_d += u'M' + coordinate(xPx - halfPx) + u' ' + coordinate(yPx - halfPx) + u'l' + coordinate(2 * halfPx) + u' '
        + coordinate(2 * halfPx) + u'm' + coordinate(-2 * halfPx) + QStringLiteral(" 0l") + coordinate(2 * halfPx)
        + u' ' + coordinate(-2 * halfPx);
}

} // namespace TokenScope::Report::Svg
