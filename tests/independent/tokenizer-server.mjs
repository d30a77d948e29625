// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A minimal OpenAI-compatible streaming server whose usage.prompt_tokens comes from a real BPE
// tokenizer TokenScope does not have: gpt-tokenizer (npm, MIT, not written by this repo), model
// gpt-4o (o200k_base) with its chat template (encodeChat). tokenscope-cli only ever sees the
// count in usage, as with a hosted model. Logs every request it served as one JSON line
// (the prompt's SHA-256 and its count, max_tokens, the messages' count), the ground truth for
// tests/independent/inputtokens.py. Used by tests/independent/run.sh (INPUT_TOKENS=1).
//
//   node tokenizer-server.mjs PORT LOG.jsonl
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { appendFileSync, writeFileSync } from "node:fs";
import { encodeChat } from "gpt-tokenizer/model/gpt-4o";

const port = Number(process.argv[2] ?? 18086);
const logPath = process.argv[3] ?? "tokenizer-server.jsonl";
writeFileSync(logPath, "");

function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function promptText(body) {
  if (Array.isArray(body.messages))
    return body.messages.map((m) => `${m.role}: ${m.content}`).join("\n");
  return String(body.prompt ?? "");
}

function promptTokens(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [{ role: "user", content: String(body.prompt ?? "") }];
  return encodeChat(messages.map((m) => ({ role: m.role, content: String(m.content) }))).length;
}

function stream(res, body, tokens) {
  const maxTokens = Math.max(1, Number(body.max_tokens ?? 16));
  const id = `chatcmpl-${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 12)}`;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunk = (delta, finish) => ({ id, object: "chat.completion.chunk", model: body.model,
    choices: [{ index: 0, delta, finish_reason: finish }] });
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < maxTokens) {
      res.write(`data: ${JSON.stringify(chunk({ content: " word" }, null))}\n\n`);
      ++sent;
      return;
    }
    clearInterval(timer);
    res.write(`data: ${JSON.stringify(chunk({}, "length"))}\n\n`);
    if (body.stream_options?.include_usage)
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", model: body.model, choices: [],
        usage: { prompt_tokens: tokens, completion_tokens: sent, total_tokens: tokens + sent } })}\n\n`);
    res.write("data: [DONE]\n\n");
    res.end();
  }, 2);
}

createServer((req, res) => {
  if (req.method === "GET" && req.url.startsWith("/v1/models"))
    return send(res, 200, { object: "list", data: [{ id: "tokenizer-gpt-4o", object: "model" }] });
  if (req.method !== "POST" || !req.url.startsWith("/v1/chat/completions"))
    return send(res, 404, { error: { message: `no route ${req.url}` } });
  let raw = "";
  req.on("data", (d) => (raw += d));
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, { error: { message: "invalid JSON" } });
    }
    const tokens = promptTokens(body);
    const text = promptText(body);
    appendFileSync(logPath, JSON.stringify({ sha256: createHash("sha256").update(text).digest("hex"),
      prompt_tokens: tokens, max_tokens: body.max_tokens ?? null, messages: body.messages?.length ?? 0,
      head: text.slice(0, 48) }) + "\n");
    stream(res, body, tokens);
  });
}).listen(port, "127.0.0.1", () => console.log(`tokenizer server on 127.0.0.1:${port}, log ${logPath}`));
