#!/usr/bin/env bash
# .ci/runtime.sh - the runtime on its targets: cross-builds runtime/ for Cortex-M4 and 32-bit
# RISC-V, prints the footprint table and enforces the code-size targets, proves by linking
# without a C library that no malloc, free or printf (nor any libc function) is pulled in,
# then runs the runtime's tests and the example firmware on an emulated Cortex-M4 (QEMU
# mps2-an386, output through semihosting). Any failure fails the script.
#
# Debian/Ubuntu packages it needs (.ci/run installs them):
#   gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi
#   gcc-riscv64-unknown-elf qemu-system-arm
#   (plus a host C compiler, awk and coreutils' timeout)
#
# usage: .ci/runtime.sh [OUT_DIR]        (default: build-runtime; wiped first)
# AP_QEMU_TIMEOUT: seconds each QEMU run may take (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-build-runtime}
rm -rf "$out"
mkdir -p "$out"/m4 "$out"/rv32 "$out"/qemu "$out"/plans "$out"/host
out=$(cd "$out" && pwd)

# Targets (docs/runtime.md): .text on Cortex-M4 at -Os.
ARENA_TEXT_MAX=1024   # rt_arena.o + rt_bind.o: the arena and plan binding
GREEDY_TEXT_MAX=1536  # rt_greedy.o (TFLM's GreedyMemoryPlanner: 1551)

WARN=(-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wcast-align
      -Wundef -Wpointer-arith -Werror)
RT=(rt_arena rt_bind rt_greedy rt_report)
M4=(-mcpu=cortex-m4 -mthumb)
RV32=(-march=rv32imac -mabi=ilp32)
QEMU_TIMEOUT=${AP_QEMU_TIMEOUT:-300}

echo "== cross-build runtime/ (C99, freestanding, -Os)"
arm-none-eabi-gcc --version | head -n 1
riscv64-unknown-elf-gcc --version | head -n 1
for f in "${RT[@]}"; do
    arm-none-eabi-gcc "${M4[@]}" -Os -std=c99 -pedantic -ffreestanding "${WARN[@]}" \
        -Iruntime/include -c "runtime/src/$f.c" -o "$out/m4/$f.o"
    riscv64-unknown-elf-gcc "${RV32[@]}" -Os -std=c99 -pedantic -ffreestanding -nostdlib \
        "${WARN[@]}" -Iruntime/include -c "runtime/src/$f.c" -o "$out/rv32/$f.o"
done

echo
echo "== footprint: arm-none-eabi-size, Cortex-M4 (-mcpu=cortex-m4 -mthumb -Os)"
(cd "$out/m4" && arm-none-eabi-size rt_*.o)
echo
echo "== footprint: riscv64-unknown-elf-size, RV32IMAC (-march=rv32imac -mabi=ilp32 -Os)"
(cd "$out/rv32" && riscv64-unknown-elf-size rt_*.o)

# The table: one row per object, both targets side by side, then the parts with their limits.
sizes() { # tool dir -> "name text data bss" lines
    (cd "$2" && "$1" rt_*.o) | awk 'NR > 1 { sub(/\.o$/, "", $6); print $6, $1, $2, $3 }'
}
sizes arm-none-eabi-size "$out/m4" > "$out/m4.sizes"
sizes riscv64-unknown-elf-size "$out/rv32" > "$out/rv32.sizes"
echo
awk -v amax=$ARENA_TEXT_MAX -v gmax=$GREEDY_TEXT_MAX '
    FNR == NR { m4t[$1] = $2; m4d[$1] = $3; m4b[$1] = $4; order[++n] = $1; next }
    { rvt[$1] = $2; rvd[$1] = $3; rvb[$1] = $4 }
    END {
        printf "%-22s %21s   %21s\n", "footprint (bytes)", "Cortex-M4 -Os", "RV32IMAC -Os"
        printf "%-22s %7s%7s%7s   %7s%7s%7s\n", "object", ".text", ".data", ".bss", ".text", ".data", ".bss"
        for (i = 1; i <= n; i++) {
            o = order[i]
            printf "%-22s %7d%7d%7d   %7d%7d%7d\n", o ".o", m4t[o], m4d[o], m4b[o], rvt[o], rvd[o], rvb[o]
        }
        arena = m4t["rt_arena"] + m4t["rt_bind"]; greedy = m4t["rt_greedy"]
        printf "%-22s %7d%14s   %7d    (target: at most %d on Cortex-M4)\n", "arena + plan binding", arena, "", rvt["rt_arena"] + rvt["rt_bind"], amax
        printf "%-22s %7d%14s   %7d    (target: at most %d on Cortex-M4; TFLM: 1551)\n", "greedy planner", greedy, "", rvt["rt_greedy"], gmax
        bad = 0
        for (i = 1; i <= n; i++)
            if (m4d[order[i]] + m4b[order[i]] + rvd[order[i]] + rvb[order[i]] != 0) {
                print "FAIL: " order[i] ".o has static data: the runtime keeps all state in caller memory"
                bad = 1
            }
        if (arena > amax) { print "FAIL: arena + plan binding is " arena " bytes of .text, over " amax; bad = 1 }
        if (greedy > gmax) { print "FAIL: the greedy planner is " greedy " bytes of .text, over " gmax; bad = 1 }
        exit bad
    }' "$out/m4.sizes" "$out/rv32.sizes"

