// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The official SDKs (openai, @anthropic-ai/sdk; versions pinned by package-lock.json) stream from
// `tokenscope-cli serve`. Each check uses the SDK as an application would and asserts what the
// simulator was configured with: text in several events, final usage equal to its output tokens,
// reasoning where configured, and errors the SDK recognises as that API's own. run.sh starts the
// simulator and calls this once per simulator configuration.
//
//   node check.mjs --base http://127.0.0.1:PORT/v1 --key KEY --model M --output-tokens N
//                  [--reasoning-tokens R] [--errors] [--label NAME]
//
// Prints one line per check and "N passed, M failed"; exits 1 on any failure.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

function parseArgs(argv) {
    const args = { reasoningTokens: 0, errors: false, label: 'sim' };
    for (let i = 0; i < argv.length; ++i) {
        const name = argv[i].replace(/^--/, '');
        if (name === 'errors') {
            args.errors = true;
            continue;
        }
        const value = argv[++i];
        if (name === 'base') args.base = value;
        else if (name === 'key') args.key = value;
        else if (name === 'model') args.model = value;
        else if (name === 'output-tokens') args.outputTokens = Number(value);
        else if (name === 'reasoning-tokens') args.reasoningTokens = Number(value);
        else if (name === 'label') args.label = value;
        else throw new Error(`unknown option --${name}`);
    }
    if (!args.base || !args.key || !args.model || !(args.outputTokens > 0))
        throw new Error('needs --base, --key, --model and --output-tokens');
    return args;
}

const args = parseArgs(process.argv.slice(2));
const R = args.reasoningTokens;
const N = args.outputTokens;
const textTokens = N - R;
const options = { apiKey: args.key, timeout: 30_000, maxRetries: 0 };
const openai = new OpenAI({ ...options, baseURL: args.base });
// ANTHROPIC_BASE_URL style: the SDK appends /v1/messages itself.
const anthropic = new Anthropic({ ...options, baseURL: args.base.replace(/\/v1\/?$/, '') });
const prompt = 'Count from one to ten, please.';
const messages = [{ role: 'user', content: prompt }];

