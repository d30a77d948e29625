// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The profile editor: the metrics URL (the suggestion from the Base URL, and when the key may go along),
// the header rule, and the transport choice.
#include "engine/runcheck.h"
#include "profiles/profileeditor.h"
#include "support/widgettest.h"
#include "testpaths.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableWidget>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

EndpointProfile localVllm()
{
    EndpointProfile p = EndpointProfile::create(QStringLiteral("Local vLLM"));
    p.baseUrl = QStringLiteral("http://gpu-box:8000/v1");
    p.model = QStringLiteral("qwen2.5-7b");
    return p;
}

// Picks the item of the combo box `name` whose data is the string `value`, as a click in the popup does.
void chooseText(QWidget *root, const char *name, const QString &value)
{
    auto *combo = child<QComboBox>(root, name);
    ASSERT_NE(combo, nullptr);
    const int index = combo->findData(value);
    ASSERT_GE(index, 0) << value.toStdString();
    combo->setCurrentIndex(index);
    Q_EMIT combo->activated(index);
}

} // namespace

TEST(UiProfileEditor, TheSuggestionButtonFillsTheBaseUrlsOriginMetrics)
{
    ProfileEditor editor;
    editor.setProfile(localVllm());
    auto *metrics = child<QLineEdit>(&editor, "metricsUrl");
    auto *suggest = child<QPushButton>(&editor, "useSuggestedMetrics");
    ASSERT_TRUE(metrics && suggest);
    EXPECT_TRUE(metrics->text().isEmpty()) << "no metrics unless asked";
    EXPECT_EQ(metrics->placeholderText().toStdString(), "http://gpu-box:8000/metrics");
    EXPECT_TRUE(suggest->toolTip().contains(QStringLiteral("http://gpu-box:8000/metrics")));

    QSignalSpy edited(&editor, &ProfileEditor::edited);
    suggest->click();
    EXPECT_EQ(metrics->text().toStdString(), "http://gpu-box:8000/metrics");
    EXPECT_EQ(edited.count(), 1);
    EXPECT_FALSE(suggest->isEnabled()) << "already in use";
    EXPECT_EQ(editor.profile().metricsUrl.toStdString(), "http://gpu-box:8000/metrics");
    EXPECT_TRUE(editor.validationError().isEmpty()) << editor.validationError().toStdString();

    // The suggestion follows the Base URL as it is typed.
    type(&editor, "baseUrl", QStringLiteral("https://llm.example:8443/openai/v1"));
    EXPECT_EQ(metrics->placeholderText().toStdString(), "https://llm.example:8443/metrics");
    EXPECT_TRUE(suggest->isEnabled());

    type(&editor, "metricsUrl", QStringLiteral("ftp://llm.example/metrics"));
    EXPECT_TRUE(editor.validationError().contains(QStringLiteral("metrics URL")))
        << editor.validationError().toStdString();
}

TEST(UiProfileEditor, TheSendKeyBoxIsEnabledOnlyForAnotherOrigin)
{
    ProfileEditor editor;
    editor.setProfile(localVllm());
    auto *sendKey = child<QCheckBox>(&editor, "metricsSendKey");
    ASSERT_NE(sendKey, nullptr);
    EXPECT_FALSE(sendKey->isEnabled()) << "no metrics URL";
    EXPECT_FALSE(sendKey->toolTip().isEmpty());

    // The Base URL's own origin gets the key anyway: ticked, not to be changed.
    type(&editor, "metricsUrl", QStringLiteral("http://gpu-box:8000/metrics"));
    EXPECT_FALSE(sendKey->isEnabled());
    EXPECT_TRUE(sendKey->isChecked());
    EXPECT_FALSE(editor.profile().metricsSendKey);

    // Another port is another origin: never the key unless ticked.
    type(&editor, "metricsUrl", QStringLiteral("http://gpu-box:9090/metrics"));
    EXPECT_TRUE(sendKey->isEnabled());
    EXPECT_FALSE(sendKey->isChecked());
    EXPECT_FALSE(editor.profile().metricsSendKey);
    sendKey->click();
    EXPECT_TRUE(editor.profile().metricsSendKey);
    RunConfig config;
    editor.profile().applyTo(&config);
    EXPECT_EQ(config.serverMetricsUrl.toStdString(), "http://gpu-box:9090/metrics");
    EXPECT_TRUE(config.serverMetricsSendKey);

    type(&editor, "metricsUrl", QStringLiteral("https://gpu-box:8000/metrics")); // another scheme
    EXPECT_TRUE(sendKey->isEnabled());
    EXPECT_TRUE(sendKey->isChecked()) << "the choice stays with the profile";

    // A stored profile shows its choice.
    EndpointProfile stored = localVllm();
    stored.metricsUrl = QStringLiteral("http://prometheus.internal/metrics");
    stored.metricsSendKey = false;
    editor.setProfile(stored);
    EXPECT_TRUE(sendKey->isEnabled());
    EXPECT_FALSE(sendKey->isChecked());
}

