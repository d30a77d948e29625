// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Conversations (docs/methodology.md#conversations) against real servers over loopback: a peer that
// records every body (each turn carries the earlier turns and the answer the model streamed), and
// the built-in simulator (think time between an answer's end and the next send, growing prompts,
// its prefix cache serving later turns).
#include "engine/conversationbook.h"
#include "engine/runcheck.h"
#include "report/comparisonreport.h"
#include "report/reportwriters.h"
#include "sim/simconfig.h"
#include "sim/simrequest.h"
#include "stats/turnfigures.h"
#include "support/enginerun.h"
#include "support/replaypeer.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include <algorithm>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

QByteArray fixture(const char *name)
{
    QFile file(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    return file.readAll();
}

RunConfig conversationConfig(const QString &baseUrl, int users, int conversations, int turns)
{
    RunConfig c = quickConfig(baseUrl, users, conversations, 16);
    c.conversation.turns = turns;
    return c;
}

// A prompt long enough to fill several of the simulator's 16-token cache blocks.
const QString kCachePrompt = QStringLiteral("Explain, at some length, why a prefix cache makes a long conversation's "
                                            "later turns start sooner than its first, and what breaks it.");

// The run's measured records, each conversation's turns together and in order.
QList<RequestRecord> byConversationAndTurn(const RunResult &run)
{
    QList<RequestRecord> records = measured(run);
    std::sort(records.begin(), records.end(), [](const RequestRecord &a, const RequestRecord &b) {
        return std::pair(a.session, a.turn) < std::pair(b.session, b.turn);
    });
    return records;
}

// The messages a request sent: `messages`, or the Responses API's `input`.
QJsonArray sentMessages(const ReplayRequest &request)
{
    const QJsonObject body = request.json();
    return body.contains(QLatin1String("input")) ? body.value(QLatin1String("input")).toArray()
                                                 : body.value(QLatin1String("messages")).toArray();
}

struct ApiCase
{
    ApiKind api;
    const char *capture;
    const char *basePath;
    const char *answer; ///< the visible text the capture streams, read from the file by hand
};

class ConversationOverApi : public ::testing::TestWithParam<ApiCase>
{
};

} // namespace

TEST_P(ConversationOverApi, EachTurnSendsTheHistoryWithTheAnswerTheModelStreamed)
{
    const ApiCase &c = GetParam();
    ReplayPeer peer(ReplayScript(fixture(c.capture)));
    ASSERT_TRUE(peer.start());
    RunConfig config = conversationConfig(peer.baseUrl() + QLatin1String(c.basePath), 1, 1, 3);
    config.api = c.api;
    config.conversation.turnOutputTokens = 7;
    const RunResult run = runAndWait(config);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 3);
    const QList<ReplayRequest> requests = peer.requests();
    ASSERT_EQ(requests.size(), 3);
    for (int turn = 1; turn <= 3; ++turn) {
        const QJsonArray messages = sentMessages(requests.at(turn - 1));
        ASSERT_EQ(messages.size(), 2 * turn - 1) << "turn " << turn;
        for (int i = 0; i < messages.size(); ++i) {
            const QJsonObject m = messages.at(i).toObject();
            EXPECT_EQ(m.value(QLatin1String("role")).toString(),
                i % 2 == 0 ? QStringLiteral("user") : QStringLiteral("assistant"));
            if (i % 2 == 1) {
                EXPECT_EQ(m.value(QLatin1String("content")).toString(), QString::fromUtf8(c.answer))
                    << "turn " << turn << " sends the answer verbatim";
            }
        }
        if (turn > 1) { // the history is resent as it was
            EXPECT_EQ(sentMessages(requests.at(turn - 2)).at(0), messages.at(0));
        }
        const RequestRecord &r = records.at(turn - 1);
        EXPECT_EQ(r.session, 0);
        EXPECT_EQ(r.turn, turn);
        EXPECT_EQ(r.maxTokens, turn == 1 ? 16 : 7) << "--turn-output-tokens from the second turn";
    }
}

