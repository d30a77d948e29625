// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

namespace TokenScope {

/// English counts for the texts app/ writes (reports, notes, the CLI), which are English only and
/// have no translator to choose plural forms: "1 request", "65 requests", "0 requests". The window's
/// own texts use tr("%n …(s)", nullptr, n) with the English plural forms instead. Pure functions;
/// any thread.

/// `one` when n is 1, else `many` (English: 0 and every other number take the plural).
QString wordFor(qint64 n, QStringView one, QStringView many);

/// n followed by the noun in the form n takes: countOf(1, u"request", u"requests") is "1 request",
/// countOf(65, …) is "65 requests".
QString countOf(qint64 n, QStringView one, QStringView many);

} // namespace TokenScope
