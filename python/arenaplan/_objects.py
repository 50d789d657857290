"""The results as Python objects, read from the JSON the library writes (docs/json.md, schema
"arenaplan/2").

One name per thing, as in every output, and the JSON's own: head_bytes is the planned section
(what a plan decides), arena_bytes TFLM's whole arena, the kTensorArenaSize an application
declares (None when it is not known, arena_unknown saying why: a buffer list, an operator not
modelled, a TFLM refusal, kernel set none), tail_bytes its persistent tail.
"""
import re
from collections import namedtuple

_TYPE = re.compile(r"^([A-Za-z0-9_]+)\[([^\]]*)\]")


def _shape(text):
    """("int8", (1, 48, 48, 16)) from "int8[1,48,48,16]"; (None, None) when text is none."""
    m = _TYPE.match(text or "")
    if not m:
        return None, None
    dims = []
    for d in m.group(2).split(","):
        d = d.strip()
        if not d:
            continue
        try:
            dims.append(int(d))
        except ValueError:
            dims.append(d)
    return m.group(1), tuple(dims)


class Buffer(namedtuple("Buffer", "id name type dtype shape size lifetime offset kind tensor "
                                  "producer consumers fixed alignment")):
    """One planned buffer: a tensor or a kernel's scratch. type is the text every output shows
    ("int8[1,48,48,16]"), dtype and shape its parts; lifetime the steps (first, end) it is live,
    half-open; offset its place in the head."""
    __slots__ = ()

    @property
    def end(self):
        return self.offset + self.size


Op = namedtuple("Op", "step label live_bytes share buffers")
Op.__doc__ = """What is live while one operator runs: its step and label ("op 2 CONV_2D"), the
bytes live, their share of the head, and the buffers' ids (largest first)."""

Operator = namedtuple("Operator", "op method count")
Operator.__doc__ = """An operator type the model runs and the MicroMutableOpResolver method that
registers it ("CONV_2D", "AddConv2D", and how many operators use it)."""


def _buffer(b):
    dtype, shape = _shape(b.get("type"))
    return Buffer(b["id"], b.get("name"), b.get("type"), dtype, shape, b["size"],
                  (b["lower"], b["upper"]), b["offset"], b.get("kind", "buffer"),
                  b.get("tensor"), b.get("producer"), b.get("consumers"),
                  bool(b.get("fixed", False)), b.get("alignment", 1))


class Plan:
    """A plan, proven valid by the checker, and what it achieves:

    arena_bytes     kTensorArenaSize: TFLM's whole arena with this plan embedded, on the target
                    (None for a buffer list, or when it is unknown: arena_unknown says why)
    head_bytes      the planned section: max(offset + size)
    tail_bytes      the persistent tail after AllocateTensors; tail_breakdown by
                    RecordingMicroAllocator's category
    lower_bound     no plan is smaller; efficiency = lower_bound / head_bytes
    stock_arena_bytes, stock_head_bytes   what stock TFLM (its greedy planner) needs
    buffers, ops, operators, summary, strategy, target, kernels, note; json: the whole JSON
    """

    def __init__(self, doc, warnings=()):
        _schema(doc)
        self.json = doc
        self.warnings = list(warnings)
        tflm = doc.get("tflm")
        self.strategy = doc["strategy"]
        # the JSON's keys, by the same names (docs/json.md)
        self.arena_bytes = doc["arena_bytes"]
        self.arena_unknown = doc.get("arena_unknown")
        self.head_bytes = doc["head_bytes"]
        self.tail_bytes = doc["tail_bytes"]
        self.lower_bound = doc["lower_bound"]
        self.efficiency = doc["efficiency"]
        self.note = doc.get("note")
        self.source = doc.get("source")
        self.summary = doc.get("summary", {})
        self.buffers = [_buffer(b) for b in doc.get("buffers", [])]
        self.ops = [Op(o["step"], o["label"], o["live_bytes"], o["share"], tuple(o["buffers"]))
                    for o in doc.get("ops", [])]
        self.operators = [Operator(o["op"], o["method"], o["count"])
                          for o in doc.get("operators", [])]
        self.is_model = any(b.tensor is not None for b in self.buffers)
        if tflm:
            self.used_bytes = tflm["used"]
            self.tail_breakdown = dict(tflm["tail_breakdown"])
            self.target = tflm["target"]
            self.kernels = tflm["kernels"]
            self.stock_arena_bytes = tflm["stock_min_arena"]
            self.stock_head_bytes = tflm["stock_head"]
        else:
            self.used_bytes = None
            self.tail_breakdown = {}
            self.target = self.kernels = None
            self.stock_arena_bytes = None
            self.stock_head_bytes = doc.get("stock_head")

    def offsets(self):
        """{buffer id: offset}."""
        return {b.id: b.offset for b in self.buffers}

    def to_csv(self):
        """The plan as CSV (id,offset), which check() and `arenaplan check` read."""
        rows = ["id,offset"]
        for b in self.buffers:
            i = b.id
            if any(c in i for c in ',"\n\r') or i != i.strip():
                i = '"' + i.replace('"', '""') + '"'
            rows.append("%s,%d" % (i, b.offset))
        return "\n".join(rows) + "\n"

    def __repr__(self):
        arena = ("arena_bytes=%d" % self.arena_bytes if self.arena_bytes is not None
                 else "arena_bytes=None")
        return "<Plan %s: %s, head_bytes=%d, lower_bound=%d, %d buffers>" % (
            self.strategy, arena, self.head_bytes, self.lower_bound, len(self.buffers))


