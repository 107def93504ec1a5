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
# Said only if the build has something to do.
build_header="$script: building grundy (the first build takes a few minutes on 2 cores)"
[ -n "$setup_installed" ] || [ -n "${GRUNDY_SKIP_SETUP:-}" ] ||
  build_header="$script: setup: every package grundy needs is installed"$'\n'"$build_header"
build_start=$(now)
if [ ! -f "$build/build.ninja" ]; then
  echo "$build_header" >&2
  build_header=-
  configure "$build" "${release_options[@]}"
fi
build_with_progress "$build" grundy_cli || { say "the build failed (its messages are above)"; exit 1; }
exec "$build/grundy" examples "$@"
