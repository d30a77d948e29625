// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The endpoint profile panel, offscreen, on a real INI settings file. The keychain is a fake of
// TokenScope's own KeyStore interface here; QtKeychainKeyStore meets a real gnome-keyring in
// tests/keychain.
#include "engine/runcheck.h"
#include "net/requestbuilder.h"
#include "profiles/profileeditor.h"
#include "profiles/profilepanel.h"
#include "sim/simulatorserver.h"
#include "store/environmentprofiles.h"
#include "store/profilestore.h"
#include "support/widgettest.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFontMetrics>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr int kWaitMs = 5000; // an upper bound for queued signals, not a timing assertion
const QString kKey = QStringLiteral("sk-panel-test-SECRET-91c2");

/// Keys in memory, answered on the next event loop turn like a real keychain; or, with
/// `noSecureStorage`, every call fails as QtKeychain does on a machine without a Secret Service.
class FakeKeyStore : public KeyStore
{
public:
    bool noSecureStorage = false;
    QHash<QString, QString> keys;
    int reads = 0;

    void readKey(const QString &id) override
    {
        ++reads;
        QTimer::singleShot(0, this, [this, id] {
            if (noSecureStorage)
                Q_EMIT failed(id, Operation::Read, Error::NoSecureStorage, QStringLiteral("Could not connect"));
            else if (!keys.contains(id))
                Q_EMIT failed(id, Operation::Read, Error::NotFound, QStringLiteral("Entry not found"));
            else
                Q_EMIT keyRead(id, keys.value(id));
        });
    }
    void writeKey(const QString &id, const QString &key) override
    {
        QTimer::singleShot(0, this, [this, id, key] {
            if (noSecureStorage) {
                Q_EMIT failed(id, Operation::Write, Error::NoSecureStorage, QStringLiteral("Could not connect"));
                return;
            }
            keys.insert(id, key);
            Q_EMIT keyWritten(id);
        });
    }
    void deleteKey(const QString &id) override
    {
        QTimer::singleShot(0, this, [this, id] {
            if (noSecureStorage) {
                Q_EMIT failed(id, Operation::Delete, Error::NoSecureStorage, QStringLiteral("Could not connect"));
                return;
            }
            keys.remove(id);
            Q_EMIT keyDeleted(id);
        });
    }
};

struct Fixture {
    QTemporaryDir dir;
    QString path() const { return dir.filePath(QStringLiteral("tokenscope.ini")); }
    QSettings settings {path(), QSettings::IniFormat};
    ProfileStore store {&settings};
    FakeKeyStore keys;
    QByteArray settingsFile() const
    {
        QFile file(path());
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
};

/// For looking at (README work, reviews); `width` 0 = the narrowest the layout allows.
void saveScreenshot(QWidget *widget, const QString &path, int width = 460)
{
    const int w = width > 0 ? std::max(width, widget->sizeHint().width()) : widget->minimumSizeHint().width();
    widget->resize(w, widget->heightForWidth(w) > 0 ? widget->heightForWidth(w) : widget->sizeHint().height());
    widget->show();
    QCoreApplication::processEvents();
    EXPECT_TRUE(widget->grab().save(path)) << path.toStdString();
}

} // namespace

TEST(ProfilePanel, FirstStartSelectsTheBuiltInSimulatorReadOnly)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    EXPECT_TRUE(panel.isBuiltInSimulatorSelected());
    EXPECT_EQ(panel.validationError().toStdString(), "The built-in simulator is not running.");

    QSignalSpy changed(&panel, &ProfilePanel::profileChanged);
    panel.setSimulatorEndpoint(QStringLiteral("http://127.0.0.1:4321/v1"), QStringLiteral("built-in simulator (test)"));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_TRUE(panel.validationError().isEmpty()) << panel.validationError().toStdString();
    EXPECT_EQ(child<QLineEdit>(&panel, "baseUrl")->text().toStdString(), "http://127.0.0.1:4321/v1");
    EXPECT_TRUE(child<QLineEdit>(&panel, "baseUrl")->isReadOnly());
    EXPECT_FALSE(child<QLineEdit>(&panel, "model")->isReadOnly()) << "it serves three models";
    EXPECT_FALSE(child<QPushButton>(&panel, "deleteProfile")->isEnabled());
    EXPECT_FALSE(child<QPushButton>(&panel, "renameProfile")->isEnabled());
    EXPECT_EQ(f.keys.reads, 0) << "the simulator needs no key";

    const RunConfig config = panel.applyTo(RunConfig {});
    EXPECT_EQ(config.baseUrl.toStdString(), "http://127.0.0.1:4321/v1");
    EXPECT_EQ(config.endpointLabel.toStdString(), "built-in simulator (test)") << "compared by its timing, not its port";
    EXPECT_EQ(config.model.toStdString(), "tokenscope-sim");
    EXPECT_EQ(config.proxyMode, ProxyMode::None);
    EXPECT_TRUE(config.apiKey.isEmpty());
    saveScreenshot(&panel, QStringLiteral("/tmp/profile-simulator.png"));
}

