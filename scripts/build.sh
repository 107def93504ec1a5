#!/usr/bin/env bash
# Sets up the dependencies and builds grundy (Release) into build/release: the
# library, the command line, grundy-mpi, the Python module, tests and benchmarks.
# Says on stderr one line per stage (setup, configure, build) with its time; the
# build's progress is one line rewritten in place where stderr is a terminal.
# Usage: scripts/build.sh [extra cmake -D options]
#   GRUNDY_BUILD_DIR=DIR builds there instead; GRUNDY_SKIP_SETUP=1 skips scripts/setup.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=build
source "$root/scripts/lib/stages.sh"
build=${GRUNDY_BUILD_DIR:-$root/build/release}
setup_stage
stage configure configure "$build" "${release_options[@]}" "$@"
stage build build_with_progress "$build"
