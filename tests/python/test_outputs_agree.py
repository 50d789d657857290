"""test_outputs_agree.py - one name per thing in every output (docs/json.md): for a few inputs, the
table, the JSON, the CSV, the C header, the HTML report, inspect, compare, embed and the Python
objects give the same arena (kTensorArenaSize), head and tail, exactly, under the same names,
or say alike that the arena is unknown, and why.

Environment: AP_SOURCE_DIR (the source tree), AP_CLI (the tool), AP_TEST_TMP (a scratch folder).
"""
import csv
import html
import json
import os
import re
import subprocess
import unittest
import warnings

import arenaplan

SRC = os.environ["AP_SOURCE_DIR"]
CLI = os.environ["AP_CLI"]
TMP = os.environ["AP_TEST_TMP"]
PD = os.path.join(SRC, "corpus/models/tflm/person_detect.tflite")
VELA = os.path.join(SRC, "corpus/models/tflm/person_detect_vela.tflite")
WORKED = os.path.join(SRC, "data/worked_example.csv")
HELLO = os.path.join(SRC, "corpus/models/tflm/hello_world_float.tflite")

# TFLM's refusal of the vela model, word for word: stock TFLM has no ethos-u kernel.
NO_ETHOS_U = ("TFLM has no kernel for ethos-u: this model cannot load on TFLM "
              "(subgraph 0 operator 0)")