TEST(UiProfileEditor, TheSimulatorsMetricsFollowItsAddress)
{
    ProfileEditor editor;
    editor.setSimulatorBaseUrl(QStringLiteral("http://127.0.0.1:18080/v1"));
    editor.setProfile(EndpointProfile::builtInSimulatorProfile());
    auto *metrics = child<QLineEdit>(&editor, "metricsUrl");
    ASSERT_NE(metrics, nullptr);
    EXPECT_EQ(metrics->text().toStdString(), "http://127.0.0.1:18080/metrics");
    EXPECT_TRUE(metrics->isReadOnly());
    EXPECT_FALSE(child<QPushButton>(&editor, "useSuggestedMetrics")->isEnabled());
    EXPECT_TRUE(editor.profile().metricsUrl.isEmpty()) << "the simulator's port changes per start";
    editor.setSimulatorBaseUrl(QStringLiteral("http://127.0.0.1:18181/v1"));
    EXPECT_EQ(metrics->text().toStdString(), "http://127.0.0.1:18181/metrics");
}

// The transport (docs/architecture.md#transports): libcurl and its busy-poll go from the form into the
// profile and back; busy-poll is offered only with libcurl.
TEST(UiProfileEditor, LibcurlAndBusyPollRoundTripThroughTheForm)
{
    ProfileEditor editor;
    editor.setProfile(localVllm());
    auto *transport = child<QComboBox>(&editor, "transport");
    auto *busyPoll = child<QCheckBox>(&editor, "busyPoll");
    ASSERT_TRUE(transport && busyPoll);
    EXPECT_EQ(transport->currentData().toString().toStdString(), "qnam") << "Qt network is the default";
    EXPECT_FALSE(transport->toolTip().isEmpty());
    EXPECT_FALSE(busyPoll->toolTip().isEmpty());
    EXPECT_FALSE(busyPoll->isEnabled()) << "Qt network has no worker threads to poll";
    EXPECT_FALSE(busyPoll->isChecked());

    QSignalSpy edited(&editor, &ProfileEditor::edited);
    chooseText(&editor, "transport", QStringLiteral("curl"));
    EXPECT_EQ(edited.count(), 1);
    EXPECT_TRUE(busyPoll->isEnabled());
    busyPoll->click();
    EXPECT_EQ(edited.count(), 2);
    const EndpointProfile chosen = editor.profile();
    EXPECT_EQ(chosen.transport.toStdString(), "curl");
    EXPECT_TRUE(chosen.busyPoll);
    RunConfig config;
    chosen.applyTo(&config);
    EXPECT_EQ(config.transport.toStdString(), "curl");
    EXPECT_TRUE(config.busyPoll);
    EXPECT_TRUE(editor.validationError().isEmpty()) << editor.validationError().toStdString();

    // Shown again (another profile in between): the form shows what the profile holds, and says nothing.
    editor.setProfile(localVllm());
    EXPECT_EQ(transport->currentData().toString().toStdString(), "qnam");
    EXPECT_FALSE(busyPoll->isEnabled());
    editor.setProfile(chosen);
    EXPECT_EQ(edited.count(), 2);
    EXPECT_EQ(transport->currentData().toString().toStdString(), "curl");
    EXPECT_TRUE(busyPoll->isEnabled());
    EXPECT_TRUE(busyPoll->isChecked());
    EXPECT_TRUE(editor.profile() == chosen);

    // Back to Qt network: busy-poll is off the table, not applied, and kept for libcurl.
    chooseText(&editor, "transport", QStringLiteral("qnam"));
    EXPECT_EQ(edited.count(), 3);
    EXPECT_FALSE(busyPoll->isEnabled());
    EXPECT_FALSE(busyPoll->isChecked()) << "a tick would read as in use";
    RunConfig qnam;
    editor.profile().applyTo(&qnam);
    EXPECT_EQ(qnam.transport.toStdString(), "qnam");
    EXPECT_FALSE(qnam.busyPoll);
    EXPECT_TRUE(editor.profile().busyPoll);
    chooseText(&editor, "transport", QStringLiteral("curl"));
    EXPECT_TRUE(busyPoll->isChecked());
    EXPECT_EQ(edited.count(), 4);

    // Unticked by the user: off under either transport.
    busyPoll->click();
    EXPECT_EQ(edited.count(), 5);
    EXPECT_FALSE(editor.profile().busyPoll);
}

