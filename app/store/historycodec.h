// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/servermetrics.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

/// Conversions between the value types and what the history stores or imports. Pure functions;
/// thread-safe. Internal to app/store, public for tests.
namespace TokenScope::HistoryCodec {

/// Every field of a LevelSummary, Distribution counts included, its load point too; lossless
/// (doubles round-trip). A summary stored before load points existed reads back with the
/// closed-loop point of its concurrency and level index.
QJsonObject levelSummaryToJson(const LevelSummary &summary);
LevelSummary levelSummaryFromJson(const QJsonObject &json);

/// A load point (kind, index, rate, arrival, burstiness, cap, role), lossless; a rate of infinity
/// (all at once) is the string "inf". fromJson of an object without `kind` is a closed-loop point.
/// A line of server_metrics.jsonl (Report::serverMetricsJson) read back: null figures are absent.
ServerMetricsSample serverSampleFromJson(const QJsonObject &json);
/// The server figures of a summary.json level (Report's server_* keys) copied into `level`.
void serverFiguresFromSummaryJson(const QJsonObject &summaryLevel, LevelSummary *level);

QJsonObject loadPointToJson(const LoadPoint &point);
LoadPoint loadPointFromJson(const QJsonObject &json);
QJsonArray loadPointsToJson(const QList<LoadPoint> &points);
QList<LoadPoint> loadPointsFromJson(const QJsonArray &json);

/// Nanosecond offsets as little-endian int64s, and back (a trailing partial value is dropped).
QByteArray packNs(const QList<qint64> &offsetsNs);
QList<qint64> unpackNs(const QByteArray &bytes);
/// A request's chunk tokens (RequestRecord::chunkTokens) as little-endian int32s, and back: kept
/// only when there is one count per chunk time and each is a count an answer can reach, else none.
QByteArray packChunkTokens(const QList<int> &tokens);
QList<int> unpackChunkTokens(const QByteArray &bytes, qsizetype chunkTimes);

/// RequestRecord::levelIndex of a requests.jsonl line written before the field existed.
constexpr int kUnknownLevelIndex = -2;

/// Fills the levelIndex of records read from lines without one: warm-ups -1, others the first
/// level of `config` at their concurrency (such files summarised a repeated concurrency as one
/// level, so nothing finer can be recovered), -1 when the config lacks it.
void fillUnknownLevelIndexes(QList<RequestRecord> &records, const RunConfig &config);

/// One line of requests.jsonl (Report::requestJson) back into a record. Millisecond offsets
/// become nanoseconds (the file's µs resolution); null becomes RequestRecord::kNever. The file
/// has no absolute clock, so tStartNs = startNs (offset from the run's start): durations between
/// records stay right. nullopt (and *error) when a required key is missing or of the wrong type.
std::optional<RequestRecord> recordFromRequestJson(const QJsonObject &json, QString *error = nullptr);

/// ISO-8601 as Report::isoTimestamp writes it (with or without ms and offset); invalid on failure.
QDateTime parseTimestamp(const QString &text);

} // namespace TokenScope::HistoryCodec