INSTANTIATE_TEST_SUITE_P(EveryMessagesApi, ConversationOverApi,
    ::testing::Values(ApiCase { ApiKind::ChatCompletions, "openai-chat-include-usage.sse", "/v1",
                          "The capital of the UK is London." },
        ApiCase { ApiKind::AnthropicMessages, "anthropic-messages-text.sse", "", "2" },
        ApiCase { ApiKind::Responses, "openai-responses-text-2025-03.sse", "/v1", "The capital of France is Paris." }));

TEST(Conversation, AChatDatasetsUserTurnsAreReplayedInOrderWithTheModelsOwnAnswers)
{
    ReplayPeer peer(ReplayScript(fixture("openai-chat-include-usage.sse")));
    ASSERT_TRUE(peer.start());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chat.jsonl"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"messages": [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "One?"},)"
               R"( {"role": "assistant", "content": "a recorded answer"}, {"role": "user", "content": "Two?"},)"
               R"( {"role": "user", "content": "Three?"}]})"
               "\n"
               R"({"messages": [{"role": "user", "content": "Next entry"}]})"
               "\n");
    file.close();
    RunConfig config = conversationConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 1, 4);
    config.workload.kind = WorkloadKind::Dataset;
    config.workload.datasetPath = path;
    config.workload.datasetFormat = QStringLiteral("chat");
    const RunResult run = runAndWait(config);
    ASSERT_EQ(measured(run).size(), 4);
    const QList<ReplayRequest> requests = peer.requests();
    ASSERT_EQ(requests.size(), 4);
    const QString answer = QStringLiteral("The capital of the UK is London."); // the capture's text
    const auto texts = [](const QJsonArray &messages) {
        QStringList out;
        for (const QJsonValue &m : messages)
            out.append(m.toObject().value(QLatin1String("role")).toString() + u':'
                + m.toObject().value(QLatin1String("content")).toString());
        return out;
    };
    EXPECT_EQ(texts(sentMessages(requests.at(0))),
        (QStringList { QStringLiteral("system:Be terse."), QStringLiteral("user:One?") }));
    EXPECT_EQ(texts(sentMessages(requests.at(2))),
        (QStringList { QStringLiteral("system:Be terse."), QStringLiteral("user:One?"),
            QStringLiteral("assistant:") + answer, QStringLiteral("user:Two?"), QStringLiteral("assistant:") + answer,
            QStringLiteral("user:Three?") }))
        << "the dataset's user turns in order, the model's answers between them, not the recorded one";
    EXPECT_EQ(texts(sentMessages(requests.at(3))).constLast(), QStringLiteral("user:Next entry"))
        << "past the dataset conversation's last user turn, the next entry's words";
}

TEST(Conversation, TheThinkTimeRunsFromAnAnswersLastByteToTheNextTurnsArrival)
{
    StartedSim sim(quickSim());
    RunConfig config = conversationConfig(sim.url(), 2, 2, 4);
    config.conversation.thinkTimeMs = 300;
    const RunResult run = runAndWait(config, 120000);
    const QList<RequestRecord> records = byConversationAndTurn(run);
    ASSERT_EQ(records.size(), 8);
    EXPECT_EQ(countOk(run), 8);
    for (qsizetype i = 1; i < records.size(); ++i) {
        const RequestRecord &before = records.at(i - 1);
        const RequestRecord &after = records.at(i);
        if (after.session != before.session)
            continue;
        ASSERT_EQ(after.turn, before.turn + 1);
        const double gapMs = double(after.tStartNs - (before.tStartNs + before.endNs)) / 1e6;
        EXPECT_GE(gapMs, 300) << "the next turn waits the whole think time";
        // Not twice as long: the bound leaves room for a loaded machine under a sanitizer. How close
        // it comes is measured against an independent server (docs/independent-server.md).
        EXPECT_LT(gapMs, 300 + 250);
    }
    QList<int> sessions;
    for (const RequestRecord &r : records)
        sessions.append(r.session);
    EXPECT_EQ(sessions, (QList<int> { 0, 0, 0, 0, 1, 1, 1, 1 }));
}

