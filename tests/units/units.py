#!/usr/bin/env python3
"""units.py - the library's house rules, checked (docs/architecture.md states them).

A unit is a .c file under src/ with the header of the same name beside it (src/core/check.c
and src/core/check.h); a header with no .c of its own is a unit of declarations. The check
fails when:

  1. two units depend on each other, directly or through others. Unit A depends on unit B when
     A includes B's header (#include "dir/b.h") or refers to a function or datum B defines
     (read from the compiled objects with nm). A cycle is printed edge by edge.
  2. a folder of src/ uses a folder above it in LAYERS: data flows one way, and what a lower
     folder needs from above is passed in as an input.
  3. a name the library exports breaks the prefix rule: a public name (ap_) is declared in
     include/arenaplan/; an internal one is ap__FILE_..., FILE the name of the .c that defines
     it (the longest file name that fits), except the base helpers of core/util.c, which are
     ap__ + what they do (ap__alloc); and no two .c files of src/ share a name.
  4. a function is longer than MAX_LINES lines and the comment at its head does not say why
     ("Long because ...").

Usage: units.py --src DIR [--nm NM] OBJECT.o ...  (ctest passes the objects of arenaplan_objects)
       units.py --src DIR --graph OBJECT.o ...    prints every dependency and exits 0
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import funclen  # noqa: E402

# The folders of src/, lowest first: a folder may use itself and the folders before it.
# A subfolder belongs to its folder (planners/exact is planners).
LAYERS = [
    "core",          # problem, plan, checker, bounds, helpers
    "tflite",        # the .tflite file format
    "planners",      # strategies, the registry, stock TFLM's plan, exact/
    "order",         # operator orders of a graph with the lowest peak
    "tflm_kernels",  # what TFLM's kernels request and allocate, as data
    "tflm",          # a model -> the problem TFLM's planner receives
    "tflm_arena",    # TFLM's whole arena: AllocateTensors replayed
    "litert",        # the TensorFlow Lite interpreter's problem
    "io",            # inputs: CSV buffer lists and plans, a file to its reader
    "report",        # outputs: one file per format
    "export",        # C headers, a .tflite with its plan or another order
    "run",           # whole commands from bytes and options (run.h: what the CLI and Python call)
]

BASE = "core/util"   # the unit whose names are ap__ + what they do
MAX_LINES = 80

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
IDENT = re.compile(r"\bap_\w+")


def unit_of(path):
    return os.path.splitext(path)[0]


def folder_of(unit):
    return unit.split("/")[0]


def stem_of(unit):
    return unit.split("/")[-1]


def sources(src):
    root = os.path.join(src, "src")
    out = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return sorted(out)


def include_edges(src, files):
    known = set(files)
    edges = {}
    for f in files:
        with open(os.path.join(src, "src", f), encoding="utf-8") as fh:
            for inc in INCLUDE.findall(fh.read()):
                if inc in known and unit_of(inc) != unit_of(f):
                    edges.setdefault((unit_of(f), unit_of(inc)), "includes %s" % inc)
    return edges


def read_objects(objects, nm="nm"):
    """defined: symbol -> unit; used: unit -> symbols it refers to."""
    defined, used = {}, {}
    for obj in objects:
        m = re.search(r"/src/(.+)\.c\.o(bj)?$", obj.replace(os.sep, "/"))
        if not m:
            sys.exit("units.py: %s is not the object of a file of src/" % obj)
        unit = m.group(1)
        out = subprocess.run([nm, "-P", obj], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) < 2:
                continue
            name, kind = parts[0], parts[1]
            if name.startswith("__") or "." in name:
                continue  # the compiler's and sanitizers' own (__odr_asan.x, .LC0)
            if kind == "U":
                used.setdefault(unit, set()).add(name)
            elif kind in "TDRBCV":
                defined[name] = unit
    return defined, used


def call_edges(defined, used):
    edges = {}
    for unit, names in used.items():
        for name in sorted(names):
            other = defined.get(name)
            if other and other != unit:
                edges.setdefault((unit, other), "uses %s" % name)
    return edges


def find_cycle(nodes, adj):
    """A cycle as a list of nodes (first == last), or None."""
    colour = {n: 0 for n in nodes}
    for start in sorted(nodes):
        if colour[start]:
            continue
        stack = [(start, iter(sorted(adj.get(start, ()))))]
        path = [start]
        colour[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
                path.pop()
            elif colour.get(nxt, 0) == 1:
                return path[path.index(nxt):] + [nxt]
            elif colour.get(nxt, 0) == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(sorted(adj.get(nxt, ())))))
                path.append(nxt)
    return None


def check_cycles(nodes, edges):
    adj = {}
    for x, y in edges:
        adj.setdefault(x, set()).add(y)
    cycle = find_cycle(nodes, adj)
    if not cycle:
        return []
    msg = ["a cycle between units:"]
    for x, y in zip(cycle, cycle[1:]):
        msg.append("  %s -> %s (%s)" % (x, y, edges[(x, y)]))
    return ["\n".join(msg)]


def check_layers(edges):
    rank = {f: i for i, f in enumerate(LAYERS)}
    bad = []
    for (x, y), why in sorted(edges.items()):
        fx, fy = folder_of(x), folder_of(y)
        for f, u in ((fx, x), (fy, y)):
            if f not in rank:
                bad.append("%s: folder %s/ is not in LAYERS (tests/units/units.py)" % (u, f))
        if fx in rank and fy in rank and rank[fy] > rank[fx]:
            bad.append("%s -> %s (%s): %s/ uses %s/, which is above it" % (x, y, why, fx, fy))
    return sorted(set(bad))


def public_names(src):
    names = set()
    inc = os.path.join(src, "include", "arenaplan")
    for f in sorted(os.listdir(inc)):
        if f.endswith(".h"):
            with open(os.path.join(inc, f), encoding="utf-8") as fh:
                names.update(IDENT.findall(fh.read()))
    return names


def check_names(src, units, defined):
    bad = []
    stems = {}
    for u in units:
        stems.setdefault(stem_of(u), []).append(u)
    for s, us in sorted(stems.items()):
        if len(us) > 1:
            bad.append("two files called %s.c: %s" % (s, ", ".join(sorted(us))))
    public = public_names(src)
    for name, unit in sorted(defined.items()):
        if name.startswith("ap__"):
            rest = name[4:]
            fits = [s for s in stems if rest.startswith(s + "_")]
            owner = max(fits, key=len) if fits else None
            if unit == BASE:
                if owner:
                    bad.append("%s (%s.c): a base helper's name reads as %s.c's" % (name, unit, owner))
            elif owner != stem_of(unit):
                bad.append("%s is defined in %s.c: internal names there are ap__%s_..." %
                           (name, unit, stem_of(unit)))
        elif name.startswith("ap_"):
            if name not in public:
                bad.append("%s (%s.c) is exported but no public header declares it" % (name, unit))
        else:
            bad.append("%s (%s.c): every name the library exports starts with ap_" % (name, unit))
    return bad


def check_lengths(src, files):
    bad = []
    for f in files:
        if not f.endswith(".c"):
            continue
        for name, line, n, comment in funclen.functions(os.path.join(src, "src", f)):
            if n > MAX_LINES and "long because" not in comment.lower():
                bad.append("src/%s:%d: %s is %d lines; split it or say at its head why not "
                           "(\"Long because ...\")" % (f, line, name, n))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--graph", action="store_true")
    ap.add_argument("--nm", default="nm")
    ap.add_argument("objects", nargs="+")
    a = ap.parse_args()
    files = sources(a.src)
    units = sorted({unit_of(f) for f in files if f.endswith(".c")})
    defined, used = read_objects(a.objects, a.nm)
    edges = include_edges(a.src, files)
    for k, v in call_edges(defined, used).items():
        edges.setdefault(k, v)
    if a.graph:
        for (x, y), why in sorted(edges.items()):
            print("%s -> %s (%s)" % (x, y, why))
        return 0
    nodes = {unit_of(f) for f in files}
    problems = (check_cycles(nodes, edges) + check_layers(edges) +
                check_names(a.src, units, defined) + check_lengths(a.src, files))
    for p in problems:
        print(p)
    if problems:
        print("%d problems (the rules: docs/architecture.md)" % len(problems))
        return 1
    print("%d units, %d dependencies without a cycle, every folder above the folders it uses, "
          "%d exported names by the prefix rule, no function over %d lines without a reason" %
          (len(nodes), len(edges), len(defined), MAX_LINES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
