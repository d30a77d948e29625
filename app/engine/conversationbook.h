// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/conversation.h"
#include "core/promptsource.h"

#include <QHash>
#include <QJsonArray>
#include <QStringList>

namespace TokenScope {

/// The conversations of one level's closed-loop users (docs/methodology.md#conversations): which
/// conversation each user is in, its turn, and its history (every user message sent and the model's
/// actual answer to it). Pure bookkeeping on the engine thread; LoadRunner sends and waits.
class ConversationBook
{
public:
    /// A new level (or the warm-up): at most `planned` conversations begin (0: no limit, a level
    /// bounded by time).
    void reset(const Conversation &spec, int planned, quint32 seed);

    /// User `slot` is between two turns of a conversation: its next request is a later turn.
    bool inConversation(int slot) const { return m_bySlot.value(slot).turn > 0; }
    /// The conversation user `slot` is in (its number in the order conversations began), and the
    /// turns it has sent; the next to begin is number conversationsBegun().
    int sessionOf(int slot) const { return m_bySlot.value(slot).session; }
    int turnsSent(int slot) const { return m_bySlot.value(slot).turn; }
    /// A user whose conversation has ended (or who has none) may begin another.
    bool mayBegin() const { return m_planned == 0 || m_begun < m_planned; }
    /// How many conversations have begun, and ended, in this level; how many it plans (0: no limit).
    int conversationsBegun() const { return m_begun; }
    int conversationsEnded() const { return m_ended; }
    int conversationsPlanned() const { return m_planned; }

    struct Turn
    {
        Prompt prompt; ///< the history and the new user message, as messages
        int session = 0;
        int turn = 1;
    };
    /// User `slot`'s next request: the next turn of its conversation, or the first of a new one.
    /// `fresh` is the prompt source's prompt for this request. A conversation that opens with a chat
    /// dataset's messages replays that conversation's user turns in order (its system messages
    /// first), with the model's own answers between them; past its last user turn, and in every
    /// other conversation, the new user message is `fresh`'s text (or its last user message). A
    /// replayed later turn's max_tokens is `--turn-output-tokens`, else the length of the answer the
    /// dataset recorded after that user message (estimated), else `fresh`'s.
    /// `turns` > 0 sets a new conversation's length (a trace's session); else it has the spec's.
    Turn next(int slot, const Prompt &fresh, int turns = 0);

    struct Ended
    {
        bool goesOn = false; ///< its next turn follows after `thinkNs`
        qint64 thinkNs = 0;
        int turnsDropped = 0; ///< turns never to be sent: it failed, or its history reached its bound
    };
    /// User `slot`'s turn ended; `answer` is the text it streamed and `responseId` the id the server
    /// gave it. A failed turn, `mayGoOn` false (the level is over), a history that would pass 16 Mi
    /// characters, or a chained conversation's answer without an id ends the conversation.
    Ended ended(int slot, bool ok, const QString &answer, const QString &responseId, bool mayGoOn);

private:
    struct State
    {
        int session = -1;
        int turn = 0; ///< the turn last sent
        int turns = 0; ///< how many it has
        QJsonArray messages; ///< the history that turn had (a chained turn sends only its last message)
        QString responseId; ///< the id of the answer to the turn last sent (a chained conversation's)
        QStringList script; ///< a dataset conversation's user turns still to send, in order
        QList<int> scriptAnswerTokens; ///< and the answer recorded after each (estimated tokens; 0: none)
    };
    Conversation m_spec;
    quint32 m_seed = 0;
    int m_planned = 0;
    int m_begun = 0;
    int m_ended = 0;
    QHash<int, State> m_bySlot;
};

} // namespace TokenScope