class Mismatch extends Error {}
function expect(condition, what) {
    if (!condition) throw new Mismatch(what);
}
function expectEqual(actual, expected, what) {
    expect(actual === expected, `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

const results = [];
async function check(name, body) {
    const started = performance.now();
    try {
        const note = await body();
        results.push({ name, ok: true });
        const ms = (performance.now() - started).toFixed(0);
        console.log(`ok   ${args.label}: ${name} (${ms} ms${note ? `; ${note}` : ''})`);
    } catch (error) {
        results.push({ name, ok: false });
        const detail = error instanceof Mismatch ? error.message : `${error.constructor.name}: ${error.message}`;
        console.log(`FAIL ${args.label}: ${name}: ${detail}`);
    }
}

// The error an SDK throws for a request the simulator refuses, or a failure if it throws none.
async function thrownBy(body) {
    try {
        await body();
    } catch (error) {
        return error;
    }
    throw new Mismatch('expected the SDK to throw');
}

// ---- OpenAI ----

await check('openai chat.completions.create({stream: true})', async () => {
    const stream = await openai.chat.completions.create({
        model: args.model, messages, max_tokens: 64, stream: true, stream_options: { include_usage: true },
    });
    let textEvents = 0, reasoningEvents = 0, text = '', usage = null, finish = null;
    for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) {
            ++textEvents;
            text += choice.delta.content;
        }
        if (choice?.delta?.reasoning_content) ++reasoningEvents;
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage) usage = chunk.usage;
    }
    expect(textEvents >= 2, `text in several events: got ${textEvents}`);
    expectEqual(textEvents, textTokens, 'content chunks (1 token each)');
    expectEqual(reasoningEvents, R, 'reasoning_content chunks');
    expectEqual(finish, 'stop', 'finish_reason');
    expect(usage !== null, 'a usage chunk');
    expectEqual(usage.completion_tokens, N, 'usage.completion_tokens');
    expect(text.trim().length > 0, 'some text');
    return `${textEvents} text events, ${usage.completion_tokens} completion tokens`;
});

await check('openai chat.completions.stream() helper', async () => {
    const stream = openai.chat.completions.stream({
        model: args.model, messages, max_tokens: 64, stream_options: { include_usage: true },
    });
    let deltas = 0;
    stream.on('content.delta', () => ++deltas);
    const completion = await stream.finalChatCompletion();
    expect(deltas >= 2, `content.delta events: got ${deltas}`);
    expectEqual(completion.usage?.completion_tokens, N, 'finalChatCompletion().usage.completion_tokens');
    expect(completion.choices[0].message.content.length > 0, 'the final message has content');
});

await check('openai responses.create({stream: true})', async () => {
    const stream = await openai.responses.create({ model: args.model, input: prompt, max_output_tokens: 64, stream: true });
    const types = [];
    let text = '', doneText = null, textEvents = 0, reasoningEvents = 0, completed = null, lastSequence = -1;
    for await (const event of stream) {
        types.push(event.type);
        expectEqual(event.sequence_number, lastSequence + 1, `sequence_number of ${event.type}`);
        lastSequence = event.sequence_number;
        if (event.type === 'response.output_text.delta') {
            ++textEvents;
            text += event.delta;
        } else if (event.type === 'response.reasoning_summary_text.delta') {
            ++reasoningEvents;
        } else if (event.type === 'response.output_text.done') {
            doneText = event.text;
        } else if (event.type === 'response.completed') {
            completed = event.response;
        }
    }
    expectEqual(types[0], 'response.created', 'first event');
    expectEqual(types.at(-1), 'response.completed', 'last event');
    expect(textEvents >= 2, `output_text.delta events: got ${textEvents}`);
    expectEqual(reasoningEvents, R, 'reasoning_summary_text.delta events');
    expectEqual(doneText, text, 'output_text.done text against the deltas');
    expectEqual(completed.usage.output_tokens, N, 'response.completed usage.output_tokens');
    expectEqual(completed.usage.total_tokens, completed.usage.input_tokens + N, 'usage.total_tokens');
    expectEqual(completed.usage.output_tokens_details.reasoning_tokens, R, 'usage reasoning_tokens');
    return `${types.length} events, ${textEvents} text deltas`;
});

await check('openai responses.stream() helper', async () => {
    const stream = openai.responses.stream({ model: args.model, input: prompt, max_output_tokens: 64 });
    let deltas = '';
    stream.on('response.output_text.delta', (event) => (deltas += event.delta));
    const response = await stream.finalResponse();
    expectEqual(response.output_text, deltas, 'finalResponse().output_text against the deltas');
    expectEqual(response.usage.output_tokens, N, 'finalResponse().usage.output_tokens');
});

// ---- Anthropic ----

await check('anthropic messages.stream()', async () => {
    const stream = anthropic.messages.stream({ model: args.model, max_tokens: 64, messages, system: 'Be brief.' });
    let textEvents = 0, thinkingEvents = 0, signatures = 0;
    stream.on('text', () => ++textEvents);
    stream.on('thinking', () => ++thinkingEvents);
    stream.on('signature', () => ++signatures);
    const message = await stream.finalMessage();
    expect(textEvents >= 2, `text events: got ${textEvents}`);
    expectEqual(textEvents, textTokens, 'text events (1 token each)');
    expectEqual(thinkingEvents, R, 'thinking events');
    expectEqual(message.usage.output_tokens, N, 'finalMessage().usage.output_tokens');
    expectEqual(message.stop_reason, 'end_turn', 'stop_reason');
    expect(message.id.startsWith('msg_'), `message id ${message.id}`);
    const types = message.content.map((block) => block.type).join(',');
    expectEqual(types, R > 0 ? 'thinking,text' : 'text', 'content block types');
    if (R > 0) {
        expectEqual(signatures, 1, 'signature events');
        expect(message.content[0].thinking.length > 0 && message.content[0].signature.length > 0,
            'the thinking block has its text and signature');
    }
    return `${textEvents} text events, ${message.usage.output_tokens} output tokens`;
});

await check('anthropic messages.create({stream: true})', async () => {
    const stream = await anthropic.messages.create({ model: args.model, max_tokens: 64, messages, stream: true });
    const types = [];
    let textDeltas = 0, startUsage = null, finalUsage = null;
    for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'message_start') startUsage = event.message.usage;
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text) ++textDeltas;
        if (event.type === 'message_delta') finalUsage = event.usage;
    }
    expectEqual(types[0], 'message_start', 'first event');
    expectEqual(types.at(-1), 'message_stop', 'last event');
    expect(textDeltas >= 2, `text_delta events: got ${textDeltas}`);
    expectEqual(startUsage.output_tokens, 1, 'message_start usage.output_tokens');
    expect(startUsage.input_tokens > 0, 'message_start usage.input_tokens');
    expectEqual(finalUsage.output_tokens, N, 'message_delta usage.output_tokens');
});

await check('anthropic with the key in x-api-key (the documented header, as curl and older SDKs send it)', async () => {
    // This SDK sends apiKey as `Authorization: Bearer`; an explicit x-api-key header takes its place.
    const client = new Anthropic({ ...options, apiKey: null, baseURL: anthropic.baseURL,
        defaultHeaders: { 'x-api-key': args.key } });
    const message = await client.messages.stream({ model: args.model, max_tokens: 64, messages }).finalMessage();
    expectEqual(message.usage.output_tokens, N, 'finalMessage().usage.output_tokens');
});

await check('anthropic messages.create() without streaming', async () => {
    const message = await anthropic.messages.create({ model: args.model, max_tokens: 64, messages });
    expectEqual(message.usage.output_tokens, N, 'usage.output_tokens');
    expect(message.content.at(-1).type === 'text' && message.content.at(-1).text.length > 0, 'a text block');
});

await check('anthropic models.list()', async () => {
    const ids = [];
    for await (const model of anthropic.models.list()) ids.push(model.id);
    expect(ids.includes(args.model), `models ${JSON.stringify(ids)} include ${args.model}`);
});

// ---- errors, as each SDK classifies them ----

if (args.errors) {
    const fault = (name) => ({ headers: { 'X-Sim-Fault': name } });

    await check('wrong key: both SDKs raise AuthenticationError', async () => {
        const badOpenai = new OpenAI({ ...options, apiKey: 'sk-wrong', baseURL: args.base });
        const badAnthropic = new Anthropic({ ...options, apiKey: 'sk-wrong', baseURL: anthropic.baseURL });
        const a = await thrownBy(() => badOpenai.chat.completions.create({ model: args.model, messages, max_tokens: 4 }));
        expect(a instanceof OpenAI.AuthenticationError, `openai threw ${a.constructor.name}`);
        const b = await thrownBy(() => badAnthropic.messages.create({ model: args.model, max_tokens: 4, messages }));
        expect(b instanceof Anthropic.AuthenticationError, `anthropic threw ${b.constructor.name}`);
        expectEqual(b.error?.error?.type, 'authentication_error', 'anthropic error type');
    });

    await check('overloaded and 429: Anthropic errors by status and type', async () => {
        const overloaded = await thrownBy(() =>
            anthropic.messages.create({ model: args.model, max_tokens: 4, messages }, fault('overloaded')));
        expectEqual(overloaded.status, 529, 'status');
        expectEqual(overloaded.error?.error?.type, 'overloaded_error', 'error type');
        const limited = await thrownBy(() =>
            anthropic.messages.create({ model: args.model, max_tokens: 4, messages, stream: true }, fault('429')));
        expect(limited instanceof Anthropic.RateLimitError, `threw ${limited.constructor.name}`);
    });

    await check('error_in_stream: each SDK sees the error after some text', async () => {
        let anthropicText = 0;
        const a = await thrownBy(async () => {
            const stream = await anthropic.messages.create(
                { model: args.model, max_tokens: 64, messages, stream: true }, fault('error_in_stream'));
            for await (const event of stream) {
                if (event.type === 'content_block_delta') ++anthropicText;
            }
        });
        expect(a instanceof Anthropic.APIError, `anthropic threw ${a.constructor.name}`);
        expectEqual(a.error?.error?.type, 'overloaded_error', 'anthropic error event type');
        expect(anthropicText >= 2, `anthropic text before the error: ${anthropicText}`);

        let chatText = 0;
        const c = await thrownBy(async () => {
            const stream = await openai.chat.completions.create(
                { model: args.model, messages, max_tokens: 64, stream: true }, fault('error_in_stream'));
            for await (const chunk of stream) {
                if (chunk.choices[0]?.delta?.content) ++chatText;
            }
        });
        expect(c instanceof OpenAI.APIError, `openai chat threw ${c.constructor.name}`);
        expect(chatText >= 2, `chat text before the error: ${chatText}`);

        const stream = await openai.responses.create(
            { model: args.model, input: prompt, max_output_tokens: 64, stream: true }, fault('error_in_stream'));
        let last = null;
        for await (const event of stream) last = event;
        expectEqual(last.type, 'response.failed', 'the Responses stream ends with');
        expectEqual(last.response.error?.code, 'server_error', 'response.error.code');
    });
}

const failed = results.filter((r) => !r.ok).length;
console.log(`${args.label}: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
