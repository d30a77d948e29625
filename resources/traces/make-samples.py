#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the sample traces beside this script (docs/methodology.md#trace-replay).

mooncake-sample.jsonl: 200 requests in the mooncake trace format (timestamp in ms, input_length,
output_length, hash_ids of 512-token blocks), made up here, not taken from a real service: Poisson
arrivals at about 4 requests per second, in six "applications" whose requests open with the same
system-prompt blocks, and follow-ups that resend an earlier request's blocks (a conversation's
history) before blocks of their own.

conversations-sample.jsonl: 60 turns of 12 made-up coding-agent conversations in the timed format
(timestamp in ms, session_id, messages holding each turn's new user message, output_length): a
conversation begins about every 2 s, each has 3 to 7 turns, and a later turn comes 1 to 6 s after
the one before it (a tool run or a person reading). The first turn of each opens with one of two
system prompts, so conversations share a prefix as an agent's sessions do.

Deterministic: rerunning this script gives the same files.
"""
import json
import os
import random

BLOCK = 512
rng = random.Random(20261207)
next_id = 0


def new_blocks(n):
    global next_id
    ids = list(range(next_id, next_id + n))
    next_id += n
    return ids


apps = [new_blocks(rng.randint(1, 3)) for _ in range(6)]  # each application's system prompt
history = []  # (app, ids) of earlier requests, for follow-ups
t = 0.0
lines = []
for i in range(200):
    t += rng.expovariate(4.0) * 1000
    app = rng.randrange(len(apps))
    earlier = [ids for a, ids in history if a == app]
    if earlier and rng.random() < 0.5:
        ids = rng.choice(earlier) + new_blocks(rng.randint(1, 2))  # a follow-up: the history, then more
    else:
        ids = apps[app] + new_blocks(rng.randint(0, 2))
    ids = ids[:8]
    input_length = (len(ids) - 1) * BLOCK + rng.randint(64, BLOCK)
    history.append((app, ids))
    lines.append({"timestamp": int(t), "input_length": input_length,
                  "output_length": rng.randint(16, 160), "hash_ids": ids})

here = os.path.dirname(os.path.abspath(__file__))


def write(name, rows):
    with open(os.path.join(here, name), "w") as f:
        for row in rows:
            f.write(json.dumps(row, separators=(", ", ": ")) + "\n")


write("mooncake-sample.jsonl", lines)

SYSTEM = [
    "You are a coding agent working in a C++ repository. Read before you edit, keep functions short, "
    "run the tests after every change, and explain each change in one sentence.",
    "You are a careful reviewer. Point out bugs, unclear names and missing tests in the code the user "
    "shows you; suggest the smallest fix and say why it is right.",
]
ASKS = [
    "Find where the parser reads a chunk and explain what happens when the line is cut in two.",
    "The test fails on a loaded machine; here is its output. What is timing-dependent in it?",
    "Rename the helper so its name says what it returns, and update every caller.",
    "Write a unit test for the empty input and for a line of exactly the buffer's size.",
    "The build warns about a narrowing conversion in the summary code. Fix it without a cast.",
    "Summarise what we changed so far for the commit message.",
    "Now run the whole suite and tell me which tests are slowest.",
    "Is the lock in the writer needed? Show me the two threads that would race without it.",
    "Add a command-line option for the timeout, with a sensible default and a clear error.",
    "Read the diff again and list anything we forgot: docs, translations, the changelog.",
]
turns = []
begin = 0.0
for session in range(12):
    begin += rng.expovariate(0.5) * 1000
    at = begin
    for turn in range(rng.randint(3, 7)):
        if turn:
            at += rng.uniform(1000, 6000)
        messages = [{"role": "user", "content": rng.choice(ASKS)}]
        if turn == 0:
            messages.insert(0, {"role": "system", "content": SYSTEM[session % 2]})
        turns.append({"timestamp": int(at), "session_id": "agent-%02d" % session,
                      "output_length": rng.randint(32, 256), "messages": messages})
turns.sort(key=lambda row: row["timestamp"])
write("conversations-sample.jsonl", turns)