TEST(Conversation, EachConversationsTurnsArriveOnOneConnection)
{
    StartedSim sim(quickSim());
    RunConfig config = conversationConfig(sim.url(), 4, 8, 4);
    config.conversation.thinkTimeMs = 30;
    config.conversation.thinkTimeSpread = 0.9; // users think for different times: their turns interleave
    const RunResult run = runAndWait(config, 120000);
    ASSERT_EQ(countOk(run), 32);
    // Each record against the server's log entry of the same response id.
    QHash<QString, SimRequestLog> logById;
    for (const SimRequestLog &entry : sim.server.requestLog())
        logById.insert(entry.responseId, entry);
    QHash<int, quint16> portOf;
    for (const RequestRecord &r : measured(run)) {
        ASSERT_TRUE(logById.contains(r.responseId)) << r.responseId.toStdString();
        const SimRequestLog &entry = logById.value(r.responseId);
        EXPECT_EQ(entry.messages, 2 * r.turn - 1);
        const quint16 port = portOf.value(r.session, entry.clientPort);
        EXPECT_EQ(entry.clientPort, port) << "conversation " << r.session << " turn " << r.turn;
        portOf.insert(r.session, port);
    }
    EXPECT_EQ(portOf.size(), 8);
}

TEST(Conversation, LaterTurnsGrowAndHitTheSimulatorsPrefixCache)
{
    SimConfig simConfig = quickSim();
    simConfig.prefixCache = true;
    StartedSim sim(simConfig);
    RunConfig config = conversationConfig(sim.url(), 2, 4, 4);
    config.prompt = kCachePrompt;
    const RunResult run = runAndWait(config, 120000);
    ASSERT_EQ(countOk(run), 16);
    const QList<Stats::TurnFigures> turns = Stats::figuresByTurn(run.records, 0);
    ASSERT_EQ(turns.size(), 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(turns.at(i).turn, i + 1);
        EXPECT_EQ(turns.at(i).requests, 4);
        if (i > 0) {
            EXPECT_GT(turns.at(i).promptTokensMean, turns.at(i - 1).promptTokensMean) << "the history grows";
            EXPECT_GT(turns.at(i).cachedShare, 0.3) << "the earlier turns come from the cache";
        }
    }
    EXPECT_EQ(Stats::prefixCacheNote(turns), QString());
    const Stats::ConversationFigures conversations = Stats::conversationFigures(run.records, 0);
    EXPECT_EQ(conversations.conversations, 4);
    EXPECT_EQ(conversations.completed, 4);
    EXPECT_GT(conversations.durationP50S, 0);
    // The text report shows the figures by turn.
    const QString table = Report::textTable(run);
    EXPECT_TRUE(table.contains(QStringLiteral("By turn (4 turns per conversation)"))) << table.toStdString();
    EXPECT_TRUE(Report::markdownReport(run).contains(QStringLiteral("## By turn (4 turns per conversation)")));
    const QString html = Report::htmlReport(run);
    const qsizetype figure = html.indexOf(QStringLiteral("TTFT by turn"));
    ASSERT_GE(figure, 0) << "the report draws TTFT against the turn";
    EXPECT_GE(html.indexOf(QStringLiteral("<svg"), figure), 0);
}

