// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runoutcome.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <utility>

namespace TokenScope {

namespace {

constexpr std::array<std::pair<Outcome, const char16_t *>, 5> kOutcomeKeys { {
    { Outcome::Running, u"running" },
    { Outcome::Completed, u"completed" },
    { Outcome::CompletedWithFailures, u"completed_with_failures" },
    { Outcome::Failed, u"failed" },
    { Outcome::Cancelled, u"cancelled" },
} };

int lastLevelIndex(const RunResult &run)
{
    int last = -1;
    for (const LevelSummary &level : run.levels)
        last = std::max(last, level.levelIndex);
    return last;
}

} // namespace

QString outcomeKey(Outcome outcome)
{
    for (const auto &[value, key] : kOutcomeKeys) {
        if (value == outcome)
            return QString::fromUtf16(key);
    }
    return QStringLiteral("running");
}

bool parseOutcome(const QString &key, Outcome *outcome)
{
    for (const auto &[value, name] : kOutcomeKeys) {
        if (key == QStringView(name)) {
            *outcome = value;
            return true;
        }
    }
    return false;
}

Outcome outcomeOf(int completed, int failed, bool cancelled)
{
    if (cancelled)
        return Outcome::Cancelled;
    if (completed == 0)
        return Outcome::Failed; // nothing succeeded, including a level that sent nothing
    return failed > 0 ? Outcome::CompletedWithFailures : Outcome::Completed;
}

Outcome levelOutcome(const RunResult &run, const LevelSummary &level)
{
    const bool cutShort = run.cancelled && level.levelIndex == lastLevelIndex(run);
    return outcomeOf(level.completed, level.failed, cutShort);
}

RequestCounts requestCounts(const RunResult &run)
{
    RequestCounts counts;
    for (const LevelSummary &level : run.levels) {
        counts.completed += level.completed;
        counts.failed += level.failed;
        counts.requests += level.requests;
    }
    return counts;
}

Outcome runOutcome(const RunResult &run)
{
    const RequestCounts counts = requestCounts(run);
    return outcomeOf(counts.completed, counts.failed, run.cancelled);
}

QString outcomeText(Outcome outcome, int failed, int requests)
{
    switch (outcome) {
    case Outcome::Running:
        return QCoreApplication::translate("Outcome", "Running");
    case Outcome::Completed:
        return QCoreApplication::translate("Outcome", "Completed");
    case Outcome::CompletedWithFailures:
        return QCoreApplication::translate("Outcome", "Completed with failures (%1 of %2 failed)").arg(failed).arg(requests);
    case Outcome::Failed:
        return QCoreApplication::translate("Outcome", "Failed: no request succeeded (%1 of %2 failed)").arg(failed).arg(requests);
    case Outcome::Cancelled:
        return QCoreApplication::translate("Outcome", "Cancelled");
    }
    return {};
}

QString runOutcomeText(const RunResult &run)
{
    const RequestCounts counts = requestCounts(run);
    return outcomeText(runOutcome(run), counts.failed, counts.requests);
}

} // namespace TokenScope
