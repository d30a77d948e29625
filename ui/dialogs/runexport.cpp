// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runexport.h"

#include "report/abreport.h"
#include "report/htmlreport.h"
#include "report/redaction.h"
#include "report/reportwriters.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

namespace TokenScope {

namespace {

const QString kLastDirectoryKey = QStringLiteral("export/lastDirectory");
const QString kLastFormatKey = QStringLiteral("export/lastFormat");

const QList<RunExporter::Format> kFileFormats { RunExporter::Format::Html, RunExporter::Format::Markdown,
    RunExporter::Format::Csv, RunExporter::Format::Json };

// summary.json and every requests.jsonl object in one document, for a single-file JSON export.
QJsonObject combinedJson(const RunResult &run)
{
    if (run.isInterleaved())
        return Report::abJson(run); // each arm apart, the arm on every level and request
    QJsonArray requests;
    for (const RequestRecord &r : run.records)
        requests.append(Report::requestJson(r));
    const QJsonObject out { { QStringLiteral("summary"), Report::summaryJson(run) },
        { QStringLiteral("requests"), requests } };
    // requestJson sees no config and cannot redact: an error body may echo the key.
    return Report::redactSecret(out, run.config.apiKey);
}

QString documentsDirectory()
{
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return docs.isEmpty() ? QDir::homePath() : docs;
}

} // namespace

RunExporter::RunExporter(QWidget *parent)
    : QObject(parent)
    , m_parent(parent)
    , m_exportAction(new QAction(tr("&Export…"), this))
    , m_exportDirectoryAction(new QAction(tr("Export Run &Directory…"), this))
    , m_copyMarkdownAction(new QAction(tr("Copy as &Markdown"), this))
{
    m_exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportAction->setToolTip(tr("Export the selected run as HTML, Markdown, CSV or JSON"));
    m_exportDirectoryAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_exportDirectoryAction->setToolTip(
        tr("Write summary.json, requests.jsonl, results.csv, report.md and report.html into a directory"));
    m_copyMarkdownAction->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    m_copyMarkdownAction->setToolTip(tr("Copy the results table, configuration and notes as Markdown"));
    connect(m_exportAction, &QAction::triggered, this, [this] {
        if (m_run)
            exportRun(*m_run);
    });
    connect(m_exportDirectoryAction, &QAction::triggered, this, [this] {
        if (m_run)
            exportRunDirectory(*m_run);
    });
    connect(m_copyMarkdownAction, &QAction::triggered, this, [this] {
        if (m_run)
            copyMarkdown(*m_run);
    });
    updateActions();
}

QList<QAction *> RunExporter::actions() const
{
    return { m_exportAction, m_exportDirectoryAction, m_copyMarkdownAction };
}

void RunExporter::setRun(const RunResult &run)
{
    m_run = run;
    updateActions();
}

void RunExporter::clearRun()
{
    m_run.reset();
    updateActions();
}

void RunExporter::updateActions()
{
    for (QAction *action : actions())
        action->setEnabled(m_run.has_value());
}

QString RunExporter::nameFilter(Format format) const
{
    switch (format) {
    case Format::Csv:
        return tr("CSV results table (*.csv)");
    case Format::Json:
        return tr("JSON summary and requests (*.json)");
    case Format::Markdown:
        return tr("Markdown report (*.md)");
    case Format::Html:
        return tr("HTML report, self-contained (*.html)");
    case Format::RunDirectory:
        break;
    }
    return {};
}

void RunExporter::exportRun(const RunResult &run)
{
    QSettings settings;
    QStringList filters;
    for (Format f : kFileFormats)
        filters.append(nameFilter(f));
    const auto remembered = static_cast<Format>(settings.value(kLastFormatKey, int(Format::Html)).toInt());
    const Format initial = kFileFormats.contains(remembered) ? remembered : Format::Html;
    QString selectedFilter = nameFilter(initial);
    const QString start = QDir(lastDirectory()).filePath(suggestedFileName(run, initial));
    QString path = QFileDialog::getSaveFileName(
        m_parent, tr("Export Run"), start, filters.join(QStringLiteral(";;")), &selectedFilter);
    if (path.isEmpty())
        return; // cancelled

    // The typed suffix wins over the selected filter; no suffix: the filter's.
    Format format = initial;
    for (Format f : kFileFormats)
        if (selectedFilter == nameFilter(f))
            format = f;
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool suffixKnown = false;
    for (Format f : kFileFormats) {
        if (suffix == fileSuffix(f) || (f == Format::Html && suffix == u"htm")
            || (f == Format::Markdown && suffix == u"markdown")) {
            format = f;
            suffixKnown = true;
        }
    }
    if (!suffixKnown)
        path += u'.' + fileSuffix(format);

    settings.setValue(kLastFormatKey, int(format));
    if (writeOrComplain(run, format, path))
        rememberDirectory(QFileInfo(path).absolutePath());
}

void RunExporter::exportRunDirectory(const RunResult &run)
{
    const QString parent = QFileDialog::getExistingDirectory(
        m_parent, tr("Export Run Directory: choose where to create it"), lastDirectory());
    if (parent.isEmpty())
        return;
    // A fresh directory named after the run, so an export never mixes with other files.
    const QString dir = QDir(parent).filePath(QFileInfo(suggestedFileName(run, Format::RunDirectory)).fileName());
    if (writeOrComplain(run, Format::RunDirectory, dir))
        rememberDirectory(parent);
}

void RunExporter::copyMarkdown(const RunResult &run)
{
    QGuiApplication::clipboard()->setText(Report::markdownReport(run));
    Q_EMIT copied();
}

bool RunExporter::writeOrComplain(const RunResult &run, Format format, const QString &path)
{
    QString error;
    if (exportTo(run, format, path, &error)) {
        Q_EMIT exported(path);
        return true;
    }
    QMessageBox box(QMessageBox::Critical, tr("Export Failed"),
        tr("The run could not be exported to %1.").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok, m_parent);
    // The writers' message names the file and the system's reason ("Permission denied").
    box.setInformativeText(error);
    box.exec();
    return false;
}

bool RunExporter::exportTo(const RunResult &run, Format format, const QString &path, QString *error)
{
    if (format == Format::RunDirectory)
        return Report::writeRunDirectory(run, path, error);
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the directory %1").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    return Report::writeFileAtomically(path, fileContents(run, format), error);
}

QByteArray RunExporter::fileContents(const RunResult &run, Format format)
{
    switch (format) {
    case Format::Csv:
        return Report::resultsCsv(run);
    case Format::Json:
        return QJsonDocument(combinedJson(run)).toJson(QJsonDocument::Indented);
    case Format::Markdown:
        return Report::markdownReport(run).toUtf8();
    case Format::Html: {
        Report::HtmlReportOptions options;
        options.requestsJsonlBeside = false; // one file: it must not promise a requests.jsonl
        return Report::htmlReport(run, options).toUtf8();
    }
    case Format::RunDirectory:
        break;
    }
    return {};
}

QString RunExporter::fileSuffix(Format format)
{
    switch (format) {
    case Format::Csv:
        return QStringLiteral("csv");
    case Format::Json:
        return QStringLiteral("json");
    case Format::Markdown:
        return QStringLiteral("md");
    case Format::Html:
        return QStringLiteral("html");
    case Format::RunDirectory:
        break;
    }
    return {};
}

QString RunExporter::suggestedFileName(const RunResult &run, Format format)
{
    // Model ids hold slashes and colons ("meta-llama/Llama-3.1-8B", "qwen2:7b"): keep letters,
    // digits, dot, dash and underscore; everything else becomes a dash.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString model = Report::redactSecret(run.config.model, run.config.apiKey);
    if (run.isInterleaved()) // "tokenscope-sim-vs-tokenscope-sim-fast-…"
        model += QStringLiteral("-vs-") + Report::redactSecret(run.arms.constLast().model, run.arms.constLast().apiKey);
    model.replace(unsafe, QStringLiteral("-"));
    while (model.startsWith(u'-') || model.startsWith(u'.'))
        model.remove(0, 1);
    while (model.endsWith(u'-') || model.endsWith(u'.'))
        model.chop(1);
    model = model.left(60);
    // "tokenscope-gpt-4o-…", but "tokenscope-sim-…" rather than "tokenscope-tokenscope-sim-…".
    QString name = QStringLiteral("tokenscope");
    if (model.startsWith(name, Qt::CaseInsensitive))
        name = model;
    else if (!model.isEmpty())
        name += u'-' + model;
    if (run.startedAt.isValid())
        name += u'-' + run.startedAt.toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const QString suffix = fileSuffix(format);
    return suffix.isEmpty() ? name : name + u'.' + suffix;
}

QString RunExporter::lastDirectory() const
{
    const QString dir = QSettings().value(kLastDirectoryKey).toString();
    return !dir.isEmpty() && QFileInfo(dir).isDir() ? dir : documentsDirectory();
}

void RunExporter::rememberDirectory(const QString &dir)
{
    QSettings().setValue(kLastDirectoryKey, dir);
}

} // namespace TokenScope
