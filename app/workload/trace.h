// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "calibration.h"
#include "core/inputfile.h"
#include "core/promptsource.h"
#include "core/tracereplay.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace TokenScope {

/// One request of a trace, as read (docs/methodology.md#trace-replay).
struct TraceEntry
{
    int line = 0; ///< 1-based line of the file, for messages and the prompt id
    qint64 timestampUs = 0; ///< the trace's `timestamp` (ms) in µs
    int inputLength = 0; ///< `input_length`: the prompt's tokens (0 when `messages` gives the prompt)
    int outputLength = 0; ///< `output_length`: its max_tokens (0: the run's)
    QList<qint64> hashIds; ///< `hash_ids`: one per block of TraceReplay::blockTokens; equal ids, equal text
    QJsonArray messages; ///< the prompt as chat messages, sent as they are
    QString sessionId; ///< `session_id`: its conversation's name; empty: a request of its own
};

/// A trace file as read and cut: its identity (name, size, SHA-256, format), the entries replayed
/// (timestamp order, after TraceReplay::start and limit) and when each is due.
struct Trace
{
    QString fileName;
    qint64 sizeBytes = 0;
    QString sha256Hex;
    QString format; ///< "mooncake" (entries carry hash_ids) or "timed"
    int entriesInFile = 0;
    QList<TraceEntry> entries;
    /// When entry i is due, in ns from the replay's start: the trace's gaps, each cut to
    /// maxGapS when that is set, divided by the speed-up. sendNs[0] is 0.
    QList<qint64> sendNs;
    /// A trace whose entries name a `session_id`: each conversation's entries (indices into
    /// `entries`, in timestamp order), conversations in the order of their first entries; an entry
    /// without a session id is a conversation of one turn. Empty when no entry names a session.
    QList<QList<int>> sessions;

    bool hasSessions() const { return !sessions.isEmpty(); }
    /// When each replayed unit begins, in ns from the replay's start: every entry's time, or, in a
    /// trace of sessions, each conversation's first entry's.
    QList<qint64> startNs() const;
    double spanS() const { return sendNs.isEmpty() ? 0 : double(sendNs.last()) / 1e9; }
    /// Requests per second over the replay (entries over their span); 0 for a single entry.
    double meanRate() const;
    /// Whether any entry's prompt is made from lengths (and so needs the calibration).
    bool needsCalibration() const;
    /// The workload PromptCalibrator calibrates for it: synthetic prompts of one block.
    Workload calibrationWorkload(int blockTokens) const;
};

/// The most entries a trace may have, and hash ids and tokens one entry may ask.
constexpr int kTraceMaxEntries = 1'000'000;
constexpr int kTraceMaxHashIds = 8192;
constexpr int kTraceMaxInputTokens = 4'000'000;
/// The most a trace file may hold.
constexpr qint64 kTraceMaxBytes = 1024 * InputFile::kMiB;

/// Reads the trace `replay.path` names (a regular file of at most kTraceMaxBytes) and cuts it as
/// `replay` says. Each non-blank line is one JSON object: `timestamp` (ms, ≥ 0), then either
/// `input_length` (tokens, with optional `hash_ids`) or `messages`, and optional `output_length`
/// and `session_id` (a string or an integer). In a session, an entry is one turn: its `messages`
/// are that turn's new user message (the first turn's may open with system messages), and its
/// `input_length` that message's tokens.
/// Nothing is sent from a malformed trace: nullopt with the problems (up to 20, by line).
std::optional<Trace> loadTrace(
    const TraceReplay &replay, QStringList *problems, const InputFile::CancelCheck &cancelled = {});
/// loadTrace over bytes already in memory.
std::optional<Trace> loadTraceBytes(
    const QByteArray &bytes, const QString &fileName, const TraceReplay &replay, QStringList *problems);

/// The prompts of a trace: request `index` of the level replays entry `index`; warm-ups (level -1)
/// ask a short prompt of blocks no entry has. An entry with `messages` sends them; one with
/// lengths sends `input_length` tokens of synthetic text made block by block: block id h is always
/// the same text (a tag of its own, then body words: docs/methodology.md#trace-replay), so the
/// trace's prefix sharing reaches the server's prefix cache; entries without hash_ids get blocks
/// of their own. The calibration says how many words a block needs. With a nonce (cache-bust),
/// every prompt opens with it. Immutable: thread-safe.
class TracePromptSource : public PromptSource
{
public:
    TracePromptSource(
        std::shared_ptr<const Trace> trace, const CalibrationFit &fit, int blockTokens, const QString &nonce);
    Prompt next(int levelIndex, int index, int arm) const override;
    QJsonObject spec() const override;
    QList<qint64> sendTimesNs() const override { return m_trace->startNs(); }

    /// The text of block `hashId` holding `tokens` of the server's tokens (its tag included).
    QString blockText(qint64 hashId, int tokens) const;

private:
    QString lengthPrompt(const TraceEntry &entry) const;

    std::shared_ptr<const Trace> m_trace;
    CalibrationFit m_fit;
    int m_blockTokens;
    QString m_nonce;
    QString m_body; ///< body words, enough for the longest block
    QList<int> m_bodyWordEnds;
    double m_wordsPerToken = 0.75; ///< from the calibration's longest measured point
    int m_tagTokens = 0; ///< what a block's tag adds to the server's count (estimated)
};

} // namespace TokenScope
