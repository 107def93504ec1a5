#!/usr/bin/env bash
# Configures a separate CMake project that includes grundy's source tree through
# add_subdirectory and links grundy::grundy, and checks the wiring: only the
# library is part of the consumer's build (no tool, tests or benchmarks), the
# consumer compiles against the library's include directories and links the
# library. The library's own compilation is the main build's (and the installed
# consumer's, tests/consumer) to check: compiling it again here would cost CI a
# minute and a half for no new line of code.
# Usage: tests/consumer_subdir/run.sh SOURCE_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O0 -DGRUNDY_ROOT="$source_dir" >/dev/null
targets=$(ninja -C "$work/build" -t targets all)
for unwanted in 'grundy/grundy:' 'grundy_tests' 'grundy_bench' 'grundy_cli'; do
  if grep -q "$unwanted" <<<"$targets"; then
    echo "consumer: add_subdirectory(grundy) would build more than the library ($unwanted)" >&2
    exit 1
  fi
done
object=$(grep -o '^[^:]*consumer\.cpp\.o' <<<"$targets" | head -n 1)
if [ -z "$object" ]; then
  echo "consumer: no object for consumer.cpp in the build plan" >&2
  exit 1
fi
ninja -C "$work/build" "$object" >/dev/null
if ! ninja -C "$work/build" -t commands consumer | tail -n 1 | grep -q 'libgrundy\.a'; then
  echo "consumer: the consumer does not link grundy's library" >&2
  exit 1
fi
echo "consumer: add_subdirectory(grundy) configures, compiles against grundy::grundy and links it"
