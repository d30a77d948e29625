// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QEvent>
#include <QPointF>

class QChartView;
class QValueAxis;
class QWidget;

namespace TokenScope::Testing {

/// The chart's horizontal value axis.
QValueAxis *xAxis(QChartView &chart);
/// Where (x, y) of the chart's first series' axes is in its viewport. The chart must be laid out.
QPointF viewPosOf(QChartView &chart, double x, double y);
/// Shows `widget` at 900 x 400 and lets its pending layout run.
void showAndLayOut(QWidget &widget);
/// A wheel turn of `angleDelta` eighths of a degree at `pos` of `viewport`.
void sendWheel(QWidget *viewport, const QPointF &pos, int angleDelta);
/// A mouse event as the user's would arrive at `pos` of `viewport`.
void sendMouse(QWidget *viewport, QEvent::Type type, const QPointF &pos, Qt::MouseButton button, Qt::MouseButtons buttons);

} // namespace TokenScope::Testing
