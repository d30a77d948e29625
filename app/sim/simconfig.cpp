// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simconfig.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace TokenScope {

namespace {

// One table for both directions so a name can never be printed that cannot be parsed back.
const std::array<std::pair<SimFault, const char16_t *>, 16> kFaultNames {{
    {SimFault::None, u"none"},
    {SimFault::Unauthorized, u"401"},
    {SimFault::RateLimited, u"429"},
    {SimFault::ServerError, u"500"},
    {SimFault::ResetMidStream, u"reset"},
    {SimFault::Stall, u"stall"},
    {SimFault::MalformedSse, u"malformed"},
    {SimFault::EmptyChoices, u"empty_choices"},
    {SimFault::Forbidden, u"403"},
    {SimFault::BadGateway, u"502"},
    {SimFault::Unavailable, u"503"},
    {SimFault::NoDone, u"no_done"},
    {SimFault::HugeLine, u"huge_line"},
    {SimFault::NotStreaming, u"not_streaming"},
    {SimFault::Overloaded, u"overloaded"},
    {SimFault::ErrorInStream, u"error_in_stream"},
}};

} // namespace

QStringList simFaultNames()
{
    QStringList names;
    for (const auto &entry : kFaultNames)
        names.append(QString::fromUtf16(entry.second));
    return names;
}

QString simFaultName(SimFault fault)
{
    for (const auto &[value, name] : kFaultNames) {
        if (value == fault)
            return QString::fromUtf16(name);
    }
    return QStringLiteral("none");
}

bool parseSimFault(const QString &name, SimFault *fault)
{
    const QString wanted = name.trimmed().toLower();
    for (const auto &[value, text] : kFaultNames) {
        if (wanted == QStringView(text)) {
            if (fault)
                *fault = value;
            return true;
        }
    }
    return false;
}

namespace {
// The start of every simulator label; stored as it is, shown translated (shownEndpointLabel).
const char *const kSimulatorLabelName = QT_TRANSLATE_NOOP("SimConfig", "built-in simulator");
// The words of its timing in the stored label, shown translated too (the numbers and model IDs stay).
const char *const kSimulatorLabelWords[] = {
    QT_TRANSLATE_NOOP("SimConfig", "µs/prompt token"),
    QT_TRANSLATE_NOOP("SimConfig", "ms/token"),
    QT_TRANSLATE_NOOP("SimConfig", "jitter"),
    QT_TRANSLATE_NOOP("SimConfig", "slowdown"),
    QT_TRANSLATE_NOOP("SimConfig", "/stream"),
    QT_TRANSLATE_NOOP("SimConfig", "batch"),
    QT_TRANSLATE_NOOP("SimConfig", "prefix cache"),
    QT_TRANSLATE_NOOP("SimConfig", "uncontended"),
};
} // namespace

SimConfig builtInSimulatorConfig()
{
    SimConfig config;
    config.maxBatch = 8; // below the default run's highest concurrency (16): that level queues
    config.slowdownPerStream = 0.04; // 8 streams decode 1.28x slower than one
    config.prefillUsPerToken = 200; // about a small GPU's prefill of a 7B model: 5000 tokens/s
    config.conversationCache = true; // a conversation's later turns start sooner, as on vLLM
    const QString fast = QString::fromUtf16(kSimFastModel);
    const QString ideal = QString::fromUtf16(kSimIdealModel);
    config.decodeIntervalMsByModel.insert(fast, config.decodeIntervalMs / 2);
    config.models = QStringList { QString::fromUtf16(kSimModel), fast, ideal };
    config.uncontendedModels.append(ideal);
    return config;
}

QString simulatorEndpointLabel(const SimConfig &config)
{
    QStringList timing { QStringLiteral("TTFT %1 ms + %2 µs/prompt token").arg(config.baseTtftMs).arg(config.prefillUsPerToken),
        QStringLiteral("%1 ms/token").arg(config.decodeIntervalMs) };
    if (config.jitterMs > 0)
        timing.append(QStringLiteral("jitter %1 ms").arg(config.jitterMs));
    if (config.slowdownPerStream > 0)
        timing.append(QStringLiteral("slowdown %1/stream").arg(config.slowdownPerStream));
    if (config.maxBatch > 0)
        timing.append(QStringLiteral("batch %1").arg(config.maxBatch));
    if (config.prefixCache)
        timing.append(QStringLiteral("prefix cache"));
    QString label = QLatin1String(kSimulatorLabelName) + QStringLiteral(" (") + timing.join(QStringLiteral(", "));
    for (auto it = config.decodeIntervalMsByModel.cbegin(); it != config.decodeIntervalMsByModel.cend(); ++it)
        label += QStringLiteral("; %1 %2 ms/token").arg(it.key()).arg(it.value());
    for (const QString &model : config.uncontendedModels)
        label += QStringLiteral("; %1 uncontended").arg(model);
    return label + u')';
}

QString shownEndpointLabel(const QString &label)
{
    const QLatin1String name(kSimulatorLabelName);
    if (!label.startsWith(name + QStringLiteral(" (")))
        return label;
    QString timing = label.mid(name.size());
    for (const char *word : kSimulatorLabelWords)
        timing.replace(QLatin1String(word), QCoreApplication::translate("SimConfig", word));
    return QCoreApplication::translate("SimConfig", kSimulatorLabelName) + timing;
}

} // namespace TokenScope
