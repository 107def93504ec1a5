#!/usr/bin/env bash
# How far two threads are from what two cores can give: one table on one
# thread, on two threads, and as two independent one-thread runs at once (two
# processes that share nothing but the machine: its caches, memory and host),
# in rounds whose order alternates (a machine that drifts favours whatever
# runs first). Wall times are the tables' own "parallel" report. Per round:
# the team's ratio over one thread, and the pair's (one thread's time twice
# over the slower run of the pair): about the most two workers can give here,
# whatever the program. Then the medians of both ratios. Beside the team's
# time, a cache line's round trip between the two cores before and after it
# (bench/core_round_trip): a host may place a virtual machine's two processors
# on cores that share a cache or on cores that do not (about 55 against 330 ns
# on the machine of docs/PERFORMANCE.md), and move them from one to the other
# while the rounds run; a team is slower in the far placement, so compare
# rounds within one placement.
# Usage: bench/team_ceiling.sh [BUILD_DIR] [ROUNDS] TABLE ARGUMENTS...
#   bench/team_ceiling.sh build/release 3 grundys-game --upto 16777216
#   bench/team_ceiling.sh build/release 3 octal 0.007 --upto 262144
set -euo pipefail
build=${1:-build/release}
rounds=${2:-3}
shift $(($# < 2 ? $# : 2))  # the table may be left out: then Grundy's game to 2^22
if (($# == 0)); then set -- grundys-game --upto 4194304; fi
grundy="$build/grundy"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The time the host took from this machine's processors so far (steal, in
# clock ticks: a virtual machine's cores taken away), summed over all of them.
steal_ticks() { awk '/^cpu / { print $9 }' /proc/stat; }

# wall THREADS OUT: the table's wall seconds into OUT, and into OUT.serial its
# serial seconds with their parts (alone, waiting: docs/cli.md, "parallel") and
# the host's steal meanwhile.
wall() {
  local before
  before=$(steal_ticks)
  # Read once the table is done: a reader started beside it (a pipe) took a
  # core from the team for its own start (0.167 to 2^24: 0.09-0.12 s of the
  # team's waiting against 0.01 s).
  "$grundy" -q --json table "${table[@]}" --summary --no-cache --threads "$1" > "$2.json"
  python3 -c '
import json, sys
p = json.load(sys.stdin)["parallel"]
print(p["wall_seconds"])
with open(sys.argv[1], "w") as serial:
    print("serial %.2f s: alone %.2f, waiting %.2f" % (p["serial_seconds"], p["alone_seconds"], p["waiting_seconds"]),
          end="", file=serial)
' "$2.serial" < "$2.json" > "$2"
  awk -v ticks="$(($(steal_ticks) - before))" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "; steal %.2f s", ticks / hz }' >> "$2.serial"
}
# A cache line's round trip between processors 0 and 1, in ns ("-" unless built).
round_trip() {
  if [[ -x "$build/bench/core_round_trip" ]]; then "$build/bench/core_round_trip"; else echo -; fi
}
table=("$@")
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); table: ${table[*]}"
for ((r = 1; r <= rounds; r++)); do
  runs=(one team pair)
  if ((r % 2 == 0)); then runs=(pair team one); fi
  for run in "${runs[@]}"; do
    case $run in
      one) wall 1 "$scratch/one" ;;
      team)
        before=$(round_trip)
        wall 2 "$scratch/team"
        printf '; round trip %s / %s ns' "$before" "$(round_trip)" >> "$scratch/team.serial"
        ;;
      pair)
        wall 1 "$scratch/pair1" &
        wall 1 "$scratch/pair2"
        wait
        ;;
    esac
  done
  awk -v one="$(cat "$scratch/one")" -v team="$(cat "$scratch/team")" \
    -v a="$(cat "$scratch/pair1")" -v b="$(cat "$scratch/pair2")" -v serial="$(cat "$scratch/team.serial")" 'BEGIN {
      slower = a > b ? a : b
      printf "one thread %.2f s | two threads %.2f s (%.2fx), %s | two one-thread runs at once %.2f / %.2f s (%.2fx)\n",
        one, team, one / team, serial, a, b, 2 * one / slower
    }' | tee -a "$scratch/rounds"
done
# The medians of the rounds' ratios.
python3 - "$scratch/rounds" <<'PY'
import re, statistics, sys
ratios = [re.findall(r"\(([0-9.]+)x\)", line) for line in open(sys.argv[1])]
team = statistics.median(float(r[0]) for r in ratios)
pair = statistics.median(float(r[1]) for r in ratios)
print(f"median: two threads {team:.2f}x one; two one-thread runs at once {pair:.2f}x (the team at {100 * team / pair:.0f}% of it)")
PY
