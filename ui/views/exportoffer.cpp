// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportoffer.h"

#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QStatusBar>
#include <QUrl>

namespace TokenScope {

namespace {

// The offer's words keep the window's translation context.
struct Words
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::MainWindow)
};

} // namespace

ExportOffer::ExportOffer(QStatusBar *statusBar, QObject *parent)
    : QObject(parent)
    , m_statusBar(statusBar)
{
}

void ExportOffer::offer(const QString &path)
{
    m_message = Words::tr("Exported to %1").arg(QDir::toNativeSeparators(path));
    m_statusBar->showMessage(m_message, 20000);
    if (!m_openButton)
        createButtons();
    m_openButton->disconnect();
    m_showButton->disconnect();
    const QFileInfo info(path);
    connect(
        m_openButton, &QPushButton::clicked, this, [path] { QDesktopServices::openUrl(QUrl::fromLocalFile(path)); });
    connect(m_showButton, &QPushButton::clicked, this, [info] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(info.isDir() ? info.absoluteFilePath() : info.absolutePath()));
    });
    m_openButton->show();
    m_showButton->show();
}

void ExportOffer::createButtons()
{
    m_openButton = new QPushButton(Words::tr("Open"));
    m_showButton = new QPushButton(Words::tr("Show in folder"));
    for (QPushButton *button : { m_openButton, m_showButton }) {
        button->setFlat(true);
        m_statusBar->addPermanentWidget(button);
    }
    // They belong to the message: gone when it is.
    connect(m_statusBar, &QStatusBar::messageChanged, this, [this](const QString &message) {
        const bool shown = message == m_message;
        m_openButton->setVisible(shown);
        m_showButton->setVisible(shown);
    });
}

} // namespace TokenScope
