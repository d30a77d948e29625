// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartsupport.h"

#include "axis.h"
#include "palette.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLegend>
#include <QPainter>
#include <QRectF>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace TokenScope {

void adoptChart(QChartView *view, QChart *chart)
{
    QChart *defaultChart = view->chart();
    view->setChart(chart);
    delete defaultChart;
    applyChartTheme(chart);
}

namespace {

// The colours of Qt's ChartThemeLight and ChartThemeDark (qtcharts' charttheme*_p.h).
struct ChartLook
{
    QColor background;
    QColor text;
    QColor axisLine;
    QColor grid;
    QColor minorGrid;
};

ChartLook chartLook(bool dark)
{
    if (dark)
        return { QColor(0x2e303a), QColor(0xffffff), QColor(0x86878c), QColor(0x86878c), QColor(0x4a4c55) };
    return { QColor(0xffffff), QColor(0x404044), QColor(0xd6d6d6), QColor(0xe0e0e0), QColor(0xf0f0f0) };
}

const char *const kDarkProperty = "tokenscopeDarkChart";

} // namespace

void applyChartTheme(QChart *chart)
{
    const bool dark = Palette::darkColours();
    const ChartLook look = chartLook(dark);
    chart->setProperty(kDarkProperty, dark);
    chart->setBackgroundBrush(look.background);
    chart->setTitleBrush(look.text);
    chart->legend()->setLabelColor(look.text);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setGridLineColor(look.grid);
        axis->setMinorGridLineColor(look.minorGrid);
        if (recolourAxis(axis))
            continue; // colourAxis() gave it its series' colour
        axis->setLabelsColor(look.text);
        axis->setTitleBrush(look.text);
        axis->setLinePenColor(look.axisLine);
    }
}

bool chartIsDark(const QChart *chart)
{
    return chart->property(kDarkProperty).toBool();
}

// --- Zoom, pan and hover readouts ---

std::optional<AxisSpan> zoomedSpan(
    const AxisSpan &span, double anchor, int angleDelta, const AxisSpan &limits, double minWidth)
{
    if (span.width() <= 0 || limits.width() <= 0)
        return std::nullopt;
    const double factor = std::pow(0.8, angleDelta / 120.0);
    const double width = std::max(std::min(minWidth, limits.width()), span.width() * factor);
    if (width >= limits.width() * (1 - 1e-9))
        return std::nullopt;
    anchor = std::clamp(anchor, span.min, span.max);
    const double anchorShare = (anchor - span.min) / span.width(); // where the anchor sits on screen, 0..1
    AxisSpan zoomed { anchor - anchorShare * width, anchor + (1 - anchorShare) * width };
    return pannedSpan(zoomed, 0, limits); // a span that pokes out of the data slides back in
}

AxisSpan pannedSpan(const AxisSpan &span, double delta, const AxisSpan &limits)
{
    const double width = std::min(span.width(), limits.width());
    const double min = std::clamp(span.min + delta, limits.min, limits.max - width);
    return { min, min + width };
}

std::optional<QPointF> plotValueAt(const QChartView *view, const QPointF &viewPos, QAbstractSeries *series)
{
    QChart *chart = view->chart(); // mapToValue() is not const
    if (!chart || !series)
        return std::nullopt;
    const QPointF inChart = chart->mapFromScene(view->mapToScene(viewPos.toPoint()));
    if (!chart->plotArea().contains(inChart))
        return std::nullopt;
    return chart->mapToValue(inChart, series);
}

void drawReadoutBox(QPainter *painter, const QString &text, const QPointF &anchor, const QRectF &bounds)
{
    if (text.isEmpty())
        return;
    painter->save();
    const QFontMetricsF metrics(painter->font());
    const QStringList lines = text.split(u'\n');
    double width = 0;
    for (const QString &line : lines)
        width = std::max(width, metrics.horizontalAdvance(line));
    constexpr double kPad = 6;
    constexpr double kOffset = 14; // clear of the pointer
    const QSizeF size(width + 2 * kPad, metrics.height() * static_cast<double>(lines.size()) + 2 * kPad);
    double x = anchor.x() + kOffset;
    if (x + size.width() > bounds.right())
        x = anchor.x() - kOffset - size.width();
    double y = anchor.y() + kOffset;
    if (y + size.height() > bounds.bottom())
        y = anchor.y() - kOffset - size.height();
    const QRectF box(QPointF(std::max(bounds.left(), x), std::max(bounds.top(), y)), size);
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(Palette::readoutBorder, 1));
    painter->setBrush(Palette::readoutFill);
    painter->drawRoundedRect(box, 3, 3);
    painter->setPen(Palette::readoutText);
    double baseline = box.top() + kPad + metrics.ascent();
    for (const QString &line : lines) {
        painter->drawText(QPointF(box.left() + kPad, baseline), line);
        baseline += metrics.height();
    }
    painter->restore();
}

QList<LineLabel> placeLineLabels(
    const QList<double> &lineX, const QList<double> &widths, double plotLeft, double plotRight, double gap)
{
    struct Placed
    {
        double left, right;
        int row;
    };
    QList<Placed> placed;
    QList<LineLabel> out;
    const auto fits = [&](double left, double right, int row) {
        if (left < plotLeft || right > plotRight)
            return false;
        return std::none_of(placed.cbegin(), placed.cend(),
            [&](const Placed &p) { return p.row == row && left < p.right + gap && right > p.left - gap; });
    };
    for (qsizetype i = 0; i < lineX.size(); ++i) {
        const double x = lineX.at(i);
        const double width = widths.value(i);
        for (int row = 0;; ++row) {
            // Right of the line, else left of it; on the last resort row, wherever it stays inside.
            double left = x + gap;
            if (!fits(left, left + width, row))
                left = x - gap - width;
            if (fits(left, left + width, row) || row > lineX.size()) {
                left = std::clamp(left, plotLeft, std::max(plotLeft, plotRight - width));
                placed.append({ left, left + width, row });
                out.append({ left, row });
                break;
            }
        }
    }
    return out;
}

} // namespace TokenScope
