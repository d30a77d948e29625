// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace.h"

#include "dataset.h"
#include "synthetictext.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <limits>

namespace TokenScope {

namespace {

constexpr int kMostProblems = 20;
/// What a block's tag ("Field notes, set wolf dune kite moss.") adds to a server's count: an
/// estimate (BPE tokenizers count 9 to 11); the level's workload check reports the real lengths.
constexpr int kTagTokensEstimate = 10;
/// A warm-up's prompt: one block of its own of this many tokens.
constexpr int kWarmupTokens = 32;
// Block ids of the prompts TokenScope makes up, far above any id a trace gives (they are small
// non-negative integers): blocks of entries without hash_ids, and warm-ups.
constexpr qint64 kOwnBlockIds = qint64(1) << 60;
constexpr qint64 kWarmupBlockIds = qint64(1) << 59;
// The largest hash id a trace may give: every integer up to it reads exactly from JSON.
constexpr qint64 kMaxHashId = qint64(1) << 53;
constexpr int kMaxSessionIdChars = 256;

// A whole number in [min, max] from a JSON value; nullopt otherwise.
std::optional<qint64> wholeNumber(const QJsonValue &value, double min, double max)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!(d >= min && d <= max) || d != std::floor(d))
        return std::nullopt;
    return qint64(d);
}

class Problems
{
public:
    explicit Problems(QStringList *out)
        : m_out(out)
    {
    }
    void add(int line, const QString &message)
    {
        ++m_count;
        if (m_out && m_count <= kMostProblems)
            m_out->append(line > 0 ? QStringLiteral("line %1: %2").arg(line).arg(message) : message);
    }
    bool any() const { return m_count > 0; }
    void finish()
    {
        if (m_out && m_count > kMostProblems)
            m_out->append(QStringLiteral("…and %1 more").arg(m_count - kMostProblems));
    }

private:
    QStringList *m_out;
    int m_count = 0;
};

QString readLengths(const QJsonObject &object, TraceEntry *entry)
{
    const std::optional<qint64> input
        = wholeNumber(object.value(QLatin1String("input_length")), 1, kTraceMaxInputTokens);
    if (!input)
        return QStringLiteral("\"input_length\" must be an integer from 1 to %1").arg(kTraceMaxInputTokens);
    entry->inputLength = int(*input);
    const QJsonValue ids = object.value(QLatin1String("hash_ids"));
    if (ids.isUndefined())
        return {};
    if (!ids.isArray())
        return QStringLiteral("\"hash_ids\" must be a list of integers");
    const QJsonArray array = ids.toArray();
    if (array.size() > kTraceMaxHashIds)
        return QStringLiteral("\"hash_ids\" holds %1 ids, more than the %2 an entry may have")
            .arg(array.size())
            .arg(kTraceMaxHashIds);
    for (const QJsonValue &id : array) {
        // JSON numbers are read as doubles: up to 2^53 every integer is itself, beyond it two ids
        // could read as one (and 2^59 - 1 would read as 2^59, the first warm-up's block).
        const std::optional<qint64> h = wholeNumber(id, 0, double(kMaxHashId));
        if (!h)
            return QStringLiteral("\"hash_ids\" must hold integers from 0 to 2^53");
        entry->hashIds.append(*h);
    }
    return {};
}

// `session_id`: a name of 1 to kMaxSessionIdChars characters, or a whole number; absent: none.
QString readSessionId(const QJsonValue &value, TraceEntry *entry)
{
    if (value.isUndefined())
        return {};
    if (const std::optional<qint64> n = wholeNumber(value, 0, double(kMaxHashId)))
        entry->sessionId = QString::number(*n);
    else if (value.isString() && !value.toString().isEmpty() && value.toString().size() <= kMaxSessionIdChars)
        entry->sessionId = value.toString();
    else
        return QStringLiteral("\"session_id\" must be a string of 1 to %1 characters or an integer from 0 to 2^53")
            .arg(kMaxSessionIdChars);
    return {};
}

// A turn's messages: system messages, then exactly one user message.
bool isOneTurn(const QJsonArray &messages)
{
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QString role = messages.at(i).toObject().value(QLatin1String("role")).toString();
        if (role != (i + 1 == messages.size() ? u"user" : u"system"))
            return false;
    }
    return !messages.isEmpty();
}

bool hasSystemMessage(const TraceEntry &entry)
{
    return entry.messages.size() > 1; // isOneTurn(): all but the last are system messages
}

