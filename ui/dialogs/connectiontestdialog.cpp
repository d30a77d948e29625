// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectiontestdialog.h"

#include "charts/palette.h"
#include "core/secrets.h"
#include "net/apidialect.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"
#include "probe/diagnosis.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace TokenScope {

namespace {

QIcon iconFor(const QStyle *style, Diagnosis::Severity severity)
{
    switch (severity) {
    case Diagnosis::Severity::Ok:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case Diagnosis::Severity::Info:
        return style->standardIcon(QStyle::SP_MessageBoxInformation);
    case Diagnosis::Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Diagnosis::Severity::Error:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxCritical);
}

QLabel *wrappedLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QLabel *valueLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

// The length of the UTF-8 sequence starting with `lead`, or 0 when it cannot start one.
int utf8SequenceLength(uchar lead)
{
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

QString hexEscape(uchar byte)
{
    return QStringLiteral("\\x") + QString::number(byte, 16).toUpper().rightJustified(2, u'0');
}

} // namespace

ConnectionTestDialog::ConnectionTestDialog(const RunConfig &config, QWidget *parent, const QString &keyVariable)
    : QDialog(parent)
    , m_config(config)
    , m_keyVariable(keyVariable)
    , m_check(new ConnectionCheck(this))
{
    setWindowTitle(tr("Test connection"));
    setModal(false);
    buildUi();
    connect(m_check, &ConnectionCheck::finished, this, [this](const ConnectionCheckResult &result) {
        showResult(result);
        Q_EMIT finished(result);
    });
}

ConnectionTestDialog::~ConnectionTestDialog() = default;

void ConnectionTestDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *heading = new QLabel(tr("Test connection"), this);
    QFont headingFont = heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.3);
    headingFont.setBold(true);
    heading->setFont(headingFont);
    layout->addWidget(heading);

    const ResolvedEndpoint endpoint = resolveEndpoint(m_config.baseUrl, m_config.api);
    m_target = wrappedLabel({}, this);
    showTarget(endpoint.ok() ? endpoint.url.toDisplayString() : m_config.baseUrl.trimmed());
    m_target->setObjectName(QStringLiteral("target"));
    layout->addWidget(m_target);

    auto *busyRow = new QHBoxLayout;
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0); // indeterminate: how long the server takes is what we are finding out
    m_busy->setMaximumWidth(160);
    m_busy->setTextVisible(false);
    m_busyText = new QLabel(tr("Waiting for the server…"), this);
    busyRow->addWidget(m_busy);
    busyRow->addWidget(m_busyText, 1);
    layout->addLayout(busyRow);

    auto *statusRow = new QHBoxLayout;
    m_statusIcon = new QLabel(this);
    m_statusIcon->setFixedSize(24, 24);
    m_status = valueLabel(QStringLiteral("status"), this);
    QFont statusFont = m_status->font();
    statusFont.setBold(true);
    statusFont.setPointSizeF(statusFont.pointSizeF() * 1.15);
    m_status->setFont(statusFont);
    statusRow->addWidget(m_statusIcon);
    statusRow->addWidget(m_status, 1);
    layout->addLayout(statusRow);

    layout->addWidget(buildFacts());

    auto *diagnosesCaption = new QLabel(tr("<b>What this means</b>"), this);
    layout->addWidget(diagnosesCaption);
    // No scroll area: a check yields a handful of diagnoses, and each should be read in full.
    m_diagnosesBox = new QWidget(this);
    m_diagnoses = new QVBoxLayout(m_diagnosesBox);
    m_diagnoses->setContentsMargins(0, 0, 0, 0);
    m_diagnoses->addStretch(1);
    layout->addWidget(m_diagnosesBox);

    m_rawCaption = new QLabel(this);
    m_rawCaption->setWordWrap(true);
    layout->addWidget(m_rawCaption);
    m_raw = new QPlainTextEdit(this);
    m_raw->setObjectName(QStringLiteral("rawBytes"));
    m_raw->setReadOnly(true);
    // Wrapped: an SSE line is one long JSON object, and its end (usage, finish_reason) matters too.
    m_raw->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_raw->setMinimumHeight(110);
    layout->addWidget(m_raw, 1);

    layout->addWidget(buildCurlRow());

    auto *buttons = new QHBoxLayout;
    m_again = new QPushButton(tr("Test again"), this);
    m_cancelClose = new QPushButton(tr("Cancel"), this);
    buttons->addWidget(m_again);
    buttons->addStretch(1);
    buttons->addWidget(m_cancelClose);
    layout->addLayout(buttons);
    connect(m_again, &QPushButton::clicked, this, &ConnectionTestDialog::start);
    connect(m_cancelClose, &QPushButton::clicked, this, &ConnectionTestDialog::cancelOrClose);

    resize(720, 640);
    showBusy(false);
    m_status->setText(tr("Not tested yet"));
}

void ConnectionTestDialog::showTarget(const QString &url)
{
    m_target->setText(tr("One short streaming request (max_tokens %1) to %2, model %3.")
                          .arg(ConnectionCheck::probeConfig(m_config).maxTokens)
                          .arg(url, m_config.model));
}

