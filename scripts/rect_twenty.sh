#!/usr/bin/env bash
# The rect speed goal, measured through the command line: the 20 random 6x6 boards of
# bench/rect_bench.cpp (random_boards(6, 0.5, 10, 1006) then random_boards(6, 0.7, 10, 1006)),
# one `grundy --json rect BOARD` call each (value and every winning move); prints each
# board's wall and user+system seconds and the sums. The goal is under 10 s of summed wall time.
# Usage: scripts/rect_twenty.sh [GRUNDY_BINARY [RECT_OPTION...]]   (default build/release/grundy)
#   e.g. scripts/rect_twenty.sh build/release/grundy --threads 1   (options go after `rect`)
# With RECT_TWENTY_OUT=DIR, each board's JSON answer is written to DIR/NN.json (to compare binaries).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
grundy=${1:-$root/build/release/grundy}
options=("${@:2}")
boards=(
  000101/111011/010010/111010/100101/100001 001110/110001/110000/101001/011010/111100
  001111/111000/011110/111011/011010/000011 000110/000000/011011/010010/011111/101110
  111110/111011/110111/011111/110010/100011 000110/010100/111010/001010/010011/110001
  101011/011001/010001/010110/100101/110110 011101/001111/001011/010100/101111/000101
  010001/001111/010010/001001/011111/001010 110101/011101/011101/001001/110111/110011
  001101/111011/011010/111010/100111/110011 101111/110001/111000/111111/111010/111111
  001111/111100/011111/111111/011011/001011 100110/000000/011011/111010/011111/101110
  111110/111011/110111/011111/110111/101011 000111/010100/111010/001111/110011/110111
  101011/011101/010101/110111/100101/110110 111101/101111/001111/110110/101111/000101
  011111/001111/111111/111001/011111/001010 111111/011111/111101/101001/110111/111111
)
out=${RECT_TWENTY_OUT:-}
[[ -n $out ]] && mkdir -p "$out"
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
total_wall=0
total_cpu=0
n=0
for board in "${boards[@]}"; do
  n=$((n + 1))
  target=/dev/null
  [[ -n $out ]] && target=$(printf '%s/%02d.json' "$out" "$n")
  # Wall, user and system seconds of the one call, from bash's own timer.
  TIMEFORMAT='%R %U %S'
  { time "$grundy" --json rect "${options[@]}" "$board" >"$target"; } 2>"$timing"
  read -r wall user sys <"$timing"
  printf '%2d %s wall %6.2f s  cpu %6.2f s\n' "$n" "$board" "$wall" "$(echo "$user + $sys" | bc -l)"
  total_wall=$(echo "$total_wall + $wall" | bc -l)
  total_cpu=$(echo "$total_cpu + $user + $sys" | bc -l)
done
printf 'total: %.2f s wall, %.2f s cpu (20 boards)\n' "$total_wall" "$total_cpu"
