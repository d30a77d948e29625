// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartsupport.h"

#include <QChart>
#include <QChartView>
#include <QValueAxis>

namespace TokenScope {

void adoptChart(QChartView *view, QChart *chart)
{
    QChart *defaultChart = view->chart();
    view->setChart(chart);
    delete defaultChart;
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

} // namespace TokenScope
