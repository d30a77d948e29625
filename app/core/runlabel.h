// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runconfig.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace TokenScope {

/// How runs are named where several are listed or drawn side by side: History's names, Compare's
/// legends and column headers (docs/history-and-compare.md#run-names). Runs of one model are told
/// apart by what differs between them: the profile, the load, the time. Texts are translated
/// (QCoreApplication::translate, context "RunLabel"). Pure functions; any thread, though a
/// translator should be installed before (it is, by the GUI thread at start-up).
class RunLabel
{
    Q_DECLARE_TR_FUNCTIONS(RunLabel)
public:
    /// What tells a run apart, as stored with it.
    struct Parts
    {
        QString name; ///< the user's name for it; empty when it has none
        QString profile; ///< RunConfig::profileName; empty for the CLI's runs and older ones
        QString model;
        QString load; ///< loadText() of its config
        QDateTime startedAt;
        qint64 id = -1; ///< its id in the history; -1 when it is not stored
    };

    /// The load a run asked for, in a few characters: "c=1,4,8,16", "2 req/s", "1,2,4 req/s",
    /// "sweep", "max-rate search".
    static QString loadText(const RunConfig &config);
    static Parts partsOf(const RunConfig &config, const QDateTime &startedAt, const QString &name = {}, qint64 id = -1);
    /// A run's name: its own, or "profile · load · yyyy-MM-dd HH:mm" (local time), the model
    /// standing in for a profile the run did not record.
    static QString fullName(const Parts &run);
    /// One short label per run, in order, no two alike: its own name, or "profile · load". Where
    /// two would read the same, those add what differs, first the start time (HH:mm, then with the
    /// date, then HH:mm:ss), then their history id (#n), and as a last resort their position.
    static QStringList distinctLabels(const QList<Parts> &runs);
    /// fullName() of each run, no two alike: where two would read the same, those add the
    /// seconds, then their history id (#n), then their position.
    static QStringList distinctNames(const QList<Parts> &runs);

private:
    /// What a label adds to the short name to tell its run apart.
    enum class Added { Nothing, Minute, DateMinute, Second, SecondId, DateSecond, DateSecondId };
    static QString shortName(const Parts &run);
    static QString labelWith(const Parts &run, Added added);
    /// Every run's label at `steps`' first; those alike go on to the next step, and so on.
    static QStringList distinct(const QList<Parts> &runs, const QList<Added> &steps);
};

} // namespace TokenScope
