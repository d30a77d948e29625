// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QtGlobal>

namespace TokenScope {

/// How each closed-loop user talks to the server when a run measures conversations
/// (docs/methodology.md#conversations): T turns, each sending the whole history (every earlier user
/// message and the model's actual answer) plus a new user message, with a pause between an answer's
/// end and the next turn. Plain value type, part of RunConfig; `turns` 1 is a run of single requests.
struct Conversation
{
    int turns = 1;
    /// Prompts of N tokens (a synthetic workload): the new user message of every turn after the
    /// first holds this many tokens, by the same calibration; 0: as long as the first turn's.
    int turnInputTokens = 0;
    int turnOutputTokens = 0; ///< max_tokens of turns after the first; 0: the run's
    double thinkTimeMs = 0; ///< the pause between an answer's last byte and the next turn's send
    double thinkTimeSpread = 0; ///< R: each pause is drawn from thinkTimeMs × (1 ± R), seeded
    /// Anthropic Messages: the growing prefix carries `cache_control` breakpoints (the system
    /// prompt, the previous turn's user message and the new one), as Claude Code marks it.
    bool cacheControl = false;
    /// OpenAI Responses: a later turn sends only its new user message with `previous_response_id`
    /// naming the previous turn's response (the server keeps the history), instead of resending
    /// the history as `input` items.
    bool chainResponses = false;

    static constexpr int kMaxTurns = 1000;
    static constexpr double kMaxThinkTimeMs = 3'600'000;

    bool isOn() const { return turns > 1; }
    /// The pause before turn `turn` (2…turns) of conversation `session`, in ns: the same for the
    /// same seed, session and turn.
    qint64 thinkNs(quint32 seed, int session, int turn) const;

    QJsonObject toJson() const;
    static Conversation fromJson(const QJsonObject &json);
};

} // namespace TokenScope