TEST(Conversation, CompareSetsTwoConversationRunsSideBySideByTurn)
{
    SimConfig cached = quickSim();
    cached.prefixCache = true;
    cached.prefillUsPerToken = 2000; // a prefill long enough for the cache to show in TTFT on a loaded machine
    SimConfig uncached = cached;
    uncached.prefixCache = false;
    RunConfig config = conversationConfig(QString(), 2, 2, 3);
    config.prompt = kCachePrompt;
    config.maxTokens = 64;
    RunResult runs[2];
    for (int i = 0; i < 2; ++i) {
        StartedSim sim(i == 0 ? uncached : cached);
        config.baseUrl = sim.url();
        runs[i] = runAndWait(config, 120000);
        ASSERT_EQ(countOk(runs[i]), 6);
    }
    const Report::RunComparison c
        = Report::compareRuns({ runs[0], QStringLiteral("A"), {}, {} }, { runs[1], QStringLiteral("B"), {}, {} });
    ASSERT_EQ(c.turns.size(), 3);
    for (const Report::TurnDelta &t : c.turns) {
        EXPECT_EQ(t.level, QStringLiteral("c=2"));
        EXPECT_GE(t.baselineTtftP50Ms, 0);
        EXPECT_GE(t.otherTtftP50Ms, 0);
    }
    EXPECT_EQ(c.turns.at(2).baselineCachedShare, 0) << "no cache in A";
    EXPECT_GT(c.turns.at(2).otherCachedShare, 0.5) << "B's cache holds the history";
    EXPECT_LT(c.turns.at(2).otherTtftP50Ms, c.turns.at(2).baselineTtftP50Ms) << "and starts the turn sooner";
    EXPECT_TRUE(Report::comparisonText(c).contains(QStringLiteral("== By turn")));
    EXPECT_TRUE(Report::comparisonMarkdown(c).contains(QStringLiteral("## By turn")));
    EXPECT_EQ(Report::comparisonJson(c).value(QLatin1String("turns")).toArray().size(), 3);
}

TEST(Conversation, AFailedTurnEndsItsConversationAndTheLevelStillEnds)
{
    SimConfig simConfig = quickSim();
    simConfig.fault = SimFault::ServerError;
    simConfig.faultEvery = 4; // every fourth request the server receives fails: some conversations end early
    StartedSim sim(simConfig);
    const RunResult run = runAndWait(conversationConfig(sim.url(), 2, 6, 3), 120000);
    QHash<int, int> lastTurn;
    QHash<int, bool> failed;
    for (const RequestRecord &r : measured(run)) {
        EXPECT_FALSE(failed.value(r.session)) << "nothing is sent after a conversation's failed turn";
        lastTurn[r.session] = std::max(lastTurn.value(r.session), r.turn);
        failed[r.session] = failed.value(r.session) || !r.ok;
    }
    EXPECT_EQ(lastTurn.size(), 6) << "every planned conversation began";
    EXPECT_GT(measured(run).size() - countOk(run), 0) << "some turns failed";
    EXPECT_LT(measured(run).size(), 18) << "a failed turn's conversation sent no more turns";
    EXPECT_FALSE(run.cancelled);
}

TEST(Conversation, AHistoryPastItsBoundEndsTheConversation)
{
    Conversation spec;
    spec.turns = 10;
    ConversationBook book;
    book.reset(spec, 1, 0);
    Prompt fresh;
    fresh.text = QStringLiteral("Go on.");
    ASSERT_EQ(book.next(0, fresh).turn, 1);
    const ConversationBook::Ended small = book.ended(0, true, QStringLiteral("a short answer"), QString(), true);
    EXPECT_TRUE(small.goesOn);
    ASSERT_EQ(book.next(0, fresh).turn, 2);
    // A hostile server's answer that would take the history past 16 Mi characters.
    const ConversationBook::Ended huge = book.ended(0, true, QString(16 * 1024 * 1024, u'x'), QString(), true);
    EXPECT_FALSE(huge.goesOn);
    EXPECT_EQ(huge.turnsDropped, 8) << "turns 3 to 10 are never sent";
    EXPECT_FALSE(book.mayBegin()) << "the one planned conversation has been had";
}

