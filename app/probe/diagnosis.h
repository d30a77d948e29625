// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probe/connectioncheck.h"

#include <QList>
#include <QString>

namespace TokenScope {

/// What a connection check's result means, in plain words with the fix: one Diagnosis per finding,
/// most important first; a single "all good" (Severity::Ok) when nothing is wrong. Texts go
/// through QCoreApplication::translate("Diagnosis", ...). Never shows the API key or a proxy
/// password. Pure function; thread-safe.
QList<Diagnosis> diagnose(const ConnectionCheckResult &result);

/// The most severe level among `diagnoses` (Ok for an empty list).
Diagnosis::Severity worstSeverity(const QList<Diagnosis> &diagnoses);

} // namespace TokenScope