TEST(UiProfileEditor, TheSimulatorsTransportIsLocked)
{
    ProfileEditor editor;
    editor.setProfile(EndpointProfile::builtInSimulatorProfile());
    EXPECT_FALSE(child<QComboBox>(&editor, "transport")->isEnabled());
    EXPECT_FALSE(child<QCheckBox>(&editor, "busyPoll")->isEnabled());
    EndpointProfile curl = localVllm();
    curl.transport = QStringLiteral("curl");
    editor.setProfile(curl);
    EXPECT_TRUE(child<QComboBox>(&editor, "transport")->isEnabled());
    EXPECT_TRUE(child<QCheckBox>(&editor, "busyPoll")->isEnabled());
}

// The form applies the one header rule the runs apply (docs/metrics.md#custom-headers).
TEST(HostileHeadersProfileEditor, RefusesInjectionTransportAndKeyHeaders)
{
    ProfileEditor editor;
    const auto errorFor = [&editor](const QString &name, const QString &value) {
        EndpointProfile p = localVllm();
        p.headers = { { name, value } };
        editor.setProfile(p);
        return editor.validationError();
    };
    EXPECT_TRUE(errorFor(QStringLiteral("X-Trace"), QStringLiteral("abc")).isEmpty());
    const QString smuggled
        = errorFor(QStringLiteral("X"), QStringLiteral("a\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x"));
    EXPECT_TRUE(smuggled.contains(QStringLiteral("control character"))) << smuggled.toStdString();
    for (const QString &owned :
        { QStringLiteral("Content-Length"), QStringLiteral("Transfer-Encoding"), QStringLiteral("Host") }) {
        const QString error = errorFor(owned, QStringLiteral("5"));
        EXPECT_TRUE(error.contains(owned)) << error.toStdString();
        EXPECT_TRUE(error.contains(QStringLiteral("transport"))) << error.toStdString();
    }
    EXPECT_TRUE(
        errorFor(QStringLiteral("Authorization"), QStringLiteral("Bearer x")).contains(QStringLiteral("API key")));
    EXPECT_FALSE(errorFor(QStringLiteral("X Trace"), QStringLiteral("a")).isEmpty());
}

// One header rule: the form says what tokenscope-cli says for the same header, word for word.
TEST(RunCheckOneRule, TheProfileEditorShowsTheCliHeaderMessage)
{
    ProfileEditor editor;
    EndpointProfile p = localVllm();
    p.headers = { { QStringLiteral("X Bad"), QStringLiteral("1") } };
    editor.setProfile(p);
    const QString shown = editor.validationError();
    ASSERT_TRUE(shown.contains(u"X Bad")) << shown.toStdString();

    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        { QStringLiteral("run"), QStringLiteral("--base-url"), p.baseUrl, QStringLiteral("--model"), p.model,
            QStringLiteral("--header"), QStringLiteral("X Bad: 1") });
    ASSERT_TRUE(cli.waitForFinished(30000));
    EXPECT_EQ(cli.exitCode(), 2);
    const QString printed = QString::fromUtf8(cli.readAllStandardError()).trimmed();
    EXPECT_EQ(printed.toStdString(), "error: --header: " + shown.toStdString());

    RunConfig config;
    config.headers = { { QByteArrayLiteral("X Bad"), QByteArrayLiteral("1") } };
    EXPECT_EQ(RunCheck::problem(config), shown) << "and what Run says";
}

