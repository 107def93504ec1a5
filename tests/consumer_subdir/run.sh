#!/usr/bin/env bash
# Builds and runs a separate CMake project that includes grundy's source tree
# through add_subdirectory and links grundy::grundy.
# Usage: tests/consumer_subdir/run.sh SOURCE_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Unoptimised and in unity batches: this checks the build wiring, not speed, and compiles several times faster.
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O0 -DCMAKE_UNITY_BUILD=ON -DGRUNDY_ROOT="$source_dir" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/consumer"
# The tool, tests and benchmarks stay off for a consumer: only the library is built.
if [ -e "$work/build/grundy/grundy" ] || [ -e "$work/build/grundy/tests" ]; then
  echo "consumer: add_subdirectory built more than the library" >&2
  exit 1
fi
echo "consumer: add_subdirectory(grundy) works"
