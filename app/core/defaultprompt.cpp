// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "defaultprompt.h"

#include <QFile>

static void initCoreResources()
{
    Q_INIT_RESOURCE(core_resources);
}

namespace TokenScope {

QString defaultPrompt()
{
    initCoreResources();
    QFile file(QStringLiteral(":/tokenscope/prompts/default.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("Explain how a CPU cache works.");
    return QString::fromUtf8(file.readAll()).trimmed();
}

int estimateTokens(const QString &text)
{
    return std::max<int>(1, int((text.size() + 3) / 4));
}

} // namespace TokenScope
