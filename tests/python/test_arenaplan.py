"""test_arenaplan.py - the Python package, installed (tests/python/venv.sh runs it in the venv
the README's command makes): it binds the C library it was installed with, and every result is
what the command-line tool writes for the same input and options: plan's JSON, embed's copy and
C source, reorder's copy, check's verdicts, report's page; errors raise the library's message.

Environment: AP_SOURCE_DIR (the source tree), AP_CLI (the tool), AP_TEST_TMP (a scratch folder).
"""
import ctypes
import json
import os
import signal
import subprocess
import unittest
import warnings

import arenaplan

SRC = os.environ["AP_SOURCE_DIR"]
CLI = os.environ["AP_CLI"]
TMP = os.environ["AP_TEST_TMP"]
PD = os.path.join(SRC, "corpus/models/tflm/person_detect.tflite")
KWS = os.path.join(SRC, "corpus/models/more/mltk_keyword_spotting_on_off_v3.tflite")
WORKED = os.path.join(SRC, "data/worked_example.csv")


def cli(*args):
    """The tool's stdout; it must exit 0."""
    r = subprocess.run([CLI] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise AssertionError("arenaplan %s: exit %d: %s" % (" ".join(args), r.returncode,
                                                           r.stderr.decode()))
    return r.stdout


def tmp(name):
    return os.path.join(TMP, "py_" + name)


def read(path):
    with open(path, "rb") as f:
        return f.read()


class Binding(unittest.TestCase):
    def test_installed_package_binds_its_library(self):
        from arenaplan import _native
        here = os.path.dirname(os.path.abspath(arenaplan.__file__))
        self.assertNotIn(os.path.join(SRC, "python"), here)
        self.assertEqual(os.path.dirname(_native.library_path()), here)
        self.assertTrue(os.path.basename(_native.library_path()).startswith("libarenaplan.so"))
        self.assertEqual(arenaplan.__version__, cli("--version").decode().split()[-1])


class Interrupt(unittest.TestCase):
    def test_ctrl_c_sets_the_stop_flag_and_raises_after_the_call(self):
        """Ctrl-C while the C code runs: the options' stop flag is set, the call is waited for,
        KeyboardInterrupt follows. A stand-in for the C function raises SIGINT itself once it
        runs, then waits for the flag, so nothing depends on timing."""
        from arenaplan import _native
        seen = []

        def fake(data, n, opt, res, err):
            stop = ctypes.cast(opt._obj.plan.stop, ctypes.POINTER(ctypes.c_int))
            os.kill(os.getpid(), signal.SIGINT)
            while not stop[0]:
                pass
            seen.append(stop[0])
            return 0

        o = _native.RunOptions()
        _native.lib.ap_run_options_init(ctypes.byref(o))
        with self.assertRaises(KeyboardInterrupt):
            arenaplan._run(fake, b"", o, _native.RunResult(), _native.Error())
        self.assertEqual(seen, [1])


class PlanTest(unittest.TestCase):
    def test_person_detect_cmsis_nn(self):
        p = arenaplan.plan(PD, target="cortex-m", kernels="cmsis-nn", strategy="best")
        self.assertEqual(p.arena_bytes, 82316)
        self.assertEqual(p.head_bytes, 55296)
        self.assertEqual(p.tail_bytes, 27012)
        self.assertEqual(sum(p.tail_breakdown.values()), 27012)
        self.assertEqual(p.tail_breakdown["persistent_buffer"], 23848)
        self.assertEqual(p.lower_bound, 55296)
        self.assertEqual(p.efficiency, 1.0)
        self.assertEqual(p.strategy, "best:greedy")
        self.assertEqual((p.target, p.kernels), ("cortex-m", "cmsis-nn"))
        self.assertEqual(p.stock_arena_bytes, 82316)
        self.assertIsNone(p.arena_unknown)
        self.assertEqual(len(p.buffers), 33)
        scratch = [b for b in p.buffers if b.kind == "scratch"]
        self.assertEqual([(b.id, b.size, b.dtype, b.shape, b.lifetime) for b in scratch],
                         [("scratch0", 1024, "uint8", (1024,), (28, 29))])
        b = next(b for b in p.buffers if b.tensor == 88)
        self.assertEqual((b.dtype, b.shape, b.size), ("int8", (1, 96, 96, 1), 9216))
        self.assertEqual(b.type, "int8[1,96,96,1]")
        self.assertEqual(b.kind, "input")
        self.assertEqual(b.end, b.offset + b.size)
        self.assertEqual(len(p.ops), 32)
        self.assertEqual(p.ops[1].label, "op 0 DEPTHWISE_CONV_2D")
        self.assertEqual(p.ops[1].live_bytes, 27648)
        # the tool's JSON, key for key
        self.assertEqual(p.json, json.loads(cli("plan", PD, "--format", "json", "--kernels",
                                                "cmsis-nn")))
        self.assertEqual(p.warnings, [])

    def test_bytes_as_the_converter_returns_them(self):
        model = read(PD)
        by_path = arenaplan.plan(PD)
        by_bytes = arenaplan.plan(model)
        self.assertEqual(by_bytes.arena_bytes, 82296)
        self.assertEqual(by_bytes.offsets(), by_path.offsets())
        self.assertEqual(by_bytes.source, "model")
        self.assertEqual(arenaplan.plan(bytearray(model)).head_bytes, 55296)
        self.assertEqual(arenaplan.plan(memoryview(model), target="host64").arena_bytes, 85016)

    def test_every_plan_passes_the_checker(self):
        for kernels in (None, "cmsis-nn"):
            for strategy in ("greedy", "best", "linear"):
                p = arenaplan.plan(PD, kernels=kernels, strategy=strategy)
                c = arenaplan.check(PD, p, kernels=kernels)
                self.assertTrue(c.valid, c.message)
                self.assertEqual(c.head_bytes, p.head_bytes)
                self.assertEqual(c.buffers, len(p.buffers))

    def test_buffer_list(self):
        p = arenaplan.plan(WORKED, strategy="greedy")
        self.assertEqual(p.head_bytes, 700)
        self.assertIsNone(p.arena_bytes)
        self.assertEqual(p.arena_unknown, "a buffer list has no TFLM arena")
        self.assertEqual([(b.id, b.lifetime, b.offset) for b in p.buffers],
                         [("t1", (0, 2), 0), ("t2", (1, 4), 300), ("t3", (2, 5), 550),
                          ("t4", (3, 6), 0), ("t5", (4, 7), 300)])
        self.assertEqual(p.to_csv(), "id,offset\nt1,0\nt2,300\nt3,550\nt4,0\nt5,300\n")

    def test_warnings(self):
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter("always")
            p = arenaplan.plan(b"id,lower,upper,size,colour\na,0,1,4,red\n", filename="w.csv")
        self.assertEqual([str(w.message) for w in ws],
                         ["w.csv:1: column 'colour' is not used and was ignored"])
        self.assertTrue(all(w.category is arenaplan.ArenaplanWarning for w in ws))
        self.assertEqual(p.warnings, ["w.csv:1: column 'colour' is not used and was ignored"])


class Errors(unittest.TestCase):
    def test_budget(self):
        with self.assertRaises(arenaplan.LimitError) as e:
            arenaplan.plan(PD, budget=80 * 1024)
        self.assertEqual(str(e.exception),
                         "the arena needs 82296 bytes, 376 more than the budget of 81920 bytes")
        self.assertEqual((e.exception.code, e.exception.status), (7, "limit reached"))
        with self.assertRaises(arenaplan.LimitError) as e:
            arenaplan.embed(PD, budget_head=50000)
        self.assertEqual(str(e.exception), "the head with the copy needs 55296 bytes, 5296 more "
                                           "than the budget of 50000 bytes")

    def test_options(self):
        with self.assertRaises(arenaplan.UsageError) as e:
            arenaplan.plan(PD, kernels="cmsis")
        self.assertEqual(str(e.exception), 'unknown kernel set "cmsis" (known: reference, '
                                           'reference64, cmsis-nn, cmsis-nn-m4, none)')
        self.assertIsInstance(e.exception, ValueError)
        with self.assertRaises(arenaplan.UsageError) as e:
            arenaplan.plan(PD, kernels="cmsis-nn", target="host64")
        self.assertEqual(str(e.exception), "kernel set cmsis-nn is a Cortex-M build (target "
                                           "cortex-m), not one for host64")
        with self.assertRaises(arenaplan.UsageError):
            arenaplan.plan(PD, budget=-1)
        with self.assertRaises(TypeError):
            arenaplan.plan(42)

    def test_bad_input(self):
        with self.assertRaises(arenaplan.InputError) as e:
            arenaplan.plan(b"\x00" * 64)
        self.assertEqual(str(e.exception), 'model: file identifier at bytes 4-7 is '
                                           '"\\x00\\x00\\x00\\x00", not "TFL3": not a TFLite model')

    def test_missing_file(self):
        with self.assertRaises(FileNotFoundError):
            arenaplan.plan(os.path.join(TMP, "no_such.tflite"))


class Models(unittest.TestCase):
    def test_embed_is_the_tool_s_copy(self):
        out = tmp("copy.tflite")
        cli("embed", PD, "-o", out, "--force")
        w = arenaplan.embed(read(PD), filename=PD)
        self.assertIsInstance(w, bytes)
        self.assertEqual(bytes(w), read(out))
        self.assertEqual((w.arena_bytes, w.head_bytes), (82296, 55296))
        self.assertEqual(w.info["offline_plan"]["fixed"], 32)
        # the copy is a model: planned again, its plan is the embedded one
        self.assertEqual(arenaplan.plan(w).head_bytes, 55296)
        self.assertTrue(arenaplan.check(w))

    def test_embed_c_is_the_tool_s_source(self):
        c = tmp("pd_data.c")
        cli("embed", PD, "--format", "c", "-o", c, "--kernels", "cmsis-nn", "--name", "pd")
        s = arenaplan.embed(PD, format="c", kernels="cmsis-nn", name="pd",
                            header=os.path.basename(tmp("pd_data.h")))
        self.assertEqual(s.source.encode(), read(c))
        self.assertEqual(s.header.encode(), read(tmp("pd_data.h")))
        self.assertEqual(s.arena_bytes, 82316)
        self.assertIn("#define PD_OP_COUNT 5u\n", s.header)

    def test_reorder_is_the_tool_s_copy(self):
        out = tmp("reordered.tflite")
        cli("reorder", KWS, "-o", out)
        r = arenaplan.reorder(KWS)
        self.assertEqual(bytes(r), read(out))
        self.assertEqual((r.info["peak_before"], r.info["peak"], r.info["proven"]),
                         (21568, 19616, True))
        self.assertEqual(arenaplan.plan(r).head_bytes, 19616)


class FitTest(unittest.TestCase):
    def test_fit_is_the_tool_s(self):
        out = tmp("fit.tflite")
        cli("fit", PD, "--budget", "64K", "-o", out)
        r = arenaplan.fit(PD, budget=65536)
        self.assertEqual(bytes(r), read(out))
        self.assertTrue(r.info["fits"])
        self.assertEqual(r.arena_bytes, 63880)
        self.assertEqual(r.info["chosen"]["levers"], ["embed", "overlap"])
        self.assertEqual(r.info["stock"]["arena_bytes"], 82296)
        self.assertEqual(r.info["diagnosis"]["peak_operator"], "op 2 CONV_2D")
        self.assertFalse(arenaplan.fit(PD, budget=32768).info["fits"])


class CheckTest(unittest.TestCase):
    def test_invalid_plan(self):
        c = arenaplan.check(WORKED, os.path.join(SRC, "data/worked_example_published_plan.csv"))
        self.assertFalse(c)
        self.assertEqual(c.message, "buffers 't2' (200 bytes, lifetime [1, 4), bytes [100, 300)) "
                                    "and 't3' (150 bytes, lifetime [2, 5), bytes [0, 150)) are "
                                    "both live at steps 2-3 and share bytes [100, 150)")
        self.assertIsNone(c.head_bytes)

    def test_plan_csv_bytes(self):
        c = arenaplan.check(WORKED, b"id,offset\nt1,0\nt2,300\nt3,550\nt4,0\nt5,300\n")
        self.assertTrue(c.valid)
        self.assertEqual((c.head_bytes, c.lower_bound, c.efficiency), (700, 700, 1.0))

    def test_offline_plan(self):
        c = arenaplan.check(arenaplan.embed(PD))
        self.assertEqual(c.offline_plan, {"entries": 89, "tensors": 32, "fixed": 32,
                                          "scratch": 0, "shared_pairs": 0,
                                          "tflm_head_bytes": 55296})
        with self.assertRaises(arenaplan.UsageError) as e:
            arenaplan.check(PD)
        self.assertEqual(str(e.exception), "check: %s has no offline plan (metadata "
                                           "\"OfflineMemoryAllocation\"): give a plan to check, "
                                           "or write one into a copy with embed" % PD)


class ReportTest(unittest.TestCase):
    def test_report_is_the_tool_s_page(self):
        html, svg = tmp("report.html"), tmp("report.svg")
        cli("report", WORKED, "--strategy", "greedy", "--strategy", "linear", "-o", html,
            "--svg", svg)
        r = arenaplan.report(WORKED, strategies=["greedy", "linear"])
        self.assertEqual(r.html.encode(), read(html))
        self.assertEqual(r.svg.encode(), read(svg))
        self.assertEqual(r._repr_html_(), r.html)
        self.assertEqual(r.plan.head_bytes, 700)


if __name__ == "__main__":
    unittest.main()