def cli(*args):
    """The tool's stdout as text; it must exit 0."""
    r = subprocess.run([CLI] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise AssertionError("arenaplan %s: exit %d: %s" % (" ".join(args), r.returncode,
                                                           r.stderr.decode()))
    return r.stdout.decode()


def tmp(name):
    return os.path.join(TMP, "agree_" + name)


# The arena's text, as every output writes it (ap_tflm_arena_text).
ARENA_TEXT = re.compile(r"(\d+) bytes \(kTensorArenaSize for TFLM on [a-z0-9-]+; head (\d+) \+ "
                        r"tail (\d+)")


def figures(arena_text=None, unknown=None, head=None):
    """{"arena", "tflm_head", "tail", "unknown", "head"} from an output's words."""
    f = {"arena": None, "tflm_head": None, "tail": None, "unknown": unknown, "head": head}
    if arena_text is not None:
        m = ARENA_TEXT.match(arena_text)
        assert m, arena_text
        f["arena"], f["tflm_head"], f["tail"] = (int(g) for g in m.groups())
    return f


def from_table(text):
    arena = unknown = None
    head = None
    for line in text.splitlines():
        if line.startswith("arena        unknown: "):
            unknown = line[len("arena        unknown: "):]
        elif line.startswith("arena        "):
            arena = line[len("arena        "):]
        elif line.startswith("head         "):
            head = int(line.split()[1])
    return figures(arena, unknown, head)


def from_json(doc):
    t = doc.get("tflm")
    return {"arena": doc["arena_bytes"], "tflm_head": t["head"] if t else None,
            "tail": doc["tail_bytes"], "unknown": doc.get("arena_unknown"),
            "head": doc["head_bytes"]}


def from_csv(text):
    arena = unknown = head = None
    rows_head = 0
    lines = text.splitlines()
    for line in lines:
        if line.startswith("# arena unknown: "):
            unknown = line[len("# arena unknown: "):]
        elif line.startswith("# arena "):
            arena = line[len("# arena "):]
        elif line.startswith("# head "):
            head = int(line.split()[2])
    for rec in csv.DictReader(ln for ln in lines if not ln.startswith("#")):
        rows_head = max(rows_head, int(rec["offset"]) + int(rec["size"]))
    return figures(arena, unknown, head), rows_head


def from_header(text, name):
    up = name.upper()
    comment = text[:text.index("*/")]
    # the comment's lines, continuations joined
    joined = re.sub(r"\n \*            ", " ", comment)
    arena = unknown = None
    for line in joined.splitlines():
        if line.startswith(" * arena:     unknown: "):
            unknown = line[len(" * arena:     unknown: "):]
        elif line.startswith(" * arena:     "):
            arena = line[len(" * arena:     "):]
    m = re.search(r"#define %s_ARENA_SIZE (\d+)u" % up, text)
    size = int(m.group(1)) if m else None
    h = int(re.search(r"#define %s_HEAD_SIZE (\d+)u" % up, text).group(1))
    f = figures(arena, unknown, h)
    return f, size, ("/* no %s_ARENA_SIZE: TFLM's whole arena is unknown (above) */" % up) in text


def from_html(page):
    def card(i):
        m = re.search(r'<dd id="%s" data-value="(\d+)">' % i, page)
        return int(m.group(1)) if m else None
    m = re.search(r'<p class="note" id="arena-unknown">arena unknown: (.*?)</p>', page)
    arena = card("sum-arena")
    small = re.search(r'<dd id="sum-arena" data-value="\d+">\d+ bytes <small>head (\d+) \+ tail (\d+)'
                      r'</small>', page)
    return {"arena": arena, "tflm_head": int(small.group(1)) if small else None,
            "tail": int(small.group(2)) if small else None,
            "unknown": html.unescape(m.group(1)) if m else None, "head": card("sum-head")}


def from_python(p):
    return {"arena": p.arena_bytes, "tflm_head": p.json["tflm"]["head"] if p.json.get("tflm") else None,
            "tail": p.tail_bytes, "unknown": p.arena_unknown, "head": p.head_bytes}


class Agree(unittest.TestCase):
    def setUp(self):
        # the unknown arena's warning is part of the cases (test_arenaplan.py tests warnings)
        warnings.simplefilter("ignore", arenaplan.ArenaplanWarning)

    def agree(self, path, want, options=(), pyopts=None, name="m", model=True, shown_unknown=True):
        """Every output of `plan` for path with options gives want, a dict as figures' (the
        unknown reason in the JSON and Python always; in the table, CSV, header and report when
        shown_unknown: a model's)."""
        opts = list(options)
        seen = {}
        seen["json"] = from_json(json.loads(cli("plan", path, "--format", "json", *opts)))
        seen["python"] = from_python(arenaplan.plan(path, **(pyopts or {})))
        words = dict(want, unknown=want["unknown"] if shown_unknown else None)
        for k in ("json", "python"):
            self.assertEqual(seen[k], want, k)
        self.assertEqual(from_table(cli("plan", path, *opts)), words, "table")
        csv, rows_head = from_csv(cli("plan", path, "--format", "csv", *opts))
        self.assertEqual(rows_head, want["head"], "csv rows")
        if model:
            self.assertEqual(csv, words, "csv")
        c, size, no_size = from_header(cli("plan", path, "--format", "c", "--name", name, *opts), name)
        self.assertEqual(c, words, "c header")
        self.assertEqual(size, want["arena"], "c header: NAME_ARENA_SIZE")
        self.assertEqual(no_size, model and want["arena"] is None, "c header: no NAME_ARENA_SIZE")
        page = tmp(name + ".html")
        cli("report", path, "-o", page, *opts)
        with open(page, encoding="utf-8") as f:
            self.assertEqual(from_html(f.read()), words, "html")
        rep = arenaplan.report(path, **(pyopts or {}))
        self.assertEqual(from_html(rep.html), words, "python report")
        self.assertEqual(from_python(rep.plan), want, "python report's plan")
        return seen["json"]

    def test_person_detect(self):
        want = {"arena": 82296, "tflm_head": 55296, "tail": 26996, "unknown": None, "head": 55296}
        self.agree(PD, want, name="pd")
        doc = json.loads(cli("plan", PD, "--format", "json"))
        self.assertEqual(doc["schema"], "arenaplan/2")
        self.assertEqual(list(doc)[:4], ["schema", "arena_bytes", "head_bytes", "tail_bytes"])
        self.assertEqual((doc["tflm"]["min_arena"], doc["tflm"]["tail"]), (82296, 26996))
        # the model as it is: inspect, compare and stock TFLM's figures in the plan
        ins = json.loads(cli("inspect", PD, "--format", "json"))
        self.assertEqual((ins["schema"], ins["arena_bytes"], ins["head_bytes"], ins["tail_bytes"]),
                         ("arenaplan/2", doc["tflm"]["stock_min_arena"], doc["tflm"]["stock_head"],
                          26996))
        self.assertIn("arena        82296 bytes (kTensorArenaSize for TFLM on cortex-m; head 55296 "
                      "+ tail 26996", cli("inspect", PD))
        cmp = json.loads(cli("compare", PD, "--kernels", "reference,cmsis-nn", "--format", "json"))
        row = cmp["inputs"][0]
        self.assertEqual((cmp["schema"], row["stock_arena_bytes"], row["head_bytes"]["greedy"]),
                         ("arenaplan/2", doc["tflm"]["stock_min_arena"], doc["tflm"]["stock_head"]))
        csv = cli("compare", PD, "--kernels", "reference,cmsis-nn", "--format", "csv").splitlines()
        rec = dict(zip(csv[0].split(","), csv[1].split(",")))
        self.assertEqual((int(rec["stock_arena_bytes"]), int(rec["greedy"])),
                         (row["stock_arena_bytes"], row["head_bytes"]["greedy"]))
        # embed: the copy's arena, in its JSON, Python and its C source
        copy = arenaplan.embed(PD)
        self.assertEqual((copy.info["schema"], copy.arena_bytes, copy.head_bytes, copy.tail_bytes),
                         ("arenaplan/2", 82296, 55296, 26996))
        self.assertEqual(copy.info["tflm"]["min_arena"], copy.arena_bytes)
        src = arenaplan.embed(PD, format="c", name="pd")
        self.assertIn("#define PD_ARENA_SIZE %du" % copy.arena_bytes, src.header)
        self.assertIn("#define PD_HEAD_SIZE %du" % copy.head_bytes, src.header)
        self.assertEqual(src.arena_bytes, copy.arena_bytes)
        # check: the head, by the same name
        self.assertEqual(arenaplan.check(copy).head_bytes, 55296)
        out = tmp("pd_copy.tflite")
        with open(out, "wb") as f:
            f.write(copy)
        self.assertIn("valid: 32 buffers, head 55296 bytes", cli("check", out))

    def test_person_detect_cmsis_nn(self):
        want = {"arena": 82316, "tflm_head": 55296, "tail": 27012, "unknown": None, "head": 55296}
        self.agree(PD, want, ("--kernels", "cmsis-nn"), {"kernels": "cmsis-nn"}, name="pdc")

    def test_an_operator_tflm_has_no_kernel_for(self):
        # ethos-u: stock TFLM registers nothing for it, so this is TFLM's refusal (no
        # kTensorArenaSize anywhere), while the head is still planned
        why = NO_ETHOS_U
        doc = json.loads(cli("plan", VELA, "--format", "json"))
        self.assertEqual((doc["arena_bytes"], doc["arena_unknown"], doc["head_bytes"],
                          doc["tail_bytes"], doc["tflm"]["min_arena"],
                          doc["tflm"]["refused"]["kind"]),
                         (None, why, 74544, None, None, "no_kernel"))
        self.assertIn("arena        no kTensorArenaSize for TFLM on cortex-m: " + why + "\n",
                      cli("plan", VELA))
        ins = json.loads(cli("inspect", VELA, "--format", "json"))
        self.assertEqual((ins["arena_bytes"], ins["arena_unknown"], ins["tail_bytes"]),
                         (None, why, None))
        self.assertIn("arena        unknown: " + why + "\n", cli("inspect", VELA))
        cmp = json.loads(cli("compare", VELA, "--kernels", "reference,cmsis-nn", "--format", "json"))
        self.assertEqual((cmp["inputs"][0]["stock_arena_bytes"], cmp["inputs"][0]["arena_unknown"]),
                         (None, why))

    def test_kernels_none(self):
        why = "--kernels none: no kernel set, so no TFLM arena"
        want = {"arena": None, "tflm_head": None, "tail": None, "unknown": why, "head": 55296}
        self.agree(PD, want, ("--kernels", "none"), {"kernels": "none"}, name="pdn")

    def test_buffer_list(self):
        want = {"arena": None, "tflm_head": None, "tail": None,
                "unknown": "a buffer list has no TFLM arena", "head": 700}
        self.agree(WORKED, want, name="worked", model=False, shown_unknown=False)
        plan = tmp("worked_plan.csv")
        with open(plan, "w") as f:
            f.write(cli("plan", WORKED, "--format", "csv"))
        self.assertIn("valid: 5 buffers, head 700 bytes", cli("check", plan))
        self.assertEqual(arenaplan.check(WORKED, arenaplan.plan(WORKED)).head_bytes, 700)

    def test_tflite_runtime(self):
        why = "TensorFlow Lite's interpreter (--runtime tflite) has no TFLM arena"
        want = {"arena": None, "tflm_head": None, "tail": None, "unknown": why, "head": 132}
        doc = json.loads(cli("plan", HELLO, "--runtime", "tflite", "--format", "json"))
        self.assertEqual(from_json(doc), want)
        self.assertEqual(from_python(arenaplan.plan(HELLO, runtime="tflite")), want)
        self.assertEqual(from_table(cli("plan", HELLO, "--runtime", "tflite")),
                         dict(want, unknown=None))


class Schema(unittest.TestCase):
    def test_every_document_names_its_schema_first(self):
        docs = [cli("plan", PD, "--format", "json"), cli("plan", WORKED, "--format", "json"),
                cli("plan", WORKED, WORKED, "--shared", "sequential", "--format", "json"),
                cli("inspect", PD, "--format", "json"),
                cli("compare", WORKED, "--format", "json")]
        for text in docs:
            self.assertTrue(text.startswith('{"schema":"arenaplan/2",'), text[:80])
        shared = json.loads(docs[2])
        self.assertEqual([m["schema"] for m in shared["models"]], ["arenaplan/2"] * 2)
        self.assertEqual((shared["arena_bytes"], shared["arena_unknown"], shared["head_bytes"]),
                         (None, "a buffer list has no TFLM arena", 700))
        for r in (arenaplan.embed(PD).info, arenaplan.reorder(PD).info,
                  arenaplan.check(WORKED, arenaplan.plan(WORKED)).json, arenaplan.plan(PD).json):
            self.assertEqual(list(r)[0], "schema")
            self.assertEqual(r["schema"], arenaplan._objects.SCHEMA)

    def test_another_schema_is_refused(self):
        doc = json.loads(cli("plan", WORKED, "--format", "json"))
        doc["schema"] = "arenaplan/3"
        with self.assertRaises(ValueError):
            arenaplan._objects.Plan(doc)
        del doc["schema"]  # schema 1 had none
        with self.assertRaises(ValueError):
            arenaplan._objects.Plan(doc)


if __name__ == "__main__":
    unittest.main()
