#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks what tests/independent/inputtokens.sh measured (see that script). Exits 1 on a miss."""
import argparse
import hashlib
import json
import pathlib
import sys


def measured(run_dir):
    rows = [json.loads(line) for line in (run_dir / "requests.jsonl").read_text().splitlines() if line.strip()]
    return [r for r in rows if not r["warmup"]]


def check_lengths(name, rows, target, server_counts=None):
    counts = server_counts if server_counts is not None else [r["prompt_tokens"] for r in rows]
    within = sum(1 for c in counts if c is not None and abs(c - target) <= target * 0.01)
    share = within / len(counts) if counts else 0
    ok = share >= 0.95
    print(f"| {name} | {len(counts)} | {min(counts)}–{max(counts)} | {within} ({100 * share:.1f} %) | "
          f"{'met' if ok else 'MISSED'} |")
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--target", type=int, default=500)
    args = parser.parse_args()
    out, target = args.out, args.target
    ok = True
    print(f"| server | requests | prompt tokens counted | within {target} ± {target // 100} | target (≥ 95 %) |")
    print("|---|---|---|---|---|")
    # tokenizer-server: the server's own log is the ground truth; the last REQUESTS lines are the measured ones.
    tok_rows = measured(out / "tokenizer")
    log = [json.loads(line) for line in (out / "tokenizer-server-synthetic.jsonl").read_text().splitlines()]
    measured_log = log[-len(tok_rows):]
    ok &= check_lengths("tokenizer-server (gpt-4o BPE)", tok_rows, target, [r["prompt_tokens"] for r in measured_log])
    distinct = len({r["sha256"] for r in measured_log}) == len(measured_log)
    mock_rows = measured(out / "mock-openai-api")
    ok &= check_lengths("mock-openai-api (chars / 4)", mock_rows, target)
    mock_distinct = len({r["prompt_id"] for r in mock_rows}) == len(mock_rows)
    print(f"\nDistinct prompts: tokenizer-server {'yes' if distinct else 'NO'} (SHA-256 of what arrived), "
          f"mock-openai-api {'yes' if mock_distinct else 'NO'} (prompt ids).")
    ok &= distinct and mock_distinct
    # The dataset: what arrived, in order, with each line's output_tokens as max_tokens.
    lines = [json.loads(line) for line in (out / "dataset.jsonl").read_text().splitlines()]
    arrived = [json.loads(line) for line in (out / "tokenizer-server-dataset.jsonl").read_text().splitlines()]
    in_order = len(arrived) == len(lines) and all(
        a["sha256"] == hashlib.sha256(f"user: {l['prompt']}".encode()).hexdigest() and a["max_tokens"] == l["output_tokens"]
        for a, l in zip(arrived, lines))
    print(f"Dataset: {len(arrived)} of {len(lines)} lines arrived in order, each with its own max_tokens: "
          f"{'met' if in_order else 'MISSED'}.")
    ok &= in_order
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
