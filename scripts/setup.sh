#!/usr/bin/env bash
# Installs grundy's build and test dependencies from Debian's package mirror.
# Idempotent and quiet when everything is already present; needs root (or sudo).
# Usage: scripts/setup.sh             install what is missing, saying what on stderr
#        scripts/setup.sh --missing   only print the missing packages (nothing when none)
# GRUNDY_SKIP_SETUP=1 makes the other scripts skip this one (packages managed otherwise).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libboost1.81-dev libcpp-httplib-dev
  clang libclang-rt-14-dev
)
# grundy-mpi, heap tables shared over MPI ranks (docs/heap_tables.md), and its tests.
packages+=(libopenmpi-dev openmpi-bin)
# The Python module (python/, docs/python.md) and its tests, for Debian's python3.
packages+=(python3-dev pybind11-dev python3-numpy python3-pytest python3-matplotlib)
# `pip install .` and wheels from the tree (pyproject.toml: Debian's setuptools drives CMake),
# and the notebook tour executed by the tests.
packages+=(python3-venv python3-setuptools python3-wheel python3-build jupyter-nbconvert python3-ipykernel)

# The playground page and its browser tests: Debian's Chromium; Node and npm
# only when no node is on PATH (web/ builds with Node 18 or newer).
packages+=(chromium)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

# One query for all: a package dpkg has never heard of is missing too.
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>/dev/null | awk '/install ok installed/ { print $1 }' || true)
missing=()
for p in "${packages[@]}"; do
  grep -qx -- "$p" <<<"$installed" || missing+=("$p")
done
if [ "${1:-}" = --missing ]; then
  [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
  exit 0
fi
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: installing needs root or sudo; missing: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "setup: installing ${#missing[@]} packages from Debian's mirror (a few minutes): ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -qq >/dev/null ||
  ! "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  echo "setup: apt-get failed (its message is above); the packages grundy needs: ${missing[*]}" >&2
  exit 1
fi
