// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "whiskers.h"

#include <QAbstractSeries>
#include <QChart>
#include <QPainter>
#include <QPen>
#include <algorithm>

namespace TokenScope {

namespace {

constexpr double kCapHalfPx = 4;
constexpr double kPenWidthPx = 1.5;

bool isDrawn(const QChart *chart, const QAbstractSeries *series)
{
    if (!series || !series->isVisible())
        return false;
    const QList<QAbstractSeries *> all = chart->series();
    return std::any_of(all.cbegin(), all.cend(), [series](const QAbstractSeries *s) { return s == series; });
}

} // namespace

void addWhisker(QList<Whisker> *whiskers, double x, const ConfidenceInterval &ci)
{
    if (ci.valid)
        whiskers->append({ x, ci.lo, ci.hi });
}

double highestOf(double value, const ConfidenceInterval &ci)
{
    return ci.valid ? std::max(value, ci.hi) : value;
}

void drawWhiskers(QPainter *painter, QChart *chart, const QList<WhiskerSet> &sets)
{
    painter->save();
    painter->setClipRect(chart->mapRectToScene(chart->plotArea()));
    painter->setRenderHint(QPainter::Antialiasing, true);
    for (const WhiskerSet &set : sets) {
        if (!isDrawn(chart, set.series))
            continue;
        QPen pen(set.color, kPenWidthPx);
        pen.setCosmetic(true);
        painter->setPen(pen);
        for (const Whisker &w : set.whiskers) {
            const QPointF top = chart->mapToScene(chart->mapToPosition(QPointF(w.x, w.hi), set.series));
            const QPointF bottom = chart->mapToScene(chart->mapToPosition(QPointF(w.x, w.lo), set.series));
            painter->drawLine(top, bottom);
            painter->drawLine(top - QPointF(kCapHalfPx, 0), top + QPointF(kCapHalfPx, 0));
            painter->drawLine(bottom - QPointF(kCapHalfPx, 0), bottom + QPointF(kCapHalfPx, 0));
        }
    }
    painter->restore();
}

void WhiskerChartView::setWhiskers(const QList<WhiskerSet> &sets)
{
    m_whiskers = sets;
    viewport()->update();
}

void WhiskerChartView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    if (chart())
        drawWhiskers(painter, chart(), m_whiskers);
}

} // namespace TokenScope
