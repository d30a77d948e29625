// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop application: a thin shell over MainWindow.
#include "language.h"
#include "mainwindow.h"
#include "theme.h"
#include "version.h"
#include "window/screenshotmode.h"
#include "window/windowstate.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>
#include <cstdlib>

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

// The application's names; the parser's help and version text, and QSettings, use them.
void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("TokenScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("TokenScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOKENSCOPE_VERSION));
}

struct Options
{
    QCommandLineOption runOnStart { QStringLiteral("run-on-start"),
        QCoreApplication::translate("main", "Press Run as soon as the window shows.") };
    QCommandLineOption screenshot { QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "After the run ends, save the window as an image to <file> and quit."),
        QStringLiteral("file") };
    QCommandLineOption screenshots { QStringLiteral("screenshots"),
        QCoreApplication::translate("main", "After the run ends, save one image per view into <dir> and quit."),
        QStringLiteral("dir") };

    void addTo(QCommandLineParser *parser) const
    {
        parser->setApplicationDescription(QCoreApplication::translate("main", "Measures how LLM endpoints stream."));
        parser->addHelpOption();
        parser->addVersionOption();
        parser->addOptions({ runOnStart, screenshot, screenshots });
    }
};

// Whether the arguments ask only for text (the help or the version): that needs no display, so it
// is answered before a QApplication would try to open one.
bool asksOnlyForText(int argc, char **argv)
{
    static const QByteArrayList textOptions { "-h", "--help", "-?", "--help-all", "-v", "--version" };
    for (int i = 1; i < argc; ++i) {
        if (textOptions.contains(QByteArray(argv[i])))
            return true;
    }
    return false;
}

// Prints the help or the version and exits, without a display.
[[noreturn]] void printText(int argc, char **argv)
{
    const QCoreApplication app(argc, argv);
    nameApplication();
    TokenScope::installTranslators();
    QCommandLineParser parser;
    const Options options;
    options.addTo(&parser);
    parser.process(app); // exits after printing
    std::exit(0);
}

} // namespace

int main(int argc, char **argv)
{
    if (asksOnlyForText(argc, argv))
        printText(argc, argv);
    QApplication app(argc, argv);
    nameApplication();
    // The id names the installed .desktop file and icon (packaging/cpack.cmake), so Wayland
    // compositors and docks match the window to its entry.
    QApplication::setDesktopFileName(QStringLiteral("io.github.tokenscope.TokenScope"));
    QApplication::setWindowIcon(applicationIcon());

    TokenScope::applyTheme(TokenScope::chosenTheme());
    TokenScope::installTranslators(); // before the first tr(): the parser's help text is translated too

    QCommandLineParser parser;
    const Options options;
    options.addTo(&parser);
    parser.process(app);

    TokenScope::MainWindow window;
    window.show();
    // Now framed by the window manager: the frame, title bar included, fits the screen too.
    QTimer::singleShot(0, &window, [&window] { TokenScope::fitToScreen(&window); });

    // Screenshot mode presses Run itself, saves the window once the run has ended and quits.
    const bool shooting
        = TokenScope::ScreenshotMode::arm(&window, parser.value(options.screenshot), parser.value(options.screenshots));
    if (parser.isSet(options.runOnStart) || shooting)
        QTimer::singleShot(0, &window, &TokenScope::MainWindow::startRun);
    return QApplication::exec();
}
