// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyimport.h"

#include "historycodec.h"
#include "report/repeatreport.h"
#include "report/reportwriters.h"
#include "stats/statistics.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <limits>

namespace TokenScope::HistoryImport {

namespace {

constexpr int kAbArmCount = 2; // tokenscope-cli --ab-model: A and B

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

QString summaryPath(const QDir &dir)
{
    return dir.filePath(QString::fromLatin1(Report::kSummaryJsonFile));
}

QString native(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

std::optional<QJsonObject> readJsonObjectFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(error, QStringLiteral("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        setError(error,
            QStringLiteral("%1 is not a JSON object: %2")
                .arg(QDir::toNativeSeparators(path), parseError.errorString()));
        return std::nullopt;
    }
    return doc.object();
}

// requests.jsonl: one object per line. A last line without its LF is a write torn by a kill
// (RunRecorder writes whole lines, but another writer might not): it is skipped.
std::optional<QList<RequestRecord>> readRequestsJsonl(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(error, QStringLiteral("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    const QList<QByteArray> lines = bytes.split('\n');
    QList<RequestRecord> records;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const bool torn = i == lines.size() - 1; // no LF after it
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        QString why = parseError.error == QJsonParseError::NoError ? QString() : parseError.errorString();
        std::optional<RequestRecord> record;
        if (doc.isObject())
            record = HistoryCodec::recordFromRequestJson(doc.object(), &why);
        else if (why.isEmpty())
            why = QStringLiteral("not a JSON object");
        if (!record) {
            if (torn)
                break;
            setError(error, QStringLiteral("%1, line %2: %3").arg(QDir::toNativeSeparators(path)).arg(i + 1).arg(why));
            return std::nullopt;
        }
        records.append(*record);
    }
    return records;
}

// server_metrics.jsonl, when the run scraped a server: every whole line (a torn or foreign one is
// left out, since the scrapes only accompany the run's measurements).
QList<ServerMetricsSample> readServerMetricsJsonl(const QString &path)
{
    QFile file(path);
    QList<ServerMetricsSample> samples;
    if (!file.open(QIODevice::ReadOnly))
        return samples;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QJsonDocument doc = QJsonDocument::fromJson(line.trimmed());
        if (doc.isObject() && doc.object().contains(QLatin1String("offset_s")))
            samples.append(HistoryCodec::serverSampleFromJson(doc.object()));
    }
    return samples;
}

// What only the engine knew of each level, as summary.json has it: the server's figures (each
// level's span), the measurement's self-check (probe lag, CPU; docs/metrics.md#measurement-quality)
// and why the level stopped. `arm` picks an A/B arm's levels; -1 takes every level.
void copyEngineFigures(const QJsonObject &summary, QList<LevelSummary> &levels, int arm = -1)
{
    for (const QJsonValue &value : summary.value(QLatin1String("levels")).toArray()) {
        const QJsonObject stored = value.toObject();
        const int index = stored.value(QLatin1String("level_index")).toInt(-1);
        for (LevelSummary &level : levels) {
            if (level.levelIndex != index || (arm >= 0 && level.arm != arm))
                continue;
            HistoryCodec::serverFiguresFromSummaryJson(stored, &level);
            level.quality = measurementQualityFromJson(stored.value(QLatin1String("measurement_quality")).toObject());
            level.stop = levelStopFromJson(stored.value(QLatin1String("precision")));
        }
    }
}

// summary.json's status: a CLI run still "running" in its file was killed.
HistoryRunStatus importedStatus(const QJsonObject &summary)
{
    const QString status = summary.value(QLatin1String("status")).toString();
    if (status == u"running")
        return HistoryRunStatus::Interrupted;
    HistoryRunStatus parsed = HistoryRunStatus::Completed;
    if (parseHistoryRunStatus(status, &parsed))
        return parsed;
    return summary.value(QLatin1String("cancelled")).toBool() ? HistoryRunStatus::Cancelled
                                                              : HistoryRunStatus::Completed;
}

QString importedReason(const QJsonObject &summary, HistoryRunStatus status)
{
    if (status == HistoryRunStatus::Interrupted)
        return QStringLiteral(
            "The run directory's summary still says \"running\": the CLI was stopped during the run.");
    if (status == HistoryRunStatus::Failed)
        return summary.value(QLatin1String("error")).toString();
    return {};
}

// How far a status is from a finished run: an A/B run is as unfinished as its worse arm.
int unfinishedRank(HistoryRunStatus status)
{
    switch (status) {
    case HistoryRunStatus::Completed:
        return 0;
    case HistoryRunStatus::Cancelled:
        return 1;
    case HistoryRunStatus::Interrupted:
    case HistoryRunStatus::Running:
        return 2;
    case HistoryRunStatus::Failed:
        return 3;
    }
    return 3;
}

// The records of both arms in the order they finished, as the engine (and a recorded run) has
// them; each file already holds its arm's in that order.
QList<RequestRecord> recordsInFinishOrder(const QList<ImportedRun> &arms)
{
    QList<RequestRecord> records;
    for (int arm = 0; arm < arms.size(); ++arm) {
        for (RequestRecord r : arms.at(arm).run.records) {
            r.arm = arm;
            records.append(r);
        }
    }
    std::stable_sort(records.begin(), records.end(), [](const RequestRecord &a, const RequestRecord &b) {
        return a.startNs + Stats::recordEndNs(a) < b.startNs + Stats::recordEndNs(b);
    });
    return records;
}

std::optional<ImportedRun> readArm(const QDir &parent, int arm, QString *error)
{
    const QDir dir(parent.filePath(armLetter(arm)));
    QString why;
    if (!QFileInfo::exists(summaryPath(dir)))
        why = QStringLiteral(
            "%1 does not exist; tokenscope-cli run --ab-model … --out DIR writes both DIR/A and DIR/B.")
                  .arg(native(summaryPath(dir)));
    std::optional<ImportedRun> run = why.isEmpty() ? readRunDirectory(dir.path(), &why) : std::nullopt;
    if (!run)
        setError(
            error, QStringLiteral("Arm %1 of the A/B run in %2: %3").arg(armLetter(arm), native(parent.path()), why));
    return run;
}

// One entry of summary.json's `load_points` (Report::summaryJson): kind, request_rate (a number,
// "inf" or null), arrival, burstiness, max_concurrency, role, index.
LoadPoint loadPointFromSummary(const QJsonObject &json)
{
    LoadPoint p;
    (void)parseLoadPointKind(json.value(QLatin1String("kind")).toString(), &p.kind);
    p.index = json.value(QLatin1String("index")).toInt();
    p.concurrency = json.value(QLatin1String("max_concurrency")).toInt();
    const QJsonValue rate = json.value(QLatin1String("request_rate"));
    p.rate = rate.isString() && rate.toString() == u"inf" ? std::numeric_limits<double>::infinity() : rate.toDouble();
    (void)parseArrival(json.value(QLatin1String("arrival")).toString(), &p.arrival);
    p.burstiness = json.value(QLatin1String("burstiness")).toDouble(1);
    (void)parseLoadPointRole(json.value(QLatin1String("role")).toString(), &p.role);
    return p;
}

// The run's load points as its summary lists them; empty when it lists none or just the config's.
QList<LoadPoint> loadPointsOfSummary(const QJsonObject &summary, const RunConfig &config)
{
    QList<LoadPoint> points;
    for (const QJsonValue &p : summary.value(QLatin1String("load_points")).toArray())
        points.append(loadPointFromSummary(p.toObject()));
    return points == config.loadPoints() ? QList<LoadPoint> {} : points;
}

} // namespace

std::optional<ImportedRun> readRunDirectory(const QString &dir, QString *error)
{
    const QDir source(dir);
    const std::optional<QJsonObject> summary = readJsonObjectFile(summaryPath(source), error);
    if (!summary)
        return std::nullopt;
    if (!summary->value(QLatin1String("config")).isObject()) {
        setError(error,
            QStringLiteral("%1 has no \"config\": it was not written by tokenscope-cli run --out.")
                .arg(native(summaryPath(source))));
        return std::nullopt;
    }
    const std::optional<QList<RequestRecord>> records
        = readRequestsJsonl(source.filePath(QString::fromLatin1(Report::kRequestsJsonlFile)), error);
    if (!records)
        return std::nullopt;

    ImportedRun imported;
    RunResult &run = imported.run;
    run.config = RunConfig::fromJson(summary->value(QLatin1String("config")).toObject());
    run.startedAt = HistoryCodec::parseTimestamp(summary->value(QLatin1String("started_at")).toString());
    if (!run.startedAt.isValid()) // older or hand-made files: the time the summary was written
        run.startedAt = QFileInfo(summaryPath(source)).lastModified();
    run.records = *records;
    HistoryCodec::fillUnknownLevelIndexes(run.records, run.config);
    // One directory is one ordinary run, even when it is an arm of an A/B run whose lines name it.
    for (RequestRecord &r : run.records)
        r.arm = 0;
    run.loadPoints = loadPointsOfSummary(*summary, run.config);
    run.loadPlanOutcome = summary->value(QLatin1String("load_plan_outcome")).toString();
    run.maxRateFound = summary->value(QLatin1String("max_rate_found")).toDouble(-1);
    run.levels = Stats::summarizeRun(run.records, run.config, 1, run.points());
    run.serverMetrics = readServerMetricsJsonl(source.filePath(QString::fromLatin1(Report::kServerMetricsJsonlFile)));
    copyEngineFigures(*summary, run.levels);
    imported.status = importedStatus(*summary);
    run.cancelled = imported.status != HistoryRunStatus::Completed;
    imported.reason = importedReason(*summary, imported.status);
    imported.toolVersion = summary->value(QLatin1String("tool")).toObject().value(QLatin1String("version")).toString();
    return imported;
}

RepeatDirectories repeatDirectories(const QString &dir)
{
    const QDir parent(dir);
    QFile file(parent.filePath(QString::fromLatin1(Report::kRepeatsJsonFile)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject repeats = QJsonDocument::fromJson(file.readAll()).object();
    RepeatDirectories found;
    for (const QJsonValue &name : repeats.value(QLatin1String("directories")).toArray()) {
        const QDir each(parent.filePath(name.toString()));
        // A name that leaves the parent is no repeat of it.
        if (!name.toString().isEmpty() && !name.toString().contains(u'/') && QFileInfo::exists(summaryPath(each)))
            found.dirs.append(each.path());
    }
    found.asked = std::max(int(found.dirs.size()), repeats.value(QLatin1String("repeats")).toInt());
    return found;
}

bool isAbParentDirectory(const QString &dir)
{
    const QDir parent(dir);
    if (QFileInfo::exists(summaryPath(parent)))
        return false;
    for (int arm = 0; arm < kAbArmCount; ++arm) {
        if (QFileInfo::exists(summaryPath(QDir(parent.filePath(armLetter(arm))))))
            return true;
    }
    return false;
}

std::optional<ImportedRun> readAbRunDirectory(const QString &dir, QString *error)
{
    const QDir parent(dir);
    QList<ImportedRun> arms;
    for (int arm = 0; arm < kAbArmCount; ++arm) {
        std::optional<ImportedRun> one = readArm(parent, arm, error);
        if (!one)
            return std::nullopt;
        arms.append(*one);
    }
    // One interleaved run measured both arms level by level; two unrelated runs put side by side
    // would make levels that never ran together look like one comparison.
    if (arms.at(1).run.config.concurrencyLevels != arms.at(0).run.config.concurrencyLevels) {
        setError(error,
            QStringLiteral("A/ and B/ in %1 are not one A/B run: their concurrency levels differ.").arg(native(dir)));
        return std::nullopt;
    }

    ImportedRun out;
    out.toolVersion = arms.at(0).toolVersion;
    out.run.config = arms.at(0).run.config;
    out.run.startedAt = arms.at(0).run.startedAt;
    for (int arm = 0; arm < arms.size(); ++arm) {
        const ImportedRun &one = arms.at(arm);
        out.run.arms.append(one.run.config);
        if (unfinishedRank(one.status) > unfinishedRank(out.status)) {
            out.status = one.status;
            out.reason = one.reason.isEmpty() ? QString() : QString(armLetter(arm) + QStringLiteral(": ") + one.reason);
        }
    }
    out.run.records = recordsInFinishOrder(arms);
    out.run.loadPoints = arms.at(0).run.loadPoints;
    out.run.levels = Stats::summarizeRun(out.run.records, out.run.config, int(arms.size()), out.run.points());
    for (int arm = 0; arm < kAbArmCount; ++arm) {
        if (const std::optional<QJsonObject> summary
            = readJsonObjectFile(summaryPath(QDir(parent.filePath(armLetter(arm)))), nullptr))
            copyEngineFigures(*summary, out.run.levels, arm);
    }
    out.run.cancelled = out.status != HistoryRunStatus::Completed;
    return out;
}

} // namespace TokenScope::HistoryImport
