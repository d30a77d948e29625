#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the sample traces beside this script (docs/methodology.md#trace-replay).

mooncake-sample.jsonl: 200 requests in the mooncake trace format (timestamp in ms, input_length,
output_length, hash_ids of 512-token blocks), made up here, not taken from a real service: Poisson
arrivals at about 4 requests per second, in six "applications" whose requests open with the same
system-prompt blocks, and follow-ups that resend an earlier request's blocks (a conversation's
history) before blocks of their own. Deterministic: rerunning this script gives the same file.
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
with open(os.path.join(here, "mooncake-sample.jsonl"), "w") as f:
    for line in lines:
        f.write(json.dumps(line, separators=(", ", ": ")) + "\n")
