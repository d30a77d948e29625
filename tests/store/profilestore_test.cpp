// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ProfileStore against a real INI settings file in a temporary directory.
#include "servermetrics/metricsscraper.h"
#include "store/profilestore.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

const QString kSecret = QStringLiteral("sk-profilestore-SECRET-7f3a");

struct SettingsFile {
    QTemporaryDir dir;
    QString path() const { return dir.filePath(QStringLiteral("tokenscope.ini")); }
    QByteArray contents() const
    {
        QFile file(path());
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
};

EndpointProfile fullProfile()
{
    EndpointProfile p = EndpointProfile::create(QStringLiteral("Gateway (staging)"));
    p.baseUrl = QStringLiteral("https://gateway.example/v1");
    p.model = QStringLiteral("qwen2.5-72b-instruct");
    p.api = ApiKind::Completions;
    p.headers = {{QStringLiteral("X-Team"), QStringLiteral("perf")}, {QStringLiteral("X-Trace"), QStringLiteral("on")}};
    p.extraBody = QJsonObject {{QStringLiteral("top_p"), 0.9}, {QStringLiteral("seed"), 7}};
    p.proxyMode = ProxyMode::Custom;
    p.proxyUrl = QStringLiteral("socks5://127.0.0.1:1080");
    p.http2 = true;
    p.transport = QStringLiteral("curl");
    p.busyPoll = true;
    p.ignoreEos = true; // a vLLM behind the gateway: it understands ignore_eos, not necessarily min_tokens
    p.metricsUrl = QStringLiteral("http://vllm.internal:8000/metrics"); // another origin than the gateway's
    p.metricsSendKey = true;
    p.keySource = KeySource::EnvironmentVariable;
    p.keyEnvVar = QStringLiteral("GATEWAY_KEY");
    return p;
}

} // namespace

TEST(ProfileStore, FirstStartHasExactlyTheBuiltInSimulatorSelected)
{
    SettingsFile file;
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    ASSERT_EQ(store.profiles().size(), 1);
    const EndpointProfile &sim = store.profiles().first();
    EXPECT_TRUE(sim.builtInSimulator);
    EXPECT_EQ(sim.name.toStdString(), "Built-in simulator");
    EXPECT_EQ(store.selectedId(), sim.id);
    EXPECT_FALSE(sim.id.isEmpty());

    // A second start finds the same profile, not a new one.
    QSettings again(file.path(), QSettings::IniFormat);
    ProfileStore reloaded(&again);
    reloaded.load();
    ASSERT_EQ(reloaded.profiles().size(), 1);
    EXPECT_EQ(reloaded.profiles().first().id, sim.id);
    EXPECT_EQ(reloaded.selectedId(), sim.id);
}

TEST(ProfileStore, RoundTripKeepsEveryFieldOrderAndSelection)
{
    SettingsFile file;
    const EndpointProfile full = fullProfile();
    EndpointProfile second = EndpointProfile::create(QStringLiteral("OpenAI"));
    {
        QSettings settings(file.path(), QSettings::IniFormat);
        ProfileStore store(&settings);
        store.load();
        store.upsert(full);
        store.upsert(second);
        store.setSelectedId(full.id);
        store.save();
    }
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    ASSERT_EQ(store.profiles().size(), 3);
    EXPECT_TRUE(store.profiles()[0].builtInSimulator);
    EXPECT_TRUE(store.profiles()[1] == full) << "every field of the profile survives the settings file";
    EXPECT_EQ(store.profiles()[2].name.toStdString(), "OpenAI");
    EXPECT_EQ(store.selectedId(), full.id) << "the last selected profile is remembered";
}

TEST(ProfileStore, RemovedProfileLeavesNoGroupAndTheSimulatorCannotBeRemoved)
{
    SettingsFile file;
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    const EndpointProfile p = fullProfile();
    store.upsert(p);
    store.setSelectedId(p.id);
    store.save();
    ASSERT_TRUE(file.contents().contains(p.id.toUtf8()));

    EXPECT_FALSE(store.remove(store.profiles().first().id)) << "the built-in simulator stays";
    EXPECT_TRUE(store.remove(p.id));
    store.save();
    EXPECT_FALSE(file.contents().contains(p.id.toUtf8()));
    EXPECT_EQ(store.selectedId(), store.profiles().first().id) << "the selection falls back to a profile that exists";
}

