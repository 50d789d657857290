#!/bin/sh
# check.sh - the installed tree works as the README says (CTest install_check): installs the build
# into a temporary prefix, then compiles the README's library program (its "## Library" C block,
# as written) against it three ways: pkg-config (the shared library), the static archive, and a
# CMake project using find_package(arenaplan) with arenaplan::arenaplan and arenaplan::shared,
# and runs each on data/worked_example.csv, expecting the line the README shows.
#
# usage: check.sh BUILD_DIR SOURCE_DIR TMP_DIR C_COMPILER [EXTRA_CFLAGS]
set -eu
build=$1 src=$2 tmp=$3 cc=$4 extra=${5:-}
prefix=$tmp/prefix
rm -rf "$tmp"
mkdir -p "$tmp"
cmake --install "$build" --prefix "$prefix" >/dev/null
want="$src/data/worked_example.csv: 5 buffers, 700 bytes (best:greedy)"
grep -F "It prints \`data/worked_example.csv: 5 buffers, 700 bytes (best:greedy)\`" "$src/README.md" >/dev/null ||
    { echo "README.md no longer shows the program's output that this check expects" >&2; exit 1; }
awk '/^## Library$/ {lib = 1} lib && /^```c$/ {inb = 1; next} inb && /^```$/ {exit} inb {print}' \
    "$src/README.md" > "$tmp/plan.c"
test -s "$tmp/plan.c" || { echo "README.md: no C block under '## Library'" >&2; exit 1; }
libdir=$(ls -d "$prefix"/lib*/pkgconfig | head -1)
libdir=${libdir%/pkgconfig}
for f in include/arenaplan/problem.h include/arenaplan_rt.h bin/arenaplan; do
    test -e "$prefix/$f" || { echo "not installed: $f" >&2; exit 1; }
done
for f in libarenaplan.a libarenaplan.so libarenaplan_rt.a cmake/arenaplan/arenaplanConfig.cmake; do
    test -e "$libdir/$f" || { echo "not installed: $libdir/$f" >&2; exit 1; }
done
# the shared library a program loads, as a real path
loads() { ldd "$1" | awk '/libarenaplan\.so/ {print $3}' | xargs -r readlink -f; }
so=$(readlink -f "$libdir/libarenaplan.so")
check() { # what, program
    got=$("$2" "$src/data/worked_example.csv")
    [ "$got" = "$want" ] || { echo "$1: printed '$got', want '$want'" >&2; exit 1; }
    echo "ok   $1"
}
# pkg-config: the shared library, found through the rpath the README's command sets
flags=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs arenaplan)
pcdir=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --variable=libdir arenaplan)
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror -pedantic $extra "$tmp/plan.c" $flags -Wl,-rpath,"$pcdir" -o "$tmp/plan_pc"
check "pkg-config (shared library)" "$tmp/plan_pc"
[ "$(loads "$tmp/plan_pc")" = "$so" ] ||
    { echo "the pkg-config build does not load the installed libarenaplan.so" >&2; exit 1; }
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror -pedantic $extra -I"$prefix/include" "$tmp/plan.c" "$libdir/libarenaplan.a" -lm \
    -o "$tmp/plan_static"
check "static archive" "$tmp/plan_static"
# CMake: find_package and the imported targets
mkdir -p "$tmp/consumer"
cp "$tmp/plan.c" "$tmp/consumer/plan.c"
cat > "$tmp/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(arenaplan 0.1 REQUIRED)
add_executable(plan_static plan.c)
target_link_libraries(plan_static PRIVATE arenaplan::arenaplan)
add_executable(plan_shared plan.c)
target_link_libraries(plan_shared PRIVATE arenaplan::shared)
add_library(uses_rt STATIC rt.c)
target_link_libraries(uses_rt PRIVATE arenaplan::rt)
CMAKE
printf '#include <arenaplan_rt.h>\nint uses_rt(void);\nint uses_rt(void) { return (int)sizeof(ap_rt_arena); }\n' \
    > "$tmp/consumer/rt.c"
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_C_FLAGS="$extra" >/dev/null
cmake --build "$tmp/consumer/build" >/dev/null
check "find_package: arenaplan::arenaplan" "$tmp/consumer/build/plan_static"
check "find_package: arenaplan::shared" "$tmp/consumer/build/plan_shared"
[ "$(loads "$tmp/consumer/build/plan_shared")" = "$so" ] ||
    { echo "arenaplan::shared does not load the installed libarenaplan.so" >&2; exit 1; }
echo "install_check: all passed"
