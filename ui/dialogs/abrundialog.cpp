// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "abrundialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace TokenScope {

AbRunDialog::AbRunDialog(const QList<QPair<QString, QString>> &profiles, const QString &currentProfileId,
    const QString &currentModel, QWidget *parent)
    : QDialog(parent)
    , m_profile(new QComboBox)
    , m_model(new QLineEdit)
{
    setWindowTitle(tr("A/B interleaved run"));
    auto *intro = new QLabel(tr("Requests alternate one by one between A (the selected profile) and B, at the "
                                "same concurrency and with the same run settings, so drift in the network or the "
                                "provider hits both alike. Change one thing only, e.g. the model ID."));
    intro->setWordWrap(true);
    for (const auto &[id, name] : profiles)
        m_profile->addItem(name, id);
    m_profile->setCurrentIndex(std::max(0, m_profile->findData(currentProfileId)));
    m_model->setText(currentModel);
    m_model->setPlaceholderText(tr("the model ID B sends"));
    m_model->selectAll();

    auto *form = new QFormLayout;
    form->addRow(tr("B: profile"), m_profile);
    form->addRow(tr("B: model ID"), m_model);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run A/B"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_model, &QLineEdit::textChanged, this, [buttons](const QString &text) {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(480, sizeHint().height());
}

QString AbRunDialog::profileId() const
{
    return m_profile->currentData().toString();
}

QString AbRunDialog::model() const
{
    return m_model->text().trimmed();
}

} // namespace TokenScope
