// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartsupport.h"

#include <QChart>
#include <QChartView>

namespace TokenScope {

void adoptChart(QChartView *view, QChart *chart)
{
    QChart *defaultChart = view->chart();
    view->setChart(chart);
    delete defaultChart;
}

} // namespace TokenScope
