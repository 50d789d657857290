#!/usr/bin/env python3
"""funclen.py - the length of every function in C files (for the check in units.py).

The code's style makes functions easy to find: a definition's signature starts in column 0 and
its body opens with a '{' alone in column 0 and closes with a '}' alone in column 0. A function's
length is its lines from the signature's first line to the closing brace.

Usage: funclen.py [--over N] FILE.c ...   prints "lines file:line name", longest first
"""
import re
import sys

NAME = re.compile(r"([A-Za-z_]\w*)\s*\(")


def functions(path):
    """(name, first line, lines, comment above) for each function of path."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i] == "{":
            # the signature: back to the first line of this declaration (column 0, not a
            # comment, preprocessor line or closing brace)
            j = i - 1
            while j > 0 and lines[j - 1] and not lines[j - 1].startswith((" *", "/*", "#", "}")) \
                    and not lines[j - 1].rstrip().endswith((";", "*/", "}")) and lines[j][0:1] in (" ", "\t"):
                j -= 1
            while j > 0 and lines[j][0:1] in (" ", "\t"):
                j -= 1
            sig = " ".join(lines[j:i])
            m = None
            for m in NAME.finditer(sig.split("(")[0] + "("):
                pass
            name = m.group(1) if m else "?"
            k = i + 1
            while k < len(lines) and lines[k] != "}":
                k += 1
            # the comment directly above the signature
            c = j - 1
            comment = []
            if c >= 0 and lines[c].rstrip().endswith("*/"):
                while c >= 0:
                    comment.insert(0, lines[c])
                    if lines[c].lstrip().startswith("/*"):
                        break
                    c -= 1
            out.append((name, j + 1, k - j + 1, "\n".join(comment)))
            i = k
        i += 1
    return out


def main(argv):
    over = 0
    if argv[:1] == ["--over"]:
        over = int(argv[1])
        argv = argv[2:]
    rows = []
    for path in argv:
        for name, line, n, _ in functions(path):
            if n > over:
                rows.append((n, "%s:%d" % (path, line), name))
    for n, where, name in sorted(rows, key=lambda r: (-r[0], r[1])):
        print("%4d %s %s" % (n, where, name))


if __name__ == "__main__":
    main(sys.argv[1:])
