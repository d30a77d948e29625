// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simprompt.h"

#include <QHash>
#include <QList>
#include <QMutex>
#include <QQueue>
#include <QString>

#include <optional>

namespace TokenScope {

/// The Responses API's stored responses (docs/simulator.md#stored-responses): for each response a
/// request with `store` left true created, the conversation it closes (every input message and its
/// own answer), so a later request's `previous_response_id` continues it. Bounded: the oldest go
/// first past 4096 responses or 64 Mi characters. Thread-safe: one per simulator.
class ResponseStore
{
public:
    static constexpr int kMaxResponses = 4096;
    static constexpr qsizetype kMaxChars = 64 * 1024 * 1024;

    void remember(const QString &id, const QList<SimPromptMessage> &conversation);
    /// The conversation response `id` closed; empty when it was never stored or has been dropped.
    std::optional<QList<SimPromptMessage>> find(const QString &id) const;
    void clear();

private:
    void dropOldest(); // with m_mutex held

    mutable QMutex m_mutex;
    QHash<QString, QList<SimPromptMessage>> m_byId;
    QQueue<QString> m_order; // oldest first
    qsizetype m_chars = 0;
};

} // namespace TokenScope
