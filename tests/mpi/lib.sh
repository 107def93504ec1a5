# Sourced by the MPI tests (`source lib.sh GRUNDY GRUNDY_MPI`): the two programs,
# a scratch folder to work in, Open MPI set up for this machine, and run_ranks.
set -euo pipefail
grundy=$1
grundy_mpi=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Root in a container: Open MPI asks for these to run at all.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Loopback only, no high-speed fabric probing: quick and quiet on any machine.
# (pml ob1: the default first tries the fabric libraries, 0.2 s at every start.)
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_pml=ob1
# More ranks than cores: a rank waiting in a reduction yields its core, and no
# rank is pinned to a core another already holds.
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_hwloc_base_binding_policy=none

# run_ranks K ARGS...: grundy-mpi ARGS on K ranks, quiet; ended after
# rank_timeout seconds when the caller sets it.
run_ranks() {
  local ranks=$1
  shift
  local limit=()
  [ -z "${rank_timeout:-}" ] || limit=(timeout "$rank_timeout")
  "${limit[@]}" mpirun --oversubscribe -np "$ranks" "$grundy_mpi" -q "$@"
}
