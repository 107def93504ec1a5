"""Shared fixtures: the command-line tool (GRUNDY_BINARY, else build/release/grundy)
and the repository root (documented example files live there)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    binary = os.environ.get("GRUNDY_BINARY", str(ROOT / "build" / "release" / "grundy"))
    if not os.path.exists(binary):
        pytest.skip(f"no grundy binary at {binary}")

    def run(*args):
        done = subprocess.run([binary, "--json", *map(str, args)], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="session")
def root():
    return ROOT
