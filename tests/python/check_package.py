#!/usr/bin/env python3
"""The package installs as the documentation says, from a copy of the source tree,
with nothing fetched (--no-index): `pip install --no-build-isolation .` into a fresh
venv, and a wheel from `python3 -m build --wheel --no-isolation` installed into a
second venv; each imports grundy from outside the tree, with the command line's
version. Run by ctest as python_package.

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
