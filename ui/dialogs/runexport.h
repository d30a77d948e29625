// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QList>
#include <QObject>
#include <QString>
#include <optional>

class QAction;
class QWidget;

namespace TokenScope {

/// The results pane's exports: a file dialog offering CSV, JSON, Markdown and HTML, a directory
/// dialog for a whole run directory (the files of README.md#where-results-go), and "Copy as
/// Markdown". An A/B run exports as the A/B report (docs/history-and-compare.md#the-ab-report):
/// both arms side by side, the arm on every row; its run directory holds A/, B/ and the report.
/// Files are written by the core writers (app/report), atomically; the API key is in none of
/// them. The last directory used is remembered (QSettings, "export/lastDirectory"). GUI thread
/// only.
///
/// The actions act on the run given to setRun() and stay disabled until there is one.
class RunExporter : public QObject
{
    Q_OBJECT
public:
    enum class Format {
        Csv, ///< results.csv: the parameter-log table, one row per level
        Json, ///< one file: {"summary": summary.json, "requests": [requests.jsonl objects]}
        Markdown, ///< report.md
        Html, ///< report.html, self-contained
        RunDirectory, ///< a directory with summary.json, requests.jsonl, results.csv, report.md, report.html
    };
    Q_ENUM(Format)

    explicit RunExporter(QWidget *parent);

    /// Export… (Ctrl+E), Export Run Directory… (Ctrl+Shift+E), Copy as Markdown (Ctrl+Shift+C),
    /// for a menu or a toolbar.
    QList<QAction *> actions() const;
    QAction *exportAction() const { return m_exportAction; }
    QAction *copyMarkdownAction() const { return m_copyMarkdownAction; }

    /// The run the actions export (e.g. the selected row of the runs table).
    void setRun(const RunResult &run);
    void clearRun();

    /// Asks for a file name and format, writes it, shows an error box on failure.
    void exportRun(const RunResult &run);
    /// Asks for a directory and writes the run directory there.
    void exportRunDirectory(const RunResult &run);
    /// Puts report.md (title, configuration, results table, notes) on the clipboard.
    void copyMarkdown(const RunResult &run);

    /// Writes `run` as `format` to `path` (a directory for RunDirectory) without any dialog.
    /// False with *error set (a message naming the path) when it could not be written.
    static bool exportTo(const RunResult &run, Format format, const QString &path, QString *error);
    /// The bytes of a single-file format (not RunDirectory).
    static QByteArray fileContents(const RunResult &run, Format format);
    /// "tokenscope-<model>-<yyyyMMdd-HHmmss>.<ext>", safe as a file name on every platform.
    static QString suggestedFileName(const RunResult &run, Format format);
    static QString fileSuffix(Format format); ///< "csv", "json", "md", "html"; empty for RunDirectory

    QString lastDirectory() const;

Q_SIGNALS:
    /// A file or directory was written; `path` is where.
    void exported(const QString &path);
    /// The Markdown report is on the clipboard.
    void copied();

private:
    void updateActions();
    void rememberDirectory(const QString &dir);
    bool writeOrComplain(const RunResult &run, Format format, const QString &path);
    QString nameFilter(Format format) const;

    QWidget *m_parent;
    QAction *m_exportAction;
    QAction *m_exportDirectoryAction;
    QAction *m_copyMarkdownAction;
    std::optional<RunResult> m_run;
};

} // namespace TokenScope
