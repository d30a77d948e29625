// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace TokenScope {

/// The shipped default prompt (resources/prompts/default.txt, about 120 tokens), so runs with
/// no prompt given are comparable with each other.
QString defaultPrompt();

/// A rough token estimate (characters / 4), for display only; the server's usage is authoritative.
int estimateTokens(const QString &text);

} // namespace TokenScope
