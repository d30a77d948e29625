// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "conversationbook.h"

#include "workload/dataset.h"

#include <QJsonObject>

namespace TokenScope {
namespace {

// The most text a conversation's history may hold (characters): a server that streams huge answers
// turn after turn ends its conversation here instead of growing the client's memory without bound.
constexpr qsizetype kMaxHistoryChars = 16 * 1024 * 1024;

qsizetype historyChars(const QJsonArray &messages)
{
    qsizetype chars = 0;
    for (const QJsonValue &m : messages)
        chars += m.toObject().value(QLatin1String("content")).toString().size();
    return chars;
}

QJsonObject message(const QString &role, const QString &content)
{
    return { { QStringLiteral("role"), role }, { QStringLiteral("content"), content } };
}

// A chat dataset's conversation split for replay: its system messages, then its user turns, each
// with the length of the answer recorded after it (estimated tokens; 0 when none was).
void splitScript(const QJsonArray &messages, QJsonArray *system, QStringList *userTurns, QList<int> *answerTokens)
{
    for (const QJsonValue &value : messages) {
        const QJsonObject m = value.toObject();
        const QString role = m.value(QLatin1String("role")).toString();
        const QString content = m.value(QLatin1String("content")).toString();
        if (role == u"system") {
            system->append(m);
        } else if (role == u"user") {
            userTurns->append(content);
            answerTokens->append(0);
        } else if (!answerTokens->isEmpty() && answerTokens->constLast() == 0 && !content.isEmpty()) {
            answerTokens->last() = estimatedTokens(content);
        }
    }
}

// The user's words a prompt brings: its text, or its last user message (a chat dataset's).
QString userWords(const Prompt &prompt)
{
    for (qsizetype i = prompt.messages.size() - 1; i >= 0; --i) {
        const QJsonObject m = prompt.messages.at(i).toObject();
        if (m.value(QLatin1String("role")).toString() == u"user")
            return m.value(QLatin1String("content")).toString();
    }
    return prompt.text;
}

} // namespace

void ConversationBook::reset(const Conversation &spec, int planned, quint32 seed)
{
    m_spec = spec;
    m_planned = planned;
    m_seed = seed;
    m_begun = 0;
    m_ended = 0;
    m_bySlot.clear();
}

ConversationBook::Turn ConversationBook::next(int slot, const Prompt &fresh, int turns)
{
    State &state = m_bySlot[slot];
    Turn turn;
    turn.prompt = fresh;
    if (state.turn == 0) { // a new conversation
        state.session = m_begun++;
        state.turns = turns > 0 ? turns : m_spec.turns;
        state.messages = {};
        state.script.clear();
        state.scriptAnswerTokens.clear();
        splitScript(fresh.messages, &state.messages, &state.script, &state.scriptAnswerTokens);
        const QString first = state.script.isEmpty() ? fresh.text : state.script.takeFirst();
        if (!state.scriptAnswerTokens.isEmpty())
            state.scriptAnswerTokens.removeFirst(); // turn 1 keeps the source's max_tokens
        state.messages.append(message(QStringLiteral("user"), first));
    } else {
        // A dataset's later turn asks for as long an answer as the one it recorded.
        const int recorded = state.script.isEmpty() ? 0 : state.scriptAnswerTokens.takeFirst();
        const QString next = state.script.isEmpty() ? userWords(fresh) : state.script.takeFirst();
        state.messages.append(message(QStringLiteral("user"), next));
        turn.prompt.targetInputTokens = -1; // the history makes it longer than the new message's aim
        if (m_spec.turnOutputTokens > 0)
            turn.prompt.maxTokens = m_spec.turnOutputTokens;
        else if (recorded > 0)
            turn.prompt.maxTokens = recorded;
    }
    ++state.turn;
    turn.prompt.messages = state.messages;
    if (m_spec.chainResponses && state.turn > 1) { // the server holds the history
        turn.prompt.messages = QJsonArray { state.messages.last() };
        turn.prompt.previousResponseId = state.responseId;
    }
    turn.session = state.session;
    turn.turn = state.turn;
    return turn;
}

ConversationBook::Ended ConversationBook::ended(
    int slot, bool ok, const QString &answer, const QString &responseId, bool mayGoOn)
{
    State &state = m_bySlot[slot];
    Ended out;
    const bool roomLeft = historyChars(state.messages) + answer.size() <= kMaxHistoryChars;
    const bool chainable = !m_spec.chainResponses || !responseId.isEmpty();
    if (ok && mayGoOn && roomLeft && chainable && state.turn < state.turns) {
        state.messages.append(message(QStringLiteral("assistant"), answer));
        state.responseId = responseId;
        out.goesOn = true;
        out.thinkNs = m_spec.thinkNs(m_seed, state.session, state.turn + 1);
        return out;
    }
    if (!ok || !roomLeft || !chainable)
        out.turnsDropped = state.turns - state.turn;
    state = State {};
    ++m_ended;
    return out;
}

} // namespace TokenScope
