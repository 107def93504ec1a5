#!/usr/bin/env bash
# grundy-mpi on 1, 2 and 4 ranks (mpirun on this machine, oversubscribed) gives
# the single-process tables of grundy value for value: games with and without
# a sparse space, with and without a period, in memory and in bounded memory,
# and a checkpoint written by one rank count resumed by others and by grundy
# (also after a kill -9 in bounded memory).
# Sizes are the least that still exercise each path (the shared blocks start
# after a few thousand heap sizes). Usage: run.sh GRUNDY GRUNDY_MPI
source "$(dirname "$0")/lib.sh" "$@"
failures=0
# Reports are compared without their timing line ("parallel: ..."), the one line that differs from run to run.
same() {
  if cmp -s "$1" "$2"; then return 0; fi
  case $1 in
    *.txt) if cmp -s <(grep -v '^parallel: ' "$1") <(grep -v '^parallel: ' "$2"); then return 0; fi ;;
  esac
  echo "FAIL: $3: $1 and $2 differ" >&2
  failures=$((failures + 1))
}

# game | size | rank counts | options. Sparse space (Grundy's game, 0.167) on
# 1, 2 and 4 ranks, one thread and two per rank, in memory and bounded (one
# thread a rank: shared, or each rank alone where that is faster); a
# period (0.354, Kayles); no sparse space (0.007 with its blocks shared, under a
# memory budget; 4.7).
cases=(
  "grundys-game|40000|1 2 4|"
  "grundys-game|40000|2|--threads 2"
  "grundys-game|40000|2 4|--bounded-memory"
  "octal 0.167|100000|2 4|"
  "octal 0.167|100000|2 4|--bounded-memory --threads 1 --memory 64M"
  "octal 0.354|30000|2|"
  "kayles|5000|4|"
  "octal 0.007|40000|1 2 4|--memory 64M"
  "octal 4.7|2000|4|"
)
for entry in "${cases[@]}"; do
  IFS='|' read -r game upto rank_counts options <<< "$entry"
  name=${game// /_}${options// /_}
  output=(--output "$name.ref")
  [[ $options == *bounded* ]] && output=()  # a bounded table is compared by its report
  # shellcheck disable=SC2086
  "$grundy" -q table $game --upto "$upto" --summary $options "${output[@]}" > "$name.ref.txt"
  for ranks in $rank_counts; do
    output=(--output "$name.$ranks")
    [[ $options == *bounded* ]] && output=()
    # shellcheck disable=SC2086
    run_ranks "$ranks" table $game --upto "$upto" --summary $options "${output[@]}" > "$name.$ranks.txt" \
      2> "$name.$ranks.err"
    [[ $options == *bounded* ]] || same "$name.ref" "$name.$ranks" "$game $options to $upto, $ranks ranks (values)"
    same "$name.ref.txt" "$name.$ranks.txt" "$game $options to $upto, $ranks ranks (report)"
  done
done
# The shared blocks ran (else the cases above compare one rank's work with itself):
# the sparse space's (Grundy's game) and, from 2^14 heap sizes, the dense method's (0.007).
for shared in grundys-game octal_0.007--memory_64M; do
  if ! grep -q 'blocks combined' "$shared.2.err"; then
    echo "FAIL: 2 ranks combined no block of $shared" >&2
    failures=$((failures + 1))
  fi
done

# A checkpoint written by 2 ranks, resumed by 1 and by 4, and by grundy itself.
"$grundy" -q table grundys-game --upto 30000 --output half.ref --summary > /dev/null
"$grundy" -q table grundys-game --upto 60000 --output whole.ref --summary > whole.ref.txt
run_ranks 2 table grundys-game --upto 30000 --checkpoint half.ckpt --summary > /dev/null 2>&1
same half.ref half.ckpt "checkpoint of 2 ranks"
for ranks in 1 4; do
  run_ranks "$ranks" table grundys-game --upto 60000 --resume half.ckpt --output "whole.$ranks" --summary \
    > "whole.$ranks.txt" 2>/dev/null
  same whole.ref "whole.$ranks" "checkpoint of 2 ranks resumed by $ranks"
done
"$grundy" -q table grundys-game --upto 60000 --resume half.ckpt --output whole.cli --summary > /dev/null
same whole.ref whole.cli "checkpoint of 2 ranks resumed by grundy"

# The same in bounded memory (rank 0 alone holds the spilled values): a checkpoint
# of 2 ranks resumed by 1 and 4 ranks and by grundy, and a run killed with
# SIGKILL once its first checkpoint is written, resumed by 2 ranks.
bounded=(--summary --bounded-memory)
"$grundy" -q table grundys-game --upto 60000 "${bounded[@]}" > bwhole.ref.txt
run_ranks 2 table grundys-game --upto 30000 --checkpoint bhalf.ckpt "${bounded[@]}" > /dev/null 2>&1
same half.ref bhalf.ckpt "bounded checkpoint of 2 ranks"
for ranks in 1 4; do
  run_ranks "$ranks" table grundys-game --upto 60000 --resume bhalf.ckpt "${bounded[@]}" > "bwhole.$ranks.txt" 2>/dev/null
  same bwhole.ref.txt "bwhole.$ranks.txt" "bounded checkpoint of 2 ranks resumed by $ranks"
done
"$grundy" -q table grundys-game --upto 60000 --resume bhalf.ckpt "${bounded[@]}" > bwhole.cli.txt
same bwhole.ref.txt bwhole.cli.txt "bounded checkpoint of 2 ranks resumed by grundy"
# Killed past 2^20 + 2 * 2^20 values (beyond the head and the window), its resume
# rereads them: rank 0 sends them to the other rank.
killed_upto=3400000
resumed_upto=3450000
"$grundy" -q table grundys-game --upto "$resumed_upto" "${bounded[@]}" > killed.ref.txt
setsid mpirun --oversubscribe -np 2 "$grundy_mpi" -q table grundys-game --upto "$killed_upto" "${bounded[@]}" \
  --checkpoint killed.ckpt --checkpoint-every 1 > /dev/null 2>&1 &
job=$!
while kill -0 "$job" 2> /dev/null && [ "$(stat -c %s killed.ckpt 2> /dev/null || echo 0)" -lt 6400000 ]; do
  sleep 0.1
done
pkill -KILL -s "$job" 2> /dev/null || true  # mpirun and its ranks: the session setsid made
wait "$job" 2> /dev/null || true
while pgrep -s "$job" > /dev/null; do sleep 0.1; done
rm -f killed.ckpt.tmp.*  # a save cut short by the kill
run_ranks 2 table grundys-game --upto "$resumed_upto" --resume killed.ckpt "${bounded[@]}" > killed.2.txt \
  2> killed.2.err
same killed.ref.txt killed.2.txt "bounded run of 2 ranks killed and resumed"
if ! grep -q 'reads beyond memory sent from rank 0' killed.2.err; then
  echo "FAIL: rank 0 sent no value beyond memory to the other rank" >&2
  failures=$((failures + 1))
fi

# Only rank 0 writes: no temporary or second file beside the output.
leftovers=$(find . -name '*.tmp.*' | wc -l)
if [ "$leftovers" -ne 0 ]; then
  echo "FAIL: $leftovers temporary files left" >&2
  failures=$((failures + 1))
fi

# Bad input: one line on stderr from rank 0 and exit status 2, on every rank count.
set +e
message=$(run_ranks 2 table octal 0.9# --upto 10 2>&1 >/dev/null)
status=$?
set -e
if [ "$status" -ne 2 ] || [ "$(printf '%s\n' "$message" | grep -c 'error')" -ne 1 ]; then
  echo "FAIL: bad input gave status $status and: $message" >&2
  failures=$((failures + 1))
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures MPI checks failed" >&2
  exit 1
fi
echo "grundy-mpi: every table equals grundy's on 1, 2 and 4 ranks"
