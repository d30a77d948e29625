// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dataset.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace TokenScope {

namespace {

// The messages a user reads when a prompt file is rejected, translated in the window; a struct only
// so that they share the "TokenScope::Dataset" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::Dataset)
};

constexpr int MaxErrors = 20; // listed one by one; the rest are counted in one more

// Collects errors up to MaxErrors and counts all of them.
class ErrorSink
{
public:
    explicit ErrorSink(QList<DatasetError> *out)
        : m_out(out)
    {
    }

    void add(int line, const QString &message)
    {
        ++m_count;
        if (m_out && m_count <= MaxErrors)
            m_out->append({ line, message });
    }
    bool any() const { return m_count > 0; }
    void finish()
    {
        if (m_out && m_count > MaxErrors)
            m_out->append({ 0, Text::tr("…and %n more", nullptr, m_count - MaxErrors) });
    }

private:
    QList<DatasetError> *m_out;
    int m_count = 0;
};

QString quoted(const char *key)
{
    return QStringLiteral("\"%1\"").arg(QLatin1String(key));
}

QString describe(DatasetFormat format)
{
    switch (format) {
    case DatasetFormat::VllmCustom:
        return Text::tr("vLLM custom JSONL");
    case DatasetFormat::ChatMessages:
        return Text::tr("chat messages JSONL");
    case DatasetFormat::ShareGpt:
        return Text::tr("ShareGPT JSON");
    case DatasetFormat::Auto:
        break;
    }
    return Text::tr("auto-detected");
}

// ShareGPT has no output token counts; they are estimated from the reply's characters (about four
// characters per token in English) since no tokenizer is used.
QString shareGptEstimateNote()
{
    return Text::tr("output lengths are estimated as ceil(characters / 4) of each reply, since no tokenizer is used");
}

// A JSON number that is a whole number in [1, INT_MAX].
std::optional<int> positiveInt(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (d < 1 || d > double(std::numeric_limits<int>::max()) || d != std::floor(d))
        return std::nullopt;
    return int(d);
}

// Reads the optional token count `key` into *tokens; an error message when present and not an int ≥ 1.
QString readTokens(const QJsonObject &object, const char *key, int *tokens)
{
    const QJsonValue value = object.value(QLatin1String(key));
    if (value.isUndefined())
        return {};
    const std::optional<int> n = positiveInt(value);
    if (!n)
        return Text::tr("%1 must be an integer ≥ 1").arg(quoted(key));
    *tokens = *n;
    return {};
}

// One line of vLLM custom JSONL: {"prompt": string, "output_tokens": int (optional)}.
QString customEntry(const QJsonObject &object, Prompt *prompt)
{
    const QJsonValue text = object.value(QLatin1String("prompt"));
    if (text.isUndefined())
        return Text::tr("no %1").arg(quoted("prompt"));
    if (!text.isString())
        return Text::tr("%1 must be a string").arg(quoted("prompt"));
    prompt->text = text.toString();
    return readTokens(object, "output_tokens", &prompt->maxTokens);
}

bool isChatRole(const QString &role)
{
    return role == QLatin1String("system") || role == QLatin1String("user") || role == QLatin1String("assistant");
}

// One chat message, reduced to its role and content; an error message when malformed.
QString chatMessage(const QJsonValue &value, int number, QJsonObject *message)
{
    if (!value.isObject())
        return Text::tr("message %1 must be an object").arg(number);
    const QJsonObject object = value.toObject();
    const QJsonValue role = object.value(QLatin1String("role"));
    if (!role.isString() || !isChatRole(role.toString()))
        return Text::tr("message %1: %2 must be \"system\", \"user\" or \"assistant\"").arg(number).arg(quoted("role"));
    const QJsonValue content = object.value(QLatin1String("content"));
    if (!content.isString())
        return Text::tr("message %1: %2 must be a string").arg(number).arg(quoted("content"));
    *message = { { QStringLiteral("role"), role }, { QStringLiteral("content"), content } };
    return {};
}

// The messages of a chat line, as they are (role and content only); Prompt::text is the last user turn.
QString chatMessages(const QJsonArray &array, Prompt *prompt)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        QJsonObject message;
        const QString error = chatMessage(array.at(i), int(i + 1), &message);
        if (!error.isEmpty())
            return error;
        if (message.value(QLatin1String("role")).toString() == QLatin1String("user"))
            prompt->text = message.value(QLatin1String("content")).toString();
        prompt->messages.append(message);
    }
    return {};
}

} // namespace

