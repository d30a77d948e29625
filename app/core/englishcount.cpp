// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "englishcount.h"

namespace TokenScope {

QString wordFor(qint64 n, QStringView one, QStringView many)
{
    return (n == 1 ? one : many).toString();
}

QString countOf(qint64 n, QStringView one, QStringView many)
{
    return QString::number(n) + u' ' + wordFor(n, one, many);
}

} // namespace TokenScope
