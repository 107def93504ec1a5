#!/usr/bin/env bash
# The main job: sets up, builds, and solves every worked example of the five
# problems grundy started from, printing each answer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_BENCH=OFF >/dev/null
exec "${GRUNDY_BUILD_DIR:-$root/build/release}/grundy" examples "$@"