QWidget *ConnectionTestDialog::buildFacts()
{
    m_facts = new QWidget(this);
    auto *form = new QFormLayout(m_facts);
    form->setContentsMargins(0, 0, 0, 0);
    m_ttft = valueLabel(QStringLiteral("ttft"), m_facts);
    m_usage = valueLabel(QStringLiteral("usage"), m_facts);
    m_tokensPerChunk = valueLabel(QStringLiteral("tokensPerChunk"), m_facts);
    m_outputTokens = valueLabel(QStringLiteral("outputTokens"), m_facts);
    m_contentType = valueLabel(QStringLiteral("contentType"), m_facts);
    m_server = valueLabel(QStringLiteral("server"), m_facts);
    form->addRow(tr("Time to first token (TTFT):"), m_ttft);
    form->addRow(tr("Token usage sent by the server:"), m_usage);
    form->addRow(tr("Output tokens:"), m_outputTokens);
    form->addRow(tr("Tokens per chunk:"), m_tokensPerChunk);
    form->addRow(tr("Content-Type:"), m_contentType);
    form->addRow(tr("Server:"), m_server);
    return m_facts;
}

QWidget *ConnectionTestDialog::buildCurlRow()
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    m_copyCurl = new QPushButton(tr("Copy as curl"), box);
    m_copyCurl->setToolTip(tr("Copies the same request as a curl command, to reproduce it in a terminal or "
                              "send it to the provider's support. The key appears as $%1.").arg(keyVariable()));
    m_includeKey = new QCheckBox(tr("Include the API key"), box);
    m_copied = new QLabel(box);
    row->addWidget(m_copyCurl);
    row->addWidget(m_includeKey);
    row->addWidget(m_copied, 1);
    layout->addLayout(row);
    m_keyWarning = wrappedLabel(tr("Warning: the copied command will contain your API key in plain text. Anyone "
                                   "who sees it (in a chat, a ticket, your shell history) can use your key and "
                                   "spend your credit. Leave this off to copy $%1 instead.").arg(keyVariable()),
                                box);
    m_keyWarning->setStyleSheet(QStringLiteral("color: %1;").arg(Palette::fieldError.name()));
    m_keyWarning->setVisible(false);
    layout->addWidget(m_keyWarning);
    connect(m_includeKey, &QCheckBox::toggled, m_keyWarning, &QWidget::setVisible);
    connect(m_copyCurl, &QPushButton::clicked, this, &ConnectionTestDialog::copyCurl);
    return box;
}

void ConnectionTestDialog::start()
{
    m_result = {};
    clearDiagnoses();
    m_raw->clear();
    m_rawCaption->clear();
    m_statusIcon->clear();
    m_status->setText(tr("Testing…"));
    for (QLabel *label : {m_ttft, m_usage, m_tokensPerChunk, m_outputTokens, m_contentType, m_server})
        label->setText(QStringLiteral("…"));
    showBusy(true);
    m_check->start(m_config);
}

bool ConnectionTestDialog::isRunning() const
{
    return m_check->isRunning();
}

void ConnectionTestDialog::showBusy(bool busy)
{
    m_busy->setVisible(busy);
    m_busyText->setVisible(busy);
    m_again->setEnabled(!busy);
    m_cancelClose->setText(busy ? tr("Cancel") : tr("Close"));
}

void ConnectionTestDialog::cancelOrClose()
{
    if (isRunning())
        m_check->cancel();
    else
        close();
}

void ConnectionTestDialog::showResult(const ConnectionCheckResult &result)
{
    m_result = result;
    showBusy(false);
    if (!result.requestedUrl.isEmpty()) // a refused Base URL is still tried at the URL it leads to
        showTarget(result.requestedUrl.toDisplayString());

    const Diagnosis::Severity worst = worstSeverity(result.diagnoses);
    m_statusIcon->setPixmap(iconFor(style(), worst).pixmap(24, 24));
    if (result.errorKind == u"cancelled")
        m_status->setText(tr("Cancelled"));
    else if (result.httpStatus > 0)
        m_status->setText(tr("HTTP %1 %2").arg(result.httpStatus).arg(result.reasonPhrase));
    else if (!result.sent)
        m_status->setText(tr("Not sent: the settings need fixing"));
    else
        m_status->setText(tr("No answer from the server"));

    const QString none = tr("—");
    m_ttft->setText(result.ttftMs >= 0 ? tr("%1 ms").arg(result.ttftMs, 0, 'f', 1) : none);
    const bool answered = result.httpStatus > 0 && result.httpStatus < 400;
    m_usage->setText(!answered ? none : result.usageReturned ? tr("yes") : tr("no"));
    m_outputTokens->setText(!answered ? none
                                      : result.usageReturned ? tr("%1 (from usage)").arg(result.outputTokens)
                                                             : tr("%1 (counted from chunks)").arg(result.outputTokens));
    const double perChunk = result.tokensPerChunk();
    m_tokensPerChunk->setText(!answered      ? none
                                  : perChunk >= 0 ? tr("%1 (%2 tokens in %3 chunks)")
                                                        .arg(perChunk, 0, 'f', 2)
                                                        .arg(result.outputTokens)
                                                        .arg(result.textChunks)
                                                  : tr("unknown (no usage)"));
    m_contentType->setText(result.contentType.isEmpty() ? none : QString::fromLatin1(result.contentType));
    m_server->setText(result.server.isEmpty() ? none : QString::fromLatin1(result.server));

    showDiagnoses(result.diagnoses);

    if (!result.sent)
        m_rawCaption->setText(tr("Nothing was sent."));
    else if (result.bodyBytes == 0)
        m_rawCaption->setText(tr("The server sent no response body."));
    else
        m_rawCaption->setText(tr("First %1 of %2 bytes of the response, exactly as received (line breaks shown "
                                 "as \\n):")
                                  .arg(result.rawBody.size())
                                  .arg(result.bodyBytes));
    m_raw->setPlainText(withoutKey(escapedBytes(result.rawBody)));
}

