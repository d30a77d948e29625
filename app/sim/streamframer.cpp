// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamframer.h"

#include "sim/chunkcomposer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <array>
#include <charconv>

namespace TokenScope::SimSse {

QByteArray jsonString(const QString &text)
{
    // Rendering a one-element array is the simplest way to get Qt's JSON string escaping.
    const QByteArray array = QJsonDocument(QJsonArray {text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray tokensText(int firstToken, int tokenCount)
{
    QByteArray text;
    for (int i = 0; i < tokenCount; ++i)
        text.append(ChunkComposer::tokenText(firstToken + i));
    return text;
}

void appendEvent(QByteArray &out, QByteArrayView name, const QByteArray &data)
{
    // "event: " + name + "\n", then "data: " + data + "\n\n"
    const qsizetype size = (name.isEmpty() ? 0 : 7 + name.size() + 1) + 6 + data.size() + 2;
    std::array<char, 16> hex {};
    const auto result = std::to_chars(hex.data(), hex.data() + hex.size(), size, 16);
    out.append(hex.data(), result.ptr - hex.data());
    out.append("\r\n");
    if (!name.isEmpty()) {
        out.append("event: ");
        out.append(name);
        out.append('\n');
    }
    out.append("data: ");
    out.append(data);
    out.append("\n\n\r\n");
}

void appendLastChunk(QByteArray &out)
{
    out.append("0\r\n\r\n");
}

} // namespace TokenScope::SimSse
