#!/usr/bin/env python3
"""The package installs as the documentation says, from a copy of the source tree,
with nothing fetched (--no-index): `pip install --no-build-isolation .` into a fresh
venv, and a wheel from `python3 -m build --wheel --no-isolation` installed into a
second venv; each imports grundy from outside the tree, with the command line's
version. Run by ctest as python_package.

The fresh path (what `pip install` does in a clone with no build folder) is
checked up to the compiler: setup.py's own configure command runs from nothing
under the venv's Python, and the build it plans for the module is checked (the
library and the module, Release, no command-line tool, tests or benchmarks); the
compiling itself is then reused from BUILD_DIR. Not covered here: compiling in that
fresh folder (the same sources and flags as the Release build) and how long it
takes (docs/python.md gives a figure).

Usage: check_package.py SOURCE_DIR BUILD_DIR WORKDIR GRUNDY_BINARY
  BUILD_DIR: a configured CMake build folder, which the package build reuses
  (GRUNDY_CMAKE_BUILD_DIR) so the test builds nothing twice.
"""

import glob
import os
import shutil
import subprocess
import sys

SKIPPED = shutil.ignore_patterns("build", "build-*", ".git", "node_modules", "dist", "*.egg-info", "__pycache__")

CHECK = """
import sys, grundy
assert not grundy.__file__.startswith({tree!r}), grundy.__file__
assert grundy.__file__.startswith(sys.prefix), (grundy.__file__, sys.prefix)
assert grundy.__version__ == {version!r}, grundy.__version__
assert grundy.solve("kayles", [7, 9]).value == 6
assert grundy.table("octal", 300, code="0.137").period == 34
print("imported", grundy.__version__, "from", grundy.__file__)
"""


def run(*command, **options):
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(list(map(str, command)), check=True, **options)


def venv(path):
    run(sys.executable, "-m", "venv", "--system-site-packages", path)
    return os.path.join(path, "bin", "python")


FRESH_CONFIGURE = """
import subprocess, sys
sys.path.insert(0, {tree!r})
import setup
subprocess.run(setup.configure_command({build!r}), check=True, stdout=subprocess.DEVNULL)
print(" ".join(setup.build_command({build!r}, "_grundy", "1")))
"""


def check_fresh_plan(python, tree, build, env):
    """setup.py's configure from nothing; the module's build plan is the library and the module alone."""
    build_command = subprocess.run([python, "-c", FRESH_CONFIGURE.format(tree=tree, build=build)], check=True,
                                   env=env, capture_output=True, text=True).stdout.split()
    cache = open(os.path.join(build, "CMakeCache.txt")).read()
    assert "CMAKE_BUILD_TYPE:STRING=Release" in cache
    if not os.path.exists(os.path.join(build, "build.ninja")):
        print("package: no Ninja, the fresh build plan is not checked")
        return
    targets = subprocess.run(["ninja", "-C", build, "-t", "targets", "all"], check=True, capture_output=True,
                             text=True).stdout
    for unwanted in ("grundy_cli", "grundy_tests", "grundy_mpi", "_bench"):
        assert unwanted not in targets, f"a fresh package build configures {unwanted}"
    plan = subprocess.run(build_command + ["--", "-n"], check=True, capture_output=True, text=True).stdout
    steps = [line for line in plan.splitlines() if line.startswith("[")]
    assert any("_grundy.dir" in line for line in steps) and any("grundy.dir/src/" in line for line in steps), plan
    assert not any(word in line for line in steps for word in ("apps/", "tests/", "bench/")), plan
    print(f"package: a fresh configure plans {len(steps)} steps, the library and the module alone")


def main():
    source, build_dir, work, binary = (os.path.abspath(a) for a in sys.argv[1:5])
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    shutil.rmtree(work, ignore_errors=True)
    tree = os.path.join(work, "grundy-src")
    shutil.copytree(source, tree, ignore=SKIPPED)
    env = os.environ | {"GRUNDY_CMAKE_BUILD_DIR": build_dir, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)  # the installed package, not the build tree's
    outside = os.path.join(work, "elsewhere")
    os.makedirs(outside)
    check = CHECK.format(tree=tree, version=version)

    python = venv(os.path.join(work, "venv-pip"))
    check_fresh_plan(python, tree, os.path.join(work, "fresh-cmake"), env)
    run(python, "-m", "pip", "install", "--no-build-isolation", ".", cwd=tree, env=env)
    run(python, "-c", check, cwd=outside, env=env)

    dist = os.path.join(work, "dist")
    run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, ".", cwd=tree, env=env)
    (wheel,) = glob.glob(os.path.join(dist, "grundy-*.whl"))
    python = venv(os.path.join(work, "venv-wheel"))
    run(python, "-m", "pip", "install", wheel, cwd=outside, env=env)
    run(python, "-c", check, cwd=outside, env=env)
    print("package: pip install and the wheel both import grundy", version)


if __name__ == "__main__":
    main()
