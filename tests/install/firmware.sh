#!/bin/sh
# firmware.sh - arenaplan_add_model as a firmware project uses it (CTest firmware_example):
# installs the build into a temporary prefix, configures examples/firmware against it and
# cross-compiles it for Cortex-M4 with arm-none-eabi-gcc, then checks that
#   - the generated model source and header are, byte for byte, what `arenaplan embed --format c`
#     writes with the same options;
#   - the firmware's model array is 16-aligned and its arena NAME_ARENA_SIZE bytes (its ELF);
#   - a build with nothing changed runs nothing; a changed model is planned again (its figures);
#   - a budget below the arena fails the build with arenaplan's message.
# Without arm-none-eabi-gcc it exits 77 (CTest's skip), unless CI is set: there it fails.
#
# usage: firmware.sh BUILD_DIR SOURCE_DIR TMP_DIR CMAKE
set -eu
build=$1 src=$2 tmp=$3 cmake=$4
if ! command -v arm-none-eabi-gcc >/dev/null 2>&1; then
    if [ -n "${CI:-}" ] && [ "${CI:-}" != 0 ]; then
        echo "CI is set but arm-none-eabi-gcc is not on PATH" >&2
        exit 1
    fi
    echo "skipped: the firmware example was not built: arm-none-eabi-gcc not on PATH"
    exit 77
fi
prefix=$tmp/prefix fw=$tmp/fw
rm -rf "$tmp"
mkdir -p "$tmp/cli"
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
cli=$prefix/bin/arenaplan
fail() { echo "firmware_example: $*" >&2; exit 1; }

cp "$src/corpus/models/tflm/person_detect.tflite" "$tmp/model.tflite"
"$cmake" -S "$src/examples/firmware" -B "$fw" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_TOOLCHAIN_FILE="$src/examples/firmware/arm-none-eabi.cmake" \
    -DMODEL="$tmp/model.tflite" >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure failed"; }
"$cmake" --build "$fw" >"$tmp/build1.log" 2>&1 || { cat "$tmp/build1.log"; fail "the build failed"; }
gen=$fw/arenaplan/firmware

# what the CLI writes for the same model and options, and the figures the ELF must carry
same_as_cli() { # what
    "$cli" embed "$tmp/model.tflite" --format c -o "$tmp/cli/person_detect_model.c" \
        --name person_detect --target cortex-m --kernels cmsis-nn --quiet >/dev/null
    cmp "$tmp/cli/person_detect_model.c" "$gen/person_detect_model.c" || fail "$1: the source differs from the CLI's"
    cmp "$tmp/cli/person_detect_model.h" "$gen/person_detect_model.h" || fail "$1: the header differs from the CLI's"
}
define() { # NAME -> the value of #define NAME in the generated header
    sed -n "s/^#define $1 \([0-9]*\)u.*/\1/p" "$gen/person_detect_model.h"
}
elf_checks() { # what
    arena=$(define PERSON_DETECT_ARENA_SIZE)
    [ -n "$arena" ] || fail "$1: no PERSON_DETECT_ARENA_SIZE"
    size=$(arm-none-eabi-nm -S "$fw/firmware" | awk '$4 == "tensor_arena" {print $2}')
    [ "$((0x$size))" = "$arena" ] || fail "$1: tensor_arena is 0x$size bytes, PERSON_DETECT_ARENA_SIZE $arena"
    addr=$(arm-none-eabi-nm "$fw/firmware" | awk '$3 == "person_detect_model" {print $1}')
    [ -n "$addr" ] && [ $((0x$addr % 16)) = 0 ] || fail "$1: person_detect_model at 0x$addr is not 16-aligned"
}
same_as_cli "first build"
elf_checks "first build"
[ "$(define PERSON_DETECT_MODEL_SIZE)" = 301448 ] || fail "the model's size: $(define PERSON_DETECT_MODEL_SIZE)"
grep -q "arenaplan: person_detect for firmware" "$tmp/build1.log" || fail "the first build did not run arenaplan"
echo "ok   first build: the CLI's files, a 16-aligned model, an arena of $(define PERSON_DETECT_ARENA_SIZE) bytes"

"$cmake" --build "$fw" >"$tmp/build2.log" 2>&1 || { cat "$tmp/build2.log"; fail "the second build failed"; }
! grep -q "arenaplan: person_detect" "$tmp/build2.log" || fail "a build with nothing changed ran arenaplan again"
echo "ok   nothing changed: nothing planned"

cp "$src/corpus/models/tflm/micro_speech_quantized.tflite" "$tmp/model.tflite"
touch "$tmp/model.tflite"
"$cmake" --build "$fw" >"$tmp/build3.log" 2>&1 || { cat "$tmp/build3.log"; fail "the build after the model changed failed"; }
grep -q "arenaplan: person_detect for firmware" "$tmp/build3.log" || fail "a changed model was not planned again"
same_as_cli "changed model"
elf_checks "changed model"
[ "$(define PERSON_DETECT_MODEL_SIZE)" != 301448 ] || fail "the header still has the old model's size"
echo "ok   the model changed: planned again, an arena of $(define PERSON_DETECT_ARENA_SIZE) bytes"

"$cmake" -S "$src/examples/firmware" -B "$fw" -DARENA_BUDGET=1K >"$tmp/configure2.log" 2>&1 ||
    { cat "$tmp/configure2.log"; fail "configure with a budget failed"; }
if "$cmake" --build "$fw" >"$tmp/build4.log" 2>&1; then
    cat "$tmp/build4.log"
    fail "a budget of 1K did not fail the build"
fi
want="arenaplan: the arena with the copy needs $(define PERSON_DETECT_ARENA_SIZE) bytes, $(($(define PERSON_DETECT_ARENA_SIZE) - 1024)) more than the budget of 1024 bytes"
grep -qF "$want" "$tmp/build4.log" || { cat "$tmp/build4.log"; fail "the failed build does not say: $want"; }
echo "ok   over budget: the build fails saying: $want"
echo "firmware_example: all passed"