QString readChatMessages(const QJsonValue &messages, Prompt *prompt)
{
    if (!messages.isArray() || messages.toArray().isEmpty())
        return Text::tr("%1 must be a non-empty list").arg(quoted("messages"));
    QString error = chatMessages(messages.toArray(), prompt);
    if (error.isEmpty() && !std::any_of(prompt->messages.begin(), prompt->messages.end(), [](const QJsonValue &m) {
            return m.toObject().value(QLatin1String("role")).toString() == QLatin1String("user");
        }))
        error = Text::tr("no \"user\" message");
    return error;
}

namespace {

// One line of chat JSONL: {"messages": [...], "max_tokens" or "output_tokens": int (optional)}.
QString chatEntry(const QJsonObject &object, Prompt *prompt)
{
    QString error = readChatMessages(object.value(QLatin1String("messages")), prompt);
    if (error.isEmpty())
        error = readTokens(object, "output_tokens", &prompt->maxTokens);
    if (error.isEmpty())
        error = readTokens(object, "max_tokens", &prompt->maxTokens); // wins over output_tokens
    return error;
}

// A JSONL line as an object; an error message when it is not one.
QString parseObject(const QByteArray &line, QJsonObject *object)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError)
        return Text::tr("invalid JSON (%1 at column %2)").arg(error.errorString()).arg(error.offset + 1);
    if (!document.isObject())
        return Text::tr("not a JSON object");
    *object = document.object();
    return {};
}

QString promptId(int number)
{
    return QStringLiteral("ds-") + QString::number(number);
}

// One non-blank JSONL line (surrounding space trimmed) as an entry, or an error naming the line.
void jsonlEntry(int number, const QByteArray &line, DatasetFormat format, Dataset *dataset, ErrorSink *errors)
{
    QJsonObject object;
    Prompt prompt;
    QString error = parseObject(line, &object);
    if (error.isEmpty())
        error = format == DatasetFormat::VllmCustom ? customEntry(object, &prompt) : chatEntry(object, &prompt);
    if (!error.isEmpty()) {
        errors->add(number, Text::tr("line %1: %2").arg(number).arg(error));
        return;
    }
    prompt.id = promptId(number);
    dataset->entries.append(prompt);
}

enum class Skip { None, NoHuman, NoReply };

bool isHuman(const QString &from)
{
    return from == QLatin1String("human") || from == QLatin1String("user");
}

// A turn's speaker and text; an error message when malformed. Speakers other than human, user,
// system, gpt and assistant (e.g. "bing", "chatgpt" in ShareGPT dumps) are read as model turns.
QString shareGptTurn(const QJsonValue &value, int number, QString *from, QString *text)
{
    const QJsonObject turn = value.toObject();
    if (!value.isObject() || !turn.value(QLatin1String("from")).isString())
        return Text::tr("turn %1 must be an object with a string %2").arg(number).arg(quoted("from"));
    if (!turn.value(QLatin1String("value")).isString())
        return Text::tr("turn %1: %2 must be a string").arg(number).arg(quoted("value"));
    *from = turn.value(QLatin1String("from")).toString();
    *text = turn.value(QLatin1String("value")).toString();
    return {};
}

// The first human turn and the model's reply right after it, as vLLM's benchmark reads ShareGPT.
QString shareGptPrompt(const QJsonArray &turns, Prompt *prompt, Skip *skip)
{
    QString human;
    QString reply;
    bool inHuman = false;
    *skip = Skip::NoHuman;
    for (qsizetype i = 0; i < turns.size(); ++i) {
        QString from;
        QString text;
        const QString error = shareGptTurn(turns.at(i), int(i + 1), &from, &text);
        if (!error.isEmpty())
            return error;
        if (*skip == Skip::NoHuman && isHuman(from) && !text.isEmpty()) {
            human = text;
            inHuman = true;
            *skip = Skip::NoReply;
        } else if (inHuman) {
            inHuman = false;
            if (!isHuman(from) && from != QLatin1String("system") && !text.isEmpty()) {
                reply = text;
                *skip = Skip::None;
            }
        }
    }
    prompt->text = human;
    prompt->maxTokens = estimatedTokens(reply);
    return {};
}

// An entry's turns: `conversations`, or `conversation` as some dumps name it.
QJsonValue shareGptTurnsValue(const QJsonValue &entry)
{
    const QJsonValue turns = entry.toObject().value(QLatin1String("conversations"));
    return turns.isUndefined() ? entry.toObject().value(QLatin1String("conversation")) : turns;
}

