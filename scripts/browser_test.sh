#!/usr/bin/env bash
# End-to-end tests of the playground page: starts `grundy serve` on a free port
# of this machine (the Release build of scripts/test.sh, built here if missing),
# then drives Debian's headless Chromium with playwright-core (tests/browser/).
# Screenshots and the test output go to build/browser/.
# Usage: scripts/browser_test.sh          against the real server
#        scripts/browser_test.sh --mock   against tests/browser/mock_server.mjs (page development only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=browser_test
source "$root/scripts/lib/stages.sh"
quiet_when_complete=1 setup_stage
build=$root/build/release
grundy=$build/grundy
out=$root/build/browser
mkdir -p "$out"

if [ ! -x "$grundy" ]; then
  [ -f "$build/build.ninja" ] || configure "$build" "${release_options[@]}"
  stage build build_with_progress "$build" grundy_cli
fi

cd "$root/tests/browser"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

log=$out/server.log
if [ "${1:-}" = "--mock" ]; then
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  node mock_server.mjs "$grundy" "$root/web/dist" "$port" >"$log" 2>&1 &
else
  "$grundy" serve --port 0 >"$log" 2>&1 &
fi
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT

# Wait (at most 20 s) for the server's "listening on http://HOST:PORT/" line.
url=
for _ in $(seq 200); do
  url=$(grep -o 'http://[^ ]*/' "$log" | head -n 1 || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "browser_test: the server did not start" >&2; cat "$log" >&2; exit 1; }
echo "browser_test: testing the page at $url"

GRUNDY_URL=$url GRUNDY_SHOTS=$out CHROMIUM=${CHROMIUM:-/usr/bin/chromium} \
  node --test --test-concurrency=1 --test-reporter=spec playground.test.mjs 2>&1 | tee "$out/test-output.txt"
exit "${PIPESTATUS[0]}"
