#!/bin/sh
# venv.sh - the Python package as the README installs it (CTest python_package): the README's
# offline install command, as written, into a fresh virtual environment with the system's site
# packages (pip without network or build isolation, setuptools and wheel from the system); then
# the package's tests (tests/python/test_arenaplan.py, unittest) and the notebook-style examples
# of docs/python.md (tests/docs/examples.py --python), both with the installed package.
# Without what the install needs (python3's venv and ensurepip, setuptools, wheel: Debian's
# python3-venv, python3-setuptools, python3-wheel; tools/setup-deps --test installs them) it
# exits 77 (CTest's skip), unless CI is set: there it fails.
#
# usage: venv.sh PYTHON PACKAGE_DIR VENV_DIR SOURCE_DIR CLI
set -eu
python=$1 pkg=$2 venv=$3 src=$4 cli=$5
missing=""
"$python" -c 'import venv, ensurepip' 2>/dev/null || missing="$missing venv/ensurepip (python3-venv)"
"$python" -c 'import setuptools' 2>/dev/null || missing="$missing setuptools (python3-setuptools)"
"$python" -c 'import wheel' 2>/dev/null || missing="$missing wheel (python3-wheel)"
if [ -n "$missing" ]; then
    if [ -n "${CI:-}" ] && [ "${CI:-}" != 0 ]; then
        echo "CI is set but $python lacks:$missing" >&2
        exit 1
    fi
    echo "skipped: the Python package was not installed: $python lacks:$missing (tools/setup-deps --test)"
    exit 77
fi
# the README's command, word for word, with this build's python, package folder and venv
cmd=$(grep -E '^python3 -m venv --system-site-packages \.venv && \.venv/bin/pip install --no-index --no-build-isolation build/python$' "$src/README.md") ||
    { echo "README.md no longer gives the install command this test runs" >&2; exit 1; }
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
work=$(dirname "$venv")
cmd=$(printf '%s\n' "$cmd" | sed -e "s|^python3 |\"$python\" |" -e "s|\.venv|\"$venv\"|g" -e "s|build/python\$|\"$pkg\"|")
(cd "$work" && eval "$cmd") >"$work/install.log" 2>&1 || { cat "$work/install.log"; echo "the install failed" >&2; exit 1; }
echo "ok   installed: $cmd"
# an ASan build's library needs the sanitizer's runtime loaded first
lib=$(ls "$pkg"/arenaplan/libarenaplan* | head -1)
asan=$(ldd "$lib" 2>/dev/null | awk '/libasan/ {print $3}')
if [ -n "$asan" ]; then
    # the interpreter itself leaks at exit (its own allocations, not ours): leak checking is off
    # for it, and last, so that a caller's detect_leaks=1 (CI) does not turn it back on
    export LD_PRELOAD="$asan" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
# run from elsewhere, so that the installed package is the one imported
cd "$work"
AP_SOURCE_DIR=$src AP_CLI=$cli AP_TEST_TMP=$work "$venv/bin/python" -m unittest discover -s "$src/tests/python" -p 'test_*.py' -v 2>&1
"$venv/bin/python" "$src/tests/docs/examples.py" --python "$venv/bin/python" --cli "$cli" --src "$src" docs/python.md
echo "python_package: all passed"
