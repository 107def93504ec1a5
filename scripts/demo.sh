#!/usr/bin/env bash
# The main job: sets up, builds the command line, and solves every worked example
# of the five problems grundy started from, printing each answer.
# stdout holds the answers only. stderr says what is happening when there is
# work to do (packages to install, the build, its progress one line rewritten in
# place on a terminal); with everything in place, nothing.
#   GRUNDY_BUILD_DIR=DIR uses that build directory (default build/release, configured as
#   scripts/build.sh does when new); GRUNDY_SKIP_SETUP=1 skips scripts/setup.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=demo
source "$root/scripts/lib/stages.sh"
build=${GRUNDY_BUILD_DIR:-$root/build/release}

quiet_when_complete=1 setup_stage
if [ ! -f "$build/build.ninja" ] || build_has_work "$build" grundy_cli; then
  [ -n "$setup_installed" ] || [ -n "${GRUNDY_SKIP_SETUP:-}" ] || say "setup: every package grundy needs is installed"
  say "building grundy (the first build takes a few minutes on 2 cores)"
  start=$(now)
  [ -f "$build/build.ninja" ] || configure "$build" "${release_options[@]}"
  build_with_progress "$build" grundy_cli || { say "the build failed (its messages are above)"; exit 1; }
  say "built in $(elapsed_since "$start")"
fi
exec "$build/grundy" examples "$@"
