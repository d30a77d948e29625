// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prefixcache.h"

#include "sim/simprompt.h"

namespace TokenScope {

PrefixCache::PrefixCache(int capacityBlocks)
    : m_capacity(qMax(1, capacityBlocks))
{
}

int PrefixCache::lookUpAndRemember(const QList<quint64> &blockHashes, int promptTokens)
{
    // Blocks that may hit: those that end before the prompt's last token.
    const qsizetype eligible = qMin(blockHashes.size(), qsizetype(qMax(0, promptTokens - 1) / SimPromptBlockTokens));
    const QMutexLocker lock(&m_mutex);
    qsizetype hits = 0;
    while (hits < eligible && m_index.count(blockHashes[hits]) > 0)
        ++hits;
    // Last block first, so the first block ends up most recently used and a prompt's tail is
    // evicted before its head (a head block outlives the blocks that extend it, as in vLLM).
    for (qsizetype i = blockHashes.size() - 1; i >= 0; --i)
        touch(blockHashes[i]);
    return static_cast<int>(hits) * SimPromptBlockTokens;
}

void PrefixCache::touch(quint64 hash)
{
    const auto found = m_index.find(hash);
    if (found != m_index.end()) {
        m_lru.splice(m_lru.begin(), m_lru, found->second);
        return;
    }
    m_lru.push_front(hash);
    m_index.emplace(hash, m_lru.begin());
    while (m_lru.size() > static_cast<size_t>(m_capacity)) {
        m_index.erase(m_lru.back());
        m_lru.pop_back();
    }
}

void PrefixCache::clear()
{
    const QMutexLocker lock(&m_mutex);
    m_lru.clear();
    m_index.clear();
}

int PrefixCache::size() const
{
    const QMutexLocker lock(&m_mutex);
    return static_cast<int>(m_lru.size());
}

} // namespace TokenScope
