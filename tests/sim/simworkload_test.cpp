// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a workload needs of the simulator (docs/simulator.md): its own prompt-token rule, which a
// client has to calibrate against; the toy prefix cache; ignore_eos and min_tokens; the log of
// what each request asked. Over real loopback sockets, with the counts computed by hand.
#include "sim/prefixcache.h"
#include "sim/simprompt.h"
#include "simtesthelpers.h"
#include "testpaths.h"

#include <QProcess>
#include <QUrl>
#include <algorithm>
#include <iostream>

using namespace TokenScope;
using namespace TokenScope::SimTest;

namespace {

// 1 + 2 + 1 + 3 + 2 + 2 = 11 word tokens: "At", "dawn," (dawn + ","), "the", "international",
// "harbour", "opened." (opened + "."). 42 characters.
const QString kDawn = QStringLiteral("At dawn, the international harbour opened.");
constexpr int kDawnTokens = 11;
constexpr int kTemplatePerMessage = 3;
constexpr int kPrimer = 3;

QJsonObject message(const QString &role, const QString &content)
{
    return QJsonObject {{QStringLiteral("role"), role}, {QStringLiteral("content"), content}};
}

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray chatWith(const QJsonArray &messages, int maxTokens, const QJsonObject &extra = {}, bool stream = true)
{
    QJsonObject body {{QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
                      {QStringLiteral("messages"), messages},
                      {QStringLiteral("max_tokens"), maxTokens},
                      {QStringLiteral("stream"), stream}};
    if (stream)
        body.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    for (auto it = extra.begin(); it != extra.end(); ++it)
        body.insert(it.key(), it.value());
    return json(body);
}

QByteArray chatPrompt(const QString &text, int maxTokens, const QJsonObject &extra = {}, bool stream = true)
{
    return chatWith(QJsonArray {message(QStringLiteral("user"), text)}, maxTokens, extra, stream);
}

QByteArray completionsWith(const QString &prompt, int maxTokens, const QJsonObject &extra = {})
{
    QJsonObject body {{QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
                      {QStringLiteral("prompt"), prompt},
                      {QStringLiteral("max_tokens"), maxTokens},
                      {QStringLiteral("stream"), true},
                      {QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        body.insert(it.key(), it.value());
    return json(body);
}

QByteArray anthropicWith(const QString &system, const QString &user, int maxTokens, bool stream = true)
{
    return json({{QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
                 {QStringLiteral("system"), system},
                 {QStringLiteral("messages"), QJsonArray {message(QStringLiteral("user"), user)}},
                 {QStringLiteral("max_tokens"), maxTokens},
                 {QStringLiteral("stream"), stream}});
}

QByteArray responsesWith(const QString &instructions, const QJsonValue &input, int maxOutputTokens)
{
    return json({{QStringLiteral("model"), QStringLiteral("tokenscope-sim")},
                 {QStringLiteral("instructions"), instructions},
                 {QStringLiteral("input"), input},
                 {QStringLiteral("max_output_tokens"), maxOutputTokens},
                 {QStringLiteral("stream"), true}});
}

/// A text of exactly `tokens` word tokens: `first` (one token) and then "word" (one token each).
QString wordsOf(const QString &first, int tokens)
{
    QStringList words {first};
    while (words.size() < tokens)
        words.append(QStringLiteral("word"));
    return words.join(u' ');
}

/// A one-message chat prompt of exactly `tokens` prompt tokens.
QString promptOfTokens(const QString &first, int tokens)
{
    return wordsOf(first, tokens - kTemplatePerMessage - kPrimer);
}

CapturedResponse postOnce(quint16 port, const QByteArray &path, const QByteArray &body, const QByteArray &headers = {})
{
    RawClient client(port);
    client.post(path, body, headers);
    EXPECT_TRUE(client.waitAll());
    return client.hasResponse() ? client.last() : CapturedResponse();
}

/// A chat/completions stream's usage.
QJsonObject chatUsage(quint16 port, const QByteArray &path, const QByteArray &body)
{
    const CapturedResponse response = postOnce(port, path, body);
    EXPECT_EQ(response.status, 200) << response.body.constData();
    return summarize(response).usage;
}

int cachedOf(const QJsonObject &usage)
{
    return jsonAt(usage, {"prompt_tokens_details", "cached_tokens"}).toInt(-1);
}

QJsonObject responsesUsage(quint16 port, const QByteArray &body)
{
    const CapturedResponse response = postOnce(port, "/v1/responses", body);
    EXPECT_EQ(response.status, 200) << response.body.constData();
    return summarizeResponses(response).finalResponse.value(QLatin1String("usage")).toObject();
}

SimConfig cachedSim()
{
    SimConfig config = fastSim();
    config.prefixCache = true;
    config.threads = 2; // the cache is shared by the worker threads
    return config;
}

} // namespace

// ---- the rule itself ----

TEST(SimPromptRule, WordsCostOnePerStartedSixLettersAndOnePerOtherCharacter)
{
    EXPECT_EQ(simTextTokens(u"the"), 1);
    EXPECT_EQ(simTextTokens(u"harbour"), 2);
    EXPECT_EQ(simTextTokens(u"international"), 3);
    EXPECT_EQ(simTextTokens(u"dawn."), 2);
    EXPECT_EQ(simTextTokens(u"don't"), 2);
    EXPECT_EQ(simTextTokens(u"abcdef"), 1);
    EXPECT_EQ(simTextTokens(u"abcdefg"), 2);
    EXPECT_EQ(simTextTokens(u"2026-12-01"), 4) << "8 digits 2, two hyphens 2";
    EXPECT_EQ(simTextTokens(u"caf\u00e9 na\u00efve"), 2) << "accented letters are letters";
    EXPECT_EQ(simTextTokens(QString::fromUtf8("\xF0\x9F\x99\x82")), 1) << "an emoji (two UTF-16 units) is one character";
    EXPECT_EQ(simTextTokens(u"  a \n\t b  "), 2);
    EXPECT_EQ(simTextTokens(u""), 0);
    EXPECT_EQ(simTextTokens(kDawn), kDawnTokens);
}

TEST(SimPromptRule, TemplateAddsThreePerMessageAndThreeForThePrimer)
{
    EXPECT_EQ(simPromptTokens({}).tokens, kPrimer);
    EXPECT_EQ(simPromptTokens({{QStringLiteral("user"), {}, {}}}).tokens, kTemplatePerMessage + kPrimer);
    const SimPrompt two = simPromptTokens(
        {{QStringLiteral("system"), QStringLiteral("Be brief."), {}}, {QStringLiteral("user"), kDawn, {}}});
    EXPECT_EQ(two.tokens, 3 + kDawnTokens + 2 * kTemplatePerMessage + kPrimer); // 23, the docs' worked example
    EXPECT_EQ(two.messages, 2);
    EXPECT_EQ(simPromptTokens({{QStringLiteral("user"), QStringLiteral("ab"), {7, 8, 9}}}).tokens, 1 + 3 + 6)
        << "token ids cost one each";
}

TEST(SimPromptRule, BlockHashesChainThePrefix)
{
    const SimPrompt a = simPromptTokens({{QStringLiteral("user"), wordsOf(QStringLiteral("alpha"), 60), {}}});
    // The same 40 words, then "other" where a has "word", then 19 words more: 66 tokens too.
    const SimPrompt b = simPromptTokens({{QStringLiteral("user"),
                                          wordsOf(QStringLiteral("alpha"), 40) + QStringLiteral(" other")
                                              + QStringLiteral(" word").repeated(19),
                                          {}}});
    const SimPrompt c = simPromptTokens({{QStringLiteral("user"), wordsOf(QStringLiteral("omega"), 60), {}}});
    ASSERT_EQ(a.tokens, 66);
    ASSERT_EQ(a.blockHashes.size(), 4); // 66 / 16
    ASSERT_EQ(b.blockHashes.size(), 4);
    // Tokens 0-41 (start, role, 40 words) are alike and token 42 differs: blocks 0 and 1 (tokens
    // 0-31) match, block 2 (32-47) and every later one, chained to it, differ.
    EXPECT_EQ(a.blockHashes[0], b.blockHashes[0]);
    EXPECT_EQ(a.blockHashes[1], b.blockHashes[1]);
    EXPECT_NE(a.blockHashes[2], b.blockHashes[2]);
    EXPECT_NE(a.blockHashes[3], b.blockHashes[3]) << "the same last 16 tokens, another prefix";
    for (int i = 0; i < 4; ++i)
        EXPECT_NE(a.blockHashes[i], c.blockHashes[i]) << "a different first word changes every block";
    // The role is part of the template: the same text from another role is another prompt.
    const SimPrompt asSystem = simPromptTokens({{QStringLiteral("system"), wordsOf(QStringLiteral("alpha"), 60), {}}});
    EXPECT_NE(a.blockHashes[0], asSystem.blockHashes[0]);
}

TEST(SimPrefixCache, LeadingBlocksSeenBeforeAreCachedButNeverTheLastToken)
{
    PrefixCache cache(4);
    EXPECT_EQ(cache.lookUpAndRemember({1, 2, 3}, 49), 0);
    EXPECT_EQ(cache.lookUpAndRemember({1, 2, 3}, 49), 48);
    EXPECT_EQ(cache.lookUpAndRemember({1, 2, 3}, 48), 32) << "block 3 ends at the last token";
    EXPECT_EQ(cache.lookUpAndRemember({1, 9, 3}, 49), 16) << "only the leading run counts";
    EXPECT_EQ(cache.lookUpAndRemember({}, 5), 0);
    EXPECT_EQ(cache.size(), 4);
    // Bounded: LRU, a prompt's tail before its head. Now 1, 9, 3, 2 (most recent first).
    EXPECT_EQ(cache.lookUpAndRemember({7, 8}, 40), 0); // 7, 8, 1, 9 stay
    EXPECT_EQ(cache.size(), 4);
    EXPECT_EQ(cache.lookUpAndRemember({1, 2, 3}, 49), 16) << "2 and 3 were evicted, 1 was not";
    cache.clear();
    EXPECT_EQ(cache.lookUpAndRemember({1}, 17), 0);
}

TEST(SimOutputLength, FollowsIgnoreEosAndMinTokens)
{
    SimRequest request;
    request.maxTokens = 20;
    EXPECT_EQ(simOutputTokens(request, 5), 5);
    EXPECT_EQ(simOutputTokens(request, 0), 20);
    EXPECT_EQ(simOutputTokens(request, 50), 20);
    request.minTokens = 12;
    EXPECT_EQ(simOutputTokens(request, 5), 12);
    request.minTokens = 3;
    EXPECT_EQ(simOutputTokens(request, 5), 5);
    request.minTokens = 30;
    EXPECT_EQ(simOutputTokens(request, 5), 20);
    request.minTokens = 0;
    request.ignoreEos = true;
    EXPECT_EQ(simOutputTokens(request, 5), 20);
}

// ---- over HTTP ----

TEST(SimWorkload, PromptTokensFollowTheSimulatorsRuleOnEveryApi)
{
    StartedSim sim(fastSim());
    const int oneMessage = kDawnTokens + kTemplatePerMessage + kPrimer; // 17
    EXPECT_EQ(chatUsage(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 2)).value(QLatin1String("prompt_tokens")).toInt(),
              oneMessage);
    EXPECT_EQ(chatUsage(sim.port(), "/v1/completions", completionsWith(kDawn, 2)).value(QLatin1String("prompt_tokens")).toInt(),
              oneMessage)
        << "a completions prompt is one message";

    // A conversation: system, user, assistant, user. "Yes." 2, "Again, please!" 4.
    const QJsonArray conversation {message(QStringLiteral("system"), QStringLiteral("Be brief.")),
                                   message(QStringLiteral("user"), kDawn),
                                   message(QStringLiteral("assistant"), QStringLiteral("Yes.")),
                                   message(QStringLiteral("user"), QStringLiteral("Again, please!"))};
    const int conversationTokens = 3 + kDawnTokens + 2 + 4 + 4 * kTemplatePerMessage + kPrimer; // 35
    EXPECT_EQ(chatUsage(sim.port(), "/v1/chat/completions", chatWith(conversation, 2)).value(QLatin1String("prompt_tokens")).toInt(),
              conversationTokens);
    // Not streamed: the same count in the chat.completion's usage.
    const CapturedResponse whole = postOnce(sim.port(), "/v1/chat/completions", chatWith(conversation, 2, {}, false));
    EXPECT_EQ(jsonAt(whole.json(), {"usage", "prompt_tokens"}).toInt(), conversationTokens);
    EXPECT_EQ(jsonAt(whole.json(), {"usage", "prompt_tokens_details", "cached_tokens"}).toInt(-1), 0);

    // Anthropic: the system prompt is one more message; input_tokens + cache_read_input_tokens is the prompt.
    const int withSystem = 3 + kDawnTokens + 2 * kTemplatePerMessage + kPrimer; // 23
    const AnthropicSummary anthropic = summarizeAnthropic(
        postOnce(sim.port(), "/v1/messages", anthropicWith(QStringLiteral("Be brief."), kDawn, 2), anthropicHeaders()));
    EXPECT_EQ(anthropic.startUsage.value(QLatin1String("input_tokens")).toInt(), withSystem);
    EXPECT_EQ(anthropic.startUsage.value(QLatin1String("cache_read_input_tokens")).toInt(-1), 0);

    // Responses: instructions are one more message; input a string (one message) or a list.
    EXPECT_EQ(responsesUsage(sim.port(), responsesWith(QStringLiteral("Be brief."), kDawn, 2))
                  .value(QLatin1String("input_tokens"))
                  .toInt(),
              withSystem);
    const QJsonArray items {message(QStringLiteral("user"), kDawn),
                            message(QStringLiteral("assistant"), QStringLiteral("Yes.")),
                            message(QStringLiteral("user"), QStringLiteral("Again, please!"))};
    EXPECT_EQ(responsesUsage(sim.port(), responsesWith(QStringLiteral("Be brief."), items, 2))
                  .value(QLatin1String("input_tokens"))
                  .toInt(),
              conversationTokens);
}

TEST(SimWorkload, PromptTokensAreNotCharactersOverFour)
{
    StartedSim sim(fastSim());
    // 42 characters (10 by characters / 4) but 17 by the rule; 15 characters (3) but 14.
    const int dawn
        = chatUsage(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 2)).value(QLatin1String("prompt_tokens")).toInt();
    EXPECT_EQ(dawn, 17);
    EXPECT_NE(dawn, static_cast<int>(kDawn.size() / 4));
    const QString shortWords = QStringLiteral("a a a a a a a a");
    const int many = chatUsage(sim.port(), "/v1/chat/completions", chatPrompt(shortWords, 2))
                         .value(QLatin1String("prompt_tokens"))
                         .toInt();
    EXPECT_EQ(many, 8 + 6);
    EXPECT_NE(many, static_cast<int>(shortWords.size() / 4));
}

TEST(SimWorkload, PrefixCacheServesTheLeadingBlocksOfARepeatedPrompt)
{
    StartedSim sim(cachedSim());
    const QString prompt = promptOfTokens(QStringLiteral("alpha"), 100);
    const QByteArray body = chatPrompt(prompt, 2);
    // Each request on its own connection: with two worker threads they land on both.
    const QJsonObject first = chatUsage(sim.port(), "/v1/chat/completions", body);
    EXPECT_EQ(first.value(QLatin1String("prompt_tokens")).toInt(), 100);
    EXPECT_EQ(cachedOf(first), 0);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject again = chatUsage(sim.port(), "/v1/chat/completions", body);
        EXPECT_EQ(again.value(QLatin1String("prompt_tokens")).toInt(), 100);
        EXPECT_EQ(cachedOf(again), 96) << "6 whole blocks of 16; the 7th would hold the last token";
    }

    // A different first word: another prefix from token 3 on, nothing cached.
    const QJsonObject other
        = chatUsage(sim.port(), "/v1/chat/completions", chatPrompt(promptOfTokens(QStringLiteral("omega"), 100), 2));
    EXPECT_EQ(cachedOf(other), 0);
    // A shared head and a new tail: the head's whole blocks are cached.
    const QJsonObject longer = chatUsage(sim.port(), "/v1/chat/completions",
                                         chatPrompt(prompt + QStringLiteral(" and then something else entirely"), 2));
    EXPECT_EQ(cachedOf(longer), 96) << "tokens 0-95 are the same as the first prompt's";

    // Not streamed, and on the completions route.
    const CapturedResponse whole = postOnce(sim.port(), "/v1/chat/completions", chatPrompt(prompt, 2, {}, false));
    EXPECT_EQ(jsonAt(whole.json(), {"usage", "prompt_tokens_details", "cached_tokens"}).toInt(), 96);
    const QString completionsPrompt = promptOfTokens(QStringLiteral("gamma"), 40);
    EXPECT_EQ(cachedOf(chatUsage(sim.port(), "/v1/completions", completionsWith(completionsPrompt, 2))), 0);
    EXPECT_EQ(cachedOf(chatUsage(sim.port(), "/v1/completions", completionsWith(completionsPrompt, 2))), 32);

    const QList<SimRequestLog> log = sim.server.requestLog();
    ASSERT_EQ(log.size(), 9);
    EXPECT_EQ(log[0].cachedTokens, 0);
    EXPECT_EQ(log[1].cachedTokens, 96);
    EXPECT_EQ(log[1].promptTokens, 100);
}

TEST(SimWorkload, AnthropicInputTokensLeaveOutCacheReads)
{
    StartedSim sim(cachedSim());
    const QString user = wordsOf(QStringLiteral("alpha"), 80);
    const int full = 3 + 80 + 2 * kTemplatePerMessage + kPrimer; // 92
    const QByteArray body = anthropicWith(QStringLiteral("Be brief."), user, 3);
    const AnthropicSummary first = summarizeAnthropic(postOnce(sim.port(), "/v1/messages", body, anthropicHeaders()));
    EXPECT_EQ(first.startUsage.value(QLatin1String("input_tokens")).toInt(), full);
    EXPECT_EQ(first.startUsage.value(QLatin1String("cache_read_input_tokens")).toInt(-1), 0);

    const AnthropicSummary second = summarizeAnthropic(postOnce(sim.port(), "/v1/messages", body, anthropicHeaders()));
    const int cached = 16 * ((full - 1) / 16); // 80
    EXPECT_EQ(second.startUsage.value(QLatin1String("cache_read_input_tokens")).toInt(), cached);
    EXPECT_EQ(second.startUsage.value(QLatin1String("input_tokens")).toInt(), full - cached);
    EXPECT_EQ(second.usage.value(QLatin1String("input_tokens")).toInt()
                  + second.usage.value(QLatin1String("cache_read_input_tokens")).toInt(),
              full)
        << "message_delta's usage adds up the same";

    const QJsonObject message
        = postOnce(sim.port(), "/v1/messages", anthropicWith(QStringLiteral("Be brief."), user, 3, false), anthropicHeaders())
              .json();
    EXPECT_EQ(jsonAt(message, {"usage", "cache_read_input_tokens"}).toInt(), cached);
    EXPECT_EQ(jsonAt(message, {"usage", "input_tokens"}).toInt(), full - cached);
}

TEST(SimWorkload, ResponsesReportCachedInputTokens)
{
    StartedSim sim(cachedSim());
    const QByteArray body = responsesWith(QStringLiteral("Be brief."), wordsOf(QStringLiteral("alpha"), 50), 2);
    const int full = 3 + 50 + 2 * kTemplatePerMessage + kPrimer; // 62
    const QJsonObject first = responsesUsage(sim.port(), body);
    EXPECT_EQ(first.value(QLatin1String("input_tokens")).toInt(), full);
    EXPECT_EQ(jsonAt(first, {"input_tokens_details", "cached_tokens"}).toInt(-1), 0);
    const QJsonObject second = responsesUsage(sim.port(), body);
    EXPECT_EQ(second.value(QLatin1String("input_tokens")).toInt(), full) << "OpenAI's input_tokens include the cached";
    EXPECT_EQ(jsonAt(second, {"input_tokens_details", "cached_tokens"}).toInt(), 48);
}

TEST(SimWorkload, WithoutThePrefixCacheNothingIsCached)
{
    StartedSim sim(fastSim());
    const QByteArray body = chatPrompt(promptOfTokens(QStringLiteral("alpha"), 100), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject usage = chatUsage(sim.port(), "/v1/chat/completions", body);
        EXPECT_EQ(usage.value(QLatin1String("prompt_tokens")).toInt(), 100);
        EXPECT_EQ(cachedOf(usage), 0) << "cached_tokens is always in usage, 0 here";
    }
    const AnthropicSummary anthropic = summarizeAnthropic(postOnce(
        sim.port(), "/v1/messages", anthropicWith(QStringLiteral("x"), wordsOf(QStringLiteral("alpha"), 80), 2),
        anthropicHeaders()));
    const AnthropicSummary again = summarizeAnthropic(postOnce(
        sim.port(), "/v1/messages", anthropicWith(QStringLiteral("x"), wordsOf(QStringLiteral("alpha"), 80), 2),
        anthropicHeaders()));
    EXPECT_EQ(again.startUsage.value(QLatin1String("cache_read_input_tokens")).toInt(-1), 0);
    EXPECT_EQ(again.startUsage.value(QLatin1String("input_tokens")).toInt(),
              anthropic.startUsage.value(QLatin1String("input_tokens")).toInt());
}

TEST(SimWorkload, CacheHitShortensTheFirstTokensPrefill)
{
    SimConfig config = cachedSim();
    config.baseTtftMs = 5;
    config.prefillUsPerToken = 200; // 400 tokens: 80 ms of prefill, 3.2 ms for the 16 not cached
    StartedSim sim(config);
    const QByteArray body = chatPrompt(promptOfTokens(QStringLiteral("alpha"), 400), 2);
    double ttftMs[2] = {0, 0};
    for (double &ttft : ttftMs) {
        RawClient client(sim.port());
        client.post("/v1/chat/completions", body);
        ASSERT_TRUE(client.waitAll());
        ASSERT_FALSE(client.last().events.isEmpty());
        ttft = (client.last().events.first().arrivalNs - client.sentNs()) / 1e6;
    }
    const QList<SimRequestLog> log = sim.server.requestLog();
    ASSERT_EQ(log.size(), 2);
    EXPECT_EQ(log[0].cachedTokens, 0);
    EXPECT_EQ(log[1].cachedTokens, 384); // 24 blocks; 399 / 16 = 24
    // The model's own TTFT: base + prefill of the uncached tokens, exactly.
    EXPECT_EQ(log[0].modelTtftNs, 5'000'000 + 400 * 200'000);
    EXPECT_EQ(log[1].modelTtftNs, 5'000'000 + 16 * 200'000);
    // On the wire, with a generous margin for a loaded machine: 85 ms against 8.2 ms.
    std::cout << "[ figures  ] TTFT 400 prompt tokens at 200 us: cold " << ttftMs[0] << " ms, cached " << ttftMs[1]
              << " ms\n";
    EXPECT_GE(ttftMs[0] - ttftMs[1], 20.0);
}

TEST(SimWorkload, IgnoreEosAndMinTokensSetTheAnswersLength)
{
    SimConfig config = fastSim();
    config.outputTokens = 5; // the natural stop, below max_tokens
    StartedSim sim(config);
    struct Case {
        QJsonObject extra;
        int tokens;
        const char *finish;
    };
    const Case cases[] = {
        {{}, 5, "stop"},
        {{{QStringLiteral("ignore_eos"), true}}, 20, "length"},
        {{{QStringLiteral("ignore_eos"), false}}, 5, "stop"},
        {{{QStringLiteral("min_tokens"), 12}}, 12, "stop"},
        {{{QStringLiteral("min_tokens"), 3}}, 5, "stop"},
        {{{QStringLiteral("min_tokens"), 30}}, 20, "length"},
        {{{QStringLiteral("min_tokens"), 0}, {QStringLiteral("ignore_eos"), true}}, 20, "length"},
    };
    for (const Case &c : cases) {
        const QByteArray body = chatPrompt(kDawn, 20, c.extra);
        const StreamSummary s = summarize(postOnce(sim.port(), "/v1/chat/completions", body));
        EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), c.tokens) << body.constData();
        EXPECT_EQ(s.textChunks, c.tokens) << body.constData();
        EXPECT_EQ(s.finishReason, QLatin1String(c.finish)) << body.constData();

        const StreamSummary legacy
            = summarize(postOnce(sim.port(), "/v1/completions", completionsWith(kDawn, 20, c.extra)));
        EXPECT_EQ(legacy.usage.value(QLatin1String("completion_tokens")).toInt(), c.tokens) << "completions";
        EXPECT_EQ(legacy.finishReason, QLatin1String(c.finish)) << "completions";
    }
    // Not streamed, too.
    const QJsonObject whole
        = postOnce(sim.port(), "/v1/chat/completions",
                   chatPrompt(kDawn, 20, {{QStringLiteral("ignore_eos"), true}}, false))
              .json();
    EXPECT_EQ(jsonAt(whole, {"usage", "completion_tokens"}).toInt(), 20);
    EXPECT_EQ(firstChoice(whole).value(QLatin1String("finish_reason")).toString(), QStringLiteral("length"));
}

TEST(SimWorkload, BadIgnoreEosOrMinTokensIsA400)
{
    StartedSim sim(fastSim());
    const QJsonObject bad[] = {
        {{QStringLiteral("ignore_eos"), QStringLiteral("yes")}},
        {{QStringLiteral("ignore_eos"), 1}},
        {{QStringLiteral("min_tokens"), -1}},
        {{QStringLiteral("min_tokens"), 2.5}},
        {{QStringLiteral("min_tokens"), QStringLiteral("4")}},
    };
    for (const QJsonObject &extra : bad) {
        for (const QByteArray &path : {QByteArray("/v1/chat/completions"), QByteArray("/v1/completions")}) {
            const QByteArray body = path.contains("chat") ? chatPrompt(kDawn, 8, extra) : completionsWith(kDawn, 8, extra);
            const CapturedResponse response = postOnce(sim.port(), path, body);
            EXPECT_EQ(response.status, 400) << body.constData();
            const QJsonObject error = response.json().value(QLatin1String("error")).toObject();
            EXPECT_EQ(error.value(QLatin1String("type")).toString(), QStringLiteral("invalid_request_error"));
            EXPECT_TRUE(error.value(QLatin1String("message")).toString().contains(extra.keys().first()))
                << error.value(QLatin1String("message")).toString().toStdString();
        }
    }
    const QJsonObject error
        = postOnce(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 8, bad[0])).json().value(QLatin1String("error")).toObject();
    EXPECT_EQ(error.value(QLatin1String("message")).toString(),
              QStringLiteral("Invalid type for 'ignore_eos': expected a boolean, but got a string instead."));
    EXPECT_TRUE(sim.server.requestLog().isEmpty()) << "refused requests decided nothing";
}

TEST(SimWorkload, RequestLogRecordsWhatEachRequestAsked)
{
    SimConfig config = fastSim();
    config.outputTokens = 4;
    StartedSim sim(config);
    const QJsonArray conversation {message(QStringLiteral("system"), QStringLiteral("Be brief.")),
                                   message(QStringLiteral("user"), kDawn),
                                   message(QStringLiteral("assistant"), QStringLiteral("Yes.")),
                                   message(QStringLiteral("user"), QStringLiteral("Again, please!"))};
    postOnce(sim.port(), "/v1/chat/completions", chatWith(conversation, 9, {{QStringLiteral("min_tokens"), 6}}));
    postOnce(sim.port(), "/v1/completions", completionsWith(kDawn, 7, {{QStringLiteral("ignore_eos"), true}}));
    postOnce(sim.port(), "/v1/messages", anthropicWith(QStringLiteral("Be brief."), kDawn, 33), anthropicHeaders());

    const QList<SimRequestLog> log = sim.server.requestLog();
    ASSERT_EQ(log.size(), 3);
    EXPECT_EQ(log[0].api, SimApi::Chat);
    EXPECT_EQ(log[0].promptText, QStringLiteral("Be brief.\n") + kDawn + QStringLiteral("\nYes.\nAgain, please!"));
    EXPECT_EQ(log[0].messages, 4);
    EXPECT_EQ(log[0].maxTokens, 9);
    EXPECT_TRUE(log[0].maxTokensGiven);
    EXPECT_EQ(log[0].minTokens, 6);
    EXPECT_FALSE(log[0].ignoreEos);
    EXPECT_EQ(log[0].promptTokens, 35);
    EXPECT_EQ(log[0].cachedTokens, 0);
    EXPECT_EQ(log[0].outputTokens, 6);
    EXPECT_TRUE(log[0].stream);

    EXPECT_EQ(log[1].api, SimApi::Completions);
    EXPECT_EQ(log[1].promptText, kDawn);
    EXPECT_EQ(log[1].messages, 1);
    EXPECT_EQ(log[1].maxTokens, 7);
    EXPECT_TRUE(log[1].ignoreEos);
    EXPECT_EQ(log[1].promptTokens, 17);
    EXPECT_EQ(log[1].outputTokens, 7);

    EXPECT_EQ(log[2].api, SimApi::AnthropicMessages);
    EXPECT_EQ(log[2].promptText, QStringLiteral("Be brief.\n") + kDawn);
    EXPECT_EQ(log[2].messages, 2);
    EXPECT_EQ(log[2].maxTokens, 33);
    EXPECT_EQ(log[2].promptTokens, 23);
    EXPECT_EQ(log[2].outputTokens, 4);

    const QList<qint64> arrivals = sim.server.requestArrivalsNs();
    ASSERT_EQ(arrivals.size(), 3);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(log[i].arrivalNs, arrivals[i]);

    sim.server.resetCounters();
    EXPECT_TRUE(sim.server.requestLog().isEmpty());
}

TEST(SimWorkload, RequestLogIsEmptyWithoutRecordWire)
{
    SimConfig config = fastSim();
    config.recordWire = false;
    StartedSim sim(config);
    EXPECT_EQ(postOnce(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 2)).status, 200);
    EXPECT_TRUE(sim.server.requestLog().isEmpty());
}

