"""arenaplan: the static memory planner for TensorFlow Lite Micro, from Python.

    import arenaplan
    p = arenaplan.plan("model.tflite", kernels="cmsis-nn")   # or the bytes the converter returns
    p.arena_bytes        # kTensorArenaSize: TFLM's whole arena on the target, exact to the byte
    p.head_bytes, p.tail_bytes, p.tail_breakdown, p.lower_bound
    p.buffers            # Buffer(id, name, dtype, shape, size, lifetime, offset, ...)
    p.ops                # what is live while each operator runs
    p.operators          # the MicroMutableOpResolver methods the model needs
    copy = arenaplan.embed(model)      # the model carrying its plan (bytes)
    arenaplan.reorder(model), arenaplan.check(model, plan), arenaplan.report(model).html

The package binds the C library (libarenaplan, through ctypes: _native.py), not the command-line
tool; every call does what the command of the same name does, checks included, and the results
are what the tool's JSON says (docs/json.md). Errors raise arenaplan.Error (a subclass per kind)
with the library's message. See docs/python.md.
"""
import ctypes
import json
import os
import signal
import threading
import warnings

from . import _native
from ._objects import Buffer, Check, Op, Operator, Plan, Report, Source, Written

__all__ = ["plan", "embed", "reorder", "check", "report", "Plan", "Buffer", "Op", "Operator",
           "Written", "Source", "Check", "Report", "Error", "InputError", "UsageError",
           "InvalidPlanError", "LimitError", "InfeasibleError", "SizeOverflowError",
           "ArenaplanWarning", "__version__"]

__version__ = _native.VERSION


class Error(Exception):
    """A failure of the library, with its message (str(e)) and status: e.status is the status's
    name ("bad input", ...), e.code its value (error.h's ap_status)."""

    def __init__(self, message, code, status):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status


class InputError(Error):
    """AP_ERR_INPUT, AP_ERR_IO: an input that cannot be read (a malformed model or CSV)."""


class UsageError(Error, ValueError):
    """AP_ERR_USAGE: options that do not fit (an unknown kernel set, an option of the other
    runtime)."""


class InvalidPlanError(Error):
    """AP_ERR_INVALID: a plan that breaks a rule."""


class LimitError(Error):
    """AP_ERR_LIMIT: a budget exceeded, or a search's limit reached before it decided."""


class InfeasibleError(Error):
    """AP_ERR_INFEASIBLE: no plan within the capacity asked for (proven)."""


class SizeOverflowError(Error):
    """AP_ERR_OVERFLOW: a size or offset beyond what a format holds."""


class ArenaplanWarning(UserWarning):
    """What the command-line tool prints as a warning (an ignored CSV column, an arena that
    cannot be computed)."""


_ERRORS = {1: InputError, 2: UsageError, 4: SizeOverflowError, 5: InvalidPlanError,
           6: InfeasibleError, 7: LimitError, 8: InputError}
_STATUS = {1: "bad input", 2: "bad usage", 3: "out of memory", 4: "overflow", 5: "invalid plan",
           6: "infeasible", 7: "limit reached", 8: "I/O error"}


def _text(s):
    return None if s is None else str(s).encode()


def _read(model, filename):
    """The input's bytes and its name: a path is read, bytes are taken as they are."""
    if isinstance(model, (bytes, bytearray, memoryview)):
        return bytes(model), filename
    if isinstance(model, (str, os.PathLike)):
        path = os.fspath(model)
        with open(path, "rb") as f:
            return f.read(), filename if filename is not None else path
    raise TypeError("arenaplan: the model is a path or bytes, not %s" % type(model).__name__)


def _options(filename, runtime, target, kernels, inplace, overlap, ignore_offline,
             allow_fixed_overlap, align, threads, strategy, time_limit, node_limit, capacity, seed,
             budget, budget_head):
    o = _native.RunOptions()
    _native.lib.ap_run_options_init(ctypes.byref(o))
    keep = []  # the encoded strings, alive through the call

    def s(v):
        b = _text(v)
        keep.append(b)
        return b

    o.name, o.runtime, o.target, o.kernels = s(filename), s(runtime), s(target), s(kernels)
    o.inplace, o.overlap = s(inplace), s(overlap)
    o.ignore_offline, o.allow_fixed_overlap = int(bool(ignore_offline)), int(bool(allow_fixed_overlap))
    o.align = 0 if align is None else _count("align", align)
    o.threads = -1 if threads is None else int(threads)
    o.plan.strategy = s(strategy)
    if time_limit is not None:
        o.plan.time_limit = float(time_limit)
    if node_limit is not None:
        o.plan.node_limit = _count("node_limit", node_limit)
    if capacity is not None:
        o.plan.capacity = _count("capacity", capacity)
    if seed is not None:
        o.plan.seed = _count("seed", seed)
    o.budget = -1 if budget is None else _count("budget", budget)
    o.budget_head = -1 if budget_head is None else _count("budget_head", budget_head)
    return o, keep


