"""The build of the Python package: setuptools (pyproject.toml) with one extension,
grundy._grundy, built by the project's CMake (python/CMakeLists.txt) rather than by
setuptools' compiler, so the module is built exactly as `cmake --build` builds it.

Environment:
  GRUNDY_CMAKE_BUILD_DIR  an already configured CMake build folder: build the module
                          target there (nothing else), instead of a fresh folder
  GRUNDY_CMAKE_ARGS       extra arguments for the fresh configure (e.g. a compiler launcher)
  CMAKE_BUILD_PARALLEL_LEVEL  parallel compile jobs (default: every core)
"""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    """The version `grundy --version` prints: CMake's project(grundy VERSION ...)."""
    text = (ROOT / "CMakeLists.txt").read_text()
    found = re.search(r"project\(grundy\s+VERSION\s+([0-9][0-9.]*)", text)
    if not found:
        sys.exit("setup.py: no project(grundy VERSION ...) in CMakeLists.txt")
    return found.group(1)


class CMakeExtension(Extension):
    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    """Configures (unless given a build folder) and builds the module's CMake target,
    then puts the built file where setuptools packs it."""

    def build_extension(self, ext):
        build_dir = os.environ.get("GRUNDY_CMAKE_BUILD_DIR")
        if build_dir:
            build_dir = pathlib.Path(build_dir).resolve()
        else:
            build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
            progress(f"configuring the C++ module (CMake, Release) in {build_dir}")
            build_dir.mkdir(parents=True, exist_ok=True)
            self.spawn(configure_command(build_dir))
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        progress(f"building the library and the module ({jobs} jobs; from nothing this takes minutes, "
                 "`pip install -v` shows each step)")
        self.spawn(build_command(build_dir, ext.target, jobs))
        built = sorted((build_dir / "python" / "grundy").glob("_grundy*.so"), key=lambda p: p.stat().st_mtime)
        if not built:
            sys.exit(f"setup.py: the CMake build in {build_dir} made no python/grundy/_grundy*.so")
        destination = pathlib.Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], destination)


def progress(message):
    # On stderr at once: pip shows it with -v (and its spinner turns as lines arrive).
    print(f"grundy: {message}", file=sys.stderr, flush=True)


def configure_command(build_dir):
    """A fresh Release configure of the library and the module alone: no command-line
    tool, tests, benchmarks or MPI (tests/python/check_package.py checks the plan)."""
    command = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
               f"-DPython_EXECUTABLE={sys.executable}", "-DGRUNDY_PYTHON=ON", "-DGRUNDY_BUILD_APP=OFF",
               "-DGRUNDY_BUILD_TESTS=OFF", "-DGRUNDY_BUILD_BENCH=OFF", "-DGRUNDY_MPI=OFF"]
    if shutil.which("ninja"):
        command += ["-G", "Ninja"]
    return command + shlex.split(os.environ.get("GRUNDY_CMAKE_ARGS", ""))


def build_command(build_dir, target, jobs):
    return ["cmake", "--build", str(build_dir), "--target", target, "--parallel", jobs]


def missing_packages():
    """What this Python lacks to build the package, as one line (None when nothing):
    NumPy (the module is built against its headers) and, for setuptools before 70.1,
    the wheel package (`pip install --no-build-isolation` fetches neither)."""
    import importlib.util

    import setuptools

    missing = [name for name in ("numpy", "wheel") if importlib.util.find_spec(name) is None]
    version = tuple(int(part) for part in re.findall(r"\d+", setuptools.__version__)[:2])
    if "wheel" in missing and version >= (70, 1):
        missing.remove("wheel")  # bdist_wheel is part of setuptools since 70.1
    if not missing:
        return None
    return (f"setup.py: {sys.executable} has no {' and no '.join(missing)}; with Debian's Python: "
            f"apt-get install python3-numpy python3-wheel, then /usr/bin/python3 -m venv --system-site-packages .venv")


if __name__ == "__main__":  # setuptools runs this file as __main__; check_package.py imports it
    if (why := missing_packages()) is not None:
        sys.exit(why)
    (ROOT / "build" / "setuptools").mkdir(parents=True, exist_ok=True)
    setup(
        version=project_version(),
        packages=["grundy"],
        package_dir={"grundy": "python/grundy"},
        ext_modules=[CMakeExtension("grundy._grundy", target="_grundy")],
        cmdclass={"build_ext": CMakeBuild},
        # setuptools' own work files beside the CMake build folders, not among them.
        options={"build": {"build_base": "build/setuptools"}, "egg_info": {"egg_base": "build/setuptools"}},
        zip_safe=False,
    )
