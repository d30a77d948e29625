// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The settings problems the core library reports before a run starts (shown under Run after
// pressing it, and in the connection check) follow the window's language; without a translator
// they stay English, as the CLI prints them.
#include "engine/runcheck.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <QTranslator>
#include <functional>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// Installs the shipped Simplified Chinese translation (the file ui/language.cpp loads) for one test.
class ChineseTranslation
{
public:
    ChineseTranslation()
    {
        m_loaded = m_translator.load(QStringLiteral(":/i18n/tokenscope_zh_CN"))
            && QCoreApplication::installTranslator(&m_translator);
    }
    ~ChineseTranslation() { remove(); }
    ChineseTranslation(const ChineseTranslation &) = delete;
    ChineseTranslation &operator=(const ChineseTranslation &) = delete;

    bool loaded() const { return m_loaded; }
    void remove() { QCoreApplication::removeTranslator(&m_translator); }

private:
    QTranslator m_translator;
    bool m_loaded = false;
};

bool hasChinese(const QString &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(text).hasMatch();
}

QString doubledV1Problem()
{
    return resolveEndpoint(QStringLiteral("http://127.0.0.1:8000/v1/v1"), ApiKind::ChatCompletions).error;
}

QString extraBodyProblem(const QString &text)
{
    QJsonObject body;
    QString error;
    EXPECT_FALSE(RequestBuilder::parseExtraBody(text, &body, &error)) << text.toStdString();
    return error;
}

QString validationProblem(const std::function<void(RunConfig &)> &spoil)
{
    RunConfig config;
    spoil(config);
    return RunCheck::problem(config);
}

// One settings problem of every kind the core reports before a run (19 texts in all).
QStringList everyProblem(const QString &pemlessFile)
{
    const auto chat = ApiKind::ChatCompletions;
    return {
        doubledV1Problem(),
        resolveEndpoint(QStringLiteral("https://host/v1/chat/completions"), chat).error,
        resolveEndpoint(QString(), chat).error,
        resolveEndpoint(QStringLiteral("ftp://host/v1"), chat).error,
        extraBodyProblem(QStringLiteral("{\"top_p\": ")),
        extraBodyProblem(QStringLiteral("[0.9]")),
        validationProblem([](RunConfig &c) { c.model = QStringLiteral(" "); }),
        validationProblem([](RunConfig &c) { c.concurrencyLevels.clear(); }),
        validationProblem([](RunConfig &c) { c.concurrencyLevels = { 5000 }; }),
        validationProblem([](RunConfig &c) { c.maxTokens = 0; }),
        validationProblem([](RunConfig &c) { c.requestsPerConcurrency = 0; }),
        validationProblem([](RunConfig &c) { c.warmupRequests = -1; }),
        validationProblem([](RunConfig &c) { c.timeoutMs = 0; }),
        validationProblem([](RunConfig &c) {
            c.headers = { { QByteArrayLiteral("X Bad"), QByteArrayLiteral("1") } };
        }),
        validationProblem(
            [](RunConfig &c) { c.caCertificatesPath = QStringLiteral("/nonexistent/tokenscope-ca.pem"); }),
        validationProblem([&pemlessFile](RunConfig &c) { c.caCertificatesPath = pemlessFile; }),
        ClientPool::proxyUrlProblem(QString()),
        ClientPool::proxyUrlProblem(QStringLiteral("proxy.example:3128")),
        ClientPool::proxyUrlProblem(QStringLiteral("ftp://proxy.example:3128")),
    };
}

} // namespace

TEST(UiValidationLanguage, DoubledV1AndExtraBodyProblemsFollowTheWindowLanguage)
{
    ChineseTranslation chinese;
    ASSERT_TRUE(chinese.loaded()) << "the .qm is compiled into the binary as :/i18n/tokenscope_zh_CN.qm";

    const QString doubled = doubledV1Problem();
    EXPECT_TRUE(hasChinese(doubled)) << doubled.toStdString();
    EXPECT_FALSE(doubled.contains(QStringLiteral("doubled"))) << doubled.toStdString();
    EXPECT_TRUE(doubled.contains(QStringLiteral("/v1/v1"))) << "the %1 path, substituted: " << doubled.toStdString();
    EXPECT_TRUE(doubled.contains(QStringLiteral("http://127.0.0.1:8000/v1 ")))
        << "the %2 suggestion: " << doubled.toStdString();

    RunConfig config;
    config.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1/v1");
    EXPECT_EQ(RunCheck::problem(config), doubled) << "what the window shows after pressing Run";

    const QString notJson = extraBodyProblem(QStringLiteral("{\"top_p\": "));
    EXPECT_TRUE(hasChinese(notJson)) << notJson.toStdString();
    EXPECT_TRUE(notJson.contains(QStringLiteral("JSON"))) << notJson.toStdString();
    EXPECT_FALSE(notJson.contains(QStringLiteral("%1")) || notJson.contains(QStringLiteral("%2")))
        << notJson.toStdString();
    const QString notObject = extraBodyProblem(QStringLiteral("[0.9]"));
    EXPECT_TRUE(hasChinese(notObject)) << notObject.toStdString();
    EXPECT_TRUE(notObject.contains(QStringLiteral("{\"top_p\": 0.9}"))) << notObject.toStdString();

    chinese.remove();
    EXPECT_EQ(doubledV1Problem(),
        QStringLiteral("The Base URL contains a doubled /v1 (/v1/v1), which servers answer with 404. "
                       "Did you mean http://127.0.0.1:8000/v1?"));
    EXPECT_TRUE(
        extraBodyProblem(QStringLiteral("{\"top_p\": ")).startsWith(QStringLiteral("Extra body is not valid JSON: ")));
    EXPECT_EQ(RunCheck::problem(config), doubledV1Problem());
}

TEST(UiValidationLanguage, EverySettingsProblemHasAChineseTranslation)
{
    QTemporaryFile pemless;
    ASSERT_TRUE(pemless.open());
    pemless.write("not a certificate\n");
    pemless.close();

    const QStringList english = everyProblem(pemless.fileName());
    ChineseTranslation chinese;
    ASSERT_TRUE(chinese.loaded());
    const QStringList translated = everyProblem(pemless.fileName());
    ASSERT_EQ(translated.size(), english.size());
    for (qsizetype i = 0; i < english.size(); ++i) {
        EXPECT_FALSE(english.at(i).isEmpty()) << "problem " << i << " was not triggered";
        EXPECT_FALSE(hasChinese(english.at(i))) << english.at(i).toStdString();
        EXPECT_TRUE(hasChinese(translated.at(i))) << "untranslated: " << translated.at(i).toStdString();
        EXPECT_FALSE(translated.at(i).contains(QStringLiteral("%1"))) << translated.at(i).toStdString();
    }
}
