#!/usr/bin/env bash
# grundy-mpi's scaling on this machine: the same table by grundy (one process,
# one thread: the baseline), and by grundy-mpi on 1 and 2 ranks of one thread
# each, alternating, with the communication each rank reports (blocks combined,
# bytes per block). Usage: bench/mpi_scaling.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
build=${1:-build/release}
repeats=${2:-2}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# pml ob1: the default first tries the fabric libraries, 0.2 s of every rank's start here.
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_pml=ob1
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_hwloc_base_binding_policy=none  # a shared machine
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2> "$scratch/err"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for table in "grundys-game --upto 1048576" "octal 0.167 --upto 4194304"; do
  for ((r = 1; r <= repeats; r++)); do
    # The machine may drift over a series of runs: every other round runs backwards.
    runs=(one rank1 rank2)
    if ((r % 2 == 0)); then runs=(rank2 rank1 one); fi
    for run in "${runs[@]}"; do
      # shellcheck disable=SC2086
      case $run in
        one) one=$(seconds "$build/grundy" -q table $table --summary --threads 1) ;;
        rank1) rank1=$(seconds mpirun --oversubscribe -np 1 "$build/grundy-mpi" -q table $table --summary --threads 1) ;;
        rank2)
          rank2=$(seconds mpirun --oversubscribe -np 2 "$build/grundy-mpi" -q table $table --summary --threads 1)
          cp "$scratch/err" "$scratch/rank2.err"
          ;;
      esac
    done
    echo "$table | grundy ${one}s | 1 rank ${rank1}s | 2 ranks ${rank2}s | $(grep -o '[0-9]* blocks.*' "$scratch/rank2.err")"
  done
done