QJsonArray shareGptTurns(const QJsonValue &entry)
{
    return shareGptTurnsValue(entry).toArray();
}

// A ShareGPT conversation as chat messages: human turns are the user's, system turns the system
// prompt, every other speaker the model's; empty turns are left out.
QJsonArray shareGptMessages(const QJsonArray &turns)
{
    QJsonArray messages;
    for (const QJsonValue &value : turns) {
        const QJsonObject turn = value.toObject();
        const QString from = turn.value(QLatin1String("from")).toString();
        const QString text = turn.value(QLatin1String("value")).toString();
        if (text.isEmpty())
            continue;
        const QString role = isHuman(from)    ? QStringLiteral("user")
            : from == QLatin1String("system") ? QStringLiteral("system")
                                              : QStringLiteral("assistant");
        messages.append(QJsonObject { { QStringLiteral("role"), role }, { QStringLiteral("content"), text } });
    }
    return messages;
}

QString shareGptEntry(const QJsonValue &value, Prompt *prompt, Skip *skip)
{
    const QJsonValue turns = shareGptTurnsValue(value);
    if (!value.isObject() || !turns.isArray())
        return Text::tr("must be an object with a %1 list").arg(quoted("conversations"));
    return shareGptPrompt(turns.toArray(), prompt, skip);
}

QString skippedReason(int noHuman, int noReply)
{
    QStringList parts;
    if (noHuman > 0)
        parts << Text::tr("%n without a human turn", nullptr, noHuman);
    if (noReply > 0)
        parts << Text::tr("%n without a reply to the first human turn", nullptr, noReply);
    return parts.isEmpty() ? QString() : Text::tr("Skipped as vLLM does: %1.").arg(parts.join(QStringLiteral("; ")));
}

// The file's line (1-based) holding byte `offset`.
int lineAt(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(offset).count('\n')) + 1;
}

void loadShareGpt(const QByteArray &bytes, Dataset *dataset, ErrorSink *errors)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors->add(0,
            Text::tr("The file is not valid JSON: %1 on line %2.")
                .arg(parseError.errorString())
                .arg(lineAt(bytes, parseError.offset)));
        return;
    }
    if (!document.isArray()) {
        errors->add(0, Text::tr("A ShareGPT file is a JSON array of conversations; this one is not an array."));
        return;
    }
    const QJsonArray array = document.array();
    int noHuman = 0;
    int noReply = 0;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const int number = int(i + 1);
        Prompt prompt;
        Skip skip = Skip::None;
        const QString error = shareGptEntry(array.at(i), &prompt, &skip);
        if (!error.isEmpty()) {
            errors->add(number, Text::tr("entry %1: %2").arg(number).arg(error));
        } else if (skip != Skip::None) {
            ++(skip == Skip::NoHuman ? noHuman : noReply);
        } else {
            prompt.id = promptId(number);
            dataset->entries.append(prompt);
            dataset->conversations.append(shareGptMessages(shareGptTurns(array.at(i))));
        }
    }
    dataset->skipped = noHuman + noReply;
    dataset->skippedReason = skippedReason(noHuman, noReply);
}

QString shareGptDetectedReason()
{
    return Text::tr("A JSON array (the file starts with \"[\"): ShareGPT; %1.").arg(shareGptEstimateNote());
}

// Decides a JSONL format from the first non-blank line's keys (a file starting with "[" is ShareGPT,
// decided before lines are read).
std::optional<DatasetFormat> detectJsonl(int number, const QByteArray &line, QString *reason, ErrorSink *errors)
{
    QJsonObject object;
    const QString error = parseObject(line, &object);
    if (!error.isEmpty()) {
        errors->add(number, Text::tr("line %1: %2, so the format cannot be detected").arg(number).arg(error));
        return std::nullopt;
    }
    if (object.contains(QLatin1String("prompt"))) {
        *reason = Text::tr("JSONL whose first line has \"prompt\": vLLM custom.");
        return DatasetFormat::VllmCustom;
    }
    if (object.contains(QLatin1String("messages"))) {
        *reason = Text::tr("JSONL whose first line has \"messages\": chat messages.");
        return DatasetFormat::ChatMessages;
    }
    const QString keys = object.keys().isEmpty() ? Text::tr("none") : object.keys().join(QStringLiteral(", "));
    errors->add(number,
        Text::tr("line %1: neither \"prompt\" (vLLM custom) nor \"messages\" (chat) nor a JSON array "
                 "(ShareGPT); its keys: %2")
            .arg(number)
            .arg(keys));
    return std::nullopt;
}