bool namesSessions(const QList<TraceEntry> &entries)
{
    return std::any_of(entries.cbegin(), entries.cend(), [](const TraceEntry &e) { return !e.sessionId.isEmpty(); });
}

// A trace of sessions: each conversation's entries in order, conversations in the order of their
// first entries. A later turn's system messages are refused, by line (`problems` may be null): a
// conversation's system prompt is its first turn's.
QList<QList<int>> groupSessions(const QList<TraceEntry> &entries, Problems *problems)
{
    QList<QList<int>> sessions;
    QHash<QString, int> byId;
    QList<std::pair<int, QString>> refused;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const TraceEntry &entry = entries.at(i);
        if (entry.sessionId.isEmpty()) {
            sessions.append(QList<int> { int(i) });
            continue;
        }
        const auto known = byId.constFind(entry.sessionId);
        if (known == byId.cend()) {
            byId.insert(entry.sessionId, int(sessions.size()));
            sessions.append(QList<int> { int(i) });
            continue;
        }
        if (hasSystemMessage(entry))
            refused.append({ entry.line,
                QStringLiteral("system messages belong to the first turn of session \"%1\"").arg(entry.sessionId) });
        sessions[*known].append(int(i));
    }
    std::sort(refused.begin(), refused.end());
    for (const auto &[line, message] : std::as_const(refused)) {
        if (problems)
            problems->add(line, message);
    }
    return sessions;
}

// One non-blank line as an entry; an error message when it is not one.
QString readEntry(const QByteArray &line, TraceEntry *entry)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("invalid JSON (%1 at column %2)").arg(error.errorString()).arg(error.offset + 1);
    if (!document.isObject())
        return QStringLiteral("not a JSON object");
    const QJsonObject object = document.object();
    const QJsonValue timestamp = object.value(QLatin1String("timestamp"));
    const double ms = timestamp.toDouble(-1);
    if (!timestamp.isDouble() || !(ms >= 0 && ms <= 1e12))
        return QStringLiteral("\"timestamp\" must be a number of milliseconds from 0 to 10^12");
    entry->timestampUs = qint64(std::llround(ms * 1000));
    if (const QString problem = readSessionId(object.value(QLatin1String("session_id")), entry); !problem.isEmpty())
        return problem;
    if (object.contains(QLatin1String("messages"))) {
        Prompt prompt;
        if (const QString problem = readChatMessages(object.value(QLatin1String("messages")), &prompt);
            !problem.isEmpty())
            return problem;
        entry->messages = prompt.messages;
        if (!entry->sessionId.isEmpty() && !isOneTurn(entry->messages))
            return QStringLiteral("a session's entry is one turn: its \"messages\" must end with its one user "
                                  "message, after system messages only (the history is the conversation's own)");
    } else if (const QString problem = readLengths(object, entry); !problem.isEmpty()) {
        return problem;
    }
    const QJsonValue output = object.value(QLatin1String("output_length"));
    if (!output.isUndefined()) {
        const std::optional<qint64> n = wholeNumber(output, 1, std::numeric_limits<int>::max());
        if (!n)
            return QStringLiteral("\"output_length\" must be an integer ≥ 1");
        entry->outputLength = int(*n);
    }
    return {};
}

QList<TraceEntry> readEntries(const QByteArray &bytes, Problems *problems, const InputFile::CancelCheck &cancelled)
{
    QList<TraceEntry> entries;
    int number = 0;
    for (qsizetype at = 0; at < bytes.size();) {
        qsizetype end = bytes.indexOf('\n', at);
        if (end < 0)
            end = bytes.size();
        const QByteArray line = bytes.sliced(at, end - at).trimmed();
        at = end + 1;
        ++number;
        if (line.isEmpty())
            continue;
        if ((number & 0xFFF) == 0 && cancelled && cancelled()) {
            problems->add(0, QStringLiteral("The trace was not read: cancelled."));
            break;
        }
        if (entries.size() >= kTraceMaxEntries) {
            problems->add(number, QStringLiteral("more than the %1 entries a trace may have").arg(kTraceMaxEntries));
            break;
        }
        TraceEntry entry;
        entry.line = number;
        if (const QString problem = readEntry(line, &entry); !problem.isEmpty()) {
            problems->add(number, problem);
            continue;
        }
        entries.append(std::move(entry));
    }
    return entries;
}

