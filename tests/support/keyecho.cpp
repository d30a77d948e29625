// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyecho.h"

#include <QDirIterator>
#include <QFile>
#include <QUrl>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

namespace TokenScope::Testing {

QString EchoedSecrets::baseUrlFor(const QString &peerBaseUrl) const
{
    QUrl url(peerBaseUrl + QStringLiteral("/v1"));
    url.setUserName(user);
    url.setPassword(password);
    url.setQuery(QStringLiteral("api_key=") + querySecret);
    return url.toString();
}

QList<QByteArray> EchoedSecrets::all() const
{
    return { key.toUtf8(), user.toUtf8(), password.toUtf8(), querySecret.toUtf8() };
}

namespace {

QByteArray keyOf(const ReplayRequest &request)
{
    const QByteArray bearer = request.header("authorization");
    if (bearer.startsWith("Bearer "))
        return bearer.mid(7);
    return request.header("x-api-key");
}

QByteArray head(const QByteArray &status, const QByteArray &type, const QByteArray &echo)
{
    return "HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nX-Echo-Key: " + echo
        + "\r\nConnection: close\r\n\r\n";
}

QByteArray withLength(const QByteArray &status, const QByteArray &type, const QByteArray &echo, const QByteArray &body)
{
    const QByteArray h = head(status, type, echo);
    return h.left(h.size() - 2) + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray chunkEvent(const QByteArray &key, const QByteArray &text)
{
    return "data: {\"id\":\"chatcmpl-" + key + "\",\"object\":\"chat.completion.chunk\",\"model\":\"" + key
        + "\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
}

QList<HostileStep> streamEchoing(const QByteArray &key, const QByteArray &path)
{
    QList<HostileStep> steps { { head("200 OK", "text/event-stream", key), 0 } };
    for (int i = 0; i < 24; ++i)
        steps.append({ chunkEvent(key, i == 0 ? "echo " + key + " " + path : QByteArray("word ")), 1 });
    steps.append({ "data: {\"id\":\"chatcmpl-" + key + "\",\"model\":\"" + key
            + "\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":24,\"total_tokens\":29}}\n\n",
        0 });
    steps.append({ "data: [DONE]\n\n", 0 });
    return steps;
}

QList<HostileStep> metricsEchoing(const QByteArray &key, const QByteArray &path)
{
    const QByteArray body = "# HELP vllm:num_requests_running echoed " + key + " " + path
        + "\n# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name=\"" + key
        + "\"} 1\nvllm:num_requests_waiting{model_name=\"" + key + "\",path=\"" + path
        + "\"} 0\nvllm:kv_cache_usage_perc{model_name=\"" + key + "\"} 0.5\n";
    return { { withLength("200 OK", "text/plain; version=0.0.4", key, body), 0 } };
}

} // namespace

HostileScript keyEchoScript()
{
    HostileScript script;
    auto turn = std::make_shared<std::atomic<int>>(0);
    script.answer = [turn](const ReplayRequest &request) -> QList<HostileStep> {
        const QByteArray key = keyOf(request);
        const QByteArray path = request.path; // with the Base URL's query, api_key included
        if (path.startsWith("/metrics"))
            return metricsEchoing(key, path);
        switch ((*turn)++ % 4) {
        case 0:
            return streamEchoing(key, path);
        case 1:
            return { { withLength("401 Unauthorized", "application/json", key,
                           "{\"error\":{\"message\":\"Incorrect API key provided: " + key + " for " + path
                               + "\",\"type\":\"invalid_request_error\"}}"),
                0 } };
        case 2:
            return { { head("200 OK", "text/event-stream", key), 0 }, { chunkEvent(key, "partial"), 1 },
                { "data: {\"error\":{\"message\":\"key " + key + " was revoked mid-stream (" + path
                        + ")\",\"type\":\"server_error\"}}\n\n",
                    1 } };
        default: {
            QByteArray echo = request.method + " " + path + " HTTP/1.1\n";
            for (const auto &h : request.headers)
                echo += h.first + ": " + h.second + "\n";
            return { { withLength("500 Internal Server Error", "text/plain", key, echo), 0 } };
        }
        }
    };
    return script;
}

QList<QByteArray> secretsIn(const QByteArray &bytes, const QList<QByteArray> &secrets)
{
    QList<QByteArray> found;
    for (const QByteArray &secret : secrets) {
        if (bytes.contains(secret))
            found.append(secret);
    }
    return found;
}

QStringList filesHoldingSecrets(const QString &dir, const QList<QByteArray> &secrets)
{
    QStringList holding;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            holding.append(path + QStringLiteral(": <unreadable>"));
            continue;
        }
        const QList<QByteArray> found = secretsIn(file.readAll(), secrets);
        if (!found.isEmpty())
            holding.append(path + QStringLiteral(": ") + QString::fromUtf8(found.join(", ")));
    }
    return holding;
}

void expectNoSecretIn(const QString &dir, const QList<QByteArray> &secrets)
{
    const QStringList holding = filesHoldingSecrets(dir, secrets);
    EXPECT_TRUE(holding.isEmpty()) << "under " << dir.toStdString() << ":\n" << holding.join(u'\n').toStdString();
}

} // namespace TokenScope::Testing
