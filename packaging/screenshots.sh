#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The README's screenshots: a default run against the built-in simulator in a real window under
# Xvfb, one image per view, written to docs/images/ (or the directory given).
#   packaging/screenshots.sh [dir] [path/to/tokenscope]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/images}
app=${2:-build/release/tokenscope}
[ -x "$app" ] || { echo "build it first: packaging/dev.sh build release" >&2; exit 2; }
# A throwaway settings/history home, so the shots show the first-start state and no earlier runs.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data LANG=${LANG:-C.UTF-8} \
    xvfb-run -a -s '-screen 0 1600x1000x24' "$app" --screenshots "$out"
ls -l "$out"/{main-window,ttft-histogram,itl-histogram,throughput,requests}.png
