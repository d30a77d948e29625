// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The "Test connection" dialog (README.md#a-five-minute-tour, step 4) on the offscreen platform, against
// the real simulator.
// With TOKENSCOPE_SCREENSHOT_DIR set, the healthy and the wrong-key dialogs are saved there as PNGs.
#include "dialogs/connectiontestdialog.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

const QString kRightKey = QStringLiteral("sk-right-key-0123456789");
const QString kWrongKey = QStringLiteral("sk-wrong-key-9876543210");

struct KeyedSim {
    KeyedSim()
    {
        SimConfig config = quickSim();
        config.apiKey = kRightKey;
        started = server.start(config);
    }
    RunConfig config(const QString &key) const
    {
        RunConfig c = quickConfig(server.baseUrl().toString(), 1, 1, 256);
        c.apiKey = key;
        c.minTokensForTpot = 20;
        return c;
    }
    SimulatorServer server;
    bool started = false;
};

bool runDialog(ConnectionTestDialog &dialog)
{
    QSignalSpy spy(&dialog, &ConnectionTestDialog::finished);
    dialog.show();
    dialog.start();
    if (!spy.wait(30000))
        return false;
    QCoreApplication::processEvents(); // widgets added to a visible dialog show on the next event loop turn
    return true;
}

// The texts of the visible labels (named `objectName` if given).
QStringList labelTexts(const QWidget &widget, const QString &objectName = {})
{
    QStringList texts;
    const QList<QLabel *> labels = widget.findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (label->isVisible() && (objectName.isEmpty() || label->objectName() == objectName))
            texts << label->text();
    }
    return texts;
}

QPushButton *button(const QWidget &widget, const QString &text)
{
    const QList<QPushButton *> buttons = widget.findChildren<QPushButton *>();
    for (QPushButton *b : buttons) {
        if (b->text() == text)
            return b;
    }
    return nullptr;
}

void saveScreenshot(QWidget &dialog, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOKENSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    EXPECT_TRUE(dialog.grab().save(QDir(dir).filePath(name)));
}

} // namespace

TEST(UiConnectionTestDialog, HealthySimulatorShowsStatusFactsAndRawStream)
{
    KeyedSim sim;
    ASSERT_TRUE(sim.started);
    ConnectionTestDialog dialog(sim.config(kRightKey));
    dialog.resize(760, 860);
    ASSERT_TRUE(runDialog(dialog));
    EXPECT_FALSE(dialog.isRunning());

    EXPECT_EQ(labelTexts(dialog, QStringLiteral("status")), QStringList {QStringLiteral("HTTP 200 OK")});
    const QStringList ttft = labelTexts(dialog, QStringLiteral("ttft"));
    ASSERT_EQ(ttft.size(), 1);
    EXPECT_TRUE(ttft.first().endsWith(QStringLiteral(" ms"))) << ttft.first().toStdString();
    EXPECT_EQ(labelTexts(dialog, QStringLiteral("usage")), QStringList {QStringLiteral("yes")});
    EXPECT_TRUE(labelTexts(dialog, QStringLiteral("tokensPerChunk")).first().startsWith(QStringLiteral("1.00")));
    EXPECT_EQ(labelTexts(dialog, QStringLiteral("diagnosisTitle")),
              QStringList {QStringLiteral("The endpoint streams correctly")});

    auto *raw = dialog.findChild<QPlainTextEdit *>(QStringLiteral("rawBytes"));
    ASSERT_NE(raw, nullptr);
    EXPECT_TRUE(raw->isReadOnly());
    EXPECT_TRUE(raw->toPlainText().startsWith(QStringLiteral("data: {"))) << raw->toPlainText().left(80).toStdString();
    EXPECT_TRUE(raw->toPlainText().contains(QStringLiteral("\\n\n")));
    saveScreenshot(dialog, QStringLiteral("connection-test-ok.png"));
}

TEST(UiConnectionTestDialog, WrongKeyIsDiagnosedAndNeverShown)
{
    KeyedSim sim;
    ASSERT_TRUE(sim.started);
    ConnectionTestDialog dialog(sim.config(kWrongKey));
    dialog.resize(760, 860);
    ASSERT_TRUE(runDialog(dialog));

    EXPECT_EQ(labelTexts(dialog, QStringLiteral("status")), QStringList {QStringLiteral("HTTP 401 Unauthorized")});
    const QStringList titles = labelTexts(dialog, QStringLiteral("diagnosisTitle"));
    ASSERT_FALSE(titles.isEmpty());
    EXPECT_TRUE(titles.first().contains(QStringLiteral("API key"))) << titles.first().toStdString();
    EXPECT_TRUE(labelTexts(dialog, QStringLiteral("diagnosisText")).first().contains(QStringLiteral("Authorization: Bearer")));
    for (const QLabel *label : dialog.findChildren<QLabel *>()) // hidden ones too
        EXPECT_FALSE(label->text().contains(kWrongKey)) << label->text().toStdString();
    EXPECT_FALSE(dialog.findChild<QPlainTextEdit *>(QStringLiteral("rawBytes"))->toPlainText().contains(kWrongKey));
    saveScreenshot(dialog, QStringLiteral("connection-test-401.png"));
}