QList<qint64> sendTimes(const QList<TraceEntry> &entries, const TraceReplay &replay)
{
    QList<qint64> times;
    times.reserve(entries.size());
    const double capUs = replay.maxGapS > 0 ? replay.maxGapS * 1e6 : std::numeric_limits<double>::infinity();
    double atUs = 0;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (i > 0)
            atUs += std::min(double(entries.at(i).timestampUs - entries.at(i - 1).timestampUs), capUs);
        times.append(qint64(std::llround(atUs * 1000 / replay.speedup)));
    }
    return times;
}

quint32 tagOrdinal(qint64 hashId)
{
    quint64 z = quint64(hashId) * 0x9E3779B97F4A7C15ULL; // SplitMix64's finaliser: ids that differ by
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; // one get tags that differ from the first word
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return quint32(z ^ (z >> 31));
}

} // namespace

QList<qint64> Trace::startNs() const
{
    if (!hasSessions())
        return sendNs;
    QList<qint64> starts;
    starts.reserve(sessions.size());
    for (const QList<int> &session : sessions)
        starts.append(sendNs.at(session.first()));
    return starts;
}

double Trace::meanRate() const
{
    const double span = spanS();
    return entries.size() > 1 && span > 0 ? double(entries.size() - 1) / span : 0;
}

bool Trace::needsCalibration() const
{
    return std::any_of(entries.cbegin(), entries.cend(), [](const TraceEntry &e) { return e.messages.isEmpty(); });
}

Workload Trace::calibrationWorkload(int blockTokens) const
{
    Workload w;
    w.kind = WorkloadKind::Synthetic;
    w.inputTokens = blockTokens;
    return w;
}

std::optional<Trace> loadTraceBytes(
    const QByteArray &bytes, const QString &fileName, const TraceReplay &replay, QStringList *problems)
{
    Problems found(problems);
    QList<TraceEntry> entries = readEntries(bytes, &found, {});
    if (!found.any() && entries.isEmpty())
        found.add(0, QStringLiteral("The trace %1 holds no entries.").arg(fileName));
    const int inFile = int(entries.size());
    if (!found.any() && replay.start >= inFile)
        found.add(0, QStringLiteral("The trace starts at entry %1, but it holds %2.").arg(replay.start).arg(inFile));
    found.finish();
    if (found.any())
        return std::nullopt;
    std::stable_sort(entries.begin(), entries.end(),
        [](const TraceEntry &a, const TraceEntry &b) { return a.timestampUs < b.timestampUs; });
    // The whole trace's sessions are checked, so a cut (start, limit) never makes a bad one good.
    if (namesSessions(entries))
        groupSessions(entries, &found);
    found.finish();
    if (found.any())
        return std::nullopt;
    entries.remove(0, replay.start);
    if (replay.limit > 0 && entries.size() > replay.limit)
        entries.resize(replay.limit);
    // A conversation whose first turns the cut left out begins at its first turn replayed.
    QList<QList<int>> grouped = namesSessions(entries) ? groupSessions(entries, nullptr) : QList<QList<int>> {};
    Trace trace;
    trace.sessions = std::move(grouped);
    trace.fileName = fileName;
    trace.sizeBytes = bytes.size();
    trace.sha256Hex = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    trace.entriesInFile = inFile;
    const bool hashed
        = std::any_of(entries.cbegin(), entries.cend(), [](const TraceEntry &e) { return !e.hashIds.isEmpty(); });
    trace.format = hashed ? QStringLiteral("mooncake") : QStringLiteral("timed");
    trace.sendNs = sendTimes(entries, replay);
    trace.entries = std::move(entries);
    return trace;
}

std::optional<Trace> loadTrace(
    const TraceReplay &replay, QStringList *problems, const InputFile::CancelCheck &cancelled)
{
    QString why;
    const std::optional<QByteArray> bytes = InputFile::read(replay.path, kTraceMaxBytes, &why, cancelled);
    if (!bytes) {
        problems->append(QStringLiteral("Cannot read %1: %2").arg(replay.path, why));
        return std::nullopt;
    }
    return loadTraceBytes(*bytes, QFileInfo(replay.path).fileName(), replay, problems);
}

