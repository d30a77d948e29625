// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace TokenScope {

/// Tokens per prefix-cache block (as vLLM's default block size).
constexpr int SimPromptBlockTokens = 16;

/// One message as the simulator's prompt rule reads it: its role and its text (a content's text
/// parts joined with "\n"). A legacy completions prompt given as token ids carries them in
/// tokenIds, one token each.
struct SimPromptMessage {
    QString role;
    QString text;
    QList<qint64> tokenIds;
};

/// A prompt as the simulator counts it.
struct SimPrompt {
    int tokens = 1; ///< the rule's count (simPromptTokens), at least 1
    int messages = 0;
    /// The chained hash of each whole block of SimPromptBlockTokens tokens, in order: block i's hash
    /// covers tokens [0, 16 (i + 1)), so two prompts share block i's hash exactly when their first
    /// 16 (i + 1) tokens are the same (vLLM's automatic prefix caching hashes blocks so).
    QList<quint64> blockHashes;
};

/// The simulator's own prompt-token rule (docs/simulator.md#prompt-tokens), deliberately unlike
/// characters / 4 so that a client must calibrate against usage.prompt_tokens instead of guessing:
///  - each message's text is split on whitespace into words; a word costs 1 token per started 6
///    letters/digits (combining marks count as letters) plus 1 token per other character in it
///    (punctuation, symbols): "the" 1, "harbour" 2, "international" 3, "dawn." 2, "don't" 2;
///  - a chat template: 3 tokens per message (start, role, end) and 3 for the reply primer;
///  - a legacy prompt's token ids cost 1 each.
/// The tokens are also hashed in order, into SimPrompt::blockHashes, for the prefix cache.
/// Pure function; any thread.
SimPrompt simPromptTokens(const QList<SimPromptMessage> &messages);

/// The words' part of the rule for one text (no template tokens).
int simTextTokens(QStringView text);

} // namespace TokenScope
