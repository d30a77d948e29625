// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "servermetrics.h"

namespace TokenScope {

QJsonObject ServerMetricsSample::seriesToJson(const QMap<QString, double> &series)
{
    QJsonObject out;
    for (auto it = series.begin(); it != series.end(); ++it)
        out.insert(it.key(), std::isfinite(it.value()) ? QJsonValue(it.value()) : QJsonValue(QString::number(it.value())));
    return out;
}

QMap<QString, double> ServerMetricsSample::seriesFromJson(const QJsonObject &json)
{
    QMap<QString, double> out;
    for (auto it = json.begin(); it != json.end(); ++it)
        out.insert(it.key(), it.value().isString() ? it.value().toString().toDouble() : it.value().toDouble());
    return out;
}

} // namespace TokenScope
