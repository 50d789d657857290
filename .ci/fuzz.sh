#!/usr/bin/env bash
# .ci/fuzz.sh - builds the libFuzzer target for the .tflite reader and lifetime rules
# (fuzz/fuzz_tflite.c) with clang under AddressSanitizer + UndefinedBehaviorSanitizer, seeds it
# with the corpus models and fuzz/seeds/ (hostile inputs found or built for issues: see their
# tests), and runs it for FUZZ_SECONDS (default 60). A crash, a leak or a
# sanitizer report fails the script; the reproducer is left in build-fuzz/. docs/tflite.md says
# how to run it longer.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${FUZZ_SECONDS:-60}
cc=${FUZZ_CC:-$(command -v clang-14 || command -v clang)}
out=$root/build-fuzz
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

echo "== fuzz: building the library with $cc"
cmake -S . -B "$out/lib" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DAP_BUILD_TESTS=OFF -DAP_BUILD_BENCH=OFF \
    -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link $san" >/dev/null
cmake --build "$out/lib" -j"$(nproc)" --target arenaplan arenaplan_rt >/dev/null
"$cc" -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer $san \
    -Iinclude -Isrc fuzz/fuzz_tflite.c \
    "$out/lib/libarenaplan.a" "$out/lib/runtime/libarenaplan_rt.a" -lm -o "$out/fuzz_tflite"
"$cc" -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer $san \
    -Iinclude -Isrc fuzz/fuzz_csv.c "$out/lib/libarenaplan.a" -lm -o "$out/fuzz_csv"

# CSV seeds: the bundled examples and the reference plans of a few small models.
mkdir -p "$out/csv_seeds" "$out/csv_corpus"
cp data/*.csv fuzz/seeds/csv/*.csv "$out/csv_seeds/"
for m in hello_world_int8 person_detect conv0 add0 trained_lstm; do
    cp "corpus/reference/plans/$m.csv" "$out/csv_seeds/"
done

# Seeds: the corpus models under 64 KiB (larger ones are cut at -max_len anyway). New inputs
# go to $out/corpus, which persists between runs.
mkdir -p "$out/seeds" "$out/corpus"
find corpus/models fuzz/seeds/tflite -name '*.tflite' -size -64k -exec cp {} "$out/seeds/" \;

echo "== fuzz: running for ${secs}s"
cd "$out"
./fuzz_tflite -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 corpus seeds 2>&1 | tail -n 25

echo "== fuzz: the CSV reader, planners and checker for $((secs / 2 > 10 ? secs / 2 : 10))s"
./fuzz_csv -max_total_time=$((secs / 2 > 10 ? secs / 2 : 10)) -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 csv_corpus csv_seeds 2>&1 | tail -n 12