// The simulator profile lists the built-in simulator's models, each with what it does, and the
// hints say the numbers builtInSimulatorConfig() has (docs/simulator.md#models).
TEST(ProfilePanel, TheSimulatorProfileSaysWhichModelBehavesHow)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.setSimulatorEndpoint(QStringLiteral("http://127.0.0.1:4321/v1"), QStringLiteral("built-in simulator (test)"));
    ProfileEditor *editor = panel.editor();
    const SimConfig sim = builtInSimulatorConfig();
    EXPECT_EQ(editor->listedModels(), sim.models) << "offered without asking the endpoint";
    auto *combo = child<QComboBox>(&panel, "modelList");
    const auto hintOf
        = [combo](const QString &model) { return combo->itemData(combo->findText(model), Qt::ToolTipRole).toString(); };
    const QString batch = QStringLiteral("%1 requests at once").arg(sim.maxBatch);
    const QString slowdown = QStringLiteral("%1 % slower per extra stream").arg(qRound(sim.slowdownPerStream * 100));
    EXPECT_TRUE(hintOf(QStringLiteral("tokenscope-sim")).contains(batch))
        << hintOf(QStringLiteral("tokenscope-sim")).toStdString();
    EXPECT_TRUE(hintOf(QStringLiteral("tokenscope-sim")).contains(slowdown));
    EXPECT_TRUE(hintOf(QStringLiteral("tokenscope-sim-fast")).contains(slowdown));
    EXPECT_TRUE(sim.uncontendedModels.contains(QStringLiteral("tokenscope-sim-ideal")));
    EXPECT_TRUE(hintOf(QStringLiteral("tokenscope-sim-ideal")).contains(u"never queues"));
    EXPECT_EQ(combo->toolTip(), hintOf(QStringLiteral("tokenscope-sim"))) << "the chosen model's hint";
    type(&panel, "model", QStringLiteral("tokenscope-sim-ideal"));
    EXPECT_EQ(combo->toolTip(), hintOf(QStringLiteral("tokenscope-sim-ideal")));
    EXPECT_EQ(panel.applyTo(RunConfig {}).model.toStdString(), "tokenscope-sim-ideal") << "the item text is the ID";
    const auto *note = child<QLabel>(&panel, "simulatorNote");
    EXPECT_TRUE(note->text().contains(u"tokenscope-sim-ideal")) << note->text().toStdString();
    saveScreenshot(&panel, QStringLiteral("/tmp/profile-simulator-models.png"));

    panel.createProfile(QStringLiteral("Gateway"));
    EXPECT_TRUE(editor->listedModels().isEmpty()) << "another endpoint's list";
    type(&panel, "model", QStringLiteral("tokenscope-sim"));
    EXPECT_TRUE(combo->toolTip().isEmpty()) << "a real endpoint's tokenscope-sim is not ours";
}

