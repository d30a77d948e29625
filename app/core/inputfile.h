// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <functional>
#include <optional>

class QFile;

namespace TokenScope::InputFile {

/// Polled between the chunks of a read; true stops the read. Called on the reading thread, so
/// what it reads must be thread-safe (an std::atomic<bool>, QPromise::isCanceled()).
using CancelCheck = std::function<bool()>;

constexpr qint64 kMiB = qint64(1) << 20;
/// The most a prompt file or a CA file may hold (docs/metrics.md#input-files).
constexpr qint64 kTextFileMaxBytes = 16 * kMiB;
/// The most a dataset file may hold, and the longest line of a JSONL one (docs/metrics.md#input-files).
constexpr qint64 kDatasetMaxBytes = 4096 * kMiB;
constexpr qint64 kDatasetMaxLineBytes = 16 * kMiB;
/// Lines a JSONL dataset may have, blank ones included: far more prompts than a run sends, and a
/// line number that always fits an int.
constexpr int kDatasetMaxLines = 50'000'000;
/// What one read asks of the file at a time.
constexpr qint64 kChunkBytes = kMiB;

/// "16 MiB", "4 GiB": a limit as the messages say it.
QString sizeText(qint64 bytes);

/// Opens `path` read-only when it is a regular file of at most `maxBytes`. Anything else (a named
/// pipe, a device such as /dev/zero, a directory, a socket) is refused before a byte is read, and
/// opening never blocks: the file is opened non-blocking and then looked at. False with why, one
/// clause to follow "Cannot read <file>: " ("it is a named pipe (FIFO), not a regular file").
/// Reentrant.
bool open(QFile *file, const QString &path, qint64 maxBytes, QString *why);

/// The whole of a regular file of at most `maxBytes`, read in chunks (open() says what is refused);
/// nullopt with why, as open() says it, otherwise (also when `cancelled` says so). Reentrant.
std::optional<QByteArray> read(const QString &path, qint64 maxBytes, QString *why, const CancelCheck &cancelled = {});

} // namespace TokenScope::InputFile
