"""The C library, through ctypes: the run layer of include/arenaplan/run.h.

The package binds libarenaplan's shared library, not the command-line tool. The library is the
one the package was built with: CMake copies it into the package folder (its file name is in
_build.py); ARENAPLAN_LIBRARY names another one (a development build). The structs below mirror
ap_run_options and ap_run_result field by field; import checks their sizes and AP_RUN_ABI
against the library's, so a package and a library from different builds refuse to work
together instead of misreading memory.
"""
import ctypes
import os

from . import _build

ABI = 2  # AP_RUN_ABI


class PlanOptions(ctypes.Structure):
    """ap_plan_options (planner.h)."""
    _fields_ = [
        ("strategy", ctypes.c_char_p),
        ("time_limit", ctypes.c_double),
        ("node_limit", ctypes.c_uint64),
        ("work_limit", ctypes.c_uint64),
        ("capacity", ctypes.c_int64),
        ("seed", ctypes.c_uint64),
        ("stop", ctypes.c_void_p),
        ("progress", ctypes.c_void_p),
        ("progress_ctx", ctypes.c_void_p),
    ]


class RunOptions(ctypes.Structure):
    """ap_run_options (run.h), in its order."""
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("runtime", ctypes.c_char_p),
        ("target", ctypes.c_char_p),
        ("kernels", ctypes.c_char_p),
        ("inplace", ctypes.c_char_p),
        ("overlap", ctypes.c_char_p),
        ("ignore_offline", ctypes.c_int),
        ("allow_fixed_overlap", ctypes.c_int),
        ("align", ctypes.c_int64),
        ("threads", ctypes.c_int),
        ("plan", PlanOptions),
        ("strategies", ctypes.POINTER(ctypes.c_char_p)),
        ("budget", ctypes.c_int64),
        ("budget_head", ctypes.c_int64),
        ("format", ctypes.c_char_p),
        ("symbol", ctypes.c_char_p),
        ("header", ctypes.c_char_p),
        ("order", ctypes.c_char_p),
        ("order_budget", ctypes.c_uint64),
        ("embed", ctypes.c_int),
        ("plan_csv", ctypes.c_void_p),
        ("plan_len", ctypes.c_size_t),
        ("plan_name", ctypes.c_char_p),
        ("strict", ctypes.c_int),
    ]


class RunResult(ctypes.Structure):
    """ap_run_result (run.h): every pointer the library's, freed by ap_run_result_free."""
    _fields_ = [
        ("json", ctypes.c_void_p),
        ("json_len", ctypes.c_size_t),
        ("data", ctypes.c_void_p),
        ("len", ctypes.c_size_t),
        ("data2", ctypes.c_void_p),
        ("len2", ctypes.c_size_t),
        ("warnings", ctypes.c_void_p),
        ("valid", ctypes.c_int),
    ]


class Error(ctypes.Structure):
    """ap_error (error.h)."""
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * 512)]


def library_path():
    """The shared library this package loads."""
    env = os.environ.get("ARENAPLAN_LIBRARY")
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), _build.LIBRARY)


def _load():
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError("arenaplan: cannot load the C library %s: %s" % (path, e)) from None
    lib.ap_run_abi.restype = ctypes.c_int
    lib.ap_run_options_size.restype = ctypes.c_size_t
    lib.ap_run_result_size.restype = ctypes.c_size_t
    lib.ap_version.restype = ctypes.c_char_p
    if (lib.ap_run_abi() != ABI or lib.ap_run_options_size() != ctypes.sizeof(RunOptions)
            or lib.ap_run_result_size() != ctypes.sizeof(RunResult)):
        raise ImportError("arenaplan: the C library %s is not the one this package was built "
                          "for (run.h ABI %d, options %d bytes, result %d bytes; the package "
                          "expects ABI %d, %d and %d)"
                          % (path, lib.ap_run_abi(), lib.ap_run_options_size(),
                             lib.ap_run_result_size(), ABI, ctypes.sizeof(RunOptions),
                             ctypes.sizeof(RunResult)))
    lib.ap_run_options_init.argtypes = [ctypes.POINTER(RunOptions)]
    lib.ap_run_options_init.restype = None
    lib.ap_run_result_free.argtypes = [ctypes.POINTER(RunResult)]
    lib.ap_run_result_free.restype = None
    for name in ("plan", "embed", "reorder", "check", "report", "fit"):
        fn = getattr(lib, "ap_run_" + name)
        fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(RunOptions),
                       ctypes.POINTER(RunResult), ctypes.POINTER(Error)]
        fn.restype = ctypes.c_int
    return lib


lib = _load()
VERSION = lib.ap_version().decode()