QString askedReason(DatasetFormat asked)
{
    if (asked == DatasetFormat::ShareGpt)
        return Text::tr("Read as %1, as asked; %2.").arg(describe(asked), shareGptEstimateNote());
    return Text::tr("Read as %1, as asked.").arg(describe(asked));
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Reads a prompt file from a device chunk by chunk, never more than kDatasetMaxBytes in all and
// never a JSONL line longer than kDatasetMaxLineBytes, polling `cancelled` before every chunk
// (docs/metrics.md#input-files). JSONL is parsed line by line as it comes, so only the entries are
// kept; a ShareGPT file is one JSON document and is parsed once it is read whole.
class DatasetReader
{
public:
    DatasetReader(QIODevice *device, DatasetFormat asked, const InputFile::CancelCheck &cancelled, Dataset *dataset,
        ErrorSink *errors)
        : m_device(device)
        , m_asked(asked)
        , m_cancelled(cancelled)
        , m_dataset(dataset)
        , m_errors(errors)
        , m_hash(QCryptographicHash::Sha256)
    {
    }

    void run();
    bool sawContent() const { return m_sawContent; }
    QString sha256Hex() const { return QString::fromLatin1(m_hash.result().toHex()); }

private:
    enum class Mode { Undecided, Jsonl, ShareGpt };
    enum class Stop { No, Yes };

    bool nextChunk();
    void decideAtFirstByte(qsizetype lineStart);
    Stop line(int number, const QByteArray &text);
    void finishShareGpt();

    QIODevice *m_device;
    DatasetFormat m_asked;
    const InputFile::CancelCheck &m_cancelled;
    Dataset *m_dataset;
    ErrorSink *m_errors;
    QCryptographicHash m_hash;
    QByteArray m_pending; ///< bytes read and not yet split into lines (JSONL) or the whole body (ShareGPT)
    Mode m_mode = Mode::Undecided;
    DatasetFormat m_format = DatasetFormat::Auto; ///< the JSONL format, once decided
    bool m_sawContent = false;
    bool m_failed = false;
};

bool DatasetReader::nextChunk()
{
    if (m_cancelled && m_cancelled()) {
        m_errors->add(0, Text::tr("Reading the file was interrupted."));
        m_failed = true;
        return false;
    }
    const QByteArray chunk = m_device->read(InputFile::kChunkBytes);
    if (chunk.isEmpty()) {
        const auto *file = qobject_cast<const QFileDevice *>(m_device);
        if (file && file->error() != QFileDevice::NoError) {
            m_errors->add(0, Text::tr("Cannot read the file: %1").arg(file->errorString()));
            m_failed = true;
        }
        return false;
    }
    m_hash.addData(chunk);
    m_dataset->sizeBytes += chunk.size();
    if (m_dataset->sizeBytes > InputFile::kDatasetMaxBytes) { // it grew after it was opened
        m_errors->add(0,
            Text::tr("The file holds more than %1, the most a dataset may hold.")
                .arg(InputFile::sizeText(InputFile::kDatasetMaxBytes)));
        m_failed = true;
        return false;
    }
    m_pending += chunk;
    return true;
}

// Auto: a file whose first non-blank byte is "[" is ShareGPT, anything else JSONL. Decided on that
// byte, not on the first line, since a ShareGPT file may be one line far longer than a JSONL line may be.
void DatasetReader::decideAtFirstByte(qsizetype lineStart)
{
    for (qsizetype i = lineStart; i < m_pending.size(); ++i) {
        const char c = m_pending.at(i);
        if (c == '\n')
            return;
        if (isBlank(c))
            continue;
        m_sawContent = true;
        m_mode = c == '[' ? Mode::ShareGpt : Mode::Jsonl;
        if (m_mode == Mode::ShareGpt)
            m_dataset->formatReason = shareGptDetectedReason();
        return;
    }
}

DatasetReader::Stop DatasetReader::line(int number, const QByteArray &text)
{
    if (text.isEmpty())
        return Stop::No;
    m_sawContent = true;
    if (m_format == DatasetFormat::Auto) {
        const std::optional<DatasetFormat> detected = detectJsonl(number, text, &m_dataset->formatReason, m_errors);
        if (!detected)
            return Stop::Yes; // nothing else can be read without a format
        m_format = *detected;
        m_dataset->format = m_format;
    }
    jsonlEntry(number, text, m_format, m_dataset, m_errors);
    return Stop::No;
}

void DatasetReader::run()
{
    if (m_asked != DatasetFormat::Auto) {
        m_dataset->formatReason = askedReason(m_asked);
        m_mode = m_asked == DatasetFormat::ShareGpt ? Mode::ShareGpt : Mode::Jsonl;
        m_format = m_asked;
        m_dataset->format = m_asked;
    }
    bool bomChecked = false;
    int number = 1; // the line m_pending starts with
    qsizetype scanned = 0; // bytes of m_pending already searched for the end of its line
    for (;;) {
        const bool more = nextChunk();
        if (m_failed)
            return;
        if (!bomChecked && (m_pending.size() >= 3 || !more)) {
            if (m_pending.startsWith("\xEF\xBB\xBF"))
                m_pending.remove(0, 3);
            bomChecked = true;
        }
        if (!bomChecked)
            continue;
        if (m_mode == Mode::ShareGpt) {
            if (!more)
                break;
            continue; // the whole body is kept in m_pending
        }
        qsizetype start = 0;
        for (;;) {
            if (m_mode == Mode::Undecided)
                decideAtFirstByte(start);
            if (m_mode == Mode::ShareGpt) {
                // The lines before are blank: kept as bare line ends, so JSON errors keep their line.
                m_pending = QByteArray(number - 1, '\n') + m_pending.mid(start);
                break;
            }
            const qsizetype end = m_pending.indexOf('\n', std::max(start, scanned));
            if (end < 0)
                break;
            if (end - start > InputFile::kDatasetMaxLineBytes)
                break; // said below
            if (line(number, m_pending.mid(start, end - start).trimmed()) == Stop::Yes)
                return;
            if (++number > InputFile::kDatasetMaxLines) {
                m_errors->add(number,
                    Text::tr("the file has more than %1 lines, the most a dataset may have.")
                        .arg(InputFile::kDatasetMaxLines));
                return;
            }
            start = end + 1;
        }
        if (m_mode == Mode::ShareGpt) {
            if (!more)
                break;
            continue;
        }
        m_pending.remove(0, start);
        scanned = m_pending.size();
        const qsizetype lineEnd = m_pending.indexOf('\n');
        if ((lineEnd < 0 ? m_pending.size() : lineEnd) > InputFile::kDatasetMaxLineBytes) {
            m_errors->add(number,
                Text::tr("line %1 is longer than %2, the most a line may hold; a JSONL file has one prompt per line.")
                    .arg(number)
                    .arg(InputFile::sizeText(InputFile::kDatasetMaxLineBytes)));
            return;
        }
        if (!more) {
            line(number, m_pending.trimmed());
            m_pending.clear();
            break;
        }
    }
    if (m_mode == Mode::ShareGpt)
        finishShareGpt();
}

void DatasetReader::finishShareGpt()
{
    if (m_pending.trimmed().isEmpty())
        return;
    m_sawContent = true;
    m_dataset->format = DatasetFormat::ShareGpt;
    loadShareGpt(m_pending, m_dataset, m_errors);
    m_pending.clear();
}

QString noEntriesMessage(const Dataset &dataset)
{
    if (dataset.skipped > 0)
        return Text::tr("The file holds no usable prompt: %1").arg(dataset.skippedReason);
    return Text::tr("The file holds no prompt.");
}

} // namespace

