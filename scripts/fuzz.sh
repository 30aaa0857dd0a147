#!/usr/bin/env bash
# libFuzzer runs of every file loader's fuzz target (tests/fuzz), one command:
#   scripts/fuzz.sh [SECONDS]   builds ./build-fuzz with clang++-14 (ACTLAB_FUZZ=ON, no GUI), then
#                               runs each target for SECONDS (default 60) from its seed corpus
# Needs clang from Debian (scripts/bootstrap.sh deps build fuzz): clang-14 libclang-rt-14-dev
# (libFuzzer, sanitizer runtimes) and libomp-14-dev (the project's OpenMP under clang). Exits non-zero on any finding: a crash, a broken
# contract, a sanitizer report, an input over -timeout or over the memory limits; the input is
# saved in build-fuzz/artifacts/. Inputs the fuzzer adds go to build-fuzz/corpus/<target>/, never
# into the committed seeds. Environment: ACTLAB_FUZZ_CXX (default clang++-14).
set -euo pipefail
seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2; }

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${ACTLAB_FUZZ_CXX:-clang++-14}" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACTLAB_FUZZ=ON -DACTLAB_BUILD_GUI=OFF
mapfile -t targets <"$build/tests/fuzz/fuzz_targets.txt"
cmake --build "$build" -j "${ACTLAB_JOBS:-$(nproc)}" --target "${targets[@]}"

export UBSAN_OPTIONS=print_stacktrace=1
status=0
summary=()
for target in "${targets[@]}"; do
  mkdir -p "$build/corpus/$target" "$build/artifacts"
  log=$build/artifacts/$target.log
  # Per input: 5 s, one allocation at most 64 MB, the process at most 2 GB (ASan included).
  args=(-max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -malloc_limit_mb=64
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-")
  [ ! -f "$root/tests/fuzz/$target.dict" ] || args+=(-dict="$root/tests/fuzz/$target.dict")
  echo "fuzz.sh: $target for ${seconds} s (log: $log)"
  rc=0
  "$build/tests/fuzz/$target" "${args[@]}" "$build/corpus/$target" \
    "$root/tests/fuzz/corpus/$target" >"$log" 2>&1 || rc=$?
  grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|Done|SUMMARY|stat::)' "$log" || true
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  summary+=("$target: ${runs:-?} executions, ${rate:-?}/s, exit $rc")
  if [ "$rc" -ne 0 ]; then
    echo "fuzz.sh: $target found a failing input (exit $rc); log: $log" >&2
    tail -n 40 "$log" >&2
    status=1
  fi
done
printf 'fuzz.sh: %s\n' "${summary[@]}"
exit "$status"
