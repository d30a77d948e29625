// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop application: a thin shell over MainWindow.
#include "language.h"
#include "mainwindow.h"
#include "theme.h"
#include "version.h"
#include "window/screenshotmode.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

namespace {

// The SVG scales to any size where Qt's SVG icon plugin is installed; the PNGs rendered from it
// cover machines without the plugin (Debian's libqt6gui6 does not carry it).
QIcon applicationIcon()
{
    QIcon icon(QStringLiteral(":/icons/tokenscope.svg"));
    for (const int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/png/tokenscope-%1.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("TokenScope"));
    QApplication::setOrganizationName(QStringLiteral("TokenScope"));
    QApplication::setApplicationVersion(QStringLiteral(TOKENSCOPE_VERSION));
    // The id names the installed .desktop file and icon (packaging/cpack.cmake), so Wayland
    // compositors and docks match the window to its entry.
    QApplication::setDesktopFileName(QStringLiteral("io.github.tokenscope.TokenScope"));
    QApplication::setWindowIcon(applicationIcon());

    TokenScope::applyTheme(TokenScope::chosenTheme());
    TokenScope::installTranslators(); // before the first tr(): the parser's help text is translated too

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Measures how LLM endpoints stream."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption runOnStart(
        QStringLiteral("run-on-start"), QApplication::translate("main", "Press Run as soon as the window shows."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate("main", "After the run ends, save the window as an image to <file> and quit."),
        QStringLiteral("file"));
    const QCommandLineOption screenshots(QStringLiteral("screenshots"),
        QApplication::translate("main", "After the run ends, save one image per view into <dir> and quit."),
        QStringLiteral("dir"));
    parser.addOption(runOnStart);
    parser.addOption(screenshot);
    parser.addOption(screenshots);
    parser.process(app);

    TokenScope::MainWindow window;
    window.show();

    // Screenshot mode presses Run itself, saves the window once the run has ended and quits.
    const bool shooting = TokenScope::ScreenshotMode::arm(&window, parser.value(screenshot), parser.value(screenshots));
    if (parser.isSet(runOnStart) || shooting)
        QTimer::singleShot(0, &window, &TokenScope::MainWindow::startRun);
    return QApplication::exec();
}
