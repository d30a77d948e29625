// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "conversationbox.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace TokenScope {

namespace {

QSpinBox *tokensBox(const QString &objectName, const QString &toolTip, const QString &zeroText)
{
    auto *box = new QSpinBox;
    box->setObjectName(objectName);
    box->setRange(0, 1000000);
    box->setSingleStep(50);
    box->setSpecialValueText(zeroText);
    box->setToolTip(toolTip);
    return box;
}

} // namespace

ConversationBox::ConversationBox(QWidget *parent)
    : QGroupBox(tr("Conversation"), parent)
    , m_turns(new QSpinBox)
    , m_thinkTimeMs(new QDoubleSpinBox)
    , m_thinkSpread(new QDoubleSpinBox)
    , m_turnInputTokens(tokensBox(QStringLiteral("turnInputTokens"),
          tr("Prompts of N tokens: the new user message of every turn after the first holds this many tokens, "
             "by the same calibration. 0 = as long as the first turn's."),
          tr("as turn 1")))
    , m_turnOutputTokens(tokensBox(QStringLiteral("turnOutputTokens"),
          tr("max_tokens of every turn after the first. 0 = as the first turn's."), tr("as turn 1")))
    , m_cacheControl(new QCheckBox(tr("Mark cache breakpoints (Anthropic cache_control)")))
    , m_chainResponses(new QCheckBox(tr("Chain turns by previous_response_id (Responses)")))
    , m_preview(new QLabel)
{
    setObjectName(QStringLiteral("conversationBox"));
    m_turns->setObjectName(QStringLiteral("turns"));
    m_turns->setRange(1, Conversation::kMaxTurns);
    m_turns->setSpecialValueText(tr("1 (single requests)"));
    m_turns->setToolTip(tr("Conversations of this many turns: turn k resends every earlier message and the "
                           "model's actual answers, then a new message. Concurrency then counts conversations at "
                           "once, and requests per concurrency conversations per user; a request rate begins that "
                           "many conversations per second, and its cap counts conversations at once."));
    m_thinkTimeMs->setObjectName(QStringLiteral("thinkTime"));
    m_thinkTimeMs->setRange(0, Conversation::kMaxThinkTimeMs);
    m_thinkTimeMs->setDecimals(0);
    m_thinkTimeMs->setSingleStep(100);
    m_thinkTimeMs->setSuffix(tr(" ms"));
    m_thinkTimeMs->setToolTip(tr("The pause between an answer's last byte and the next turn's send (a tool "
                                 "running, a person reading)"));
    m_thinkSpread->setObjectName(QStringLiteral("thinkTimeSpread"));
    m_thinkSpread->setRange(0, 99);
    m_thinkSpread->setDecimals(0);
    m_thinkSpread->setSingleStep(10);
    m_thinkSpread->setPrefix(QStringLiteral("±"));
    m_thinkSpread->setSuffix(QStringLiteral(" %"));
    m_thinkSpread->setToolTip(tr("Each pause is drawn evenly within this share of the think time, seeded"));
    m_cacheControl->setObjectName(QStringLiteral("cacheControl"));
    m_cacheControl->setToolTip(tr("Anthropic Messages: the system prompt and the last two user messages end a "
                                  "cache_control breakpoint, as Claude Code marks them, so each turn reads the prefix "
                                  "the previous one wrote. Anthropic caches nothing unmarked."));
    m_chainResponses->setObjectName(QStringLiteral("chainResponses"));
    m_chainResponses->setToolTip(tr("OpenAI Responses: a later turn sends only its new message and names the "
                                    "previous answer (previous_response_id, store: true). Unticked, the history is "
                                    "resent as input items with store: false, as coding agents send it."));
    m_preview->setObjectName(QStringLiteral("conversationPreview"));
    m_preview->setWordWrap(true);
    QPalette help = m_preview->palette();
    help.setColor(QPalette::WindowText, help.color(QPalette::PlaceholderText));
    m_preview->setPalette(help);

    auto *think = new QWidget;
    auto *thinkRow = new QHBoxLayout(think);
    thinkRow->setContentsMargins(0, 0, 0, 0);
    thinkRow->addWidget(m_thinkTimeMs, 1);
    thinkRow->addWidget(new QLabel(tr("spread")));
    thinkRow->addWidget(m_thinkSpread, 1);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Turns:"), m_turns);
    form->addRow(tr("Think time:"), think);
    form->addRow(tr("New message tokens:"), m_turnInputTokens);
    form->addRow(tr("Turn max_tokens:"), m_turnOutputTokens);
    form->addRow(m_cacheControl);
    form->addRow(m_chainResponses);
    form->addRow(m_preview);
    for (QSpinBox *box : { m_turns, m_turnInputTokens, m_turnOutputTokens })
        connect(box, &QSpinBox::valueChanged, this, &ConversationBox::updatePreview);
    for (QDoubleSpinBox *box : { m_thinkTimeMs, m_thinkSpread })
        connect(box, &QDoubleSpinBox::valueChanged, this, &ConversationBox::updatePreview);
    for (QCheckBox *box : { m_cacheControl, m_chainResponses })
        connect(box, &QCheckBox::toggled, this, &ConversationBox::updatePreview);
    updatePreview();
}

