// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dataset.h"

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

int estimatedTokens(const QString &reply)
{
    return std::max(1, int((reply.size() + 3) / 4));
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

// One line of chat JSONL: {"messages": [...], "max_tokens" or "output_tokens": int (optional)}.
QString chatEntry(const QJsonObject &object, Prompt *prompt)
{
    const QJsonValue messages = object.value(QLatin1String("messages"));
    if (!messages.isArray() || messages.toArray().isEmpty())
        return Text::tr("%1 must be a non-empty list").arg(quoted("messages"));
    QString error = chatMessages(messages.toArray(), prompt);
    if (error.isEmpty() && !std::any_of(prompt->messages.begin(), prompt->messages.end(), [](const QJsonValue &m) {
            return m.toObject().value(QLatin1String("role")).toString() == QLatin1String("user");
        }))
        error = Text::tr("no \"user\" message");
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

// Calls f(lineNumber, line) for every non-blank line (1-based numbers, surrounding space trimmed).
template <typename F> void forEachLine(const QByteArray &bytes, F &&f)
{
    qsizetype start = 0;
    for (int number = 1; start < bytes.size(); ++number) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        const QByteArray line = bytes.mid(start, end - start).trimmed();
        if (!line.isEmpty())
            f(number, line);
        start = end + 1;
    }
}

QString promptId(int number)
{
    return QStringLiteral("ds-") + QString::number(number);
}

void loadJsonl(const QByteArray &bytes, DatasetFormat format, Dataset *dataset, ErrorSink *errors)
{
    forEachLine(bytes, [&](int number, const QByteArray &line) {
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
    });
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

QString shareGptEntry(const QJsonValue &value, Prompt *prompt, Skip *skip)
{
    const QJsonObject entry = value.toObject();
    QJsonValue turns = entry.value(QLatin1String("conversations"));
    if (turns.isUndefined())
        turns = entry.value(QLatin1String("conversation"));
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
        }
    }
    dataset->skipped = noHuman + noReply;
    dataset->skippedReason = skippedReason(noHuman, noReply);
}

// The first non-blank line and its number; an empty line when there is none.
QByteArray firstLine(const QByteArray &bytes, int *number)
{
    QByteArray first;
    forEachLine(bytes, [&](int n, const QByteArray &line) {
        if (first.isEmpty()) {
            first = line;
            *number = n;
        }
    });
    return first;
}

// Decides the format from the bytes: "[" first → ShareGPT; else the first line's keys.
std::optional<DatasetFormat> detect(const QByteArray &bytes, QString *reason, ErrorSink *errors)
{
    int number = 0;
    const QByteArray line = firstLine(bytes, &number);
    if (line.startsWith('[')) {
        *reason = Text::tr("A JSON array (the file starts with \"[\"): ShareGPT; %1.").arg(shareGptEstimateNote());
        return DatasetFormat::ShareGpt;
    }
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

std::optional<DatasetFormat> decideFormat(
    const QByteArray &bytes, DatasetFormat asked, QString *reason, ErrorSink *errors)
{
    if (asked == DatasetFormat::Auto)
        return detect(bytes, reason, errors);
    *reason = Text::tr("Read as %1, as asked.").arg(describe(asked));
    if (asked == DatasetFormat::ShareGpt)
        *reason = Text::tr("Read as %1, as asked; %2.").arg(describe(asked), shareGptEstimateNote());
    return asked;
}

QByteArray withoutBom(const QByteArray &bytes)
{
    if (!bytes.startsWith("\xEF\xBB\xBF"))
        return bytes;
    return QByteArray::fromRawData(bytes.constData() + 3, bytes.size() - 3);
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

std::optional<Dataset> loadDatasetBytes(
    const QByteArray &bytes, const QString &fileName, DatasetFormat format, QList<DatasetError> *errors)
{
    ErrorSink sink(errors);
    Dataset dataset;
    dataset.fileName = QFileInfo(fileName).fileName();
    dataset.sizeBytes = bytes.size();
    dataset.sha256Hex = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    const QByteArray body = withoutBom(bytes);
    if (body.trimmed().isEmpty()) {
        sink.add(0, Text::tr("The file is empty."));
        return std::nullopt;
    }
    const std::optional<DatasetFormat> decided = decideFormat(body, format, &dataset.formatReason, &sink);
    if (decided) {
        dataset.format = *decided;
        if (dataset.format == DatasetFormat::ShareGpt)
            loadShareGpt(body, &dataset, &sink);
        else
            loadJsonl(body, dataset.format, &dataset, &sink);
    }
    if (!sink.any() && dataset.entries.isEmpty())
        sink.add(0, noEntriesMessage(dataset));
    sink.finish();
    if (sink.any())
        return std::nullopt;
    return dataset;
}

std::optional<Dataset> loadDataset(const QString &path, DatasetFormat format, QList<DatasetError> *errors)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (errors)
            errors->append({ 0, Text::tr("Cannot read %1: %2").arg(path, file.errorString()) });
        return std::nullopt;
    }
    return loadDatasetBytes(file.readAll(), path, format, errors);
}

DatasetPromptSource::DatasetPromptSource(Dataset dataset, bool shuffle, quint32 seed)
    : m_dataset(std::make_shared<const Dataset>(std::move(dataset)))
    , m_shuffled(shuffle)
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
    return m_dataset->entries.at(m_order.at(slot));
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