SCHEMA = "arenaplan/2"


def _schema(doc):
    """Refuses JSON of another schema than the one this package reads (docs/json.md)."""
    if doc.get("schema") != SCHEMA:
        raise ValueError("arenaplan: the library wrote JSON of schema %r, this package reads %r"
                         % (doc.get("schema"), SCHEMA))


class Written(bytes):
    """A model the library wrote (embed, reorder): its bytes, and in .info what the command
    reports (docs/json.md). .arena_bytes and .head_bytes: TFLM's whole arena and head with it."""

    def __new__(cls, data, info, warnings=()):
        _schema(info)
        self = super().__new__(cls, data)
        self.info = info
        self.warnings = list(warnings)
        return self

    @property
    def arena_bytes(self):
        return self.info.get("arena_bytes")

    @property
    def arena_unknown(self):
        return self.info.get("arena_unknown")

    @property
    def head_bytes(self):
        return self.info.get("head_bytes")

    @property
    def tail_bytes(self):
        return self.info.get("tail_bytes")

    def __repr__(self):
        return "<Written %s: %d bytes, arena_bytes=%s, head_bytes=%s>" % (
            self.info.get("command"), len(self), self.arena_bytes, self.head_bytes)


class Source:
    """embed(format="c"): the model as firmware source. .source (model_data.c) and .header
    (model_data.h, which the source includes by the name given), .info as Written's."""

    def __init__(self, source, header, info, warnings=()):
        _schema(info)
        self.source = source
        self.header = header
        self.info = info
        self.warnings = list(warnings)

    @property
    def arena_bytes(self):
        return self.info.get("arena_bytes")

    @property
    def head_bytes(self):
        return self.info.get("head_bytes")

    @property
    def tail_bytes(self):
        return self.info.get("tail_bytes")

    def __repr__(self):
        return "<Source: %d + %d characters, arena_bytes=%s>" % (
            len(self.source), len(self.header), self.arena_bytes)


class Check:
    """check()'s verdict: valid (also the object's truth), message (the first conflict when not
    valid), buffers, head_bytes, lower_bound, efficiency; offline_plan for a model's own plan."""

    def __init__(self, doc, warnings=()):
        _schema(doc)
        self.json = doc
        self.warnings = list(warnings)
        self.valid = doc["valid"]
        self.message = doc.get("message")
        self.buffers = doc["buffers"]
        self.head_bytes = doc.get("head_bytes")
        self.lower_bound = doc.get("lower_bound")
        self.efficiency = doc.get("efficiency")
        self.offline_plan = doc.get("offline_plan")

    def __bool__(self):
        return bool(self.valid)

    def __repr__(self):
        if self.valid:
            return "<Check valid: %d buffers, head_bytes=%d>" % (self.buffers, self.head_bytes)
        return "<Check invalid: %s>" % self.message


class Report:
    """report(): the self-contained HTML page (.html), the first plan's timeline as SVG (.svg) and
    that Plan (.plan). Shown inline in a notebook."""

    def __init__(self, html, svg, plan):
        self.html = html
        self.svg = svg
        self.plan = plan

    def _repr_html_(self):
        return self.html

    def __repr__(self):
        return "<Report: %d characters of HTML, %r>" % (len(self.html), self.plan)
