// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

class QPushButton;
class QStatusBar;

namespace TokenScope {

/// "Exported to …" in a status bar, with Open and Show in folder beside it for as long as that
/// message shows. The buttons are made on the first offer and belong to the status bar.
class ExportOffer : public QObject
{
    Q_OBJECT
public:
    explicit ExportOffer(QStatusBar *statusBar, QObject *parent = nullptr);

    /// Shows the message for `path` (a file or a directory) for 20 s; the buttons open it, or the
    /// folder that holds it.
    void offer(const QString &path);
    QString message() const { return m_message; }
    QPushButton *openButton() const { return m_openButton; }
    QPushButton *showButton() const { return m_showButton; }

private:
    void createButtons();

    QStatusBar *m_statusBar;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_showButton = nullptr;
    QString m_message; ///< the status bar message the two buttons belong to
};

} // namespace TokenScope
