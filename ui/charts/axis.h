// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAbstractAxis;
class QColor;
class QString;
class QValueAxis;

namespace TokenScope {

// Axis helpers every chart shares: readable steps, their labels, and how a range is applied.

/// The smallest of 1, 2 or 5 times a power of ten that is at least `value` (within a relative
/// 1e-9, so 0.3 / 3 gives 0.1): axis steps a reader can add up. 1 for a value <= 0.
double niceStep(double value);

/// The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least `value`; for whole
/// counts (requests in flight) also 3 and 4, which suit concurrencies such as 12 and 16. For two y
/// axes that share their ticks (the throughput chart), where 2.5 wastes less height.
double pairedAxisStep(double value, bool wholeNumbers);

/// Decimals that print every multiple of `step` exactly (2.5 -> 1, 0.25 -> 2), at most 4.
int exactDecimals(double step);

/// As many decimals as the multiples of `step` need when `step` is a niceStep(): 0 from 1 up,
/// 1 at 0.2, 3 at 0.005; at most `maxDecimals`.
int stepDecimals(double step, int maxDecimals);

/// A QValueAxis label format ("%.1f") with stepDecimals(step, maxDecimals) decimals.
QString stepLabelFormat(double step, int maxDecimals);

/// Gives a dynamic-tick `axis` a new range and tick interval. Qt Charts lays out one label per tick
/// of the current range and interval on every change of either, so the order matters: a 338-row
/// timeline at the old interval 1 built 338 labels before the new interval 50 thinned them to 7,
/// and 0..700 s at 0.1 s builds 7,000. Setting the larger interval first and the smaller one last
/// keeps every intermediate layout no larger than the old one or the new one.
void setRangeAndStep(QValueAxis *axis, double min, double max, double step);

/// An axis in the colour of the series it measures (a chart with two y axes): labels and title a
/// shade darker (lighter on the dark theme), the axis line in the colour itself.
void colourAxis(QValueAxis *axis, const QColor &color);
/// Paints `axis` again in the colour colourAxis() gave it, in the current theme's shade; false for
/// an axis colourAxis() never coloured.
bool recolourAxis(QAbstractAxis *axis);

} // namespace TokenScope
