#!/usr/bin/env bash
# Installs grundy's build and test dependencies from Debian's package mirror.
# Idempotent and quiet when everything is already present; needs root (or sudo).
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

# The playground page and its browser tests: Debian's Chromium; Node and npm
# only when no node is on PATH (web/ builds with Node 18 or newer).
packages+=(chromium)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq >/dev/null
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
