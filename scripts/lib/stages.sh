# Sourced by scripts/demo.sh, build.sh, test.sh and fuzz.sh: what they say on stderr while
# they work. Answers and test results stay on stdout.
#   stage NAME COMMAND...      runs COMMAND, then says "SCRIPT: NAME (TIME)" (or that it failed)
#   setup_stage                installs what is missing (scripts/setup.sh); says what, or that nothing was
#   configure DIR OPTIONS...   CMake's configure step, quiet unless it fails; release_options: build/release's,
#   configure_sanitize DIR     the same with sanitize_options (build/sanitize's), after another compiler's too
#   build_with_progress DIR [TARGET]  builds, its progress one line rewritten in place on a terminal
# The caller sets `script` (the name that starts each line) and `root`.

# Microseconds since the epoch (bash 5's clock; no external program).
now() {
  local t=${EPOCHREALTIME/,/.}
  echo $((10#${t%.*} * 1000000 + 10#${t#*.}))
}

# "0.4 s", "12.0 s", "2 min 31 s".
elapsed_since() {
  local tenths=$((($(now) - $1) / 100000))
  if ((tenths < 600)); then
    printf '%d.%d s' $((tenths / 10)) $((tenths % 10))
  else
    printf '%d min %d s' $((tenths / 600)) $((tenths / 10 % 60))
  fi
}

say() { echo "$script: $*" >&2; }

# Runs COMMAND as stage NAME, then one line: "SCRIPT: NAME (TIME)", or that it failed.
stage() {
  local name=$1 start status=0
  shift
  start=$(now)
  "$@" || status=$?
  if [ "$status" -eq 0 ]; then
    say "$name ($(elapsed_since "$start"))"
  else
    say "$name failed after $(elapsed_since "$start") (exit status $status)"
  fi
  return "$status"
}

# The setup stage: scripts/setup.sh installs what is missing and says what; this
# says that nothing was missing, unless `quiet_when_complete` is set (the demo
# says nothing when everything is in place). Sets `setup_installed` to what was
# installed. GRUNDY_SKIP_SETUP=1 skips it (packages managed otherwise).
setup_stage() {
  local start
  start=$(now)
  setup_installed=
  if [ -n "${GRUNDY_SKIP_SETUP:-}" ]; then
    [ -n "${quiet_when_complete:-}" ] || say "setup skipped (GRUNDY_SKIP_SETUP)"
    return 0
  fi
  setup_installed=$("$root/scripts/setup.sh" --missing)
  if [ -z "$setup_installed" ]; then
    [ -n "${quiet_when_complete:-}" ] || say "setup: nothing to install ($(elapsed_since "$start"))"
    return 0
  fi
  "$root/scripts/setup.sh" || { say "setup failed after $(elapsed_since "$start")"; return 1; }
  say "setup: installed $(wc -w <<<"$setup_installed") packages ($(elapsed_since "$start"))"
}

# The one Release configuration of build/release, so that demo.sh, build.sh and
# test.sh reuse each other's objects instead of rebuilding.
release_options=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DGRUNDY_MPI=ON -DGRUNDY_BUILD_TESTS=ON -DGRUNDY_BUILD_BENCH=ON
  # Unity batches: a whole build takes about half the time (an edit recompiles its batch).
  -DCMAKE_UNITY_BUILD=ON)

# The one configuration of build/sanitize, shared by test.sh --sanitize and fuzz.sh so that CI
# compiles the instrumented library once: clang, AddressSanitizer + UBSan on everything, the
# fuzzer's coverage on the library (the fuzz targets link libFuzzer; the tests do not), -O1
# (unoptimised, the brute forces and the fuzzing are several times slower), no debug information
# (reports name the functions, not the lines: line tables cost 14% of a batch's compile time, and CI
# must stay under 25 minutes; add -g1 to CMAKE_CXX_FLAGS to chase a report), no benchmarks, page or
# Python module. Clang compiled a test batch in 0.71 and a library batch in 0.83 of g++'s CPU time,
# instrumentation included.
sanitize_options=(-G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O1"
  -DGRUNDY_SANITIZE=ON -DGRUNDY_FUZZ=ON -DCMAKE_UNITY_BUILD=ON -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_BUILD_WEB=OFF)

# Runs CMake's configure step on DIR with OPTIONS; its messages are shown only when it fails.
configure() {
  local build=$1 log
  shift
  mkdir -p "$build"
  log=$build/configure.log
  cmake -S "$root" -B "$build" "$@" >"$log" 2>&1 || { cat "$log" >&2; return 1; }
}

# CMake's configure step on the sanitizer build DIR (sanitize_options). A DIR configured with another
# compiler (g++, before the build moved to clang) starts afresh: CMake cannot change a configured compiler.
configure_sanitize() {
  local build=$1
  if [ -f "$build/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$build/CMakeCache.txt"; then
    rm -rf "$build/CMakeCache.txt" "$build/CMakeFiles"
  fi
  configure "$build" "${sanitize_options[@]}"
}

# Builds, turning Ninja's "[done/total] step" lines into one line rewritten in
# place where stderr is a terminal (none elsewhere); everything else the build
# prints (warnings, errors, CMake re-running) goes to stderr as it comes.
# With `build_header` set, that text comes first, and a last line with the time
# since `build_start` (default: now), but only if the build had something to do:
# an up-to-date build says nothing. `build_header=-` means no header, the last line still.
build_with_progress() {
  local build=$1 target=${2:-}
  local args=()
  [ -n "$target" ] && args=(--target "$target")
  NINJA_STATUS='[%f/%t] ' cmake --build "$build" "${args[@]}" 2>&1 |
    show_build_progress "$script: build" "${build_header:-}" "${build_start:-$(now)}"
  return "${PIPESTATUS[0]}"
}

# Reads Ninja's output on stdin; writes to stderr only.
show_build_progress() {
  local label=$1 header=$2 start=$3 line status= columns=80 terminal= shown=
  if [ -t 2 ] && [ "${TERM:-dumb}" != dumb ]; then
    terminal=1
    columns=$(stty size </dev/tty 2>/dev/null | cut -d' ' -f2) || true
    [[ $columns =~ ^[0-9]+$ ]] && [ "$columns" -gt 10 ] || columns=80
  fi
  while IFS= read -r line; do
    # Not work: the check of CMake's globbed source lists (every build), an up-to-date build.
    [[ $line == *'Re-checking globbed directories'* || $line == 'ninja: no work to do.' ]] && continue
    if [ -z "$shown" ]; then
      shown=1
      [ -z "$header" ] || [ "$header" = - ] || printf '%s\n' "$header" >&2
    fi
    if [[ $line =~ ^\[[0-9]+/[0-9]+\]\  ]]; then
      [ -n "$terminal" ] || continue
      status="$label $line"
      # One line, never wrapped: a wrapped line cannot be rewritten in place.
      printf '\r\033[K%s' "${status:0:columns-1}" >&2
    elif [ -n "$terminal" ]; then
      printf '\r\033[K%s\n' "$line" >&2
      [ -z "$status" ] || printf '%s' "${status:0:columns-1}" >&2
    else
      printf '%s\n' "$line" >&2
    fi
  done
  if [ -n "$terminal" ] && [ -n "$status" ]; then printf '\r\033[K' >&2; fi
  if [ -n "$shown" ] && [ -n "$header" ]; then echo "$script: built in $(elapsed_since "$start")" >&2; fi
  return 0
}