TEST(SimWorkload, CliServeTurnsThePrefixCacheOn)
{
    QProcess help;
    help.start(QStringLiteral(TOKENSCOPE_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("--help")});
    ASSERT_TRUE(help.waitForFinished(30000));
    EXPECT_TRUE(help.readAllStandardOutput().contains("--prefix-cache"));

    QProcess serve;
    serve.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
                {QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--ttft-ms"),
                 QStringLiteral("5"), QStringLiteral("--decode-ms"), QStringLiteral("1"),
                 QStringLiteral("--prefix-cache")});
    ASSERT_TRUE(serve.waitForStarted());
    // "TokenScope simulator serving http://127.0.0.1:<port>/v1 (model ...)"
    QString baseUrl;
    while (baseUrl.isEmpty() && serve.waitForReadyRead(10000)) {
        const QString line = QString::fromUtf8(serve.readLine());
        const qsizetype at = line.indexOf(u"http://");
        if (at >= 0)
            baseUrl = line.mid(at).section(u' ', 0, 0);
    }
    ASSERT_FALSE(baseUrl.isEmpty()) << "serve did not print its URL: " << serve.readAllStandardError().toStdString();
    const auto port = static_cast<quint16>(QUrl(baseUrl).port());
    const QByteArray body = chatPrompt(promptOfTokens(QStringLiteral("alpha"), 100), 2);
    EXPECT_EQ(cachedOf(chatUsage(port, "/v1/chat/completions", body)), 0);
    EXPECT_EQ(cachedOf(chatUsage(port, "/v1/chat/completions", body)), 96);
    serve.terminate();
    EXPECT_TRUE(serve.waitForFinished(10000));
}

