#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The official SDKs stream from the built-in simulator: openai (chat.completions, responses) and
# @anthropic-ai/sdk (messages), from npm at the versions package-lock.json pins, against
# `tokenscope-cli serve` on free loopback ports. check.mjs asserts text in several events, usage
# equal to the simulator's --output-tokens, reasoning where configured, and each API's errors.
# ctest runs it as SdkStreams (tests/CMakeLists.txt).
#
#   tests/independent/sdk/run.sh path/to/tokenscope-cli
#
# Exits 77 (ctest's SKIP_RETURN_CODE) only when node or npm is missing; non-zero on any mismatch.
# Installs the SDKs into tests/independent/sdk/node_modules (git-ignored): from npm's cache when it
# has them, from the registry otherwise.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLI="${1:?usage: run.sh path/to/tokenscope-cli}"
[[ -x "$CLI" ]] || { echo "tokenscope-cli not found at $CLI" >&2; exit 2; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "SKIPPED: node and npm are not installed (Debian: apt-get install nodejs npm)"
    exit 77
fi

# npm ci replaces node_modules: one run at a time (two build trees' ctest may run at once).
exec 9<"$HERE/package-lock.json"
flock 9
cd "$HERE"
npm_ci() { timeout 300 npm ci --no-audit --no-fund --loglevel=error "$@"; }
npm_ci --offline >/dev/null 2>&1 || npm_ci || { sleep 5; npm_ci; } # the registry may drop a connection
version_of() { node -p "JSON.parse(require('fs').readFileSync('node_modules/$1/package.json')).version"; }
echo "node $(node --version), openai $(version_of openai), @anthropic-ai/sdk $(version_of @anthropic-ai/sdk)"

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A test key, required by the simulators so that both SDKs' auth headers are checked.
export TOKENSCOPE_SDK_CHECK_KEY=sk-tokenscope-sdk-check
MODEL=tokenscope-sim
OUTPUT_TOKENS=12

# start_sim NAME OPTIONS...: serve on a free port; sets SIM_URL to its base URL (…/v1).
start_sim() {
    local log="$WORK/$1.log"
    "$CLI" serve --port 0 --model "$MODEL" --require-key-env TOKENSCOPE_SDK_CHECK_KEY --ttft-ms 5 --decode-ms 2 \
        --output-tokens "$OUTPUT_TOKENS" "${@:2}" >"$log" 2>&1 &
    PIDS+=("$!")
    SIM_URL=""
    for _ in $(seq 1 100); do
        SIM_URL="$(sed -n 's/^TokenScope simulator serving \(http[^ ]*\) .*/\1/p' "$log")"
        [[ -n "$SIM_URL" ]] && return 0
        kill -0 "${PIDS[-1]}" 2>/dev/null || break
        sleep 0.1
    done
    echo "the simulator ($1) did not start:" >&2
    cat "$log" >&2
    exit 1
}

status=0
start_sim plain
echo "== $SIM_URL: --output-tokens $OUTPUT_TOKENS"
timeout 120 node check.mjs --label plain --base "$SIM_URL" --key "$TOKENSCOPE_SDK_CHECK_KEY" --model "$MODEL" \
    --output-tokens "$OUTPUT_TOKENS" --errors || status=1

start_sim reasoning --reasoning-tokens 4
echo "== $SIM_URL: --output-tokens $OUTPUT_TOKENS --reasoning-tokens 4"
timeout 120 node check.mjs --label reasoning --base "$SIM_URL" --key "$TOKENSCOPE_SDK_CHECK_KEY" --model "$MODEL" \
    --output-tokens "$OUTPUT_TOKENS" --reasoning-tokens 4 || status=1
exit "$status"
