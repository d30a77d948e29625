// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "probe/connectioncheck.h"

#include <QDialog>

class QCheckBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

namespace TokenScope {

/// "Test connection": sends one short streaming request for a profile's RunConfig (on the
/// ConnectionCheck's worker thread) and shows, for a newcomer, what came back: the status line,
/// TTFT, whether usage came back, tokens per chunk, a diagnosis in plain words for every problem,
/// the first bytes of the raw stream, and "Copy as curl" (the key as $OPENAI_API_KEY, or
/// $ANTHROPIC_API_KEY for Anthropic, unless the user ticks "include the API key"). The key is never shown. Non-modal; delete on close is up
/// to the caller.
class ConnectionTestDialog : public QDialog
{
    Q_OBJECT
public:
    /// `keyVariable`: the environment variable the profile reads its key from, which the copied
    /// curl command names; empty: the one the API's own tools read ($OPENAI_API_KEY, $ANTHROPIC_API_KEY).
    ConnectionTestDialog(const RunConfig &config, QWidget *parent = nullptr, const QString &keyVariable = {});
    ~ConnectionTestDialog() override;

    /// Starts (or restarts) the check; the dialog shows a busy indicator until finished().
    void start();
    bool isRunning() const;
    /// The last result (empty before the first check finished).
    const ConnectionCheckResult &result() const { return m_result; }
    /// The command "Copy as curl" puts on the clipboard.
    QString curlCommand() const;
    QString keyVariable() const; ///< what the copied command writes instead of the key

    /// `bytes` for display: text as is, line breaks as "\n" followed by a real break, other
    /// control bytes and invalid UTF-8 as \xNN, so nothing invisible hides in the view.
    static QString escapedBytes(const QByteArray &bytes);

Q_SIGNALS:
    void finished(const TokenScope::ConnectionCheckResult &result);

private:
    void buildUi();
    void showTarget(const QString &url);
    QWidget *buildFacts();
    QWidget *buildCurlRow();
    void showBusy(bool busy);
    void showResult(const ConnectionCheckResult &result);
    void showDiagnoses(const QList<Diagnosis> &diagnoses);
    void clearDiagnoses();
    void copyCurl();
    void cancelOrClose();
    QString withoutKey(const QString &text) const;

    RunConfig m_config;
    QString m_keyVariable; ///< empty: the dialect's
    ConnectionCheck *m_check;
    ConnectionCheckResult m_result;

    QLabel *m_target = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_busyText = nullptr;
    QLabel *m_statusIcon = nullptr;
    QLabel *m_status = nullptr;
    QWidget *m_facts = nullptr;
    QLabel *m_ttft = nullptr;
    QLabel *m_usage = nullptr;
    QLabel *m_tokensPerChunk = nullptr;
    QLabel *m_outputTokens = nullptr;
    QLabel *m_contentType = nullptr;
    QLabel *m_server = nullptr;
    QWidget *m_diagnosesBox = nullptr;
    QVBoxLayout *m_diagnoses = nullptr;
    QLabel *m_rawCaption = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    QCheckBox *m_includeKey = nullptr;
    QLabel *m_keyWarning = nullptr;
    QPushButton *m_copyCurl = nullptr;
    QLabel *m_copied = nullptr;
    QPushButton *m_again = nullptr;
    QPushButton *m_cancelClose = nullptr;
};

} // namespace TokenScope