// vLLM's continuous usage (docs/simulator.md#per-chunk-usage): with include_usage and
// continuous_usage_stats, every chunk carries the running usage, the role chunk's at 0 tokens;
// continuous_usage_stats alone changes nothing.
TEST(SimWorkload, ContinuousUsageStatsPutTheRunningUsageOnEveryChunk)
{
    StartedSim sim(fastSim());
    const QJsonObject both { { QStringLiteral("stream_options"),
        QJsonObject {
            { QStringLiteral("include_usage"), true }, { QStringLiteral("continuous_usage_stats"), true } } } };
    const CapturedResponse response = postOnce(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 6, both));
    ASSERT_EQ(response.status, 200);
    QList<int> running;
    int promptTokens = -1;
    for (const SseEvent &event : response.events) {
        if (event.data == "[DONE]")
            continue;
        const QJsonObject usage = QJsonDocument::fromJson(event.data).object().value(u"usage").toObject();
        ASSERT_FALSE(usage.isEmpty()) << event.data.constData();
        promptTokens = usage.value(u"prompt_tokens").toInt();
        running.append(usage.value(u"completion_tokens").toInt());
        EXPECT_EQ(usage.value(u"total_tokens").toInt(), promptTokens + running.constLast());
    }
    // the role chunk, a chunk per token, the finish chunk and the usage chunk
    ASSERT_GE(running.size(), 4);
    EXPECT_EQ(running.constFirst(), 0);
    EXPECT_TRUE(std::is_sorted(running.cbegin(), running.cend()));
    EXPECT_EQ(running.at(1), 1);
    EXPECT_EQ(running.constLast(), running.size() - 3) << "one token per text chunk";
    EXPECT_EQ(running.at(running.size() - 2), running.constLast());

    const QJsonObject alone { { QStringLiteral("stream_options"),
        QJsonObject { { QStringLiteral("continuous_usage_stats"), true } } } };
    const CapturedResponse without = postOnce(sim.port(), "/v1/chat/completions", chatPrompt(kDawn, 6, alone));
    for (const SseEvent &event : without.events)
        EXPECT_FALSE(event.data.contains("usage")) << event.data.constData();
}