Conversation ConversationBox::conversation() const
{
    Conversation c;
    c.turns = m_turns->value();
    c.thinkTimeMs = m_thinkTimeMs->value();
    c.thinkTimeSpread = m_thinkSpread->value() / 100;
    c.turnInputTokens = m_turnInputTokens->value();
    c.turnOutputTokens = m_turnOutputTokens->value();
    c.cacheControl = c.isOn() && m_cacheControl->isChecked();
    c.chainResponses = c.isOn() && m_chainResponses->isChecked();
    return c;
}

void ConversationBox::load(const Conversation &conversation)
{
    m_turns->setValue(conversation.turns);
    m_thinkTimeMs->setValue(conversation.thinkTimeMs);
    m_thinkSpread->setValue(conversation.thinkTimeSpread * 100);
    m_turnInputTokens->setValue(conversation.turnInputTokens);
    m_turnOutputTokens->setValue(conversation.turnOutputTokens);
    m_cacheControl->setChecked(conversation.cacheControl);
    m_chainResponses->setChecked(conversation.chainResponses);
}

void ConversationBox::setEditable(bool editable)
{
    m_editable = editable;
    updatePreview();
}

// What each turn will send, and the fields that apply only to conversations enabled with it.
void ConversationBox::updatePreview()
{
    const Conversation c = conversation();
    m_turns->setEnabled(m_editable);
    for (QWidget *w : QList<QWidget *> {
             m_thinkTimeMs, m_thinkSpread, m_turnInputTokens, m_turnOutputTokens, m_cacheControl, m_chainResponses })
        w->setEnabled(m_editable && c.isOn());
    if (!c.isOn()) {
        m_preview->setText(tr("Every request stands alone. With 2 turns or more, each user holds conversations "
                              "whose context grows turn by turn."));
        return;
    }
    const QString message = c.turnInputTokens > 0 ? tr("a new message of %n token(s)", nullptr, c.turnInputTokens)
                                                  : tr("a new message like turn 1's");
    const QString pause = c.thinkTimeSpread > 0
        ? tr("%1 ms ±%2 %").arg(c.thinkTimeMs, 0, 'f', 0).arg(c.thinkTimeSpread * 100, 0, 'f', 0)
        : tr("%1 ms").arg(c.thinkTimeMs, 0, 'f', 0);
    //: %1: turns; %2: the pause; %3: what a later turn adds
    m_preview->setText(tr("Turn 1 sends the workload's prompt. Turn k (up to %1) is sent %2 after the answer to "
                          "turn k−1 ended, and sends 2k−1 messages: every earlier message, the model's answers "
                          "as they streamed, then %3.")
                           .arg(c.turns)
                           .arg(pause, message)
        + (c.chainResponses ? QLatin1Char(' ')
                    + tr("Chained: a later turn sends only its new message, with the previous answer's id.")
                            : QString()));
}

} // namespace TokenScope
