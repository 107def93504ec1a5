#!/usr/bin/env bash
# grundy-mpi census on 1, 2 and 3 ranks (mpirun on this machine, oversubscribed)
# gives the rows and report of grundy census; a row file written by either
# program is resumed by the other; a rank failing alone ends the job with one
# line and exit status 2, no rank left waiting. Reports are compared without
# their timings (seconds, threads, ranks). Usage: census.sh GRUNDY GRUNDY_MPI
source "$(dirname "$0")/lib.sh" "$@"
rank_timeout=120
census=(census --digits 2 --upto 4096 --time 0)
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
rows_of() { jq -c 'del(.seconds)' "$1"; }
report_of() { jq -c 'del(.seconds, .threads, .ranks, .games[].seconds)' "$1"; }
same_rows() { cmp -s <(rows_of "$1") <(rows_of "$2") || fail "$3: rows of $1 and $2 differ"; }
same_report() { cmp -s <(report_of "$1") <(report_of "$2") || fail "$3: reports $1 and $2 differ"; }

"$grundy" -q "${census[@]}" --threads 1 --output ref.jsonl --format json > ref.json
"$grundy" -q "${census[@]}" --threads 1 --format markdown | grep -v 'classes of equivalent games;' > ref.md
[ "$(jq '.games | length' ref.json)" -eq 127 ] || fail "grundy's census has $(jq '.games | length' ref.json) games, not 127"
# ranks | threads per rank
for entry in "1 1" "2 1" "3 2"; do
  read -r ranks threads <<< "$entry"
  run_ranks "$ranks" "${census[@]}" --threads "$threads" --output "r$ranks.jsonl" --format json > "r$ranks.json"
  same_rows ref.jsonl "r$ranks.jsonl" "$ranks ranks of $threads threads"
  same_report ref.json "r$ranks.json" "$ranks ranks of $threads threads"
  [ "$(jq .ranks "r$ranks.json")" -eq "$ranks" ] || fail "$ranks ranks: the report names $(jq .ranks "r$ranks.json")"
done
run_ranks 2 "${census[@]}" --threads 1 --format markdown | grep -v 'classes of equivalent games;' > r2.md
cmp -s ref.md r2.md || fail "2 ranks: markdown differs"

# Resume across programs: a part of grundy-mpi's file (with a torn last line)
# finished by grundy, and a part of grundy's finished by grundy-mpi.
{ head -n 41 r2.jsonl; sed -n 42p r2.jsonl | head -c 25; } > part_mpi.jsonl
"$grundy" -q "${census[@]}" --threads 2 --resume part_mpi.jsonl --format json > resumed_cli.json
same_rows ref.jsonl part_mpi.jsonl "grundy resuming grundy-mpi's file"
same_report ref.json resumed_cli.json "grundy resuming grundy-mpi's file"
head -n 61 ref.jsonl > part_cli.jsonl
run_ranks 2 "${census[@]}" --threads 1 --resume part_cli.jsonl --format json > resumed_mpi.json
same_rows ref.jsonl part_cli.jsonl "grundy-mpi resuming grundy's file"
same_report ref.json resumed_mpi.json "grundy-mpi resuming grundy's file"

# A stop of the job keeps every finished row: rank 0's file resumes to the same census.
set +e
timeout -s INT 2 mpirun --oversubscribe -np 2 "$grundy_mpi" -q census --digits 2 --upto 65536 --time 0 --threads 1 \
  --output stopped.jsonl > /dev/null 2> stopped.err
status=$?
set -e
if [ "$status" -eq 0 ]; then
  echo "note: the census ended before its stop; nothing to resume" >&2
else
  head -n 1 stopped.jsonl | jq -e '.census == 1' > /dev/null || fail "stopped job: no header in its row file"
  "$grundy" -q census --digits 2 --upto 65536 --time 0 --resume stopped.jsonl --output whole.jsonl > /dev/null
  [ "$(wc -l < whole.jsonl)" -eq 128 ] || fail "stopped job resumed: $(wc -l < whole.jsonl) lines, not 128"
fi

# Failures: one line from rank 0, exit status 2, every rank ended (timeout: no hang).
expect_error() {
  local what=$1
  shift
  set +e
  message=$(run_ranks 2 "$@" 2>&1 >/dev/null)
  status=$?
  set -e
  if [ "$status" -ne 2 ] || [ "$(printf '%s\n' "$message" | grep -c 'error')" -ne 1 ]; then
    fail "$what: status $status and: $message"
  fi
}
expect_error "every rank failing" census --digits 0
printf '{"census": 1, "digits": 2}\nnot a row\n' > corrupt.jsonl
expect_error "rank 0 alone failing (a corrupt file to resume)" "${census[@]}" --resume corrupt.jsonl
expect_error "rank 0 alone failing (an existing output)" "${census[@]}" --output ref.jsonl

if [ "$failures" -ne 0 ]; then
  echo "$failures MPI census checks failed" >&2
  exit 1
fi
echo "grundy-mpi: the census equals grundy's on 1, 2 and 3 ranks, and resumes across the programs"