TEST(ProfilePanel, FilledFormProducesTheExpectedRunConfig)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    QSignalSpy simulator(&panel, &ProfilePanel::simulatorSelectedChanged);
    const QString id = panel.createProfile(QStringLiteral("Gateway"));
    ASSERT_EQ(simulator.count(), 1);
    EXPECT_FALSE(simulator.first().first().toBool());
    EXPECT_FALSE(panel.isBuiltInSimulatorSelected());
    EXPECT_EQ(panel.selectedProfileId(), id);

    type(&panel, "baseUrl", QStringLiteral("https://gateway.example/v1"));
    type(&panel, "model", QStringLiteral("qwen2.5-72b"));
    type(&panel, "apiKey", kKey);
    choose(&panel, "apiKind", int(ApiKind::Completions));
    auto *headers = child<QTableWidget>(&panel, "headers");
    child<QPushButton>(&panel, "addHeader")->click();
    ASSERT_EQ(headers->rowCount(), 1);
    headers->item(0, 0)->setText(QStringLiteral("X-Team"));
    headers->item(0, 1)->setText(QStringLiteral("perf"));
    child<QPlainTextEdit>(&panel, "extraBody")->setPlainText(QStringLiteral("{\"top_p\": 0.5, \"seed\": 3}"));
    choose(&panel, "proxyMode", int(ProxyMode::Custom));
    type(&panel, "proxyUrl", QStringLiteral("http://proxy.example:3128"));
    child<QCheckBox>(&panel, "http2")->click();
    child<QCheckBox>(&panel, "ignoreEos")->click();
    EXPECT_TRUE(panel.validationError().isEmpty()) << panel.validationError().toStdString();

    RunConfig config;
    panel.applyTo(&config);
    EXPECT_EQ(config.baseUrl.toStdString(), "https://gateway.example/v1");
    EXPECT_EQ(config.model.toStdString(), "qwen2.5-72b");
    EXPECT_TRUE(config.apiKey == kKey);
    EXPECT_EQ(config.api, ApiKind::Completions);
    ASSERT_EQ(config.headers.size(), 1);
    EXPECT_EQ(config.headers[0].first.toStdString(), "X-Team");
    EXPECT_EQ(config.headers[0].second.toStdString(), "perf");
    EXPECT_EQ(config.extraBody.value(u"top_p").toDouble(), 0.5);
    EXPECT_EQ(config.extraBody.value(u"seed").toInt(), 3);
    EXPECT_EQ(config.proxyMode, ProxyMode::Custom);
    EXPECT_EQ(config.proxyUrl.toStdString(), "http://proxy.example:3128");
    EXPECT_TRUE(config.http2);
    EXPECT_TRUE(config.workload.ignoreEos);
    EXPECT_FALSE(config.workload.minTokens);
    saveScreenshot(&panel, QStringLiteral("/tmp/profile.png"));

    // The key goes to the key store, never into the settings file.
    panel.saveNow();
    ASSERT_TRUE(QTest::qWaitFor([&] { return f.keys.keys.contains(id); }, kWaitMs));
    EXPECT_TRUE(f.keys.keys.value(id) == kKey);
    EXPECT_TRUE(f.settingsFile().contains("gateway.example"));
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8()));

    // A second start: the same profile selected, its key read back from the key store.
    QSettings settings(f.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    ProfilePanel again(&store, &f.keys);
    EXPECT_EQ(again.selectedProfileId(), id);
    ASSERT_TRUE(QTest::qWaitFor([&] { return again.applyTo(RunConfig {}).apiKey == kKey; }, kWaitMs));
    EXPECT_EQ(again.applyTo(RunConfig {}).model.toStdString(), "qwen2.5-72b");
    EXPECT_TRUE(again.applyTo(RunConfig {}).workload.ignoreEos); // saved with the profile
}

TEST(ProfilePanel, InvalidExtraBodyShowsTheParseErrorAsYouType)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Local vLLM"));
    panel.show();
    type(&panel, "baseUrl", QStringLiteral("http://127.0.0.1:8000/v1"));
    type(&panel, "model", QStringLiteral("llama"));
    auto *body = child<QPlainTextEdit>(&panel, "extraBody");
    auto *error = child<QLabel>(&panel, "extraBodyError");
    EXPECT_FALSE(error->isVisible());

    body->setPlainText(QStringLiteral("{\"top_p\": }"));
    EXPECT_TRUE(error->isVisible());
    QJsonParseError expected;
    QJsonDocument::fromJson("{\"top_p\": }", &expected); // Qt's own words and offset for this text
    EXPECT_TRUE(error->text().contains(QStringLiteral("offset %1").arg(expected.offset)))
        << error->text().toStdString();
    EXPECT_TRUE(error->text().contains(expected.errorString())) << error->text().toStdString();
    QString cliError;
    QJsonObject ignored;
    ASSERT_FALSE(RequestBuilder::parseExtraBody(QStringLiteral("{\"top_p\": }"), &ignored, &cliError));
    EXPECT_EQ(error->text(), cliError) << "the window and --extra-body say the same";
    EXPECT_EQ(panel.validationError(), cliError);

    body->setPlainText(QStringLiteral("[1, 2]"));
    EXPECT_TRUE(error->isVisible());
    EXPECT_TRUE(error->text().contains(u"must be a JSON object")) << error->text().toStdString();
    EXPECT_FALSE(panel.validationError().isEmpty());

    body->setPlainText(QStringLiteral("{\"top_k\": 40}"));
    EXPECT_FALSE(error->isVisible());
    EXPECT_TRUE(panel.validationError().isEmpty()) << panel.validationError().toStdString();
    EXPECT_EQ(panel.applyTo(RunConfig {}).extraBody.value(u"top_k").toInt(), 40);
}

