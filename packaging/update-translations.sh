#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Refreshes resources/translations/*.ts from every tr()/translate() in app/ and ui/ (lupdate keeps
# existing translations and drops vanished strings). A string that only moved to another context
# (code moved to another class) keeps its translation: each new, untranslated entry whose English
# text had a finished translation before is given it. Then translate the remaining new entries
# (Qt Linguist, or by hand) and rebuild: the build compiles the .ts files into the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)
carry_over() { # $1: the .ts before, $2: the .ts after lupdate (filled in place)
    python3 - "$1" "$2" <<'PY'
import sys
import xml.etree.ElementTree as ET
before = ET.parse(sys.argv[1]).getroot()
known = {}
for message in before.iter("message"):
    translation = message.find("translation")
    if translation is not None and translation.get("type") is None and translation.text:
        known.setdefault(message.findtext("source"), translation.text)
tree = ET.parse(sys.argv[2])
carried = 0
for message in tree.getroot().iter("message"):
    translation = message.find("translation")
    source = message.findtext("source")
    # lupdate's same-text guess is filled in but left unfinished: the text is the same, so it is final.
    if translation is not None and translation.get("type") == "unfinished" and source in known:
        translation.text = known[source]
        del translation.attrib["type"]
        carried += 1
if carried:
    tree.write(sys.argv[2], encoding="utf-8", xml_declaration=True)
print(f"{sys.argv[2]}: {carried} translations carried over to a new context")
PY
}
# English is the source language: its file keeps only the plural forms, filled in by rule
# ("%n token(s)" -> "%n token" / "%n tokens"; exceptions in fill-english-plurals.py, or by hand).
"$LUPDATE" -silent -no-obsolete -pluralonly -locations relative app ui -ts resources/translations/tokenscope_en.ts \
    -source-language en -target-language en
python3 packaging/fill-english-plurals.py resources/translations/tokenscope_en.ts
for ts in resources/translations/tokenscope_*.ts; do
    [ "$ts" = resources/translations/tokenscope_en.ts ] && continue
    lang=$(basename "$ts" .ts)
    before=$(mktemp)
    cp "$ts" "$before"
    "$LUPDATE" -silent -no-obsolete -locations relative app ui -ts "$ts" -target-language "${lang#tokenscope_}"
    carry_over "$before" "$ts"
    # Once more, so the file keeps lupdate's own layout after the carry-over.
    "$LUPDATE" -silent -no-obsolete -locations relative app ui -ts "$ts" -target-language "${lang#tokenscope_}"
    rm -f "$before"
done
