// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "axis.h"

#include "palette.h"
#include "stats/histogram.h"

#include <QColor>
#include <QString>
#include <QValueAxis>
#include <QVariant>
#include <algorithm>
#include <cmath>

namespace TokenScope {

double niceStep(double value)
{
    return Stats::niceBinWidth(value, 1);
}

int stepDecimals(double step, int maxDecimals)
{
    return step >= 1 ? 0 : std::min(maxDecimals, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
}

QString stepLabelFormat(double step, int maxDecimals)
{
    return QStringLiteral("%.%1f").arg(stepDecimals(step, maxDecimals));
}

void setRangeAndStep(QValueAxis *axis, double min, double max, double step)
{
    if (step > axis->tickInterval()) {
        axis->setTickInterval(step);
        axis->setRange(min, max);
    } else {
        axis->setRange(min, max);
        axis->setTickInterval(step);
    }
}

namespace {
const char *const kSeriesColourProperty = "tokenscopeSeriesColour";
}

void colourAxis(QValueAxis *axis, const QColor &color)
{
    axis->setProperty(kSeriesColourProperty, color);
    recolourAxis(axis);
}

bool recolourAxis(QAbstractAxis *axis)
{
    const QVariant stored = axis->property(kSeriesColourProperty);
    if (!stored.isValid())
        return false;
    const auto color = stored.value<QColor>();
    const QColor text = Palette::darkColours() ? color.lighter(160) : color.darker(110);
    axis->setLabelsColor(text);
    axis->setTitleBrush(text);
    axis->setLinePenColor(color);
    return true;
}

double pairedAxisStep(double value, bool wholeNumbers)
{
    if (wholeNumbers && value <= 4)
        return std::max(1.0, std::ceil(value));
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(value, 1e-12))));
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        if (m * magnitude >= value * (1 - 1e-9))
            return m * magnitude;
    }
    return 10 * magnitude;
}

int exactDecimals(double step)
{
    int decimals = 0;
    for (double scaled = step; decimals < 4 && std::abs(scaled - std::round(scaled)) > 1e-9 * scaled; scaled *= 10)
        ++decimals;
    return decimals;
}

} // namespace TokenScope
