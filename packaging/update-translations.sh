#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Refreshes resources/translations/*.ts from every tr()/translate() in app/ and ui/ (lupdate keeps
# existing translations and marks vanished strings obsolete). Then translate the new entries
# (Qt Linguist, or by hand) and rebuild: the build compiles the .ts files into the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
for ts in resources/translations/tokenscope_*.ts; do
    lang=$(basename "$ts" .ts)
    "$LUPDATE" -silent -no-obsolete -locations relative app ui -ts "$ts" -target-language "${lang#tokenscope_}"
done
