#!/usr/bin/env bash
# Sets up, builds and runs every test: the unit, property, conformance and
# command-line tests (ctest), among them pytest over the Python module
# (python_pytest, Release only: the sanitizer build has no module) and the consumer test (a separate CMake
# project that uses the installed library through find_package(grundy)).
# Says on stderr one line per stage (setup, configure, build, tests) with its
# time; the build's progress is one line rewritten in place where stderr is a
# terminal; ctest's report goes to stdout.
# Usage: scripts/test.sh            Release build in build/release
#        scripts/test.sh --sanitize AddressSanitizer + UBSan build (clang) in build/sanitize,
#                                   the one scripts/fuzz.sh fuzzes
#   GRUNDY_BUILD_DIR=DIR builds there instead; GRUNDY_SKIP_SETUP=1 skips scripts/setup.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=test
source "$root/scripts/lib/stages.sh"
# Two tests per core: many tests wait (servers, subprocesses, deadlines) rather than compute.
jobs=$(($(nproc) * 2))

setup_stage
if [ "${1:-}" = "--sanitize" ]; then
  script="test --sanitize"
  build=${GRUNDY_BUILD_DIR:-$root/build/sanitize}
  # The fuzz targets are built too (fuzz.sh then only fuzzes); see sanitize_options.
  stage configure configure_sanitize "$build"
  stage build build_with_progress "$build"
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # Left to the Release run: the package consumer tests (plain builds of grundy) and the
  # documented-commands tests (every command of the docs, run through the binary).
  stage tests ctest --test-dir "$build" --output-on-failure -j "$jobs" -E '^consumer_|^DocumentedCommands\.'
  exit 0
fi

build=${GRUNDY_BUILD_DIR:-$root/build/release}
stage configure configure "$build" "${release_options[@]}"
stage build build_with_progress "$build"
stage tests ctest --test-dir "$build" --output-on-failure -j "$jobs"
