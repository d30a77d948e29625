// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/secrets.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace TokenScope;

TEST(Secrets, AUrlIsWrittenWithoutItsUserInfoOrCredentialQueryValues)
{
    EXPECT_EQ(urlForDisplay(QStringLiteral("https://alice:pw@api.example.com:8443/v1?api_key=abc123&region=eu"))
                  .toStdString(),
        "https://[redacted]@api.example.com:8443/v1?api_key=[redacted]&region=eu");
    EXPECT_EQ(urlForDisplay(QStringLiteral("http://h/v1?access_token=t&X-Amz-Signature=s")).toStdString(),
        "http://h/v1?access_token=[redacted]&X-Amz-Signature=[redacted]");
    // Nothing to hide: the text comes back as it was given.
    EXPECT_EQ(urlForDisplay(QStringLiteral("http://127.0.0.1:8000/v1?model=a%20b")).toStdString(),
        "http://127.0.0.1:8000/v1?model=a%20b");
    EXPECT_EQ(urlForDisplay(QStringLiteral("not a url")).toStdString(), "not a url");
    EXPECT_EQ(urlForDisplay(QString()).toStdString(), "");
}

TEST(Secrets, ARunsSecretsAreItsKeyAndTheCredentialsOfItsUrls)
{
    RunConfig config;
    config.apiKey = QStringLiteral("sk-live-0123456789");
    config.baseUrl = QStringLiteral("https://user-name-1:long-password-2@h/v1?key=query-secret-3");
    config.serverMetricsUrl = QStringLiteral("http://h:9/metrics?token=metrics-token-4");
    config.headers = { { QByteArrayLiteral("X-Gateway-Key"), QByteArrayLiteral("gateway-secret-5") },
        { QByteArrayLiteral("X-Trace"), QByteArrayLiteral("trace-value-is-public") } };
    const Secrets secrets = Secrets::of(config);
    const QString echoed = QStringLiteral("sk-live-0123456789 user-name-1 long-password-2 query-secret-3 "
                                          "metrics-token-4 gateway-secret-5 trace-value-is-public");
    EXPECT_EQ(secrets.redact(echoed).toStdString(),
        "[redacted] [redacted] [redacted] [redacted] [redacted] [redacted] trace-value-is-public");
}

TEST(Secrets, AShortSecretIsNotSearchedForButAQuotedUrlLosesItsUserInfo)
{
    RunConfig config;
    config.apiKey = QStringLiteral("EMPTY"); // a placeholder key: "EMPTY" in ordinary text stays
    config.baseUrl = QStringLiteral("http://bob:pw@h/v1");
    const Secrets secrets = Secrets::of(config);
    EXPECT_EQ(
        secrets.redact(QStringLiteral("EMPTY queue; Error transferring http://bob:pw@h/v1/x - 500")).toStdString(),
        "EMPTY queue; Error transferring http://[redacted]@h/v1/x - 500");
}

TEST(Secrets, ARecordAndTheSettingsAreCleanedWhereAServerCouldHaveEchoed)
{
    RunConfig config;
    config.apiKey = QStringLiteral("sk-live-0123456789");
    config.baseUrl = QStringLiteral("http://h/v1?api_key=query-secret-3");
    config.extraBody = QJsonObject { { QStringLiteral("user"), QStringLiteral("sk-live-0123456789") } };
    RequestRecord record;
    record.responseId = QStringLiteral("chatcmpl-sk-live-0123456789");
    record.errorMessage = QStringLiteral("bad key sk-live-0123456789 for /v1?api_key=query-secret-3");
    Secrets::of(config).redact(&record);
    EXPECT_EQ(record.responseId.toStdString(), "chatcmpl-[redacted]");
    EXPECT_EQ(record.errorMessage.toStdString(), "bad key [redacted] for /v1?api_key=[redacted]");

    const QByteArray json = QJsonDocument(config.toJson()).toJson();
    EXPECT_FALSE(json.contains("sk-live-0123456789")) << json.toStdString();
    EXPECT_FALSE(json.contains("query-secret-3")) << json.toStdString();
}