TEST(ProfileStore, KeyIsInTheSettingsFileOnlyForPlaintext)
{
    for (KeySource source : {KeySource::Keychain, KeySource::EnvironmentVariable, KeySource::SessionOnly,
                             KeySource::Plaintext}) {
        SCOPED_TRACE(keySourceName(source).toStdString());
        SettingsFile file;
        QSettings settings(file.path(), QSettings::IniFormat);
        ProfileStore store(&settings);
        store.load();
        EndpointProfile p = fullProfile();
        p.keySource = source;
        p.plaintextKey = kSecret; // even when set by mistake, only Plaintext writes it
        store.upsert(p);
        store.save();
        const bool inFile = file.contents().contains(kSecret.toUtf8());
        EXPECT_EQ(inFile, source == KeySource::Plaintext);

        QSettings reread(file.path(), QSettings::IniFormat);
        ProfileStore reloaded(&reread);
        reloaded.load();
        ASSERT_NE(reloaded.find(p.id), nullptr);
        EXPECT_EQ(reloaded.find(p.id)->keySource, source);
        EXPECT_EQ(reloaded.find(p.id)->plaintextKey == kSecret, source == KeySource::Plaintext);
    }
}

TEST(ProfileStore, SwitchingAwayFromPlaintextRemovesTheKeyFromTheFile)
{
    SettingsFile file;
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    EndpointProfile p = fullProfile();
    p.keySource = KeySource::Plaintext;
    p.plaintextKey = kSecret;
    store.upsert(p);
    store.save();
    ASSERT_TRUE(file.contents().contains(kSecret.toUtf8()));

    p.keySource = KeySource::Keychain;
    store.upsert(p);
    store.save();
    EXPECT_FALSE(file.contents().contains(kSecret.toUtf8()));
}

TEST(ProfileStore, ApplyToCopiesEverythingButTheKey)
{
    RunConfig config;
    config.apiKey = QStringLiteral("sk-untouched");
    EndpointProfile p = fullProfile();
    p.plaintextKey = kSecret;
    p.applyTo(&config);
    EXPECT_EQ(config.baseUrl.toStdString(), "https://gateway.example/v1");
    EXPECT_EQ(config.model.toStdString(), "qwen2.5-72b-instruct");
    EXPECT_EQ(config.api, ApiKind::Completions);
    ASSERT_EQ(config.headers.size(), 2);
    EXPECT_EQ(config.headers[0].first.toStdString(), "X-Team");
    EXPECT_EQ(config.headers[0].second.toStdString(), "perf");
    EXPECT_EQ(config.extraBody.value(u"seed").toInt(), 7);
    EXPECT_EQ(config.proxyMode, ProxyMode::Custom);
    EXPECT_EQ(config.proxyUrl.toStdString(), "socks5://127.0.0.1:1080");
    EXPECT_TRUE(config.http2);
    EXPECT_EQ(config.transport.toStdString(), "curl");
    EXPECT_TRUE(config.busyPoll);
    EXPECT_TRUE(config.workload.ignoreEos) << "the profile remembers what its server understands";
    EXPECT_FALSE(config.workload.minTokens);
    EXPECT_EQ(config.serverMetricsUrl.toStdString(), "http://vllm.internal:8000/metrics");
    EXPECT_TRUE(config.serverMetricsSendKey);
    EXPECT_EQ(config.apiKey.toStdString(), "sk-untouched");

    // The simulator's profile leaves the Base URL to whoever started the simulator.
    RunConfig simConfig;
    simConfig.baseUrl = QStringLiteral("http://127.0.0.1:4242/v1");
    EndpointProfile::builtInSimulatorProfile().applyTo(&simConfig);
    EXPECT_EQ(simConfig.baseUrl.toStdString(), "http://127.0.0.1:4242/v1");
    EXPECT_EQ(simConfig.proxyMode, ProxyMode::None);
}

TEST(ProfileStore, MetricsUrlAndSendKeySurviveTheSettingsFile)
{
    SettingsFile file;
    EndpointProfile p = EndpointProfile::create(QStringLiteral("Local vLLM"));
    p.baseUrl = QStringLiteral("http://gpu-box:8000/v1");
    p.metricsUrl = QStringLiteral("http://gpu-box:9090/metrics");
    p.metricsSendKey = true;
    EndpointProfile plain = EndpointProfile::create(QStringLiteral("No metrics"));
    {
        QSettings settings(file.path(), QSettings::IniFormat);
        ProfileStore store(&settings);
        store.load();
        store.upsert(p);
        store.upsert(plain);
        store.save();
    }
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    const EndpointProfile *back = store.find(p.id);
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->metricsUrl.toStdString(), "http://gpu-box:9090/metrics");
    EXPECT_TRUE(back->metricsSendKey);
    const EndpointProfile *none = store.find(plain.id);
    ASSERT_NE(none, nullptr);
    EXPECT_TRUE(none->metricsUrl.isEmpty());
    EXPECT_FALSE(none->metricsSendKey) << "the key goes to another origin only when asked";
}

