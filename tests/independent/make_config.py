#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write the mock servers' configurations used by run.sh (python3 stdlib only).

@dwmkerr/mock-llm renders a chat completion from a rule's JSON template and, when the request
says "stream": true, splits message.content into chunkSize-character pieces and writes one SSE
event every chunkIntervalMs (its src/streaming.ts). Its only per-request template value is
{{timestamp}} (milliseconds), so hundreds of simultaneous requests would share a response id.
To give every response its own `id` (the key the comparison matches on) this config uses the
server's documented "sequence" rules: rule k answers the k-th chat request with
id chatcmpl-indep-<k>. A catch-all rule without a sequence comes first (last match wins), so a
request past the last sequence number still gets an answer (with a non-unique id).

With --aimock it writes instead a fixture file for @copilotkit/aimock, the Anthropic Messages
phase. aimock streams a fixture's `reasoning` as thinking_delta events and its `content` as
text_delta events, chunkSize characters each, and paces every SSE event it writes by the
fixture's documented streamingProfile: `ttft` ms before the first event (message_start), then
1000/`tps` ms before each later one, stretched or shrunk by up to `jitter` at random. It mints a
random message id per response itself, and puts the fixture's `usage.output_tokens` in
message_start and message_delta. Two fixtures, chosen by the request's model: one with thinking
before the text, one with text only.
"""
import argparse
import json

WORDS = (
    "measuring streaming latency means timing every chunk as it leaves the server and again "
    "as it reaches the client so that queueing parsing and scheduling delays become visible "
    "even when many requests share one machine and one event loop "
)


def content_text(chars: int) -> str:
    text = ""
    while len(text) < chars:
        text += WORDS
    return text[:chars].rstrip() or "x"


def rule(seq, rid: str, text: str) -> str:
    lines = ['  - path: "/v1/chat/completions"', '    method: "POST"']
    if seq is not None:
        lines.append(f"    sequence: {seq}")
    lines += [
        "    response:",
        "      status: 200",
        "      content: |",
        "        {",
        f'          "id": "{rid}",',
        '          "object": "chat.completion",',
        '          "created": 1700000000,',
        '          "model": "{{jmes request body.model}}",',
        f'          "choices": [{{"index": 0, "message": {{"role": "assistant", "content": "{text}"}}, "finish_reason": "stop"}}]',
        "        }",
    ]
    return "\n".join(lines)


def aimock_fixtures(a) -> dict:
    text = content_text(a.content_chars)
    thinking = content_text(a.thinking_chars)
    # The usage aimock reports is what the fixture says. About 4 characters a token, so it is
    # not the number of chunks: a client that counted chunks would be caught.
    text_tokens = -(-len(text) // 4)
    thinking_tokens = -(-len(thinking) // 4)
    profile = {"ttft": a.ttft_ms, "tps": 1000.0 / a.interval_ms, "jitter": a.jitter}
    return {"fixtures": [
        {"match": {"model": f"{a.model}-thinking"},
         "response": {"content": text, "reasoning": thinking,
                      "usage": {"input_tokens": 12, "output_tokens": thinking_tokens + text_tokens}},
         "chunkSize": a.chunk_size, "streamingProfile": profile},
        {"match": {"model": a.model},
         "response": {"content": text, "usage": {"input_tokens": 12, "output_tokens": text_tokens}},
         "chunkSize": a.chunk_size, "streamingProfile": profile},
    ]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--aimock", action="store_true", help="write an aimock fixture file (Anthropic phase)")
    ap.add_argument("--model", default="independent-mock", help="aimock: the text model; MODEL-thinking thinks first")
    ap.add_argument("--thinking-chars", type=int, default=160, help="aimock: length of the streamed thinking")
    ap.add_argument("--ttft-ms", type=float, default=50, help="aimock: delay before the first event")
    ap.add_argument("--jitter", type=float, default=0.25, help="aimock: each delay varies by up to this fraction")
    ap.add_argument("--requests", type=int, default=0, help="number of sequence rules (unique ids)")
    ap.add_argument("--chunk-size", type=int, default=16, help="characters per SSE chunk")
    ap.add_argument("--interval-ms", type=int, default=20, help="milliseconds between chunks")
    ap.add_argument("--content-chars", type=int, default=640, help="length of the streamed text")
    a = ap.parse_args()
    if a.aimock:
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(aimock_fixtures(a), f, indent=1)
            f.write("\n")
        return
    if a.requests <= 0:
        ap.error("--requests is required for the mock-llm configuration")
    text = content_text(a.content_chars)
    parts = [
        "streaming:",
        f"  chunkSize: {a.chunk_size}",
        f"  chunkIntervalMs: {a.interval_ms}",
        "rules:",
        rule(None, "chatcmpl-indep-fallback-{{timestamp}}", text),
    ]
    parts += [rule(k, f"chatcmpl-indep-{k:05d}", text) for k in range(a.requests)]
    parts += [
        '  - path: "/v1/models"',
        '    method: "GET"',
        "    response:",
        "      status: 200",
        "      content: |",
        '        {"object": "list", "data": [{"id": "independent-mock", "object": "model", "owned_by": "mock-llm"}]}',
    ]
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