// A new profile shows examples as placeholders, not values someone might run against.
TEST(ProfilePanel, ANewProfileHasPlaceholdersNotValues)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("New"));
    for (const char *name : { "baseUrl", "model" }) {
        auto *edit = child<QLineEdit>(&panel, name);
        EXPECT_TRUE(edit->text().isEmpty()) << name;
        EXPECT_FALSE(edit->placeholderText().isEmpty()) << name;
    }
    EXPECT_TRUE(panel.validationError().startsWith(u"Enter the Base URL")) << panel.validationError().toStdString();
}

// The Run button's Base URL checks, as you type, with the fix one click away.
TEST(ProfilePanel, BaseUrlMistakesAreFlaggedAsYouTypeWithTheFix)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Gateway"));
    panel.show();
    type(&panel, "model", QStringLiteral("m"));
    auto *problem = child<QLabel>(&panel, "baseUrlProblem");
    ASSERT_NE(problem, nullptr);
    type(&panel, "baseUrl", QStringLiteral("https://api.example.com/v1/chat/completions"));
    EXPECT_TRUE(problem->isVisible()) << "flagged while typing, before Run";
    EXPECT_FALSE(panel.validationError().isEmpty()) << "Run and Test connection refuse it";
    EXPECT_TRUE(problem->text().contains(u"Use https://api.example.com/v1")) << problem->text().toStdString();
    Q_EMIT problem->linkActivated(QStringLiteral("https://api.example.com/v1"));
    EXPECT_EQ(child<QLineEdit>(&panel, "baseUrl")->text().toStdString(), "https://api.example.com/v1");
    EXPECT_FALSE(problem->isVisible());
    EXPECT_TRUE(panel.validationError().isEmpty()) << panel.validationError().toStdString();

    type(&panel, "baseUrl", QStringLiteral("https://api.example.com/v1/v1"));
    EXPECT_TRUE(problem->isVisible());
    EXPECT_TRUE(panel.validationError().contains(u"/v1")) << panel.validationError().toStdString();
}

// {"stream": false} would turn off the very thing measured: refused. Keys that replace what
// TokenScope sends (model, messages, ...) are flagged.
TEST(ProfilePanel, ExtraBodyCannotTurnOffStreamingAndOverridesAreFlagged)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Overrides"));
    panel.show();
    type(&panel, "baseUrl", QStringLiteral("https://api.example.com/v1"));
    type(&panel, "model", QStringLiteral("m"));
    auto *body = child<QPlainTextEdit>(&panel, "extraBody");
    auto *status = child<QLabel>(&panel, "extraBodyError");
    body->setPlainText(QStringLiteral("{\"stream\": false, \"model\": \"x\"}"));
    EXPECT_TRUE(status->isVisible());
    EXPECT_TRUE(status->text().contains(u"always streams")) << status->text().toStdString();
    EXPECT_FALSE(panel.validationError().isEmpty());

    body->setPlainText(QStringLiteral("{\"model\": \"x\", \"top_p\": 0.9}"));
    EXPECT_TRUE(status->isVisible());
    EXPECT_TRUE(status->text().contains(u"Overrides what TokenScope sends: model")) << status->text().toStdString();
    EXPECT_TRUE(panel.validationError().isEmpty()) << "an override is allowed, and said";

    RunConfig config;
    config.baseUrl = QStringLiteral("http://127.0.0.1:1/v1");
    config.extraBody = QJsonObject { { QStringLiteral("stream"), false } };
    EXPECT_TRUE(RunCheck::problem(config).contains(u"stream")) << "the CLI's --extra-body is refused too";
}