TEST(ProfileStore, TransportAndBusyPollSurviveTheSettingsFileAndOlderStoresReadQtNetwork)
{
    SettingsFile file;
    EndpointProfile curl = EndpointProfile::create(QStringLiteral("Local vLLM, libcurl"));
    curl.baseUrl = QStringLiteral("http://gpu-box:8000/v1");
    curl.transport = QStringLiteral("curl");
    curl.busyPoll = true;
    EndpointProfile old = EndpointProfile::create(QStringLiteral("Stored before transports"));
    old.baseUrl = QStringLiteral("http://gpu-box:8000/v1");
    old.transport = QStringLiteral("curl"); // both keys are removed from the file below
    old.busyPoll = true;
    {
        QSettings settings(file.path(), QSettings::IniFormat);
        ProfileStore store(&settings);
        store.load();
        store.upsert(curl);
        store.upsert(old);
        store.save();
        // What a version without a transport choice wrote: the group has neither key.
        settings.remove(QStringLiteral("profiles/%1/transport").arg(old.id));
        settings.remove(QStringLiteral("profiles/%1/busyPoll").arg(old.id));
        settings.sync();
    }
    ASSERT_TRUE(file.contents().contains("transport=curl"));
    ASSERT_TRUE(file.contents().contains("busyPoll=true"));
    QSettings settings(file.path(), QSettings::IniFormat);
    ProfileStore store(&settings);
    store.load();
    const EndpointProfile *back = store.find(curl.id);
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->transport.toStdString(), "curl");
    EXPECT_TRUE(back->busyPoll);
    const EndpointProfile *older = store.find(old.id);
    ASSERT_NE(older, nullptr);
    EXPECT_EQ(older->transport.toStdString(), "qnam") << "a store without the key keeps Qt network";
    EXPECT_FALSE(older->busyPoll);
    RunConfig config;
    older->applyTo(&config);
    EXPECT_EQ(config.transport.toStdString(), "qnam");
    EXPECT_FALSE(config.busyPoll);
}

TEST(ProfileStore, BusyPollIsAppliedOnlyWithLibcurl)
{
    EndpointProfile p = EndpointProfile::create(QStringLiteral("Switched back to Qt network"));
    p.busyPoll = true; // ticked while libcurl was chosen, kept for when it is chosen again
    RunConfig config;
    p.applyTo(&config);
    EXPECT_EQ(config.transport.toStdString(), "qnam");
    EXPECT_FALSE(config.busyPoll) << "a run through Qt network is not recorded as busy-polling";
    p.transport = QStringLiteral("curl");
    p.applyTo(&config);
    EXPECT_EQ(config.transport.toStdString(), "curl");
    EXPECT_TRUE(config.busyPoll);
}

TEST(ProfileStore, SuggestedMetricsUrlIsTheBaseUrlsOriginAndOriginsCompareByPort)
{
    EXPECT_EQ(ServerMetrics::suggestedUrl(QStringLiteral("http://host:8000/v1")).toStdString(), "http://host:8000/metrics");
    EXPECT_EQ(ServerMetrics::suggestedUrl(QStringLiteral("https://api.example/openai/v1?x=1")).toStdString(),
        "https://api.example/metrics");
    EXPECT_EQ(ServerMetrics::suggestedUrl(QStringLiteral("http://user:pw@[::1]:8000/v1")).toStdString(), "http://[::1]:8000/metrics");
    EXPECT_TRUE(ServerMetrics::suggestedUrl(QStringLiteral("not a url")).isEmpty());
    EXPECT_TRUE(ServerMetrics::suggestedUrl(QString()).isEmpty());

    EXPECT_TRUE(ServerMetrics::sameOrigin(QStringLiteral("http://host:8000/v1"), QStringLiteral("http://host:8000/metrics")));
    EXPECT_TRUE(ServerMetrics::sameOrigin(QStringLiteral("https://host/v1"), QStringLiteral("https://host:443/metrics")));
    EXPECT_FALSE(ServerMetrics::sameOrigin(QStringLiteral("http://host:8000/v1"), QStringLiteral("http://host:9090/metrics")));
    EXPECT_FALSE(ServerMetrics::sameOrigin(QStringLiteral("http://host/v1"), QStringLiteral("https://host/metrics")));
    EXPECT_FALSE(ServerMetrics::sameOrigin(QStringLiteral("http://host/v1"), QStringLiteral("http://other/metrics")));
    EXPECT_FALSE(ServerMetrics::sameOrigin(QStringLiteral("http://host/v1"), QString()));
}
