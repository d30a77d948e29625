#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fills the empty English plural forms of resources/translations/tokenscope_en.ts (which lupdate
# makes with -pluralonly): a source such as "%n token(s)" becomes "%n token" and "%n tokens".
# Forms already filled (by hand, or by an earlier run) are kept, so a correction made by hand stays.
# Usage: fill-english-plurals.py resources/translations/tokenscope_en.ts
import html
import re
import sys

# Words whose plural is not the singular plus "s", and phrases whose verb follows the count.
IRREGULAR = {
    "entry(s)": ("entry", "entries"),
    "request(s) are kept": ("request is kept", "requests are kept"),
}


def forms(source):
    singular, plural = source, source
    for pattern, (one, many) in IRREGULAR.items():
        singular = singular.replace(pattern, one)
        plural = plural.replace(pattern, many)
    return singular.replace("(s)", ""), plural.replace("(s)", "s")


def fill(text):
    filled = 0

    def message(match):
        nonlocal filled
        block = match.group(0)
        if 'type="unfinished"' not in block:
            return block
        source = html.unescape(re.search(r"<source>(.*?)</source>", block, re.S).group(1))
        one, many = (html.escape(f, quote=True).replace("&#x27;", "&apos;") for f in forms(source))
        block = re.sub(
            r'<translation type="unfinished">.*?</translation>',
            lambda _: "<translation>\n            <numerusform>%s</numerusform>\n"
            "            <numerusform>%s</numerusform>\n        </translation>" % (one, many),
            block,
            flags=re.S,
        )
        filled += 1
        return block

    return re.sub(r'<message numerus="yes">.*?</message>', message, text, flags=re.S), filled


if __name__ == "__main__":
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        text, filled = fill(f.read())
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{path}: {filled} English plural forms filled")