TEST(ProfilePanel, OtherFieldProblemsAreNamed)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Broken"));
    type(&panel, "model", QStringLiteral("m"));
    type(&panel, "baseUrl", QStringLiteral("api.example.com/v1"));
    EXPECT_TRUE(panel.validationError().contains(u"http://")) << panel.validationError().toStdString();
    type(&panel, "baseUrl", QStringLiteral("https://api.example.com/v1"));
    EXPECT_TRUE(panel.validationError().isEmpty());
    choose(&panel, "proxyMode", int(ProxyMode::Custom));
    type(&panel, "proxyUrl", QStringLiteral("https://proxy.example"));
    EXPECT_TRUE(panel.validationError().contains(u"socks5://")) << panel.validationError().toStdString();
    choose(&panel, "proxyMode", int(ProxyMode::System));
    child<QPushButton>(&panel, "addHeader")->click();
    child<QTableWidget>(&panel, "headers")->item(0, 0)->setText(QStringLiteral("Bad Header"));
    EXPECT_TRUE(panel.validationError().contains(u"Bad Header")) << panel.validationError().toStdString();
}

TEST(ProfilePanel, NoSecureStorageShowsTheBannerAndItsThreeWaysOut)
{
    Fixture f;
    f.keys.noSecureStorage = true;
    ProfilePanel panel(&f.store, &f.keys);
    panel.show();
    const QString id = panel.createProfile(QStringLiteral("OpenAI"));
    auto *banner = child<QWidget>(&panel, "noSecureStorageBanner");
    ASSERT_TRUE(QTest::qWaitFor([&] { return banner->isVisible(); }, kWaitMs)) << "the banner, not only a tooltip";
    const QString text = child<QLabel>(&panel, "noSecureStorageText")->text();
    EXPECT_TRUE(text.contains(u"No secure key storage")) << text.toStdString();
    EXPECT_TRUE(text.contains(u"Could not connect")) << "the backend's own words: " << text.toStdString();
    type(&panel, "baseUrl", QStringLiteral("https://api.openai.com/v1"));
    type(&panel, "apiKey", kKey);
    saveScreenshot(&panel, QStringLiteral("/tmp/profile-nosecure.png"));
    saveScreenshot(&panel, QStringLiteral("/tmp/profile-nosecure-narrow.png"), 0);

    // Until the user chooses, the key works for this session and is written nowhere.
    panel.saveNow();
    EXPECT_TRUE(panel.applyTo(RunConfig {}).apiKey == kKey);
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8()));

    // 1. The environment variable.
    child<QPushButton>(&panel, "useEnvironment")->click();
    EXPECT_FALSE(banner->isVisible());
    EXPECT_EQ(child<QLineEdit>(&panel, "keyEnvVar")->text().toStdString(), "OPENAI_API_KEY");
    type(&panel, "keyEnvVar", QStringLiteral("TOKENSCOPE_PANEL_TEST_KEY"));
    qputenv("TOKENSCOPE_PANEL_TEST_KEY", "sk-from-the-environment");
    EXPECT_EQ(panel.applyTo(RunConfig {}).apiKey.toStdString(), "sk-from-the-environment");
    qunsetenv("TOKENSCOPE_PANEL_TEST_KEY");
    panel.saveNow();
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8()));
    EXPECT_TRUE(f.settingsFile().contains("TOKENSCOPE_PANEL_TEST_KEY"));

    // 2. This session only.
    choose(&panel, "keySource", int(KeySource::Keychain));
    EXPECT_TRUE(banner->isVisible()) << "back to the keychain that does not answer";
    child<QPushButton>(&panel, "useSession")->click();
    EXPECT_FALSE(banner->isVisible());
    type(&panel, "apiKey", kKey);
    panel.saveNow();
    EXPECT_TRUE(panel.applyTo(RunConfig {}).apiKey == kKey);
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8()));

    // 3. Plaintext, only after the warning is accepted.
    bool asked = false;
    panel.editor()->setPlaintextConfirmation([&asked](QWidget *) {
        asked = true;
        return false;
    });
    child<QPushButton>(&panel, "usePlaintext")->click();
    EXPECT_TRUE(asked);
    EXPECT_EQ(child<QComboBox>(&panel, "keySource")->currentData().toInt(), int(KeySource::SessionOnly))
        << "declining the warning keeps the previous choice";
    panel.saveNow();
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8()));

    panel.editor()->setPlaintextConfirmation([](QWidget *) { return true; });
    choose(&panel, "keySource", int(KeySource::Plaintext));
    panel.saveNow();
    EXPECT_TRUE(f.settingsFile().contains(kKey.toUtf8())) << "the user opted in";
    EXPECT_EQ(f.store.find(id)->keySource, KeySource::Plaintext);
}

