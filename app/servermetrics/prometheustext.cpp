// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prometheustext.h"

#include <QHash>

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>

namespace TokenScope {

namespace {

// The grammar is that of the text exposition format 0.0.4 (docs/metrics.md#server-metrics):
// names [a-zA-Z_:][a-zA-Z0-9_:]*, label names the same without ':', blanks are spaces and tabs.
bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}
bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}
bool isLabelNameStart(char c)
{
    return isNameStart(c) && c != ':';
}
bool isLabelNameChar(char c)
{
    return isNameChar(c) && c != ':';
}

/// Reads one line of the body left to right; every read either consumes what it matched or
/// leaves the position alone and returns false.
class LineReader
{
public:
    explicit LineReader(QByteArrayView line)
        : m_line(line)
    {
    }

    bool atEnd() const { return m_pos >= m_line.size(); }
    char peek() const { return atEnd() ? '\0' : m_line[m_pos]; }
    QByteArrayView rest() const { return m_line.sliced(m_pos); }

    void skipBlanks()
    {
        while (!atEnd() && isBlank(m_line[m_pos]))
            ++m_pos;
    }

    bool take(char c)
    {
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }

    /// A name whose first character passes `start` and the others `rest`; empty when none.
    template <typename Start, typename Rest> QByteArrayView name(Start start, Rest restChar)
    {
        if (atEnd() || !start(m_line[m_pos]))
            return {};
        const qsizetype from = m_pos++;
        while (!atEnd() && restChar(m_line[m_pos]))
            ++m_pos;
        return m_line.sliced(from, m_pos - from);
    }

    /// Up to the next blank or the end of the line.
    QByteArrayView token()
    {
        const qsizetype from = m_pos;
        while (!atEnd() && !isBlank(m_line[m_pos]))
            ++m_pos;
        return m_line.sliced(from, m_pos - from);
    }

    /// The bytes between double quotes, escapes still in; `hasEscape` says whether there are any.
    /// False on a missing closing quote.
    bool quoted(QByteArrayView *raw, bool *hasEscape)
    {
        if (!take('"'))
            return false;
        const qsizetype from = m_pos;
        *hasEscape = false;
        while (!atEnd() && m_line[m_pos] != '"') {
            if (m_line[m_pos] == '\\') {
                *hasEscape = true;
                ++m_pos; // the escaped character, checked by unescape()
            }
            ++m_pos;
        }
        if (atEnd())
            return false;
        *raw = m_line.sliced(from, m_pos - from);
        ++m_pos;
        return true;
    }

private:
    QByteArrayView m_line;
    qsizetype m_pos = 0;
};

/// A label value with `\\`, `\"` and `\n` resolved; false on any other escape, which the format
/// does not have.
bool unescape(QByteArrayView raw, QByteArray *out)
{
    out->clear();
    out->reserve(raw.size());
    for (qsizetype i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\') {
            out->append(raw[i]);
            continue;
        }
        const char escaped = ++i < raw.size() ? raw[i] : '\0';
        if (escaped == 'n')
            out->append('\n');
        else if (escaped == '\\' || escaped == '"')
            out->append(escaped);
        else
            return false;
    }
    return true;
}