def _count(what, v):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise UsageError("%s %r: not a count of 0 or more" % (what, v), 2, _STATUS[2])
    return v


def _run(fn, data, o, res, err):
    """Calls fn in a thread of its own, so that Ctrl-C (SIGINT, a notebook's interrupt) reaches
    Python while the C code runs. From the main thread, a SIGINT handler of its own, for the
    call's duration, sets the options' stop flag, which every search of the library polls; the
    call is waited for, then KeyboardInterrupt is raised. (A handler, not a KeyboardInterrupt
    caught, because that can arrive between any two bytecodes of the waiting loop; an Event,
    not Thread.join, because an interrupted join can take a running thread for finished.)"""
    stop = ctypes.c_int(0)
    o.plan.stop = ctypes.cast(ctypes.byref(stop), ctypes.c_void_p)
    out = []
    done = threading.Event()
    hits = []

    def call():
        flag = stop  # the flag lives as long as the call, whatever happens to _run
        try:
            out.append(fn(data, len(data), ctypes.byref(o), ctypes.byref(res), ctypes.byref(err)))
        finally:
            del flag
            done.set()

    def on_sigint(signum, frame):
        stop.value = 1
        hits.append(signum)

    # only the main thread receives signals; a handler installed outside Python is left alone
    main = (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is not None)
    previous = signal.signal(signal.SIGINT, on_sigint) if main else None
    try:
        threading.Thread(target=call, daemon=True).start()
        done.wait()
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    if hits:
        _native.lib.ap_run_result_free(ctypes.byref(res))
        raise KeyboardInterrupt
    return out[0]


def _call(name, data, o):
    res = _native.RunResult()
    err = _native.Error()
    fn = getattr(_native.lib, "ap_run_" + name)
    st = _run(fn, data, o, res, err)
    try:
        if st != 0:
            msg = err.msg.decode("utf-8", "replace")
            if st == 3:
                raise MemoryError(msg)
            raise _ERRORS.get(st, Error)(msg, st, _STATUS.get(st, "error %d" % st))
        out = {
            "json": json.loads(ctypes.string_at(res.json, res.json_len).decode("utf-8", "replace")),
            "data": ctypes.string_at(res.data, res.len) if res.data else None,
            "data2": ctypes.string_at(res.data2, res.len2) if res.data2 else None,
            "warnings": ctypes.string_at(res.warnings).decode("utf-8", "replace").splitlines()
            if res.warnings else [],
        }
    finally:
        _native.lib.ap_run_result_free(ctypes.byref(res))
    for w in out["warnings"]:
        warnings.warn(w, ArenaplanWarning, stacklevel=3)
    return out


def plan(model, *, strategy=None, target=None, kernels=None, inplace=None, overlap=None,
         runtime=None, ignore_offline=False, allow_fixed_overlap=False, align=None, threads=None,
         time_limit=None, node_limit=None, capacity=None, seed=None, budget=None,
         budget_head=None, filename=None):
    """Plans a model (a .tflite path or its bytes) or a CSV buffer list and proves the plan with
    the checker, as `arenaplan plan` does: a Plan. Options as the tool's (None: its default):
    strategy "best"; target "cortex-m" or "host64"; kernels "reference" (the default),
    "cmsis-nn", "reference64" or "none"; inplace "none", "reshape" or "elementwise"; overlap
    "none", "reference" or "slices"; runtime "tflm" or "tflite"; budget (bytes of kTensorArenaSize) and
    budget_head raise LimitError when exceeded; filename names bytes in messages (and picks the
    reader: *.csv, *.tflite)."""
    data, name = _read(model, filename)
    o, keep = _options(name, runtime, target, kernels, inplace, overlap, ignore_offline,
                       allow_fixed_overlap, align, threads, strategy, time_limit, node_limit,
                       capacity, seed, budget, budget_head)
    r = _call("plan", data, o)
    del keep
    return Plan(r["json"], r["warnings"])


def embed(model, *, format="tflite", name=None, header=None, strategy=None, target=None,
          kernels=None, inplace=None, overlap=None, ignore_offline=False, time_limit=None,
          node_limit=None, seed=None, budget=None, budget_head=None, filename=None):
    """A copy of the model carrying its plan as TFLM's offline plan, as `arenaplan embed` does:
    Written, the new model's bytes (with .info, the result's figures: .arena_bytes,
    .head_bytes). format="c": the copy as firmware source instead, a Source (.source, the C
    file; .header, its header, named header or NAME_model.h), NAME the symbols' prefix (name,
    default: from the file name)."""
    data, fname = _read(model, filename)
    o, keep = _options(fname, None, target, kernels, inplace, overlap, ignore_offline, False,
                       None, None, strategy, time_limit, node_limit, None, seed, budget,
                       budget_head)
    fmt, sym, hdr = _text(format), _text(name), _text(header)
    o.format, o.symbol, o.header = fmt, sym, hdr
    r = _call("embed", data, o)
    del keep
    if format == "c":
        return Source(r["data"].decode(), r["data2"].decode(), r["json"], r["warnings"])
    return Written(r["data"], r["json"], r["warnings"])


