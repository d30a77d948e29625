#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Size limits that keep the desktop's units thin (docs/architecture.md#size-limits).

Every function defined in ui/ is at most MAX_FUNCTION lines long (signature to closing brace), and
the window and the timeline chart stay under MAX_FILE lines each. A definition is found the way the
repository's clang-format lays it out: a signature starting in column 0, a body that ends with a
'}' in column 0. Prints each breach and exits 1; prints the longest functions with --top N.
"""
import pathlib
import re
import sys

MAX_FUNCTION = 80
MAX_FILE = 700
THIN_FILES = ("mainwindow.cpp", "charts/tokentimelinechart.cpp")
NOT_A_SIGNATURE = re.compile(r"^(#|//|/\*|\*|namespace\b|using\b|class\b|struct\b|enum\b|template\b|static_assert\b|Q_|}|{)")


def functions(path):
    """Yields (name, first line, line count) of each function body in one .cpp file."""
    lines = path.read_text(encoding="utf-8").split("\n")
    signature = None
    depth_start = None
    for number, line in enumerate(lines, start=1):
        if depth_start is None:
            if line and not line[0].isspace() and "(" in line and not NOT_A_SIGNATURE.match(line):
                if not line.rstrip().endswith(";"):
                    signature = (line.split("(")[0].split()[-1] if line.split("(")[0].split() else line, number)
            if signature and (line.startswith("{") or (line.rstrip().endswith("{") and number == signature[1])):
                depth_start = signature
            elif signature and line.rstrip().endswith(";") and not line[0:1].isspace():
                signature = None
        elif line.startswith("}"):
            name, first = depth_start
            yield name, first, number - first + 1
            depth_start = None
            signature = None


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else pathlib.Path(__file__).resolve().parents[2]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 0
    ui = root / "ui"
    breaches = []
    found = []
    for path in sorted(ui.rglob("*.cpp")):
        relative = path.relative_to(ui).as_posix()
        for name, first, count in functions(path):
            found.append((count, f"ui/{relative}:{first} {name}"))
            if count > MAX_FUNCTION:
                breaches.append(f"ui/{relative}:{first}: {name} is {count} lines (at most {MAX_FUNCTION})")
        if relative in THIN_FILES:
            count = len(path.read_text(encoding="utf-8").split("\n")) - 1
            if count >= MAX_FILE:
                breaches.append(f"ui/{relative}: {count} lines (under {MAX_FILE})")
    for count, where in sorted(found, reverse=True)[:top]:
        print(f"{count:5d} {where}")
    for breach in breaches:
        print(breach)
    print(f"{len(found)} functions in ui/ read; {len(breaches)} over a limit")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
