// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simprompt.h"

#include <QChar>

namespace TokenScope {

namespace {

constexpr int LettersPerToken = 6;

// What a token is, folded into its hash so a word never hashes like a template token.
enum class TokenKind : quint8 { Letters = 1, Other = 2, Template = 3, TokenId = 4 };

constexpr quint64 FnvOffset = 14695981039346656037ULL;
constexpr quint64 FnvPrime = 1099511628211ULL;

quint64 fnv(quint64 hash, quint64 value)
{
    for (int i = 0; i < 8; ++i) {
        hash ^= (value >> (8 * i)) & 0xff;
        hash *= FnvPrime;
    }
    return hash;
}

// splitmix64's finalizer: a bijection that spreads every input bit over the output.
quint64 mix(quint64 x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

quint64 hashStart(TokenKind kind)
{
    return fnv(FnvOffset, static_cast<quint64>(kind));
}

quint64 hashText(quint64 hash, QStringView text)
{
    for (const QChar c : text)
        hash = fnv(hash, c.unicode());
    return hash;
}

// Counts the prompt's tokens in order and hashes the prefix at every block boundary.
class PromptTokenizer
{
public:
    explicit PromptTokenizer(SimPrompt *out)
        : m_out(out)
    {
    }

    void token(quint64 tokenHash)
    {
        m_chain = mix(m_chain ^ tokenHash);
        ++m_count;
        if (m_count % SimPromptBlockTokens == 0)
            m_out->blockHashes.append(m_chain);
    }

    void token(TokenKind kind, QStringView text, quint64 extra = 0)
    {
        token(fnv(hashText(hashStart(kind), text), extra));
    }

    // The words of one text: whitespace separates them; within a word, every 6 letters/digits
    // make one token and every other character is a token of its own.
    void text(QStringView text)
    {
        quint64 letters = hashStart(TokenKind::Letters); // the letters not yet emitted as a token
        int lettersCount = 0; // code points in it
        int lettersInWord = 0; // code points of letters/digits seen so far in the word
        const auto flushLetters = [&] {
            if (lettersCount > 0)
                token(letters);
            letters = hashStart(TokenKind::Letters);
            lettersCount = 0;
        };
        const qsizetype size = text.size();
        for (qsizetype i = 0; i < size; ++i) {
            char32_t c = text[i].unicode();
            qsizetype units = 1;
            if (QChar::isHighSurrogate(c) && i + 1 < size && text[i + 1].isLowSurrogate()) {
                c = QChar::surrogateToUcs4(text[i], text[i + 1]);
                units = 2;
            }
            if (QChar::isSpace(c)) {
                flushLetters();
                lettersInWord = 0;
            } else if (QChar::isLetterOrNumber(c) || QChar::isMark(c)) {
                letters = hashText(letters, text.mid(i, units));
                ++lettersInWord;
                if (++lettersCount == LettersPerToken)
                    flushLetters();
            } else {
                // Where it stood among the word's letters, so "a.b" and ".ab" differ.
                token(TokenKind::Other, text.mid(i, units), static_cast<quint64>(lettersInWord));
            }
            i += units - 1;
        }
        flushLetters();
    }

    int count() const { return m_count; }

private:
    SimPrompt *m_out;
    quint64 m_chain = FnvOffset;
    int m_count = 0;
};

} // namespace

SimPrompt simPromptTokens(const QList<SimPromptMessage> &messages)
{
    SimPrompt prompt;
    PromptTokenizer tokenizer(&prompt);
    for (const SimPromptMessage &message : messages) {
        // The template: 3 tokens per message, start, role and end (as ChatML's <|im_start|>role … <|im_end|>).
        tokenizer.token(TokenKind::Template, u"<|start|>");
        tokenizer.token(TokenKind::Template, message.role);
        tokenizer.text(message.text);
        for (const qint64 id : message.tokenIds)
            tokenizer.token(TokenKind::TokenId, {}, static_cast<quint64>(id));
        tokenizer.token(TokenKind::Template, u"<|end|>");
    }
    // The reply primer, 3 tokens: where the answer begins.
    tokenizer.token(TokenKind::Template, u"<|start|>");
    tokenizer.token(TokenKind::Template, u"assistant");
    tokenizer.token(TokenKind::Template, u"\n");
    prompt.messages = static_cast<int>(messages.size());
    prompt.tokens = qMax(1, tokenizer.count());
    return prompt;
}

int simTextTokens(QStringView text)
{
    SimPrompt scratch;
    PromptTokenizer tokenizer(&scratch);
    tokenizer.text(text);
    return tokenizer.count();
}

} // namespace TokenScope
