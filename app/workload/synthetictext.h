// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace TokenScope::SyntheticText {

/// The text synthetic prompts are made of (docs/methodology.md#prompts-of-exactly-n-tokens).
/// A prompt is [shared prefix][tag][body]: the prefix is the first words of one passage of plain
/// prose, the same for every prompt of a run; the tag is a short line of four common four-letter
/// words that differs for every request, so no two prompts share a cacheable prefix beyond the
/// shared one; the body is the first words of a second passage. Only the tag varies between
/// requests, and its words all have the same length, so a server that counts characters and one
/// that counts common words as single tokens count every tag alike: prompts with the same body
/// length have the same token count.

/// The first `count` words of the prose passage `passage` (0: the body, 1: the shared prefix),
/// deterministic: sentences of everyday words, capitalised and ending in a period.
QStringList passage(int passage, int count);

/// The tag of prompt number `ordinal` (0 ≤ ordinal < 2^32): "Field notes, set wolf dune kite moss."
/// The first word varies fastest, so consecutive prompts differ in their first word of the tag.
QString tag(quint32 ordinal);

/// The tag number of request `index` of the level at `levelIndex` (-1 warm-ups, -2 calibration
/// probes) for `arm`: distinct for every request of a run (levels past the 62nd reuse the first
/// ones' numbers). The index's low byte picks the first tag word, so consecutive requests differ
/// from it on.
quint32 ordinal(int levelIndex, int index, int arm);

/// The words of the tag list (256 common English words of four letters).
const QStringList &tagWords();

/// " and", " and so", " and so on": what a prompt may end with to take a length that whole body
/// words step over (the next word adds two tokens where one more is wanted). `words` 0 to 3.
QString tail(int words);

/// The prompt: `prefixWords` words of the prefix passage (then a blank line), the tag, then
/// `bodyWords` words of the body passage, then the tail of `tailWords` words.
QString prompt(int prefixWords, quint32 ordinal, int bodyWords, int tailWords = 0);

} // namespace TokenScope::SyntheticText