QString datasetFormatName(DatasetFormat format)
{
    switch (format) {
    case DatasetFormat::Auto:
        return QStringLiteral("auto");
    case DatasetFormat::VllmCustom:
        return QStringLiteral("custom");
    case DatasetFormat::ChatMessages:
        return QStringLiteral("chat");
    case DatasetFormat::ShareGpt:
        return QStringLiteral("sharegpt");
    }
    return QStringLiteral("auto");
}

bool parseDatasetFormat(const QString &name, DatasetFormat *format)
{
    for (DatasetFormat f :
        { DatasetFormat::Auto, DatasetFormat::VllmCustom, DatasetFormat::ChatMessages, DatasetFormat::ShareGpt }) {
        if (name.compare(datasetFormatName(f), Qt::CaseInsensitive) == 0) {
            *format = f;
            return true;
        }
    }
    return false;
}

namespace {

std::optional<Dataset> loadFrom(QIODevice *device, const QString &fileName, DatasetFormat format,
    QList<DatasetError> *errors, const InputFile::CancelCheck &cancelled)
{
    ErrorSink sink(errors);
    Dataset dataset;
    dataset.fileName = QFileInfo(fileName).fileName();
    DatasetReader reader(device, format, cancelled, &dataset, &sink);
    reader.run();
    if (!sink.any() && !reader.sawContent())
        sink.add(0, Text::tr("The file is empty."));
    if (!sink.any() && dataset.entries.isEmpty())
        sink.add(0, noEntriesMessage(dataset));
    sink.finish();
    if (sink.any())
        return std::nullopt;
    dataset.sha256Hex = reader.sha256Hex();
    return dataset;
}

} // namespace

