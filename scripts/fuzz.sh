#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, in the sanitizer build build/sanitize that
# scripts/test.sh --sanitize also builds and tests) and runs each one for a
# bounded time on a scratch copy of its seed corpus (fuzz/corpus/<target>), so
# the repository is never modified. Prints one line per target; exits non-zero
# when any target finds a crash, a sanitizer report, a failed check or a hang.
# Usage: scripts/fuzz.sh [SECONDS per target, default 15]
#        FUZZ_JOBS=N runs N targets at a time (default 2).
#        GRUNDY_BUILD_DIR=DIR uses that sanitizer build instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=fuzz
source "$root/scripts/lib/stages.sh"
seconds=${1:-15}
jobs=${FUZZ_JOBS:-2}
"$root/scripts/setup.sh"

# The sanitizer build's configuration (sanitize_options): -O1, since unoptimised the table-file
# target (which proves periods) would not get past its seeds in a few seconds. After
# scripts/test.sh --sanitize (as in CI) the targets are already built.
build=${GRUNDY_BUILD_DIR:-$root/build/sanitize}
configure_sanitize "$build"
if ! cmake --build "$build" --target grundy_fuzz -- -j"$jobs" >"$build/fuzz-build.log" 2>&1; then
  tail -n 30 "$build/fuzz-build.log"
  echo "fuzz: the build failed (log: $build/fuzz-build.log)"
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One target: fuzz a copy of its corpus; findings (crash-*, leak-*, timeout-*)
# are kept under build/sanitize/findings/<target>.
run_target() {
  local name=$1 corpus=$work/$1 findings=$build/findings/$1
  mkdir -p "$corpus" "$findings"
  cp "$root/fuzz/corpus/$name/"* "$corpus/"
  local status=0
  "$build/fuzz/$name" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$work/$name.log" 2>&1 || status=$?
  local runs
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$name.log" | grep -o '[0-9]*$' || echo "?")
  if [ "$status" -eq 0 ]; then
    echo "fuzz $name: ok, $runs runs in ${seconds} s, corpus $(ls "$corpus" | wc -l) inputs"
  else
    echo "fuzz $name: FINDING (exit $status), input in $findings; log:"
    grep -E 'ERROR|SUMMARY|fuzz check failed|what\(\)|runtime error|Test unit written' "$work/$name.log" | head -5 | sed 's/^/  /'
    return 1
  fi
}

failed=0
pids=()
for dir in "$root"/fuzz/corpus/*/; do
  name=$(basename "$dir")
  run_target "$name" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" -eq 0 ] || { echo "fuzz: findings above (see docs/fuzzing.md to turn one into a test)"; exit 1; }
