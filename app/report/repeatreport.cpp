// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "repeatreport.h"

#include "reportformat.h"
#include "reportwriters.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

namespace TokenScope::Report {

namespace {

using Stats::RepeatFigure;
using Stats::RepeatLevel;
using Stats::RepeatMetric;
using Stats::RepeatSummary;

constexpr int kPctDecimals = 1;

// Per-token times are a few ms: two places, as the CLI's level lines show them.
int decimalsOf(RepeatMetric metric)
{
    return metric == RepeatMetric::TpotP50 || metric == RepeatMetric::ItlP50 ? 2 : 1;
}

QJsonValue numberOrNull(const std::optional<double> &value, int decimals)
{
    return value ? QJsonValue(Detail::roundTo(*value, decimals)) : QJsonValue(QJsonValue::Null);
}

QJsonObject figureJson(const RepeatFigure &figure)
{
    const int decimals = decimalsOf(figure.metric) + 1;
    QJsonArray values;
    for (const std::optional<double> &value : figure.values)
        values.append(numberOrNull(value, decimals));
    return QJsonObject {
        { QStringLiteral("values"), values },
        { QStringLiteral("mean"), numberOrNull(figure.mean, decimals) },
        { QStringLiteral("min"), numberOrNull(figure.min, decimals) },
        { QStringLiteral("max"), numberOrNull(figure.max, decimals) },
        { QStringLiteral("std"), numberOrNull(figure.stdDev, decimals) },
        { QStringLiteral("cv_pct"), numberOrNull(figure.cvPct, kPctDecimals + 1) },
        { QStringLiteral("within_ci95_half_width_pct"), numberOrNull(figure.withinHalfWidthPct, kPctDecimals + 1) },
        { QStringLiteral("intervals"), figure.intervals },
        { QStringLiteral("intervals_apart"), figure.apart },
        { QStringLiteral("drifted"), figure.drifted },
    };
}

QJsonObject levelJson(const RepeatLevel &level)
{
    QJsonObject metrics;
    for (const RepeatFigure &figure : level.figures)
        metrics.insert(Stats::repeatMetricKey(figure.metric), figureJson(figure));
    return QJsonObject {
        { QStringLiteral("level_index"), level.point.index },
        { QStringLiteral("load_point"), level.point.label() },
        { QStringLiteral("kind"), level.point.kindName() },
        { QStringLiteral("concurrency"), level.point.concurrency },
        { QStringLiteral("rate"),
            level.point.isOpenLoop() && !level.point.allAtOnce() ? QJsonValue(level.point.rate)
                                                                 : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("verdict"), Stats::repeatVerdictName(level.verdict) },
        { QStringLiteral("sentence"), level.sentence },
        { QStringLiteral("metrics"), metrics },
    };
}

QString cell(const std::optional<double> &value, int decimals, const QString &suffix = {})
{
    return value ? Detail::fixedNumber(*value, decimals) + suffix : QStringLiteral("—");
}

QString mdRow(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QStringList figureRow(const RepeatFigure &figure)
{
    const int decimals = decimalsOf(figure.metric);
    QStringList row { QStringLiteral("%1 (%2)").arg(
        Stats::repeatMetricLabel(figure.metric), Stats::repeatMetricUnit(figure.metric)) };
    for (const std::optional<double> &value : figure.values)
        row << cell(value, decimals);
    const QString range = figure.min
        ? QStringLiteral("%1–%2").arg(cell(figure.min, decimals), cell(figure.max, decimals))
        : QStringLiteral("—");
    row << cell(figure.mean, decimals) << range << cell(figure.stdDev, decimals)
        << cell(figure.cvPct, kPctDecimals, QStringLiteral(" %"))
        << (figure.withinHalfWidthPct
                   ? QStringLiteral("±") + cell(figure.withinHalfWidthPct, kPctDecimals, QStringLiteral(" %"))
                   : QStringLiteral("—"))
        << (figure.apart ? QCoreApplication::translate("RepeatReport", "yes") : QCoreApplication::translate("RepeatReport", "no"));
    return row;
}

QString levelSection(const RepeatLevel &level, int runs)
{
    QStringList header { QCoreApplication::translate("RepeatReport", "Metric") };
    QStringList rule { QStringLiteral("---") };
    for (int i = 1; i <= runs; ++i) {
        header << QStringLiteral("#%1").arg(i);
        rule << QStringLiteral("---:");
    }
    header << QCoreApplication::translate("RepeatReport", "Mean") << QCoreApplication::translate("RepeatReport", "Min–max") << QCoreApplication::translate("RepeatReport", "SD") << QCoreApplication::translate("RepeatReport", "CV")
           << QCoreApplication::translate("RepeatReport", "Within (95 % CI)") << QCoreApplication::translate("RepeatReport", "Apart");
    rule << QStringLiteral("---:") << QStringLiteral("---:") << QStringLiteral("---:") << QStringLiteral("---:")
         << QStringLiteral("---:") << QStringLiteral("---");
    QString out
        = QStringLiteral("\n## %1\n\n%2\n\n").arg(level.point.label(), level.sentence) + mdRow(header) + mdRow(rule);
    for (const RepeatFigure &figure : level.figures)
        out += mdRow(figureRow(figure));
    return out;
}

QString countsSentence(const RepeatSummary &summary)
{
    if (summary.stopped)
        return QCoreApplication::translate("RepeatReport", "Stopped: %1 of %2 repeats ran (the last one may be cut short); the figures cover those.")
            .arg(summary.finished)
            .arg(summary.repeats);
    if (summary.finished < summary.repeats)
        return QCoreApplication::translate("RepeatReport", "%1 of %2 repeats are here; the figures cover those.")
            .arg(summary.finished)
            .arg(summary.repeats);
    return QCoreApplication::translate("RepeatReport", "%1 repeats of the same configuration, each a run of its own.").arg(summary.finished);
}

} // namespace

QString repeatDirectoryName(int index)
{
    return QStringLiteral("repeat-%1").arg(index);
}

QJsonObject repeatsJson(const RepeatSummary &summary)
{
    QJsonArray directories;
    for (int i = 1; i <= summary.finished; ++i)
        directories.append(repeatDirectoryName(i));
    QJsonArray levels;
    for (const RepeatLevel &level : summary.levels)
        levels.append(levelJson(level));
    return QJsonObject {
        { QStringLiteral("repeats"), summary.repeats },
        { QStringLiteral("finished"), summary.finished },
        { QStringLiteral("stopped"), summary.stopped },
        { QStringLiteral("directories"), directories },
        { QStringLiteral("levels"), levels },
    };
}

QString repeatsMarkdown(const RepeatSummary &summary)
{
    QString out = QCoreApplication::translate("RepeatReport", "# Repeats\n\n%1 Between repeats: mean, min–max, standard deviation (SD) and "
                                 "coefficient of variation (CV); within them: the mean half-width of their 95 % "
                                 "intervals, in percent of the value. Apart: two repeats' intervals do not overlap.\n")
                      .arg(countsSentence(summary));
    for (const RepeatLevel &level : summary.levels)
        out += levelSection(level, summary.finished);
    return out;
}

bool writeRepeatFiles(const RepeatSummary &summary, const QString &dir, QString *error)
{
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("Cannot create %1").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    const QDir target(dir);
    return writeFileAtomically(target.filePath(QString::fromLatin1(kRepeatsJsonFile)),
               QJsonDocument(repeatsJson(summary)).toJson(QJsonDocument::Indented), error)
        && writeFileAtomically(
            target.filePath(QString::fromLatin1(kRepeatsMarkdownFile)), repeatsMarkdown(summary).toUtf8(), error);
}

} // namespace TokenScope::Report
