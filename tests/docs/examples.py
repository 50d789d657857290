#!/usr/bin/env python3
"""examples.py - the documentation's examples are the tool's output (CTest doc_examples).

An example is a code block (fenced with ``` or indented by four spaces) whose first line is a
command, "$ arenaplan ..." (optionally after VAR=value assignments); the rest of the block is what
the command prints on stdout. A line "..." stands for lines left out: the parts between such lines
must appear in the output in order, the first at its start (and, when the block does not end in
"...", the last at its end). Commands run in a temporary directory in which data/ and corpus/
point into the source tree, so examples that write files (embed -o) write them there.

    examples.py --cli build/arenaplan --src . FILE.md...            check (exit 1 on a difference)
    examples.py --cli build/arenaplan --src . --update FILE.md...   rewrite the blocks' output

--update refreshes every block from the tool: the whole output for blocks without "...", the
first part (as many lines as it had) for blocks with it, keeping later parts when they still
match (it says which do not, to be fixed by hand).

With --python PYTHON, the blocks fenced ```pycon are a notebook: every one of a file, in order,
runs in one Python session of PYTHON (in the same temporary directory), each ">>> " line's
output compared with the lines after it, as doctest compares them ("..." in an output stands
for any text; a traceback is matched by its last line). Without --python they are not run.

    examples.py --cli build/arenaplan --src . --python .venv/bin/python docs/python.md"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile


def blocks(lines):
    """(first line, last line + 1, indent, command, expected lines) of every example."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('```'):
            j = i + 1
            while j < len(lines) and not lines[j].startswith('```'):
                j += 1
            body = lines[i + 1:j]
            if body and body[0].startswith('$ '):
                yield i + 1, j, '', body[0][2:], body[1:]
            i = j + 1
            continue
        if line.startswith('    $ ') and (i == 0 or lines[i - 1].strip() == ''):
            j = i + 1
            while j < len(lines) and lines[j].startswith('    ') and lines[j].strip():
                j += 1
            body = [x[4:] for x in lines[i:j]]
            yield i, j, '    ', body[0][2:], body[1:]
            i = j
            continue
        i += 1


def pycon_blocks(lines):
    """(first line, lines) of every block fenced ```pycon."""
    i = 0
    while i < len(lines):
        if lines[i].strip() == '```pycon':
            j = i + 1
            while j < len(lines) and not lines[j].startswith('```'):
                j += 1
            yield i + 1, lines[i + 1:j]
            i = j
        i += 1


# Runs a doctest file (argv[1]); its report names the file it was given (argv[2]).
DOCTEST = r"""
import doctest, sys
parser = doctest.DocTestParser()
with open(sys.argv[1], encoding='utf-8') as f:
    test = parser.get_doctest(f.read(), {'__name__': '__main__'}, sys.argv[2], sys.argv[2], 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
runner.run(test)
sys.exit(1 if runner.failures else 0)
"""


def run_notebook(python, workdir, name, lines):
    """Runs the pycon blocks of a document; returns (examples, failures) after printing every
    failure. Line numbers in the report are the document's."""
    text = [''] * len(lines)
    n = 0
    for start, body in pycon_blocks(lines):
        for k, line in enumerate(body):
            text[start + k] = line
        n += sum(1 for x in body if x.startswith('>>> '))
    if not n:
        return 0, 0
    path = os.path.join(workdir, 'notebook.txt')
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(text) + '\n')
    r = subprocess.run([python, '-c', DOCTEST, path, name], cwd=workdir, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    if r.returncode != 0:
        print(r.stdout)
        return n, 1
    return n, 0


def run(cli, workdir, command):
    words = shlex.split(command)
    env = dict(os.environ)
    while words and re.match(r'^[A-Z_]+=', words[0]):
        k, v = words.pop(0).split('=', 1)
        env[k] = v
    if not words or words[0] != 'arenaplan':
        raise ValueError('not an arenaplan command: %r' % command)
    r = subprocess.run([cli] + words[1:], cwd=workdir, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=120)
    # TFLM's own lines end in "\r\n" (--log tflm): the documents show them without the "\r"
    return [x.rstrip('\r') for x in r.stdout.rstrip('\n').split('\n')] if r.stdout else []


def parts(expected):
    out, cur = [], []
    for line in expected:
        if line == '...':
            out.append(cur)
            cur = []
        else:
            cur.append(line)
    out.append(cur)
    return out


def matches(expected, got):
    """Whether the output matches the block; None when it does, else the first difference."""
    ps = parts(expected)
    if len(ps) == 1:
        return None if ps[0] == got else first_difference(ps[0], got)
    if got[:len(ps[0])] != ps[0]:
        return first_difference(ps[0], got[:len(ps[0])])
    pos = len(ps[0])
    for k, part in enumerate(ps[1:], 1):
        if not part:
            continue
        last = k == len(ps) - 1
        at = find(got, part, pos, at_end=last)
        if at < 0:
            return 'the part %r does not appear in the output%s' % (part[0], ' at its end' if last else '')
        pos = at + len(part)
    return None


def find(got, part, start, at_end):
    if at_end:
        at = len(got) - len(part)
        return at if at >= start and got[at:] == part else -1
    for at in range(start, len(got) - len(part) + 1):
        if got[at:at + len(part)] == part:
            return at
    return -1


def first_difference(want, got):
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else '(nothing)'
        g = got[k] if k < len(got) else '(nothing)'
        if w != g:
            return 'line %d: the block says %r, the tool prints %r' % (k + 1, w, g)
    return 'different'


def updated(expected, got):
    ps = parts(expected)
    if len(ps) == 1:
        return got, []
    new, bad = got[:len(ps[0])], []
    for k, part in enumerate(ps[1:], 1):
        new.append('...')
        if part and find(got, part, 0, at_end=(k == len(ps) - 1)) < 0:
            bad.append(part[0])
        new.extend(part)
    return new, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cli', required=True)
    ap.add_argument('--src', required=True)
    ap.add_argument('--update', action='store_true')
    ap.add_argument('--python')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    cli, src = os.path.abspath(a.cli), os.path.abspath(a.src)
    if a.python and os.sep in a.python:
        a.python = os.path.abspath(a.python)
    failures = 0
    with tempfile.TemporaryDirectory(prefix='ap_examples_') as work:
        for d in ('data', 'corpus'):
            os.symlink(os.path.join(src, d), os.path.join(work, d))
        for name in a.files:
            path = os.path.join(src, name)
            with open(path, encoding='utf-8') as f:
                lines = f.read().split('\n')
            edits, n = [], 0
            for start, end, indent, command, expected in blocks(lines):
                n += 1
                got = run(cli, work, command)
                why = matches(expected, got)
                if why is None:
                    continue
                if a.update:
                    new, bad = updated(expected, got)
                    for b in bad:
                        print('%s:%d: %s: the part %r no longer matches: fix it by hand' % (name, start + 1, command, b))
                        failures += 1
                    edits.append((start + 1, end, [indent + x if x else x for x in new]))
                else:
                    print('%s:%d: %s: %s' % (name, start + 1, command, why))
                    failures += 1
            for start, end, new in reversed(edits):
                lines[start:end] = new
            if edits:
                with open(path, 'w', encoding='utf-8') as f:
                    f.write('\n'.join(lines))
                print('%s: %d example%s updated' % (name, len(edits), '' if len(edits) == 1 else 's'))
            if a.python:
                k, bad = run_notebook(a.python, work, name, lines)
                failures += bad
                n += k
            print('%s: %d example%s checked' % (name, n, '' if n == 1 else 's'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
