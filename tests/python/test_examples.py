"""The Python example runs as documented: solves a new game, proves its period, plots it."""

import os
import subprocess
import sys

import pytest

import grundy


def test_new_game_example(root, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "plot.png"
    done = subprocess.run([sys.executable, str(root / "examples" / "python" / "new_game.py"), str(out)],
                          capture_output=True, text=True, env=os.environ | {"MPLBACKEND": "Agg"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "(proven)" in done.stdout and "first player wins" in done.stdout
    assert out.stat().st_size > 1000


def test_plot_draws_a_table():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = grundy.plot(grundy.table("kayles", 200))
    assert ax.get_xlabel() == "n" and "period 12" in ax.get_legend().get_texts()[0].get_text()
