// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace TokenScope {

/// One request's prompt and the id its record carries (`prompt_id`), so that requests can be
/// grouped by what they asked (docs/methodology.md#workloads).
struct Prompt {
    QString id;
    QString text; ///< one user turn; ignored when `messages` is set
    /// A whole conversation, sent as it is: objects with `role` and `content` (a chat dataset).
    /// Empty: `text` is the one user message.
    QJsonArray messages;
    /// This request's max_tokens; 0 = the run's (RunConfig::maxTokens).
    int maxTokens = 0;
    /// The prompt length the source aimed for, in the server's own count (a calibrated synthetic
    /// prompt); -1 when it aimed for none (a fixed prompt, a dataset).
    int targetInputTokens = -1;
    /// A later turn of a chained Responses conversation: the previous turn's response, which holds
    /// the history `messages` leaves out (Conversation::chainResponses).
    QString previousResponseId;
};

/// Gives each request of a run its prompt (docs/architecture.md#seams). The engine asks once per
/// request, on its own thread; implementations are immutable after construction, so one may be
/// shared between threads.
class PromptSource
{
public:
    virtual ~PromptSource() = default;
    /// The prompt of request `index` of the level at `levelIndex` (-1: a warm-up) for `arm`.
    virtual Prompt next(int levelIndex, int index, int arm) const = 0;
    /// How the source was set up, for the run's config (`prompt_source` in summary.json).
    virtual QJsonObject spec() const = 0;
    /// When each request of a level is due (in a trace of conversations, each conversation's first
    /// turn), in ns from the level's start, for a source that brings its own schedule (a trace);
    /// empty for the rest.
    virtual QList<qint64> sendTimesNs() const { return {}; }
};

/// The same prompt for every request: what a run has always sent. Its id names the text
/// ("fixed-" and 8 hex digits of its SHA-256), so runs that sent the same text share it.
class FixedPromptSource : public PromptSource
{
public:
    explicit FixedPromptSource(const QString &text)
        : m_prompt { idOf(text), text, {}, 0, -1, {} }
    {
    }

    Prompt next(int, int, int) const override { return m_prompt; }
    QJsonObject spec() const override
    {
        return { { QStringLiteral("kind"), QStringLiteral("fixed") }, { QStringLiteral("prompt_id"), m_prompt.id } };
    }

    static QString idOf(const QString &text)
    {
        const QByteArray digest = QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256);
        return QStringLiteral("fixed-") + QString::fromLatin1(digest.toHex().left(8));
    }

private:
    Prompt m_prompt;
};

} // namespace TokenScope
