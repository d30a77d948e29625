// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runlabel.h"

#include <QFileInfo>

#include <QLocale>

namespace TokenScope {

namespace {

const QString kSeparator = QStringLiteral(" · ");

// Whether the label at `index` equals another's.
bool collides(const QStringList &labels, qsizetype index)
{
    return labels.count(labels.at(index)) > 1;
}

} // namespace

QString RunLabel::loadText(const RunConfig &config)
{
    const QLocale locale;
    switch (config.loadMode) {
    case LoadMode::Concurrency: {
        QStringList users;
        for (int concurrency : config.concurrencyLevels)
            users.append(locale.toString(concurrency));
        //: closed-loop levels, e.g. "c=1,4,8,16"
        return tr("c=%1").arg(users.join(u','));
    }
    case LoadMode::Rates: {
        QStringList rates;
        for (double rate : config.requestRates)
            rates.append(rateText(rate));
        //: open-loop request rates, e.g. "2 req/s" or "1,2,4 req/s"
        return tr("%1 req/s").arg(rates.join(u','));
    }
    case LoadMode::Sweep:
        return tr("sweep");
    case LoadMode::FindMaxRate:
        return tr("max-rate search");
    case LoadMode::Trace: {
        const QString file = QFileInfo(config.trace.path).fileName();
        //: a replayed trace: its file, and its speed-up when not 1, e.g. "trace mooncake.jsonl ×2"
        return config.trace.speedup == 1 ? tr("trace %1").arg(file)
                                         : tr("trace %1 ×%2").arg(file, locale.toString(config.trace.speedup));
    }
    }
    return {};
}

RunLabel::Parts RunLabel::partsOf(const RunConfig &config, const QDateTime &startedAt, const QString &name, qint64 id)
{
    return { name, config.profileName, config.model, loadText(config), startedAt, id };
}

QString RunLabel::shortName(const Parts &run)
{
    if (!run.name.isEmpty())
        return run.name;
    const QString who = run.profile.isEmpty() ? run.model : run.profile;
    return run.load.isEmpty() ? who : who + kSeparator + run.load;
}

QString RunLabel::fullName(const Parts &run)
{
    return labelWith(run, Added::DateMinute);
}

QString RunLabel::labelWith(const Parts &run, Added added)
{
    const QString base = shortName(run);
    const QDateTime local = run.startedAt.toLocalTime();
    const QString id = run.id >= 0 ? QStringLiteral(" #%1").arg(run.id) : QString();
    // ISO order reads the same in every locale.
    switch (added) {
    case Added::Nothing:
        return base;
    case Added::Minute:
        return base + kSeparator + local.toString(QStringLiteral("HH:mm"));
    case Added::DateMinute:
        return run.name.isEmpty() ? base + kSeparator + local.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : base;
    case Added::Second:
        return base + kSeparator + local.toString(QStringLiteral("HH:mm:ss"));
    case Added::SecondId:
        return labelWith(run, Added::Second) + id;
    case Added::DateSecond:
        return base + kSeparator + local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case Added::DateSecondId:
        return labelWith(run, Added::DateSecond) + id;
    }
    return base;
}

QStringList RunLabel::distinct(const QList<Parts> &runs, const QList<Added> &steps)
{
    QList<int> stages(runs.size(), 0);
    QStringList labels;
    for (const Parts &run : runs)
        labels.append(labelWith(run, steps.constFirst()));
    // Only the runs that read alike say more, one step at a time, so the others stay short. A run
    // alike down to the date and minute says its seconds; down to the second, its id.
    for (qsizetype step = 1; step < steps.size(); ++step) {
        QList<qsizetype> alike;
        for (qsizetype i = 0; i < labels.size(); ++i)
            if (collides(labels, i))
                alike.append(i);
        if (alike.isEmpty())
            break;
        for (qsizetype i : alike)
            labels[i] = labelWith(runs.at(i), steps.at(++stages[i]));
    }
    // Still alike (the same run twice): their position in the list.
    QList<qsizetype> alike;
    for (qsizetype i = 0; i < labels.size(); ++i)
        if (collides(labels, i))
            alike.append(i);
    for (qsizetype i : alike)
        //: a label that would read like another's, with its position: "sim · c=1 (2)"
        labels[i] = tr("%1 (%2)").arg(labels.at(i)).arg(i + 1);
    return labels;
}

QStringList RunLabel::distinctLabels(const QList<Parts> &runs)
{
    return distinct(runs, { Added::Nothing, Added::Minute, Added::DateMinute, Added::Second, Added::SecondId });
}

QStringList RunLabel::distinctNames(const QList<Parts> &runs)
{
    return distinct(runs, { Added::DateMinute, Added::DateSecond, Added::DateSecondId });
}

} // namespace TokenScope
