#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Workloads against servers whose prompt-token count TokenScope cannot know in advance
# (docs/independent-server.md#prompts-of-exactly-n-tokens-against-independent-servers):
#   1. `--input-tokens 500` against tokenizer-server.mjs (gpt-tokenizer's gpt-4o BPE with its chat
#      template) and against mock-openai-api (npm; ceil(characters / 4) of the last user message);
#   2. a 12-line vLLM-custom dataset against tokenizer-server.mjs, whose request log says what
#      arrived, prompt by prompt, with which max_tokens.
# inputtokens.py checks: counts within 500 ± 5 on at least 95 % of requests, all prompts distinct,
# the dataset in order with its own max_tokens. Everything stays on 127.0.0.1.
#
#   tests/independent/inputtokens.sh [path/to/tokenscope-cli] [out-dir]
# Environment: PORT (18090; uses PORT and PORT+1), REQUESTS (200), CONCURRENCY (8), INPUT_TOKENS (500).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${1:-$ROOT/build/release/tokenscope-cli}"
OUT="${2:-$HERE/out-inputtokens}"
PORT="${PORT:-18090}"
REQUESTS="${REQUESTS:-200}"
CONCURRENCY="${CONCURRENCY:-8}"
N="${INPUT_TOKENS:-500}"
[[ -x "$CLI" ]] || { echo "tokenscope-cli not found at $CLI" >&2; exit 2; }
if [[ ! -d "$HERE/node_modules/gpt-tokenizer" || ! -d "$HERE/node_modules/mock-openai-api" ]]; then
    (cd "$HERE" && npm ci --no-audit --no-fund >/dev/null)
fi
rm -rf "$OUT" && mkdir -p "$OUT"
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true' EXIT
node "$HERE/tokenizer-server.mjs" "$PORT" "$OUT/tokenizer-server.jsonl" >"$OUT/tokenizer-server.log" 2>&1 &
PIDS+=($!)
node "$HERE/node_modules/mock-openai-api/dist/cli.js" -p $((PORT + 1)) -H 127.0.0.1 >"$OUT/mock-openai-api.log" 2>&1 &
PIDS+=($!)
for url in "http://127.0.0.1:$PORT/v1/models" "http://127.0.0.1:$((PORT + 1))/v1/models"; do
    for _ in $(seq 1 100); do curl -sf "$url" >/dev/null 2>&1 && break; sleep 0.1; done
done

run() { # name base-url model args...
    local name="$1" url="$2" model="$3"; shift 3
    echo "== tokenscope-cli run --model $model $* ($name)"
    timeout 300 "$CLI" run --base-url "$url" --model "$model" --out "$OUT/$name" "$@" >"$OUT/$name.txt" 2>"$OUT/$name.err"
    grep -E "calibration|input tokens|off their aim|warning" "$OUT/$name.err" || true
}
run tokenizer "http://127.0.0.1:$PORT/v1" tokenizer-gpt-4o --input-tokens "$N" --concurrency "$CONCURRENCY" \
    --requests "$REQUESTS" --max-tokens 16
cp "$OUT/tokenizer-server.jsonl" "$OUT/tokenizer-server-synthetic.jsonl"
: >"$OUT/tokenizer-server.jsonl"
run mock-openai-api "http://127.0.0.1:$((PORT + 1))/v1" mock-gpt-markdown --input-tokens "$N" \
    --concurrency "$CONCURRENCY" --requests "$REQUESTS" --max-tokens 16

python3 - "$OUT/dataset.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(1, 13):
        f.write(json.dumps({"prompt": f"Question {i}: which river runs through the town of number {i}?",
                            "output_tokens": 4 + i}) + "\n")
PY
run dataset "http://127.0.0.1:$PORT/v1" tokenizer-gpt-4o --dataset "$OUT/dataset.jsonl" --concurrency 1 \
    --requests 12 --warmup 0
cp "$OUT/tokenizer-server.jsonl" "$OUT/tokenizer-server-dataset.jsonl"
python3 "$HERE/inputtokens.py" --out "$OUT" --target "$N"