// Each field shows its own problem as it is typed, under it; the others stay quiet.
TEST(RunCheckOneRule, EachProfileFieldShowsItsOwnProblemAsYouType)
{
    ProfileEditor editor;
    editor.setProfile(localVllm());
    editor.show();
    auto *headersProblem = child<QLabel>(&editor, "headersProblem");
    auto *baseUrlProblem = child<QLabel>(&editor, "baseUrlProblem");
    auto *proxyProblem = child<QLabel>(&editor, "proxyProblem");
    auto *metricsProblem = child<QLabel>(&editor, "metricsProblem");
    ASSERT_TRUE(headersProblem && baseUrlProblem && proxyProblem && metricsProblem);
    for (QLabel *label : { headersProblem, baseUrlProblem, proxyProblem, metricsProblem })
        EXPECT_FALSE(label->isVisible()) << label->objectName().toStdString();

    child<QPushButton>(&editor, "addHeader")->click();
    child<QTableWidget>(&editor, "headers")->item(0, 0)->setText(QStringLiteral("X Bad"));
    EXPECT_TRUE(headersProblem->isVisible());
    EXPECT_EQ(headersProblem->text(), editor.validationError());
    EXPECT_FALSE(baseUrlProblem->isVisible()) << "the Base URL is fine";

    type(&editor, "baseUrl", QStringLiteral("gpu-box:8000/v1"));
    EXPECT_TRUE(baseUrlProblem->isVisible());
    RunConfig config;
    config.baseUrl = QStringLiteral("gpu-box:8000/v1");
    EXPECT_EQ(baseUrlProblem->text(), RunCheck::endpointProblem(config).toHtmlEscaped());
    EXPECT_TRUE(headersProblem->isVisible()) << "both at once";
    EXPECT_EQ(editor.validationError(), RunCheck::endpointProblem(config)) << "the Base URL comes first";

    choose(&editor, "proxyMode", int(ProxyMode::Custom));
    type(&editor, "proxyUrl", QStringLiteral("ftp://proxy.example:3128"));
    EXPECT_TRUE(proxyProblem->isVisible());
    EXPECT_TRUE(proxyProblem->text().contains(u"socks5://")) << proxyProblem->text().toStdString();
    type(&editor, "metricsUrl", QStringLiteral("ftp://gpu-box/metrics"));
    EXPECT_TRUE(metricsProblem->isVisible());
    EXPECT_TRUE(metricsProblem->text().contains(u"metrics URL")) << metricsProblem->text().toStdString();

    child<QTableWidget>(&editor, "headers")->item(0, 0)->setText(QStringLiteral("X-Good"));
    EXPECT_FALSE(headersProblem->isVisible());
    child<QPushButton>(&editor, "removeHeader")->click();
    EXPECT_FALSE(headersProblem->isVisible());
}

TEST(UiProfileEditor, WithoutSecureStorageTheKeyChoiceDoesNotOfferTheKeychain)
{
    ProfileEditor editor;
    editor.setProfile(localVllm()); // a new profile's key goes to the keychain by default
    auto *source = child<QComboBox>(&editor, "keySource");
    ASSERT_NE(source, nullptr);
    EXPECT_EQ(source->currentText(), QStringLiteral("OS keychain"));

    editor.setNoSecureStorage(true, QStringLiteral("no Secret Service"));
    EXPECT_FALSE(source->currentText().contains(QStringLiteral("OS keychain"))) << source->currentText().toStdString();
    EXPECT_TRUE(source->currentText().contains(QStringLiteral("session only"))) << source->currentText().toStdString();
    const auto *items = qobject_cast<QStandardItemModel *>(source->model());
    ASSERT_NE(items, nullptr);
    EXPECT_FALSE(items->item(source->findData(int(KeySource::Keychain)))->isEnabled()) << "cannot be picked anew";
    EXPECT_EQ(editor.profile().keySource, KeySource::Keychain) << "kept for when a keychain answers again";

    editor.setNoSecureStorage(false, QString());
    EXPECT_EQ(source->currentText(), QStringLiteral("OS keychain"));
    EXPECT_TRUE(items->item(source->findData(int(KeySource::Keychain)))->isEnabled());
}
