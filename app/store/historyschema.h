// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

/// The history database's schema and how it moves forward. The version lives in SQLite's
/// `PRAGMA user_version`: 0 is an empty (new or foreign, table-less) file; step N turns a version
/// N-1 database into version N. HistoryStore::open() runs migrate() with steps().
///
/// Adding a version: append a Step whose statements turn the previous version into the new one
/// (ALTER TABLE / CREATE TABLE ... AS SELECT / UPDATE), never edit an existing step: a user's
/// file was made by the steps as they were. Then extend the migration test, which opens a
/// hand-written copy of every older version.
///
/// Not thread-safe; call on the thread that owns the connection.
namespace TokenScope::HistorySchema {

struct Step
{
    int version = 0; ///< the user_version the database has after this step
    QStringList statements; ///< run in order, in one transaction with the version bump
};

/// Every step, from version 1 up to currentVersion(), in order.
QList<Step> steps();

/// The version this build writes (the last step's).
int currentVersion();

/// The database's `PRAGMA user_version`; -1 (and *error) when it cannot be read.
int userVersion(const QSqlDatabase &db, QString *error = nullptr);

/// Runs the steps whose version is above the database's, in order. Each step and its
/// user_version bump form one transaction: a step that fails rolls back completely, leaves the
/// database at the previous version and returns false with *error naming the step. A database
/// newer than the last step is refused (a newer TokenScope wrote it; we would misread it), and so
/// is a version-0 file that already holds tables (not a TokenScope history).
bool migrate(QSqlDatabase &db, const QList<Step> &steps, QString *error = nullptr);

} // namespace TokenScope::HistorySchema
