// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsestore.h"

namespace TokenScope {
namespace {

qsizetype charsOf(const QList<SimPromptMessage> &conversation)
{
    qsizetype chars = 0;
    for (const SimPromptMessage &message : conversation)
        chars += message.text.size();
    return chars;
}

} // namespace

void ResponseStore::remember(const QString &id, const QList<SimPromptMessage> &conversation)
{
    const qsizetype chars = charsOf(conversation);
    if (chars > kMaxChars)
        return; // larger than the whole store: never kept
    const QMutexLocker lock(&m_mutex);
    if (m_byId.contains(id))
        return;
    while (!m_order.isEmpty() && (m_order.size() >= kMaxResponses || m_chars + chars > kMaxChars))
        dropOldest();
    m_byId.insert(id, conversation);
    m_order.enqueue(id);
    m_chars += chars;
}

std::optional<QList<SimPromptMessage>> ResponseStore::find(const QString &id) const
{
    const QMutexLocker lock(&m_mutex);
    const auto found = m_byId.constFind(id);
    if (found == m_byId.constEnd())
        return std::nullopt;
    return *found;
}

void ResponseStore::clear()
{
    const QMutexLocker lock(&m_mutex);
    m_byId.clear();
    m_order.clear();
    m_chars = 0;
}

void ResponseStore::dropOldest()
{
    m_chars -= charsOf(m_byId.take(m_order.dequeue()));
}

} // namespace TokenScope
