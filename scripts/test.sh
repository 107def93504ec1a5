#!/usr/bin/env bash
# Sets up, builds and runs every test: the unit, property, conformance and
# command-line tests (ctest), among them pytest over the Python module
# (python_pytest, Release only: the sanitizer build has no module) and the consumer test (a separate CMake
# project that uses the installed library through find_package(grundy)).
# Usage: scripts/test.sh            Release build in build/release
#        scripts/test.sh --sanitize AddressSanitizer + UBSan build in build/sanitize
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
jobs=$(nproc)
# Unity batches: a whole build takes about half the time (an edit recompiles its batch).
unity=-DCMAKE_UNITY_BUILD=ON

if [ "${1:-}" = "--sanitize" ]; then
  build=$root/build/sanitize
  # -O1 with line tables only: sanitizer reports keep file:line, the build is much faster.
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1 -g1" -DGRUNDY_SANITIZE=ON "$unity" \
    -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_BUILD_WEB=OFF >/dev/null
  cmake --build "$build"
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # Left to the Release run: the package consumer tests (plain builds of grundy) and the
  # documented-commands tests (every command of the docs, run through the binary).
  (cd "$build" && ctest --output-on-failure -j "$jobs" -E '^consumer_|^DocumentedCommands\.')
  exit 0
fi

build=$root/build/release
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGRUNDY_MPI=ON "$unity" >/dev/null
cmake --build "$build"
(cd "$build" && ctest --output-on-failure -j "$jobs")