def reorder(model, *, strategy=None, node_budget=None, embed=False, target=None, kernels=None,
            filename=None):
    """A copy of the model whose operators run in the order with the fewest bytes live, as
    `arenaplan reorder` does: Written (the new model's bytes, .info the figures: peak_before,
    peak, bound, proven, ...). strategy: "exact" (the default), "cheap", "list", "dfs" or
    "stored"; node_budget: the exact search's nodes; embed: also embed best's plan."""
    data, fname = _read(model, filename)
    o, keep = _options(fname, None, target, kernels, None, None, False, False, None, None, None,
                       None, None, None, None, None, None)
    order = _text(strategy)
    o.order = order
    o.order_budget = 0 if node_budget is None else _count("node_budget", node_budget)
    o.embed = int(bool(embed))
    r = _call("reorder", data, o)
    del keep
    return Written(r["data"], r["json"], r["warnings"])


def check(model, plan=None, *, strict=False, target=None, kernels=None, inplace=None,
          overlap=None, runtime=None, allow_fixed_overlap=False, align=None, filename=None):
    """Proves a plan, as `arenaplan check` does: a Check (.valid, .message naming the first
    conflict, .head_bytes, ...). plan: a Plan of this input, a CSV plan (path or bytes: id and
    offset columns), or None: a CSV input's own offset column, a model's own offline plan as
    TFLM runs it (strict: no sharing between its fixed tensors that no rule allows)."""
    data, fname = _read(model, filename)
    o, keep = _options(fname, runtime, target, kernels, inplace, overlap, False,
                       allow_fixed_overlap, align, None, None, None, None, None, None, None, None)
    o.strict = int(bool(strict))
    if plan is not None:
        if isinstance(plan, Plan):
            csv, pname = plan.to_csv().encode(), "plan"
        else:
            csv, pname = _read(plan, None)
            pname = pname or "plan"
        buf = ctypes.create_string_buffer(csv, len(csv))
        keep += [buf, _text(pname)]
        o.plan_csv = ctypes.cast(buf, ctypes.c_void_p)
        o.plan_len = len(csv)
        o.plan_name = keep[-1]
    r = _call("check", data, o)
    del keep
    return Check(r["json"], r["warnings"])


def report(model, *, strategies=None, target=None, kernels=None, inplace=None, overlap=None,
           runtime=None, ignore_offline=False, time_limit=None, node_limit=None, seed=None,
           budget=None, budget_head=None, filename=None):
    """The HTML report of the plans of several strategies (the first in detail), as `arenaplan
    report` does: a Report (.html, self-contained; .svg, the first plan's timeline; .plan, the
    first Plan). A notebook shows the page inline."""
    data, fname = _read(model, filename)
    o, keep = _options(fname, runtime, target, kernels, inplace, overlap, ignore_offline, False,
                       None, None, None, time_limit, node_limit, None, seed, budget, budget_head)
    if strategies is not None:
        if isinstance(strategies, str):
            strategies = [strategies]
        names = [_text(s) for s in strategies]
        arr = (ctypes.c_char_p * (len(names) + 1))(*names, None)
        keep += [names, arr]
        o.strategies = ctypes.cast(arr, ctypes.POINTER(ctypes.c_char_p))
    r = _call("report", data, o)
    del keep
    return Report(r["data"].decode(), r["data2"].decode(), Plan(r["json"], r["warnings"]))


def fit(model, *, budget, target=None, kernels=None, time_limit=None, node_limit=None,
        seed=None, filename=None):
    """Every lever on the model's whole TFLM arena and the smallest combination that fits
    budget (bytes of kTensorArenaSize), as `arenaplan fit` does (docs/fit.md): Written, the
    model of the combination chosen (the one that fits, else the best reachable), .info all of
    fit's JSON (.info["fits"], .info["chosen"], .info["levers"], .info["diagnosis"], ...),
    .arena_bytes the chosen combination's whole arena. kernels and target: as the model is
    deployed; the kernels lever tries the other set."""
    data, fname = _read(model, filename)
    o, keep = _options(fname, None, target, kernels, None, None, False, False, None, None, None,
                       time_limit, node_limit, None, seed, budget, None)
    r = _call("fit", data, o)
    del keep
    return Written(r["data"], r["json"], r["warnings"])