TracePromptSource::TracePromptSource(
    std::shared_ptr<const Trace> trace, const CalibrationFit &fit, int blockTokens, const QString &nonce)
    : m_trace(std::move(trace))
    , m_fit(fit)
    , m_blockTokens(blockTokens)
    , m_nonce(nonce)
{
    if (!m_fit.points.isEmpty() && m_fit.points.last().bodyWords > 0) {
        const CalibrationFit::Point &longest = m_fit.points.last();
        const int bodyTokens = std::max(1, longest.serverTokens - m_fit.emptyTokens);
        m_wordsPerToken = double(longest.bodyWords) / bodyTokens;
    }
    m_tagTokens = kTagTokensEstimate;
    const int mostWords = int(std::ceil(std::max(blockTokens, kWarmupTokens) * m_wordsPerToken)) + 8;
    for (const QString &word : SyntheticText::passage(0, mostWords)) {
        m_body += QLatin1Char(' ') + word;
        m_bodyWordEnds.append(int(m_body.size()));
    }
}

QString TracePromptSource::blockText(qint64 hashId, int tokens) const
{
    const int bodyTokens = std::max(0, tokens - m_tagTokens);
    const int words = std::clamp(int(std::lround(bodyTokens * m_wordsPerToken)), 0, int(m_bodyWordEnds.size()));
    return SyntheticText::tag(tagOrdinal(hashId))
        + QStringView(m_body).left(words > 0 ? m_bodyWordEnds.at(words - 1) : 0) + QLatin1Char('\n');
}

QString TracePromptSource::lengthPrompt(const TraceEntry &entry) const
{
    const int blocks
        = std::max<int>(int(entry.hashIds.size()), (entry.inputLength + m_blockTokens - 1) / m_blockTokens);
    QString text = m_nonce;
    for (int b = 0; b < blocks; ++b) {
        const int tokens = std::min(m_blockTokens, entry.inputLength - b * m_blockTokens);
        if (tokens <= 0)
            break; // more ids than the length needs: the length wins
        const qint64 id
            = b < entry.hashIds.size() ? entry.hashIds.at(b) : kOwnBlockIds + (qint64(entry.line) << 20) + b; // its own
        text += blockText(id, tokens);
    }
    return text;
}

Prompt TracePromptSource::next(int levelIndex, int index, int) const
{
    Prompt prompt;
    if (levelIndex < 0 || m_trace->entries.isEmpty()) { // a warm-up: blocks no entry has
        prompt.id = QStringLiteral("trace-warmup-%1").arg(index);
        prompt.text = m_nonce + blockText(kWarmupBlockIds + index, kWarmupTokens);
        return prompt;
    }
    const TraceEntry &entry = m_trace->entries.at(index % m_trace->entries.size());
    prompt.id = QStringLiteral("trace-%1").arg(entry.line);
    prompt.maxTokens = entry.outputLength;
    if (!entry.messages.isEmpty()) {
        prompt.messages = entry.messages;
        if (!m_nonce.isEmpty()) { // ahead of the first message's words
            QJsonObject first = prompt.messages.first().toObject();
            first.insert(
                QStringLiteral("content"), QString(m_nonce + first.value(QLatin1String("content")).toString()));
            prompt.messages.replace(0, first);
        }
        return prompt;
    }
    prompt.targetInputTokens = entry.inputLength;
    prompt.text = lengthPrompt(entry);
    return prompt;
}

QJsonObject TracePromptSource::spec() const
{
    QJsonObject spec { { QStringLiteral("kind"), QStringLiteral("trace") },
        { QStringLiteral("file"), m_trace->fileName }, { QStringLiteral("size_bytes"), m_trace->sizeBytes },
        { QStringLiteral("sha256"), m_trace->sha256Hex }, { QStringLiteral("format"), m_trace->format },
        { QStringLiteral("entries_in_file"), m_trace->entriesInFile },
        { QStringLiteral("entries_replayed"), int(m_trace->entries.size()) },
        { QStringLiteral("span_s"), m_trace->spanS() }, { QStringLiteral("mean_rate"), m_trace->meanRate() },
        { QStringLiteral("block_tokens"), m_blockTokens } };
    if (m_trace->hasSessions())
        spec.insert(QStringLiteral("conversations"), int(m_trace->sessions.size()));
    if (!m_fit.points.isEmpty())
        spec.insert(QStringLiteral("fit"), m_fit.toJson());
    if (!m_nonce.isEmpty())
        spec.insert(QStringLiteral("cache_bust_nonce"), QString(m_nonce.trimmed()));
    return spec;
}

} // namespace TokenScope
