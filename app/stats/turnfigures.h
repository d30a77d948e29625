// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "core/runresult.h"

#include <QList>
#include <QString>

/// A conversation run's figures by turn index and by conversation (docs/metrics.md#conversations).
/// Pure functions over records; thread-safe.
namespace TokenScope::Stats {

/// One turn index of a level's conversations.
struct TurnFigures
{
    int turn = 0; ///< 1-based
    int requests = 0; ///< records of this turn
    int completed = 0;
    double ttftP50Ms = -1; ///< over completed records; -1 when none
    double ttftP95Ms = -1;
    double tpotP50Ms = -1; ///< over completed records with a TPOT
    double promptTokensMean = -1; ///< the server's count, over records that carry it
    /// Prompt tokens served from the server's cache, over the prompt tokens of the records that report
    /// both counts; -1 when none does.
    double cachedShare = -1;
};

/// The conversations of one level, each from its first turn's send to its last turn's end.
struct ConversationFigures
{
    int conversations = 0;
    int completed = 0; ///< every turn completed
    double durationP50S = -1; ///< completed conversations
    double durationMaxS = -1;
    double outputTokensMean = -1; ///< completed conversations' output tokens, every turn summed
    double promptTokensLastMean = -1; ///< the server's count of the last turn's prompt
};

/// The most turns a conversation of `run` has: `--turns`, or the longest session of a replayed
/// trace; 0 for a run of single requests (no figures by turn).
int turnsPerConversation(const RunResult &run);

/// By turn index, ascending, over the measured (non-warm-up) conversation records of level
/// `levelIndex`; empty when it has none.
QList<TurnFigures> figuresByTurn(const QList<RequestRecord> &records, int levelIndex);
ConversationFigures conversationFigures(const QList<RequestRecord> &records, int levelIndex);

/// A note when later turns hit no cache although the server reports cached tokens (it sent the
/// count on some record, or the first turns show some): "the prefix cache is not being hit"; empty
/// otherwise.
QString prefixCacheNote(const QList<TurnFigures> &turns);

} // namespace TokenScope::Stats
