// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runlabel.h"

#include <QLocale>

namespace TokenScope {

namespace {

const QString kSeparator = QStringLiteral(" · ");

// The stages labelAt() goes through when labels collide; the last one always differs.
constexpr int kLastStage = 5;

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
    if (!run.name.isEmpty())
        return run.name;
    return labelAt(run, 2);
}

QString RunLabel::labelAt(const Parts &run, int stage)
{
    const QString base = shortName(run);
    const QDateTime local = run.startedAt.toLocalTime();
    switch (stage) {
    case 0:
        return base;
    case 1:
        return base + kSeparator + local.toString(QStringLiteral("HH:mm"));
    case 2:
        // ISO order reads the same in every locale.
        return base + kSeparator + local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case 3:
        return base + kSeparator + local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case 4:
        return run.id >= 0 ? labelAt(run, 3) + QStringLiteral(" #%1").arg(run.id) : labelAt(run, 3);
    default:
        return labelAt(run, 4);
    }
}

QStringList RunLabel::distinctLabels(const QList<Parts> &runs)
{
    QList<int> stages(runs.size(), 0);
    QStringList labels;
    for (const Parts &run : runs)
        labels.append(labelAt(run, 0));
    // Only the runs that read alike say more, one stage at a time, so the others stay short.
    for (int round = 0; round < kLastStage; ++round) {
        QList<qsizetype> alike;
        for (qsizetype i = 0; i < labels.size(); ++i)
            if (collides(labels, i) && stages.at(i) < kLastStage - 1)
                alike.append(i);
        if (alike.isEmpty())
            break;
        for (qsizetype i : alike)
            labels[i] = labelAt(runs.at(i), ++stages[i]);
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

} // namespace TokenScope
