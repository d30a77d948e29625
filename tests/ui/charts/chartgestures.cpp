// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartgestures.h"

#include <QChartView>
#include <QCoreApplication>
#include <QMouseEvent>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>
#include <gtest/gtest.h>

namespace TokenScope::Testing {

QValueAxis *xAxis(QChartView &chart)
{
    return qobject_cast<QValueAxis *>(chart.chart()->axes(Qt::Horizontal).constFirst());
}

QPointF viewPosOf(QChartView &chart, double x, double y)
{
    QChart *c = chart.chart();
    return chart.mapFromScene(c->mapToScene(c->mapToPosition(QPointF(x, y), c->series().constFirst())));
}

void showAndLayOut(QWidget &widget)
{
    widget.resize(900, 400);
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    QCoreApplication::processEvents(); // the chart's pending layout
}

void sendWheel(QWidget *viewport, const QPointF &pos, int angleDelta)
{
    QWheelEvent wheel(pos, viewport->mapToGlobal(pos), QPoint(), QPoint(0, angleDelta), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(viewport, &wheel);
}

void sendMouse(QWidget *viewport, QEvent::Type type, const QPointF &pos, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, viewport->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(viewport, &event);
}

} // namespace TokenScope::Testing