void ConnectionTestDialog::clearDiagnoses()
{
    while (m_diagnoses->count() > 1) { // the last item is the stretch
        QLayoutItem *item = m_diagnoses->takeAt(0);
        delete item->widget();
        delete item;
    }
}

void ConnectionTestDialog::showDiagnoses(const QList<Diagnosis> &diagnoses)
{
    clearDiagnoses();
    int row = 0;
    for (const Diagnosis &diagnosis : diagnoses) {
        auto *frame = new QFrame(m_diagnosesBox);
        frame->setObjectName(QStringLiteral("diagnosis"));
        frame->setFrameShape(QFrame::StyledPanel);
        auto *layout = new QHBoxLayout(frame);
        auto *icon = new QLabel(frame);
        icon->setPixmap(iconFor(style(), diagnosis.severity).pixmap(24, 24));
        icon->setFixedSize(24, 24);
        auto *texts = new QVBoxLayout;
        auto *title = wrappedLabel(withoutKey(diagnosis.title), frame);
        title->setObjectName(QStringLiteral("diagnosisTitle"));
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
        auto *text = wrappedLabel(withoutKey(diagnosis.explanation), frame);
        text->setObjectName(QStringLiteral("diagnosisText"));
        texts->addWidget(title);
        texts->addWidget(text);
        layout->addWidget(icon, 0, Qt::AlignTop);
        layout->addLayout(texts, 1);
        m_diagnoses->insertWidget(row++, frame);
    }
}

QString ConnectionTestDialog::curlCommand() const
{
    return RequestBuilder::curlCommand(ConnectionCheck::probeConfig(m_config), m_includeKey->isChecked(), keyVariable());
}

// The variable the API's own tools read the key from: $ANTHROPIC_API_KEY for Anthropic.
QString ConnectionTestDialog::keyVariable() const
{
    return m_keyVariable.isEmpty() ? apiDialect(m_config.api).keyVariable : m_keyVariable;
}

void ConnectionTestDialog::copyCurl()
{
    QApplication::clipboard()->setText(curlCommand());
    m_copied->setText(m_includeKey->isChecked() ? tr("Copied, with the API key.")
                                                : tr("Copied. Set %1 in your shell before running it.").arg(keyVariable()));
    QTimer::singleShot(5000, m_copied, &QLabel::clear);
}

// A server that echoes the key in an error message must not make the dialog show it.
QString ConnectionTestDialog::withoutKey(const QString &text) const
{
    QString redacted = Secrets::of(m_config).redact(text); // the URL's credentials too
    const QString key = m_config.apiKey.trimmed();
    if (key.size() >= 4) // shorter than a real key, but still the one this dialog was given
        redacted.replace(key, QStringLiteral("<redacted>"));
    return redacted;
}

QString ConnectionTestDialog::escapedBytes(const QByteArray &bytes)
{
    QString out;
    out.reserve(bytes.size() + bytes.size() / 8);
    for (qsizetype i = 0; i < bytes.size();) {
        const uchar c = uchar(bytes.at(i));
        if (c == '\n') {
            out += QStringLiteral("\\n\n");
        } else if (c == '\r') {
            out += QStringLiteral("\\r");
            if (i + 1 == bytes.size() || bytes.at(i + 1) != '\n')
                out += u'\n'; // a CR-only line ending still breaks the line in the view
        } else if (c == '\t') {
            out += QStringLiteral("\\t");
        } else if (c < 0x20 || c == 0x7f) {
            out += hexEscape(c);
        } else if (c < 0x80) {
            out += QLatin1Char(char(c));
        } else {
            const int length = utf8SequenceLength(c);
            const QByteArray sequence = bytes.mid(i, length);
            const QString decoded = length > 0 && sequence.size() == length ? QString::fromUtf8(sequence) : QString();
            if (!decoded.isEmpty() && !decoded.contains(QChar::ReplacementCharacter)) {
                out += decoded;
                i += length;
                continue;
            }
            out += hexEscape(c);
        }
        ++i;
    }
    return out;
}

} // namespace TokenScope
