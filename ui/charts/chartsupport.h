// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QChart;
class QChartView;

namespace TokenScope {

/// Shows `chart` in `view`, which takes ownership of it, and deletes the default chart that
/// QChartView(QWidget *) made: setChart() only releases the old chart, it never deletes it.
void adoptChart(QChartView *view, QChart *chart);

} // namespace TokenScope