/// A sample value as Go's strconv.ParseFloat reads the ones exporters write: decimal or exponent
/// notation with an optional sign, NaN, Inf, +Inf, -Inf (any case).
bool parseValue(QByteArrayView text, double *value)
{
    if (text.isEmpty())
        return false;
    const bool negative = text[0] == '-';
    if (text[0] == '+' || negative)
        text = text.sliced(1);
    if (text.compare("inf", Qt::CaseInsensitive) == 0 || text.compare("infinity", Qt::CaseInsensitive) == 0) {
        *value = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        return true;
    }
    if (text.compare("nan", Qt::CaseInsensitive) == 0) {
        *value = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    // from_chars also reads "inf" and "nan" spellings and a second sign, handled or refused above.
    if (text.isEmpty() || !(text[0] == '.' || (text[0] >= '0' && text[0] <= '9')))
        return false;
    double parsed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (error != std::errc() || end != text.data() + text.size())
        return false;
    *value = negative ? -parsed : parsed;
    return true;
}

/// A timestamp in milliseconds: an optionally signed integer. Read only to refuse a malformed one.
bool isTimestamp(QByteArrayView text)
{
    if (!text.isEmpty() && (text[0] == '-' || text[0] == '+'))
        text = text.sliced(1);
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

QByteArrayView trimmedLine(QByteArrayView line)
{
    qsizetype from = 0;
    qsizetype to = line.size();
    while (from < to && isBlank(line[from]))
        ++from;
    while (to > from && (isBlank(line[to - 1]) || line[to - 1] == '\r'))
        --to;
    return line.sliced(from, to - from);
}

bool isMetricType(QByteArrayView type)
{
    return type == "counter" || type == "gauge" || type == "histogram" || type == "summary" || type == "untyped";
}

/// Parses one body. A vLLM scrape repeats a few dozen names, label names and label values over
/// hundreds of lines: each distinct spelling becomes a QString once and is shared after that, up to
/// kMaxSharedStrings of them (a hostile body of a million distinct names would otherwise keep a
/// million strings for the length of the parse).
class Parser
{
public:
    static constexpr qsizetype kMaxSharedStrings = 4096;

    /// With a visitor, each sample goes to it as read and neither samples nor types are kept.
    explicit Parser(const std::function<void(const PrometheusSample &)> *visit = nullptr)
        : m_visit(visit)
    {
    }

    qsizetype visited() const { return m_visited; }

    PrometheusText parse(QByteArrayView text)
    {
        qsizetype from = 0;
        while (from < text.size()) {
            qsizetype end = text.indexOf('\n', from);
            if (end < 0)
                end = text.size();
            readLine(trimmedLine(text.sliced(from, end - from)));
            from = end + 1;
        }
        return std::move(m_result);
    }

private:
    void readLine(QByteArrayView line)
    {
        if (line.isEmpty())
            return;
        const bool ok = line[0] == '#' ? readComment(line) : readSample(line);
        if (!ok)
            ++m_result.skippedLines;
    }

    // `# TYPE name type` is recorded and must be well formed; `# HELP` and any other comment is not read.
    bool readComment(QByteArrayView line)
    {
        LineReader reader(line.sliced(1));
        reader.skipBlanks();
        if (reader.token() != "TYPE")
            return true;
        reader.skipBlanks();
        const QByteArrayView name = reader.name(isNameStart, isNameChar);
        if (name.isEmpty() || !isBlank(reader.peek()))
            return false;
        reader.skipBlanks();
        const QByteArrayView type = reader.token();
        reader.skipBlanks();
        if (!isMetricType(type) || !reader.atEnd())
            return false;
        if (!m_visit)
            m_result.types.insert(shared(name), QString::fromLatin1(type));
        return true;
    }

    bool readSample(QByteArrayView line)
    {
        LineReader reader(line);
        PrometheusSample sample;
        const QByteArrayView name = reader.name(isNameStart, isNameChar);
        if (name.isEmpty())
            return false;
        // Blanks may follow the name and the closing brace; without labels, one must.
        const bool blankAfterName = isBlank(reader.peek());
        reader.skipBlanks();
        if (reader.take('{')) {
            if (!readLabels(reader, &sample))
                return false;
            reader.skipBlanks();
        } else if (!blankAfterName) {
            return false;
        }
        if (!parseValue(reader.token(), &sample.value))
            return false;
        reader.skipBlanks();
        if (!reader.atEnd() && !isTimestamp(reader.token()))
            return false;
        reader.skipBlanks();
        if (!reader.atEnd())
            return false;
        sample.name = shared(name);
        if (m_visit) {
            (*m_visit)(sample);
            ++m_visited;
        } else {
            m_result.samples.append(std::move(sample));
        }
        return true;
    }

    // After the `{`: `name="value"` pairs separated by commas, a trailing comma allowed, up to `}`.
    bool readLabels(LineReader &reader, PrometheusSample *sample)
    {
        for (;;) {
            reader.skipBlanks();
            if (reader.take('}'))
                return true;
            const QByteArrayView labelName = reader.name(isLabelNameStart, isLabelNameChar);
            if (labelName.isEmpty())
                return false;
            reader.skipBlanks();
            if (!reader.take('='))
                return false;
            reader.skipBlanks();
            QString value;
            if (!readLabelValue(reader, &value))
                return false;
            sample->labels.append({ shared(labelName), std::move(value) });
            reader.skipBlanks();
            if (!reader.take(',') && reader.peek() != '}')
                return false;
        }
    }

    bool readLabelValue(LineReader &reader, QString *value)
    {
        QByteArrayView raw;
        bool hasEscape = false;
        if (!reader.quoted(&raw, &hasEscape))
            return false;
        if (!hasEscape) {
            *value = shared(raw);
            return true;
        }
        if (!unescape(raw, &m_unescaped))
            return false;
        *value = QString::fromUtf8(m_unescaped);
        return true;
    }

    // The views point into the body, which outlives the parse.
    QString shared(QByteArrayView bytes)
    {
        auto found = m_strings.constFind(bytes);
        if (found != m_strings.constEnd())
            return *found;
        if (m_strings.size() >= kMaxSharedStrings)
            return QString::fromUtf8(bytes);
        return *m_strings.insert(bytes, QString::fromUtf8(bytes));
    }

    const std::function<void(const PrometheusSample &)> *m_visit;
    qsizetype m_visited = 0;
    PrometheusText m_result;
    QHash<QByteArrayView, QString> m_strings;
    QByteArray m_unescaped; // reused for every escaped label value
};

void appendEscaped(QString *out, const QString &value)
{
    for (const QChar c : value) {
        if (c == u'\\')
            out->append(u"\\\\");
        else if (c == u'"')
            out->append(u"\\\"");
        else if (c == u'\n')
            out->append(u"\\n");
        else
            out->append(c);
    }
}

} // namespace

QString PrometheusSample::key() const
{
    if (labels.isEmpty())
        return name;
    QList<qsizetype> order(labels.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(
        order.begin(), order.end(), [this](qsizetype a, qsizetype b) { return labels[a].first < labels[b].first; });
    QString key = name;
    key.append(u'{');
    for (const qsizetype i : order) {
        if (key.back() != u'{')
            key.append(u',');
        key.append(labels[i].first).append(u"=\"");
        appendEscaped(&key, labels[i].second);
        key.append(u'"');
    }
    key.append(u'}');
    return key;
}

QString PrometheusSample::label(const QString &labelName) const
{
    for (const auto &[labelKey, labelValue] : labels) {
        if (labelKey == labelName)
            return labelValue;
    }
    return {};
}

QList<PrometheusSample> PrometheusText::samplesNamed(const QString &name) const
{
    QList<PrometheusSample> named;
    for (const PrometheusSample &sample : samples) {
        if (sample.name == name)
            named.append(sample);
    }
    return named;
}

PrometheusText parsePrometheusText(QByteArrayView text)
{
    return Parser().parse(text);
}

PrometheusScan scanPrometheusText(QByteArrayView text, const std::function<void(const PrometheusSample &)> &visit)
{
    Parser parser(&visit);
    const PrometheusText rest = parser.parse(text);
    return { parser.visited(), rest.skippedLines };
}

} // namespace TokenScope