TEST(UiConnectionTestDialog, DoubledV1IsExplainedWithTheUrlToType)
{
    KeyedSim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config(kRightKey);
    config.baseUrl = sim.server.baseUrl().toString() + QStringLiteral("/v1");
    config.includeUsage = false;
    ConnectionTestDialog dialog(config);
    dialog.resize(760, 700);
    ASSERT_TRUE(runDialog(dialog));
    EXPECT_EQ(labelTexts(dialog, QStringLiteral("status")), QStringList {QStringLiteral("HTTP 404 Not Found")});
    const QStringList texts = labelTexts(dialog, QStringLiteral("diagnosisText"));
    ASSERT_EQ(texts.size(), 1);
    EXPECT_TRUE(texts.first().contains(QStringLiteral("instead: ") + sim.server.baseUrl().toString()))
        << texts.first().toStdString();
    saveScreenshot(dialog, QStringLiteral("connection-test-404.png"));

    // The same server with the right Base URL but usage off: a warning, not "all good".
    config.baseUrl = sim.server.baseUrl().toString();
    ConnectionTestDialog fixed(config);
    fixed.resize(760, 760);
    ASSERT_TRUE(runDialog(fixed));
    EXPECT_EQ(labelTexts(fixed, QStringLiteral("usage")), QStringList {QStringLiteral("no")});
    EXPECT_EQ(labelTexts(fixed, QStringLiteral("tokensPerChunk")), QStringList {QStringLiteral("unknown (no usage)")});
    EXPECT_EQ(labelTexts(fixed, QStringLiteral("diagnosisTitle")), QStringList {QStringLiteral("No token usage in the stream")});
    saveScreenshot(fixed, QStringLiteral("connection-test-no-usage.png"));
}

TEST(UiConnectionTestDialog, CopyAsCurlRedactsTheKeyUnlessTicked)
{
    KeyedSim sim;
    ASSERT_TRUE(sim.started);
    ConnectionTestDialog dialog(sim.config(kRightKey));
    dialog.show();
    QPushButton *copy = button(dialog, QStringLiteral("Copy as curl"));
    auto *include = dialog.findChild<QCheckBox *>();
    ASSERT_NE(copy, nullptr);
    ASSERT_NE(include, nullptr);
    EXPECT_FALSE(include->isChecked());

    copy->click();
    const QString redacted = QApplication::clipboard()->text();
    EXPECT_TRUE(redacted.startsWith(QStringLiteral("curl -N"))) << redacted.toStdString();
    EXPECT_TRUE(redacted.contains(QStringLiteral("$OPENAI_API_KEY")));
    EXPECT_TRUE(redacted.contains(QStringLiteral("\"max_tokens\":32")));
    EXPECT_FALSE(redacted.contains(kRightKey));
    bool warned = false;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        warned = warned || (label->isVisible() && label->text().startsWith(QStringLiteral("Warning:")));
    EXPECT_FALSE(warned);

    include->setChecked(true);
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        warned = warned || (label->isVisible() && label->text().startsWith(QStringLiteral("Warning:")));
    EXPECT_TRUE(warned); // ticking shows the warning before anything is copied
    copy->click();
    EXPECT_TRUE(QApplication::clipboard()->text().contains(kRightKey));
    QApplication::clipboard()->clear();
}

// Each API kind's command names the variable its own tools read, or the one the profile reads.
TEST(UiConnectionTestDialog, CopyAsCurlNamesTheKeyVariableOfTheKindOrTheProfile)
{
    RunConfig config;
    config.baseUrl = QStringLiteral("https://api.anthropic.com");
    config.model = QStringLiteral("claude-sonnet-4-5");
    config.api = ApiKind::AnthropicMessages;
    config.apiKey = kRightKey;
    ConnectionTestDialog anthropic(config);
    EXPECT_TRUE(anthropic.curlCommand().contains(QStringLiteral("x-api-key: $ANTHROPIC_API_KEY")))
        << anthropic.curlCommand().toStdString();
    EXPECT_FALSE(anthropic.curlCommand().contains(kRightKey));
    ConnectionTestDialog own(config, nullptr, QStringLiteral("GATEWAY_KEY"));
    EXPECT_TRUE(own.curlCommand().contains(QStringLiteral("$GATEWAY_KEY"))) << own.curlCommand().toStdString();
    EXPECT_FALSE(own.curlCommand().contains(kRightKey));
}

TEST(UiConnectionTestDialog, CancelStopsAStalledCheck)
{
    KeyedSim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config(kRightKey);
    config.headers.append({QByteArrayLiteral("X-Sim-Fault"), QByteArrayLiteral("stall")});
    ConnectionTestDialog dialog(config);
    QSignalSpy spy(&dialog, &ConnectionTestDialog::finished);
    dialog.show();
    dialog.start();
    EXPECT_TRUE(dialog.isRunning());
    QPushButton *cancel = button(dialog, QStringLiteral("Cancel"));
    ASSERT_NE(cancel, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return sim.server.inFlight() == 1; }, 10000));
    cancel->click();
    ASSERT_TRUE(spy.wait(10000));
    EXPECT_EQ(labelTexts(dialog, QStringLiteral("status")), QStringList {QStringLiteral("Cancelled")});
    EXPECT_EQ(cancel->text(), QStringLiteral("Close"));
}

TEST(UiConnectionTestDialog, EscapedBytesShowControlBytesAndKeepUtf8)
{
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArrayLiteral("data: x\r\n\r\n")),
              QStringLiteral("data: x\\r\\n\n\\r\\n\n"));
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArrayLiteral("a\tb\x01\x7f")), QStringLiteral("a\\tb\\x01\\x7F"));
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArray("\xe4\xbd\xa0\xe5\xa5\xbd")), QStringLiteral("你好"));
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArray("\xe4\xbd")), QStringLiteral("\\xE4\\xBD")); // cut at 2 KB
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArray("\xff")), QStringLiteral("\\xFF"));
    EXPECT_EQ(ConnectionTestDialog::escapedBytes(QByteArrayLiteral("a\rb")), QStringLiteral("a\\r\nb"));
}