TEST(ProfilePanel, DuplicateRenameDeleteAndNotEditableWhileRunning)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    const QString first = panel.createProfile(QStringLiteral("A"));
    type(&panel, "apiKey", kKey);
    panel.saveNow();
    ASSERT_TRUE(QTest::qWaitFor([&] { return f.keys.keys.contains(first); }, kWaitMs));

    const QString copy = panel.duplicateSelected(QStringLiteral("A (copy)"));
    ASSERT_FALSE(copy.isEmpty());
    EXPECT_NE(copy, first);
    EXPECT_TRUE(panel.applyTo(RunConfig {}).apiKey == kKey) << "the copy has the key too";
    ASSERT_TRUE(QTest::qWaitFor([&] { return f.keys.keys.contains(copy); }, kWaitMs));

    panel.renameSelected(QStringLiteral("B"));
    auto *selector = child<QComboBox>(&panel, "profileSelector");
    EXPECT_EQ(selector->currentText().toStdString(), "B");
    EXPECT_EQ(f.store.find(copy)->name.toStdString(), "B");
    EXPECT_EQ(selector->count(), 3);

    EXPECT_TRUE(panel.deleteSelected());
    EXPECT_EQ(selector->count(), 2);
    EXPECT_EQ(f.store.find(copy), nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !f.keys.keys.contains(copy); }, kWaitMs)) << "its keychain entry goes too";

    panel.setEditable(false);
    EXPECT_FALSE(selector->isEnabled());
    EXPECT_FALSE(panel.editor()->isEnabled());
    panel.setEditable(true);
    EXPECT_TRUE(selector->isEnabled());
}

// The API list offers every kind; choosing Anthropic changes the examples and the key variable.
TEST(ProfilePanel, ChoosingAnApiKindFitsTheExamplesAndTheKeyVariable)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Claude gateway"));
    auto *api = child<QComboBox>(&panel, "apiKind");
    QList<ApiKind> kinds;
    for (int i = 0; i < api->count(); ++i)
        kinds.append(ApiKind(api->itemData(i).toInt()));
    for (ApiKind kind : { ApiKind::ChatCompletions, ApiKind::Responses, ApiKind::AnthropicMessages, ApiKind::Completions })
        EXPECT_TRUE(kinds.contains(kind)) << apiKindName(kind).toStdString();

    choose(&panel, "keySource", int(KeySource::EnvironmentVariable));
    EXPECT_EQ(child<QLineEdit>(&panel, "keyEnvVar")->text().toStdString(), "OPENAI_API_KEY");
    choose(&panel, "apiKind", int(ApiKind::AnthropicMessages));
    EXPECT_EQ(child<QLineEdit>(&panel, "keyEnvVar")->text().toStdString(), "ANTHROPIC_API_KEY");
    EXPECT_EQ(child<QLineEdit>(&panel, "baseUrl")->placeholderText().toStdString(), "https://api.anthropic.com");
    EXPECT_TRUE(child<QLineEdit>(&panel, "baseUrl")->toolTip().contains(u"/v1/messages"));

    // The Base URL rules of the kind, as you type: a pasted /v1/messages is flagged with the fix.
    type(&panel, "baseUrl", QStringLiteral("https://api.anthropic.com/v1/messages"));
    auto *problem = child<QLabel>(&panel, "baseUrlProblem");
    EXPECT_FALSE(problem->isHidden());
    EXPECT_TRUE(problem->text().contains(u"https://api.anthropic.com")) << problem->text().toStdString();
    type(&panel, "baseUrl", QStringLiteral("https://api.anthropic.com"));
    EXPECT_TRUE(problem->isHidden()) << problem->text().toStdString();

    type(&panel, "model", QStringLiteral("claude-sonnet-4-5"));
    const RunConfig config = panel.applyTo(RunConfig {});
    EXPECT_EQ(config.api, ApiKind::AnthropicMessages);
    // A variable the user named stays when the kind changes again.
    type(&panel, "keyEnvVar", QStringLiteral("MY_GATEWAY_TOKEN"));
    choose(&panel, "apiKind", int(ApiKind::ChatCompletions));
    EXPECT_EQ(child<QLineEdit>(&panel, "keyEnvVar")->text().toStdString(), "MY_GATEWAY_TOKEN");
}

