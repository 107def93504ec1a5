#!/usr/bin/env python3
"""Executes examples/notebooks/tour.ipynb with Debian's jupyter-nbconvert and
python3-ipykernel, then checks its outputs against grundy called directly:
no cell failed, and each shows the numbers the engine gives (run by ctest as
python_notebook, with PYTHONPATH at the module).

Usage: run_notebook.py NOTEBOOK WORKDIR
"""

import json
import os
import pathlib
import subprocess
import sys

import grundy


def outputs(cell):
    data = {}
    for out in cell.get("outputs", []):
        assert out["output_type"] != "error", f"cell failed: {''.join(cell['source'])}\n{out.get('evalue')}"
        for kind, text in out.get("data", {}).items():
            data[kind] = "".join(text) if isinstance(text, list) else text
    return data


def main():
    notebook, workdir = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    # The kernel runs in WORKDIR: the module's path must not be relative to here.
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    env = os.environ | {"PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in paths if p),
                         "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
    subprocess.run(["jupyter-nbconvert", "--to", "notebook", "--execute", "--ExecutePreprocessor.timeout=120",
                    "--ExecutePreprocessor.kernel_name=python3", "--output-dir", str(workdir),
                    "--output", "tour.executed", str(notebook)], check=True, cwd=workdir, env=env)
    executed = json.loads((workdir / "tour.executed.ipynb").read_text())
    cells = [c for c in executed["cells"] if c["cell_type"] == "code"]
    shown = [outputs(c) for c in cells]
    by_source = {"".join(c["source"]).splitlines()[0]: s for c, s in zip(cells, shown)}

    def html_of(first_line):
        return by_source[first_line]["text/html"]

    answer = grundy.solve("kayles", [7, 9])
    assert f'<b class="value">{answer.value}</b>' in html_of("import grundy")
    explained = grundy.explain("kayles", [5, 3])
    mex = html_of('grundy.explain("kayles", [5, 3])')
    for component in explained.explain:
        values = ", ".join(map(str, sorted({o.value for o in component.options})))
        assert f"mex{{{values}}} = {component.value}" in mex
    dawson = grundy.table("octal", 2000, code="0.137")
    table = html_of('dawson = grundy.table("octal", 2000, code="0.137")')
    assert f'<span class="period">{dawson.period}</span>' in table and "<svg" in table
    assert f'<span class="preperiod">{dawson.preperiod}</span>' in table
    expected = (dawson.period, dawson.preperiod, dawson.values[:20].tolist())
    assert by_source["dawson.period, dawson.preperiod, dawson.values[:20].tolist()"]["text/plain"] == repr(expected)
    assert "image/svg+xml" in by_source["dawson.svg(width=600, height=200)"]
    misere = grundy.solve("kayles", [1, 2, 3], misere=True)
    text = html_of('grundy.solve("kayles", [1, 2, 3], misere=True)')
    assert "misère" in text and ("first player" if misere.outcome == "first" else "second player") in text
    heavy = grundy.table("octal", 600, code="0.077")
    facts = by_source["heavy.code, heavy.period, heavy.preperiod, heavy.period_status"]["text/plain"]
    assert facts == repr(("0.077", heavy.period, heavy.preperiod, "proven")), facts
    print(f"notebook: {len(cells)} code cells ran; outputs agree with the engine")


if __name__ == "__main__":
    main()