std::optional<Dataset> loadDatasetBytes(
    const QByteArray &bytes, const QString &fileName, DatasetFormat format, QList<DatasetError> *errors)
{
    QByteArray data = bytes;
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    return loadFrom(&buffer, fileName, format, errors, {});
}

std::optional<Dataset> loadDataset(
    const QString &path, DatasetFormat format, QList<DatasetError> *errors, const InputFile::CancelCheck &cancelled)
{
    QFile file;
    QString why;
    if (!InputFile::open(&file, path, InputFile::kDatasetMaxBytes, &why)) {
        if (errors)
            errors->append({ 0, Text::tr("Cannot read %1: %2").arg(path, why) });
        return std::nullopt;
    }
    return loadFrom(&file, path, format, errors, cancelled);
}

int estimatedTokens(const QString &reply)
{
    return std::max(1, int((reply.size() + 3) / 4));
}

DatasetPromptSource::DatasetPromptSource(Dataset dataset, bool shuffle, quint32 seed, bool conversations)
    : m_dataset(std::make_shared<const Dataset>(std::move(dataset)))
    , m_shuffled(shuffle)
    , m_conversations(conversations)
    , m_seed(seed)
{
    const int size = int(m_dataset->entries.size());
    if (shuffle) {
        m_order = shuffledOrder(size, seed);
    } else {
        m_order.reserve(size);
        for (int i = 0; i < size; ++i)
            m_order.append(i);
    }
}

QList<int> DatasetPromptSource::shuffledOrder(int size, quint32 seed)
{
    QList<int> order;
    order.reserve(size);
    for (int i = 0; i < size; ++i)
        order.append(i);
    std::mt19937 engine(seed); // its output is fixed by the standard; the distributions are not
    for (int i = size - 1; i > 0; --i) {
        // An unbiased draw in [0, i]: reject the lowest 2^32 mod (i+1) outputs.
        const quint32 range = quint32(i) + 1;
        const quint32 threshold = (0u - range) % range;
        quint32 r = quint32(engine());
        while (r < threshold)
            r = quint32(engine());
        std::swap(order[i], order[qsizetype(r % range)]);
    }
    return order;
}

Prompt DatasetPromptSource::next(int levelIndex, int index, int arm) const
{
    Q_UNUSED(arm); // both arms of an A/B run send the same prompts
    const int size = int(m_order.size());
    if (size == 0)
        return {};
    const int position = ((index % size) + size) % size;
    const int slot = levelIndex < 0 ? size - 1 - position : position;
    const int entry = m_order.at(slot);
    Prompt prompt = m_dataset->entries.at(entry);
    if (m_conversations && entry < m_dataset->conversations.size())
        prompt.messages = m_dataset->conversations.at(entry);
    return prompt;
}

QJsonObject DatasetPromptSource::spec() const
{
    QJsonObject json {
        { QStringLiteral("kind"), QStringLiteral("dataset") },
        { QStringLiteral("file"), m_dataset->fileName },
        { QStringLiteral("size_bytes"), m_dataset->sizeBytes },
        { QStringLiteral("sha256"), m_dataset->sha256Hex },
        { QStringLiteral("format"), datasetFormatName(m_dataset->format) },
        { QStringLiteral("format_reason"), m_dataset->formatReason },
        { QStringLiteral("entries"), int(m_dataset->entries.size()) },
        { QStringLiteral("skipped"), m_dataset->skipped },
        { QStringLiteral("order"), m_shuffled ? QStringLiteral("shuffled") : QStringLiteral("file") },
    };
    if (m_shuffled)
        json.insert(QStringLiteral("seed"), qint64(m_seed));
    return json;
}

} // namespace TokenScope