// Per-chunk usage (docs/metrics.md#per-token-itl-from-per-chunk-usage) is a profile setting, saved
// with it, and only chat and completions endpoints can ask for it.
TEST(ProfilePanel, PerChunkUsageIsSavedAndOnlyChatAndCompletionsAsk)
{
    Fixture f;
    QString id;
    {
        ProfilePanel panel(&f.store, &f.keys);
        id = panel.createProfile(QStringLiteral("vLLM box"));
        type(&panel, "baseUrl", QStringLiteral("http://gpu.example:8000/v1"));
        type(&panel, "model", QStringLiteral("qwen"));
        auto *perChunk = child<QCheckBox>(&panel, "perChunkUsage");
        EXPECT_TRUE(perChunk->isEnabled());
        EXPECT_FALSE(perChunk->toolTip().isEmpty());
        perChunk->click();
        EXPECT_TRUE(panel.applyTo(RunConfig {}).perChunkUsage);
        choose(&panel, "apiKind", int(ApiKind::AnthropicMessages));
        EXPECT_FALSE(perChunk->isEnabled());
        EXPECT_FALSE(panel.applyTo(RunConfig {}).perChunkUsage) << "Anthropic has no stream_options";
        choose(&panel, "apiKind", int(ApiKind::ChatCompletions));
        panel.saveNow();
    }
    QSettings settings(f.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    ProfilePanel again(&store, &f.keys);
    EXPECT_EQ(again.selectedProfileId(), id);
    EXPECT_TRUE(again.applyTo(RunConfig {}).perChunkUsage);
}

// The server presets tick what vLLM and SGLang understand, and nothing is stored of the choice.
TEST(ProfilePanel, ServerPresetsTickWhatTheServerUnderstands)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Inference box"));
    auto *preset = child<QComboBox>(&panel, "serverPreset");
    const auto pick = [preset](const QString &server) {
        const int index = preset->findText(server);
        ASSERT_GE(index, 0);
        preset->setCurrentIndex(index);
        Q_EMIT preset->activated(index);
    };
    pick(QStringLiteral("vLLM"));
    RunConfig config = panel.applyTo(RunConfig {});
    EXPECT_TRUE(config.workload.ignoreEos);
    EXPECT_TRUE(config.workload.minTokens);
    EXPECT_TRUE(config.perChunkUsage);
    EXPECT_EQ(preset->currentIndex(), 0) << "a filler, not a setting";
    pick(QStringLiteral("SGLang"));
    config = panel.applyTo(RunConfig {});
    EXPECT_TRUE(config.workload.ignoreEos);
    EXPECT_FALSE(config.workload.minTokens) << "the editor offers min_tokens for vLLM only";
    EXPECT_TRUE(config.perChunkUsage);
}

