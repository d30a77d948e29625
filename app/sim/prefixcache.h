// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QMutex>
#include <list>
#include <unordered_map>

namespace TokenScope {

/// The simulator's toy prefix cache (SimConfig::prefixCache, docs/simulator.md#prefix-cache): the
/// chained hashes of the whole 16-token blocks of earlier prompts (SimPrompt::blockHashes), in an
/// LRU of bounded size. A prompt's leading blocks seen before are cached, as vLLM's automatic
/// prefix caching finds them. Thread-safe: one per simulator, shared by its worker threads.
class PrefixCache
{
public:
    static constexpr int DefaultCapacityBlocks = 65536;

    explicit PrefixCache(int capacityBlocks = DefaultCapacityBlocks);

    /// The tokens of a prompt of promptTokens tokens that are served from the cache: 16 x its
    /// leading blocks remembered from earlier prompts, never the whole prompt (at least the last
    /// token is computed, as in vLLM). Then remembers every whole block of it as most recently used.
    int lookUpAndRemember(const QList<quint64> &blockHashes, int promptTokens);
    void clear();
    int size() const; ///< blocks remembered

private:
    void touch(quint64 hash); // with m_mutex held

    mutable QMutex m_mutex;
    const int m_capacity;
    std::list<quint64> m_lru; // most recently used first
    std::unordered_map<quint64, std::list<quint64>::iterator> m_index;
};

} // namespace TokenScope
