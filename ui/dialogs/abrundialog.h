// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace TokenScope {

/// Asks for endpoint B of an A/B interleaved run: a profile and the model ID to send there.
/// A is the selected profile with the run settings of the form.
class AbRunDialog : public QDialog
{
    Q_OBJECT
public:
    /// `profiles`: (id, name) pairs; `modelOfProfile` gives a profile's model for the default.
    AbRunDialog(const QList<QPair<QString, QString>> &profiles, const QString &currentProfileId,
        const QString &currentModel, QWidget *parent = nullptr);

    QString profileId() const;
    QString model() const;

private:
    QComboBox *m_profile;
    QLineEdit *m_model;
};

} // namespace TokenScope
