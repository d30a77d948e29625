// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QChart;
class QChartView;
class QValueAxis;

namespace TokenScope {

/// Shows `chart` in `view`, which takes ownership of it, and deletes the default chart that
/// QChartView(QWidget *) made: setChart() only releases the old chart, it never deletes it.
void adoptChart(QChartView *view, QChart *chart);

/// Gives a dynamic-tick `axis` a new range and tick interval. Qt Charts lays out one label per tick
/// of the current range and interval on every change of either, so the order matters: a 338-row
/// timeline at the old interval 1 built 338 labels before the new interval 50 thinned them to 7,
/// and 0..700 s at 0.1 s builds 7,000. Setting the larger interval first and the smaller one last
/// keeps every intermediate layout no larger than the old one or the new one.
void setRangeAndStep(QValueAxis *axis, double min, double max, double step);

} // namespace TokenScope