// "Fetch models" asks the real simulator over loopback and lists what it serves; the model typed
// stays. An endpoint that lists no models says so instead.
TEST(ProfilePanel, FetchModelsListsWhatTheEndpointServes)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(SimConfig {}));
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.setSimulatorEndpoint(sim.baseUrl().toString(), QStringLiteral("built-in simulator (test)"));
    ProfileEditor *editor = panel.editor();
    child<QPushButton>(&panel, "fetchModels")->click();
    auto *fetch = child<QPushButton>(&panel, "fetchModels");
    EXPECT_FALSE(fetch->isEnabled()) << "off while the endpoint is asked";
    EXPECT_TRUE(editor->modelsStatusText().startsWith(u"Asking")) << editor->modelsStatusText().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([fetch] { return fetch->isEnabled(); }, 20000));
    const QStringList models = editor->listedModels();
    EXPECT_TRUE(models.contains(QStringLiteral("tokenscope-sim"))) << models.join(u',').toStdString();
    EXPECT_EQ(child<QLineEdit>(&panel, "model")->text().toStdString(), "tokenscope-sim") << "the typed model stays";
    EXPECT_TRUE(editor->modelsStatusText().contains(u"listed")) << editor->modelsStatusText().toStdString();

    // A server that answers 404 to GET /models.
    QTcpServer none;
    ASSERT_TRUE(none.listen(QHostAddress::LocalHost));
    QObject::connect(&none, &QTcpServer::newConnection, &none, [&none] {
        QTcpSocket *socket = none.nextPendingConnection();
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket] {
            socket->readAll();
            socket->write("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 21\r\n"
                          "Connection: close\r\n\r\n{\"error\":\"not found\"}");
            socket->disconnectFromHost();
        });
    });
    panel.createProfile(QStringLiteral("No list"));
    type(&panel, "baseUrl", QStringLiteral("http://127.0.0.1:%1/v1").arg(none.serverPort()));
    type(&panel, "model", QStringLiteral("my-model"));
    EXPECT_TRUE(editor->listedModels().isEmpty()) << "another profile's list is not kept";
    child<QPushButton>(&panel, "fetchModels")->click();
    ASSERT_TRUE(QTest::qWaitFor([fetch] { return fetch->isEnabled(); }, 20000));
    EXPECT_TRUE(editor->listedModels().isEmpty());
    EXPECT_TRUE(editor->modelsStatusText().contains(u"list")) << editor->modelsStatusText().toStdString();
    EXPECT_EQ(child<QLineEdit>(&panel, "model")->text().toStdString(), "my-model");
    saveScreenshot(&panel, QStringLiteral("/tmp/profile-models.png"));
}

// An endpoint found in the environment becomes a profile whose key is in the keychain and never
// in the settings file.
TEST(ProfilePanel, AProfileFromTheEnvironmentKeepsItsKeyInTheKeychain)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("ANTHROPIC_BASE_URL"), QStringLiteral("https://gateway.example.com/anthropic"));
    environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), kKey);
    const QList<EnvironmentEndpoint> found = endpointsFromEnvironment(environment);
    ASSERT_EQ(found.size(), 1);
    const QString id = panel.createProfileFrom(found.first());
    EXPECT_EQ(panel.selectedProfileId(), id);
    EXPECT_EQ(child<QLineEdit>(&panel, "baseUrl")->text().toStdString(), "https://gateway.example.com/anthropic");
    EXPECT_EQ(ApiKind(child<QComboBox>(&panel, "apiKind")->currentData().toInt()), ApiKind::AnthropicMessages);
    const RunConfig config = panel.applyTo(RunConfig {});
    EXPECT_TRUE(config.apiKey == kKey);
    ASSERT_TRUE(QTest::qWaitFor([&f, id] { return f.keys.keys.contains(id); }, kWaitMs));
    EXPECT_TRUE(f.keys.keys.value(id) == kKey);
    panel.saveNow();
    f.settings.sync();
    EXPECT_FALSE(f.settingsFile().contains(kKey.toUtf8())) << "the key never touches the settings file";
}

// The Duplicate dialog is wide enough for its title in a title bar (it read "Duplic… profile").
TEST(ProfilePanel, TheDuplicateDialogFitsItsTitleAndNamesTheCopy)
{
    Fixture f;
    ProfilePanel panel(&f.store, &f.keys);
    panel.createProfile(QStringLiteral("Local vLLM"));
    panel.show();
    QString title;
    QString offered;
    int width = 0;
    QTimer::singleShot(0, &panel, [&] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        title = dialog->windowTitle();
        offered = dialog->textValue();
        width = dialog->width();
        QFont bold = dialog->font();
        bold.setBold(true);
        EXPECT_GE(dialog->minimumWidth(), QFontMetrics(bold).horizontalAdvance(title) + 100);
        dialog->reject();
    });
    QTest::mouseClick(child<QPushButton>(&panel, "duplicateProfile"), Qt::LeftButton);
    EXPECT_EQ(title, QStringLiteral("Duplicate profile"));
    EXPECT_EQ(offered, QStringLiteral("Local vLLM (copy)"));
    EXPECT_GE(width, 360);
}
