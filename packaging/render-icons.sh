#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Regenerates resources/icons/png/tokenscope-N.png (N = 16 ... 256) from resources/icons/tokenscope.svg.
# The PNGs are committed, so building the .deb or the GUI never needs librsvg; run this after
# editing the SVG (needs rsvg-convert from librsvg2-bin) and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."

svg=resources/icons/tokenscope.svg
out=resources/icons/png
command -v rsvg-convert >/dev/null || { echo "rsvg-convert not found: apt-get install librsvg2-bin" >&2; exit 1; }
mkdir -p "$out"
for size in 16 22 24 32 48 64 128 256; do
    rsvg-convert --width "$size" --height "$size" "$svg" --output "$out/tokenscope-$size.png"
done
ls -l "$out"