TEST(Conversation, IsRefusedWhereItCannotBeKept)
{
    RunConfig config = quickConfig(QStringLiteral("http://127.0.0.1:9/v1"), 1, 1, 8);
    config.conversation.turns = 3;
    config.loadMode = LoadMode::Sweep;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("concurrency levels")));
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 2 };
    EXPECT_TRUE(RunCheck::runProblem({ config }).isEmpty()) << "a rate begins conversations";
    config.loadMode = LoadMode::Concurrency;
    config.conversation.cacheControl = true;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("--api anthropic")));
    config.conversation.cacheControl = false;
    config.conversation.chainResponses = true;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("--api responses")));
    config.api = ApiKind::Responses;
    config.conversation.turns = 1;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("--turns 2")));
    config.conversation.turns = 3;
    EXPECT_TRUE(RunCheck::runProblem({ config }).isEmpty()) << RunCheck::runProblem({ config }).toStdString();
    config.conversation.chainResponses = false;
    config.api = ApiKind::ChatCompletions;
    config.api = ApiKind::Completions;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("/completions")));
    config.api = ApiKind::ChatCompletions;
    config.conversation.thinkTimeSpread = 1.5;
    EXPECT_TRUE(RunCheck::runProblem({ config }).contains(QStringLiteral("--think-time-spread")));
    config.conversation.thinkTimeSpread = 0;
    EXPECT_TRUE(RunCheck::runProblem({ config }).isEmpty()) << RunCheck::runProblem({ config }).toStdString();
    EXPECT_FALSE(RunCheck::runProblem({ config, config }).isEmpty()) << "an A/B run sends single requests";
}

TEST(Conversation, CacheControlMarksTheGrowingPrefixAsClaudeCodeDoes)
{
    ReplayPeer peer(ReplayScript(fixture("anthropic-messages-text.sse")));
    ASSERT_TRUE(peer.start());
    RunConfig config = conversationConfig(peer.baseUrl(), 1, 1, 3);
    config.api = ApiKind::AnthropicMessages;
    config.conversation.cacheControl = true;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(countOk(run), 3);
    const QList<ReplayRequest> requests = peer.requests();
    ASSERT_EQ(requests.size(), 3);
    const QJsonArray messages = sentMessages(requests.at(2));
    ASSERT_EQ(messages.size(), 5);
    // The last two user messages end a cached prefix: turn 3 reads what turn 2 wrote, and writes its own.
    for (int i : { 0, 2, 4 }) {
        const QJsonValue content = messages.at(i).toObject().value(QLatin1String("content"));
        if (i == 0) {
            EXPECT_TRUE(content.isString()) << "only the last two user messages carry a breakpoint";
            continue;
        }
        ASSERT_TRUE(content.isArray()) << "message " << i;
        const QJsonObject block = content.toArray().at(0).toObject();
        EXPECT_EQ(block.value(QLatin1String("type")).toString(), QStringLiteral("text"));
        EXPECT_FALSE(block.value(QLatin1String("text")).toString().isEmpty());
        EXPECT_EQ(block.value(QLatin1String("cache_control")).toObject().value(QLatin1String("type")).toString(),
            QStringLiteral("ephemeral"));
    }
    EXPECT_TRUE(messages.at(3).toObject().value(QLatin1String("content")).isString()) << "answers are not marked";
}

TEST(Conversation, PreviousResponseIdChainsTurnsInsteadOfResendingTheHistory)
{
    ReplayPeer peer(ReplayScript(fixture("openai-responses-text-2025-03.sse")));
    ASSERT_TRUE(peer.start());
    RunConfig config = conversationConfig(peer.baseUrl() + QLatin1String("/v1"), 1, 1, 3);
    config.api = ApiKind::Responses;
    config.conversation.chainResponses = true;
    const RunResult run = runAndWait(config);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 3);
    const QList<ReplayRequest> requests = peer.requests();
    ASSERT_EQ(requests.size(), 3);
    for (int turn = 1; turn <= 3; ++turn) {
        const QJsonObject body = requests.at(turn - 1).json();
        EXPECT_EQ(body.value(QLatin1String("store")), QJsonValue(true)) << "the server must keep the response";
        EXPECT_EQ(body.value(QLatin1String("input")).toArray().size(), 1) << "turn " << turn << ": its new message";
        if (turn == 1) {
            EXPECT_FALSE(body.contains(QLatin1String("previous_response_id")));
        } else {
            ASSERT_FALSE(records.at(turn - 2).responseId.isEmpty());
            EXPECT_EQ(body.value(QLatin1String("previous_response_id")).toString(), records.at(turn - 2).responseId);
        }
    }
}

