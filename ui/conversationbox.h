// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/conversation.h"

#include <QGroupBox>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace TokenScope {

/// Conversations (docs/methodology.md#conversations): how many turns each conversation has, the
/// pause between an answer and the next turn, the size of later turns, and how Anthropic's and the
/// Responses API's turns carry their history, with a line saying what each turn will send. Turns 1 is a run of single
/// requests; the other fields then keep their values, disabled.
class ConversationBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit ConversationBox(QWidget *parent = nullptr);

    Conversation conversation() const;
    void load(const Conversation &conversation);
    void setEditable(bool editable);

private:
    void updatePreview();

    QSpinBox *m_turns;
    QDoubleSpinBox *m_thinkTimeMs;
    QDoubleSpinBox *m_thinkSpread;
    QSpinBox *m_turnInputTokens;
    QSpinBox *m_turnOutputTokens;
    QCheckBox *m_cacheControl;
    QCheckBox *m_chainResponses;
    QLabel *m_preview;
    bool m_editable = true;
};

} // namespace TokenScope
