#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write the mock-llm configuration used by run.sh (python3 stdlib only).

@dwmkerr/mock-llm renders a chat completion from a rule's JSON template and, when the request
says "stream": true, splits message.content into chunkSize-character pieces and writes one SSE
event every chunkIntervalMs (its src/streaming.ts). Its only per-request template value is
{{timestamp}} (milliseconds), so hundreds of simultaneous requests would share a response id.
To give every response its own `id` (the key the comparison matches on) this config uses the
server's documented "sequence" rules: rule k answers the k-th chat request with
id chatcmpl-indep-<k>. A catch-all rule without a sequence comes first (last match wins), so a
request past the last sequence number still gets an answer (with a non-unique id).
"""
import argparse

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--requests", type=int, required=True, help="number of sequence rules (unique ids)")
    ap.add_argument("--chunk-size", type=int, default=16, help="characters per SSE chunk")
    ap.add_argument("--interval-ms", type=int, default=20, help="milliseconds between chunks")
    ap.add_argument("--content-chars", type=int, default=640, help="length of the streamed text")
    a = ap.parse_args()
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
