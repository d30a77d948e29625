// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "synthetictext.h"

#include <algorithm>
#include <array>

namespace TokenScope::SyntheticText {

namespace {

// Sentences of four parts, each drawn from sixteen everyday phrases: plain prose that no filter
// objects to and that a model reads as notes, not as an instruction.
const std::array<const char *, 16> kSubjects { "The ferry", "A farmer", "The baker", "Our neighbour", "The old clock",
    "A small boat", "The teacher", "The river", "A young fox", "The morning train", "The market", "My sister",
    "The gardener", "A quiet street", "The library", "The fisherman" };
const std::array<const char *, 16> kVerbs { "waits for", "looks at", "walks past", "carries", "finds", "paints",
    "follows", "cleans", "opens", "watches", "builds", "remembers", "visits", "mends", "counts", "reads" };
const std::array<const char *, 16> kObjects { "the red door", "a basket of apples", "the wooden bridge",
    "the long field", "a letter", "the blue boat", "the garden wall", "a warm loaf", "the stone path", "the map",
    "a paper kite", "the tall window", "the evening bell", "a pair of boots", "the green hill", "the harbour" };
const std::array<const char *, 16> kEndings { "before breakfast", "in the rain", "after school",
    "near the station", "every Sunday", "at noon", "by the lake", "without a word", "under the trees",
    "on the way home", "in the spring", "with great care", "before dark", "at the corner", "once a week",
    "for an hour" };

// A small deterministic generator (SplitMix64): the same words on every platform and build.
class WordChooser
{
public:
    explicit WordChooser(quint64 seed)
        : m_state(seed)
    {
    }
    int next16()
    {
        m_state += 0x9E3779B97F4A7C15ULL;
        quint64 z = m_state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return int((z ^ (z >> 31)) & 15);
    }

private:
    quint64 m_state;
};

void appendWords(QStringList *words, const char *phrase)
{
    words->append(QString::fromLatin1(phrase).split(QLatin1Char(' ')));
}

} // namespace

QStringList passage(int passage, int count)
{
    QStringList words;
    WordChooser chooser(0x746F6B656E73ULL + quint64(passage) * 7919);
    while (words.size() < count) {
        appendWords(&words, kSubjects.at(chooser.next16()));
        appendWords(&words, kVerbs.at(chooser.next16()));
        appendWords(&words, kObjects.at(chooser.next16()));
        appendWords(&words, kEndings.at(chooser.next16()));
        words.last().append(QLatin1Char('.'));
    }
    words.resize(std::max(0, count));
    return words;
}

const QStringList &tagWords()
{
    static const char *const kWords[] = {
    "able", "aged", "also", "area", "away", "baby", "back", "ball", "band", "bank", "base", "bath", "bear", "beat", "been", "beer",
    "bell", "belt", "best", "bill", "bird", "blow", "blue", "boat", "body", "bone", "book", "boot", "born", "both", "bowl", "bulk",
    "burn", "bush", "busy", "cake", "call", "calm", "came", "camp", "card", "care", "cart", "case", "cash", "cast", "cell", "chef",
    "chip", "city", "clay", "club", "coal", "coat", "code", "cold", "come", "cook", "cool", "cope", "copy", "corn", "cost", "crew",
    "crop", "dark", "data", "date", "dawn", "days", "deal", "dear", "deep", "deer", "desk", "dial", "disk", "dish", "dock", "does",
    "done", "door", "down", "draw", "drew", "drop", "drum", "duck", "dust", "duty", "each", "earn", "ease", "east", "easy", "edge",
    "else", "even", "ever", "face", "fact", "fair", "fall", "farm", "fast", "feed", "feel", "feet", "fell", "felt", "file", "fill",
    "film", "find", "fine", "fire", "firm", "fish", "five", "flag", "flat", "flow", "folk", "food", "foot", "ford", "form", "fort",
    "four", "free", "from", "fuel", "full", "fund", "gain", "game", "gate", "gave", "gear", "gift", "girl", "give", "glad", "goal",
    "goes", "gold", "golf", "gone", "good", "gray", "grew", "grey", "grow", "hair", "half", "hall", "hand", "hang", "hard", "have",
    "head", "hear", "heat", "held", "help", "here", "hero", "high", "hill", "hire", "hold", "hole", "home", "hope", "host", "hour",
    "huge", "hung", "hunt", "idea", "inch", "into", "iron", "item", "jazz", "join", "joke", "jump", "just", "keen", "keep", "kept",
    "kick", "kind", "king", "kite", "knee", "knew", "know", "lack", "lady", "laid", "lake", "lamp", "land", "lane", "last", "late",
    "lawn", "lead", "leaf", "lean", "left", "lend", "less", "life", "lift", "like", "line", "link", "list", "live", "load", "loan",
    "lock", "long", "look", "lost", "loud", "love", "luck", "made", "mail", "main", "make", "mall", "many", "mark", "mass", "meal",
    "mean", "meat", "meet", "menu", "mild", "mile", "milk", "mill", "mind", "mine", "miss", "mode", "mood", "moon", "more", "most",    };
    static const QStringList words = [] {
        QStringList list;
        for (const char *word : kWords)
            list.append(QString::fromLatin1(word));
        return list;
    }();
    return words;
}

QString tag(quint32 ordinal)
{
    const QStringList &words = tagWords();
    QStringList picked;
    for (int digit = 0; digit < 4; ++digit)
        picked.append(words.at(int((ordinal >> (8 * digit)) & 0xFF)));
    return QStringLiteral("Field notes, set %1.").arg(picked.join(QLatin1Char(' ')));
}

quint32 ordinal(int levelIndex, int index, int arm)
{
    const quint32 level = quint32(levelIndex + 2) & 0x3F;
    const quint32 arms = quint32(arm) & 0x3;
    const quint32 i = quint32(index);
    return (i & 0xFF) | ((level | arms << 6) << 8) | ((i >> 8) << 16);
}

QString tail(int words)
{
    static const QStringList kTail { QStringLiteral("and"), QStringLiteral("so"), QStringLiteral("on") };
    QString text;
    for (int i = 0; i < std::clamp(words, 0, int(kTail.size())); ++i)
        text += QLatin1Char(' ') + kTail.at(i);
    return text;
}

QString prompt(int prefixWords, quint32 ordinal, int bodyWords, int tailWords)
{
    QString text;
    if (prefixWords > 0)
        text = passage(1, prefixWords).join(QLatin1Char(' ')) + QStringLiteral("\n\n");
    text += tag(ordinal);
    if (bodyWords > 0)
        text += QLatin1Char(' ') + passage(0, bodyWords).join(QLatin1Char(' '));
    return text + tail(tailWords);
}

} // namespace TokenScope::SyntheticText