TEST(Conversation, TheSimulatorContinuesAChainedConversationFromItsStoredResponses)
{
    SimConfig simConfig = quickSim();
    simConfig.prefixCache = true;
    StartedSim sim(simConfig);
    RunConfig config = conversationConfig(sim.url(), 2, 2, 3);
    config.api = ApiKind::Responses;
    config.conversation.chainResponses = true;
    config.prompt = QStringLiteral("Explain, at some length, why a server that keeps a conversation's earlier turns "
                                   "lets a client send only its newest message.");
    const RunResult run = runAndWait(config, 120000);
    ASSERT_EQ(countOk(run), 6);
    const QList<Stats::TurnFigures> turns = Stats::figuresByTurn(run.records, 0);
    ASSERT_EQ(turns.size(), 3);
    for (int i = 1; i < 3; ++i) {
        EXPECT_GT(turns.at(i).promptTokensMean, turns.at(i - 1).promptTokensMean)
            << "the server counts the history it kept";
        EXPECT_GT(turns.at(i).cachedShare, 0.3);
    }
    // A previous_response_id the server never gave is refused as OpenAI refuses it.
    QString error;
    SimRequest parsed;
    EXPECT_FALSE(parseSimRequest(SimApi::Responses,
        R"({"model":"m","input":"go on","stream":true,"previous_response_id":"resp_never"})", &parsed, &error));
    EXPECT_EQ(error, QStringLiteral("Previous response with id 'resp_never' not found."));
}

TEST(Conversation, ARateBeginsConversationsAndTheirLaterTurnsFollowTheirAnswers)
{
    StartedSim sim(quickSim());
    RunConfig config = conversationConfig(sim.url(), 1, 6, 3);
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 50 };
    config.requestsPerLevel = 6; // conversations begun
    config.conversation.thinkTimeMs = 40;
    const RunResult run = runAndWait(config, 120000);
    const QList<RequestRecord> records = byConversationAndTurn(run);
    ASSERT_EQ(records.size(), 18);
    EXPECT_EQ(countOk(run), 18);
    for (qsizetype i = 0; i < records.size(); ++i) {
        const RequestRecord &r = records.at(i);
        EXPECT_EQ(r.session, int(i / 3));
        EXPECT_EQ(r.turn, int(i % 3) + 1);
        ASSERT_TRUE(r.isScheduled()) << "every turn has the time it was due";
        if (r.turn > 1) { // due when its pause after the previous answer ends
            const RequestRecord &before = records.at(i - 1);
            EXPECT_EQ(r.scheduledNs, before.startNs + before.endNs + 40'000'000);
            EXPECT_GE(r.sendLagNs(), 0);
        }
    }
}

TEST(Conversation, UnderARateTheCapCountsConversationsAtOnce)
{
    StartedSim sim(quickSim());
    RunConfig config = conversationConfig(sim.url(), 1, 6, 3);
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 1000 }; // all six are due at once: the cap decides
    config.maxConcurrency = 2;
    config.conversation.thinkTimeMs = 20;
    const RunResult run = runAndWait(config, 120000);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(countOk(run), 18);
    // Each conversation from its first send to its last answer: never more than two at once.
    QHash<int, std::pair<qint64, qint64>> span;
    for (const RequestRecord &r : records) {
        auto &[from, to] = span[r.session];
        from = from == 0 ? r.startNs : std::min(from, r.startNs);
        to = std::max(to, r.startNs + r.endNs);
    }
    ASSERT_EQ(span.size(), 6);
    for (const auto &[from, to] : span) {
        int overlapping = 0;
        for (const auto &[otherFrom, otherTo] : span)
            overlapping += otherFrom <= from && from < otherTo ? 1 : 0;
        EXPECT_LE(overlapping, 2) << "conversations at once under --max-concurrency 2";
    }
    int waited = 0;
    for (const RequestRecord &r : records)
        waited += r.turn == 1 && r.capWaitNs > 0 ? 1 : 0;
    EXPECT_GE(waited, 3) << "the later conversations waited for a place";
}

