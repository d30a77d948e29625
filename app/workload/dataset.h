// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/inputfile.h"
#include "core/promptsource.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QtGlobal>

#include <memory>
#include <optional>

namespace TokenScope {

/// The prompt file formats a run can replay (the ones vLLM's benchmark reads).
/// - VllmCustom: JSONL, one `{"prompt": string, "output_tokens": int}` per line.
/// - ChatMessages: JSONL, one `{"messages": [{"role", "content"}, ...], "max_tokens": int}` per line.
/// - ShareGpt: a JSON array of `{"conversations": [{"from", "value"}, ...]}`.
/// - Auto: decided from the file's first character and first line (Dataset::formatReason says how).
enum class DatasetFormat { Auto, VllmCustom, ChatMessages, ShareGpt };

QString datasetFormatName(DatasetFormat format); ///< "auto" | "custom" | "chat" | "sharegpt"
bool parseDatasetFormat(const QString &name, DatasetFormat *format);

/// A prompt file as read: its identity (name, size, SHA-256) and its prompts. The file's bytes are
/// not kept; only the entries.
struct Dataset
{
    DatasetFormat format = DatasetFormat::Auto; ///< the format it was read as (never Auto)
    QString formatReason; ///< one sentence: how the format was decided (and what is estimated)
    QString fileName; ///< the name without its directory
    qint64 sizeBytes = 0;
    QString sha256Hex; ///< of the file's bytes, lowercase hex
    QList<Prompt> entries; ///< in file order; ids "ds-" + 1-based line (JSONL) or entry (ShareGPT)
    /// ShareGPT: each entry's whole conversation as chat messages (human turns `user`, system
    /// `system`, the rest `assistant`), for a conversation run to replay turn by turn; empty for
    /// the JSONL formats, whose entries hold their messages.
    QList<QJsonArray> conversations;
    int skipped = 0; ///< entries that could not form a request (ShareGPT: no human turn or no reply)
    QString skippedReason; ///< why they were skipped; empty when none were
};

/// What is wrong with one line (JSONL) or entry (ShareGPT) of a prompt file; line 0: the file
/// itself (unreadable, empty, of no known format).
struct DatasetError
{
    int line = 0;
    QString message; ///< translated, starting with where ("line 7: ...", "entry 3: ...")
};

/// The `messages` of a chat entry into `prompt` (role and content only; Prompt::text is the last
/// user turn): an error message when it is not a non-empty list of system, user and assistant
/// messages with at least one user message. Shared by chat datasets and traces.
QString readChatMessages(const QJsonValue &messages, Prompt *prompt);

/// A recorded reply's length in tokens, estimated as ceil(characters / 4) (no tokenizer is used);
/// at least 1.
int estimatedTokens(const QString &reply);

/// Reads the prompt file at `path` as `format` (Auto: detected). Returns nullopt with every error
/// (up to 20, then one that counts the rest) in `errors` when anything is malformed or there is
/// no entry: a malformed file sends nothing. Only a regular file is read (a pipe or a device is
/// refused before a byte is read), of at most InputFile::kDatasetMaxBytes, in chunks, with JSONL
/// lines of at most InputFile::kDatasetMaxLineBytes; `cancelled` is polled before every chunk and
/// stops the read with an error (docs/metrics.md#input-files). Reentrant.
std::optional<Dataset> loadDataset(const QString &path, DatasetFormat format, QList<DatasetError> *errors,
    const InputFile::CancelCheck &cancelled = {});

/// loadDataset over bytes already in memory; `fileName` is recorded as the dataset's name.
std::optional<Dataset> loadDatasetBytes(
    const QByteArray &bytes, const QString &fileName, DatasetFormat format, QList<DatasetError> *errors);

/// Replays a dataset's entries: request `index` of every level takes entry `order[index % size]`,
/// so every level sends the same sequence (levels stay comparable) and wraps around past the end.
/// Warm-ups (level -1) take entries from the end of the order, so a warm-up does not send the
/// first measured prompt. Both A/B arms get the same entry. The order is the file's or a seeded
/// shuffle that is the same on every platform. Immutable after construction: thread-safe.
class DatasetPromptSource : public PromptSource
{
public:
    /// `conversations`: a ShareGPT entry's prompt is its whole conversation (`messages`), for a
    /// conversation run to replay (docs/methodology.md#conversations); else its first human turn.
    DatasetPromptSource(Dataset dataset, bool shuffle, quint32 seed, bool conversations = false);

    Prompt next(int levelIndex, int index, int arm) const override;
    /// The dataset's identity and order, never its contents.
    QJsonObject spec() const override;

    /// The entry indices in the order requests take them.
    const QList<int> &order() const { return m_order; }

    /// A permutation of 0..size-1 from a seed: std::mt19937 and a Fisher–Yates of our own, so the
    /// same seed gives the same order with every standard library.
    static QList<int> shuffledOrder(int size, quint32 seed);

private:
    std::shared_ptr<const Dataset> m_dataset;
    QList<int> m_order;
    bool m_shuffled = false;
    bool m_conversations = false;
    quint32 m_seed = 0;
};

} // namespace TokenScope