echo
echo "== link check: every runtime function linked with -nostdlib (libgcc only)"
for arch in m4 rv32; do
    if [ $arch = m4 ]; then cc=arm-none-eabi-gcc; nm=arm-none-eabi-nm; flags=("${M4[@]}")
    else cc=riscv64-unknown-elf-gcc; nm=riscv64-unknown-elf-nm; flags=("${RV32[@]}"); fi
    # Undefined symbols of the runtime's objects: only its own internal helpers may appear.
    undef=$("$nm" -u "$out/$arch"/rt_*.o | awk 'NF == 2 && $2 !~ /^ap_rt__/ { print $2 }' | sort -u)
    if [ -n "$undef" ]; then
        echo "FAIL ($arch): the runtime refers to symbols it does not define: $undef"; exit 1
    fi
    "$cc" "${flags[@]}" -Os -std=c99 -ffreestanding -nostdlib -nostartfiles "${WARN[@]}" \
        -Iruntime/include -Wl,-e,_start runtime/target/linkcheck.c "$out/$arch"/rt_*.o -lgcc \
        -o "$out/$arch/linkcheck.elf"
    found=$("$nm" "$out/$arch/linkcheck.elf" |
            awk '$3 ~ /^(malloc|free|calloc|realloc|_malloc_r|_free_r|printf|vprintf|puts|putchar|sprintf|snprintf|memset|memcpy|memmove|memcmp|strlen|abort|exit)$/ { print $3 }')
    if [ -n "$found" ]; then
        echo "FAIL ($arch): libc symbols in the image: $found"; exit 1
    fi
    echo "$arch: linked without libc; no malloc, free, printf or other libc symbol in the image"
done

echo
echo "== QEMU: the harness itself (mps2-an386, semihosting)"
qemu-system-arm --version | head -n 1
TGT=("${M4[@]}" -std=c11 -g -O2 "${WARN[@]}" -Iruntime/include
     --specs=rdimon.specs -nostartfiles -T runtime/target/mps2_an386.ld)
run_qemu() { # elf log -> QEMU's exit status; the program's output goes to log and stdout
    local rc=0
    timeout "$QEMU_TIMEOUT" qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -kernel "$1" > "$2" 2>&1 || rc=$?
    cat "$2"
    return $rc
}
for mode in PASS FAIL FAULT; do
    arm-none-eabi-gcc "${TGT[@]}" -DSELFTEST_$mode runtime/target/selftest.c \
        runtime/target/mps2_startup.c -o "$out/qemu/selftest_$mode.elf"
    rc=0
    run_qemu "$out/qemu/selftest_$mode.elf" "$out/qemu/selftest_$mode.log" || rc=$?
    echo "selftest $mode: qemu exit status $rc"
    if [ $mode = PASS ]; then
        [ $rc -eq 0 ] && grep -q "hello from the emulated Cortex-M4" "$out/qemu/selftest_$mode.log" ||
            { echo "FAIL: a passing program did not run to its output and exit 0 under QEMU"; exit 1; }
    else
        [ $rc -ne 0 ] && [ $rc -ne 124 ] ||
            { echo "FAIL: a $mode program must make QEMU exit non-zero (got $rc)"; exit 1; }
    fi
done

echo
echo "== QEMU: the runtime's tests on the Cortex-M4 (the -Os objects measured above)"
for t in tests/test_runtime_*.c; do
    name=$(basename "$t" .c)
    arm-none-eabi-gcc "${TGT[@]}" -Iruntime/target/cmocka -DAP_SOURCE_DIR="\"$root\"" "$t" \
        runtime/target/mps2_startup.c "$out"/m4/rt_*.o -o "$out/qemu/$name.elf"
    rc=0
    run_qemu "$out/qemu/$name.elf" "$out/qemu/$name.log" || rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^\[  PASSED  \]' "$out/qemu/$name.log" ||
       grep -q '^\[  FAILED  \]' "$out/qemu/$name.log"; then
        echo "FAIL: $name on the emulated Cortex-M4 (qemu exit status $rc)"; exit 1
    fi
    echo "$name: passed on the emulated Cortex-M4"
done

echo
echo "== example firmware: two real models sharing one arena"
# Plans as C headers, exported by the arenaplan CLI from the real models (.ci/run builds it
# first; AP_CLI names another build). greedy: the example re-plans at boot on the device with the
# runtime's greedy and checks it gets the same offsets.
cli=${AP_CLI:-$root/build/arenaplan}
if [ ! -x "$cli" ]; then
    echo "FAIL: $cli not found: build the CLI first (cmake -S . -B build && cmake --build build)"; exit 1
fi
for model in person_detect micro_speech_quantized; do
    "$cli" plan "corpus/models/tflm/$model.tflite" --strategy greedy --format c -o "$out/plans/${model}_plan.h"
done
cc -std=c99 -pedantic "${WARN[@]}" -O2 -Iruntime/include -I"$out/plans" examples/two_models.c \
    runtime/src/rt_*.c -o "$out/host/two_models"
echo "-- on the host"
"$out/host/two_models" > "$out/host/two_models.log"
tail -n 1 "$out/host/two_models.log"
echo "-- on the emulated Cortex-M4"
arm-none-eabi-gcc "${TGT[@]}" -I"$out/plans" examples/two_models.c runtime/target/mps2_startup.c \
    "$out"/m4/rt_*.o -o "$out/qemu/two_models.elf"
arm-none-eabi-size "$out/qemu/two_models.elf"
rc=0
run_qemu "$out/qemu/two_models.elf" "$out/qemu/two_models.log" || rc=$?
if [ $rc -ne 0 ] || ! grep -q '^OK: two models shared one arena' "$out/qemu/two_models.log"; then
    echo "FAIL: the example firmware on the emulated Cortex-M4 (qemu exit status $rc)"; exit 1
fi

echo
echo "== runtime: all green"