TEST(Conversation, TheBuiltInSimulatorCachesAConversationsHistoryButNotARepeatedPrompt)
{
    SimConfig simConfig = builtInSimulatorConfig();
    simConfig.port = 0;
    simConfig.decodeIntervalMsByModel.clear();
    StartedSim sim(simConfig);
    RunConfig single = quickConfig(sim.url(), 1, 3, 8);
    single.prompt = kCachePrompt;
    const RunResult repeated = runAndWait(single, 120000);
    ASSERT_EQ(countOk(repeated), 3);
    for (const RequestRecord &r : measured(repeated))
        EXPECT_EQ(r.cachedTokens, 0) << "the same prompt again still measures its prefill";

    RunConfig conversation = single;
    conversation.conversation.turns = 3;
    conversation.requestsPerLevel = 1;
    const RunResult run = runAndWait(conversation, 120000);
    ASSERT_EQ(countOk(run), 3);
    const QList<Stats::TurnFigures> turns = Stats::figuresByTurn(run.records, 0);
    ASSERT_EQ(turns.size(), 3);
    for (int i = 1; i < 3; ++i)
        EXPECT_GT(turns.at(i).cachedShare, 0.3) << "turn " << i + 1 << " reads its history from the cache";
    EXPECT_EQ(Stats::prefixCacheNote(turns), QString());
}

TEST(Conversation, AShareGptConversationsHumanTurnsAreReplayedWithTheLengthsOfItsRecordedAnswers)
{
    ReplayPeer peer(ReplayScript(fixture("openai-chat-include-usage.sse")));
    ASSERT_TRUE(peer.start());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sharegpt.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    // Recorded answers of 8, 40 and 20 characters: 2, 10 and 5 tokens by the estimate.
    file.write(R"([{"conversations": [{"from": "system", "value": "Be terse."}, {"from": "human", "value": "One?"},)"
               R"( {"from": "gpt", "value": "12345678"}, {"from": "human", "value": "Two?"},)"
               R"( {"from": "gpt", "value": "1234567890123456789012345678901234567890"},)"
               R"( {"from": "human", "value": "Three?"}, {"from": "gpt", "value": "12345678901234567890"}]}])");
    file.close();
    RunConfig config = conversationConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 1, 3);
    config.workload.kind = WorkloadKind::Dataset;
    config.workload.datasetPath = path;
    config.workload.datasetFormat = QStringLiteral("sharegpt");
    const RunResult run = runAndWait(config);
    const QList<RequestRecord> records = byConversationAndTurn(run);
    ASSERT_EQ(records.size(), 3);
    const QList<ReplayRequest> requests = peer.requests();
    ASSERT_EQ(requests.size(), 3);
    const QString answer = QStringLiteral("The capital of the UK is London."); // the capture's text
    QStringList sent;
    for (const QJsonValue &m : sentMessages(requests.at(2)))
        sent.append(m.toObject().value(QLatin1String("role")).toString() + u':'
            + m.toObject().value(QLatin1String("content")).toString());
    EXPECT_EQ(sent,
        (QStringList { QStringLiteral("system:Be terse."), QStringLiteral("user:One?"),
            QStringLiteral("assistant:") + answer, QStringLiteral("user:Two?"), QStringLiteral("assistant:") + answer,
            QStringLiteral("user:Three?") }))
        << "the human turns in order, the model's own answers between them";
    EXPECT_EQ(records.at(0).maxTokens, 2) << "the first reply's length, as for single requests";
    EXPECT_EQ(records.at(1).maxTokens, 10) << "each later turn asks for as long an answer as was recorded";
    EXPECT_EQ(records.at(2).maxTokens, 5);

    config.conversation.turnOutputTokens = 7; // an explicit length wins
    const QList<RequestRecord> capped = byConversationAndTurn(runAndWait(config));
    ASSERT_EQ(capped.size(), 3);
    EXPECT_EQ(capped.at(1).maxTokens, 7);
}
