#!/usr/bin/env bash
# Builds the playground page (web/: TypeScript + vite + ECharts) into web/dist/,
# the directory that is committed and embedded into `grundy serve` when the build
# machine has no Node. Installs web/'s exact npm packages first (npm ci) when needed.
# Usage: scripts/build_web.sh [OUT_DIR]   (default web/dist; CMake passes its build dir)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/web/dist}")
cd "$root/web"
# npm ci only when the installed packages are missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
npx --no-install tsc --noEmit
GRUNDY_WEB_OUT_DIR="$out" npx --no-install vite build --logLevel warn
echo "build_web: page built into $out"
