"""Every catalogue game from Python against the command line's --json on random positions."""

import gc
import random

import numpy as np
import pytest

import grundy

ROOT_FILES = {"dag": "examples/pebbles.txt", "graph": "examples/loopy.txt"}


def heaps(rng, top=60, count=3):
    return [rng.randint(0, top) for _ in range(rng.randint(1, count))]


def row(rng):
    while True:
        cells = "".join(rng.choice("......X") for _ in range(rng.randint(3, 14)))
        if "XXX" not in cells and "X.X" not in cells and "XX" not in cells:
            return cells


def board(rng):
    return "/".join("".join(rng.choice("0001") for _ in range(4)) for _ in range(3))


def grid(rng):
    return "/".join("".join(rng.choice("..*") for _ in range(3)) for _ in range(2))


def strip(rng):
    return "".join(rng.choice("HT") for _ in range(rng.randint(1, 12)))


def memory_heaps(rng):
    """Heaps of games with a memory: N (the opening) or N,K (the previous move took K)."""
    return [f"{rng.randint(2, 40)}" if rng.random() < 0.5 else f"{rng.randint(0, 40)},{rng.randint(1, 6)}"
            for _ in range(rng.randint(1, 2))]


def vertices(root, name):
    with open(root / ROOT_FILES[name]) as listing:
        words = [line.split()[0] for line in listing if line.strip() and not line.startswith("#")]
    return sorted(set(words))


# game -> (rule keywords for Python, rule arguments for the command line, a random position)
CASES = {
    "nim": ({}, [], lambda rng, root: heaps(rng, 10**6)),
    "subtraction": ({"set": [1, 3, 4]}, ["--set", "1,3,4"], lambda rng, root: heaps(rng, 10**9)),
    "passnim": ({}, [], lambda rng, root: [f"{n}*" if rng.random() < 0.3 else n for n in heaps(rng, 100)]),
    "divide": ({}, [], lambda rng, root: heaps(rng, 10**12)),
    "octal": ({"code": "0.137"}, ["0.137"], lambda rng, root: heaps(rng)),
    "kayles": ({}, [], lambda rng, root: heaps(rng)),
    "dawsons-kayles": ({}, [], lambda rng, root: heaps(rng)),
    "dawsons-chess": ({}, [], lambda rng, root: heaps(rng)),
    "officers": ({}, [], lambda rng, root: heaps(rng)),
    "grundys-game": ({}, [], lambda rng, root: heaps(rng)),
    "treblecross": ({}, [], lambda rng, root: [row(rng)]),
    "rect": ({}, [], lambda rng, root: [board(rng)]),
    "gridsplit": ({}, [], lambda rng, root: [grid(rng)]),
    "dag": (None, None, lambda rng, root: rng.choices(vertices(root, "dag"), k=2)),
    "graph": (None, None, lambda rng, root: rng.choices(vertices(root, "graph"), k=2)),
    "wythoff": ({}, [], lambda rng, root: [f"{rng.randint(0, 30)},{rng.randint(0, 30)}" for _ in range(2)]),
    "splittles": ({"set": [1, 2, 5]}, ["--set", "1,2,5"], lambda rng, root: heaps(rng)),
    "turning": ({"code": "1-3"}, ["1-3"], lambda rng, root: [strip(rng)]),
    "fibonacci-nim": ({}, [], lambda rng, root: memory_heaps(rng)),
    "take-away": ({"ratio": "3/2"}, ["--ratio", "3/2"], lambda rng, root: memory_heaps(rng)),
    "mem": ({}, [], lambda rng, root: memory_heaps(rng)),
}


def rules_for(name, root):
    python_rules, cli_rules, make = CASES[name]
    if python_rules is None:  # a game read from a file: the path is its positional rule
        path = str(root / ROOT_FILES[name])
        return {"file": path}, [path], make
    return python_rules, cli_rules, make


def test_every_game_has_a_case():
    assert set(grundy.games()) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_solve_matches_the_command_line(name, cli, root):
    rng = random.Random(name)
    rules, cli_rules, make = rules_for(name, root)
    for _ in range(4):
        position = make(rng, root)
        answer = grundy.solve(name, position, **rules)
        assert answer.to_dict() == cli(name, *cli_rules, *position)


@pytest.mark.parametrize("name", ["nim", "kayles", "subtraction", "wythoff", "graph"])
def test_misere_matches_the_command_line(name, cli, root):
    rng = random.Random(name)
    rules, cli_rules, make = rules_for(name, root)
    for _ in range(3):
        position = make(rng, root)
        if name in ("kayles", "subtraction"):
            position = [n % 12 for n in position]
        if name == "wythoff":
            position = [f"{rng.randint(0, 6)},{rng.randint(0, 6)}" for _ in range(2)]
        answer = grundy.solve(name, position, misere=True, **rules)
        assert answer.to_dict() == cli(name, *cli_rules, *position, "--misere")
        assert answer.play == "misere"


@pytest.mark.parametrize("name", ["nim", "kayles", "rect", "wythoff"])
def test_explain_matches_the_command_line(name, cli, root):
    rng = random.Random(name)
    rules, cli_rules, make = rules_for(name, root)
    position = make(rng, root)
    answer = grundy.explain(name, position, limit=5, **rules)
    assert answer.to_dict() == cli("explain", name, *cli_rules, *position, "--limit", 5)


def test_results_are_attributes_and_mappings():
    answer = grundy.solve("kayles", [7, 9])
    assert answer.value == answer["value"] == 6
    assert answer.outcome == "first"
    assert answer.winning_moves[0].component == 0
    assert "winning move" in repr(answer)
    with pytest.raises(AttributeError):
        answer.value = 1


def test_table_is_a_numpy_view_with_the_fields_of_the_command_line(cli):
    table = grundy.table("octal", 2000, code="0.137")
    expected = cli("table", "octal", "0.137", "--upto", 2000)
    assert table.values.tolist() == expected["values"]
    assert isinstance(table.values, np.ndarray) and not table.values.flags.owndata
    assert not table.values.flags.writeable
    assert (table.period, table.preperiod) == (34, 52)  # Dawson's chess
    assert table.stats.largest == expected["stats"]["largest"]
    fields = table.fields()
    # The same fields; the run's measured times (the parallel report's seconds) differ between runs.
    assert fields.keys() == (expected.keys() - {"values"}) | {"values"}
    untimed = {k for k in fields if k not in ("values", "parallel")}
    assert {k: fields[k] for k in untimed} == {k: expected[k] for k in untimed}
    if "parallel" in fields:
        assert fields["parallel"].keys() == expected["parallel"].keys()


def test_table_values_outlive_the_table_object():
    table = grundy.table("kayles", 100)
    values = table.values
    del table
    gc.collect()
    assert values[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert values.base is not None


def test_table_misere_and_period(cli):
    table = grundy.table("kayles", 20, misere=True)
    expected = cli("table", "kayles", "--upto", 20, "--misere")
    assert table.misere_values == expected["misere_values"]
    assert table.genus == expected["genus"]
    assert grundy.table("kayles", 200).period == 12


def test_checkpoint_and_resume_do_what_the_command_line_does(tmp_path, cli):
    saved = tmp_path / "kayles.ght"
    first = grundy.table("kayles", 100, checkpoint=str(saved), no_cache=True)
    assert saved.stat().st_size > 0
    longer = grundy.table("kayles", 400, resume=str(saved), no_cache=True)
    assert longer.values[:101].tolist() == first.values.tolist()
    assert longer.values.tolist() == cli("table", "kayles", "--upto", 400)["values"]
    with pytest.raises(grundy.InputError, match="nonexistent"):
        grundy.table("kayles", 100, resume="/nonexistent/kayles.ght")
    with pytest.raises(grundy.InputError, match="checkpoint_every"):
        grundy.table("kayles", 100, checkpoint=str(saved), checkpoint_every="soon")
    with pytest.raises(grundy.InputError, match="unknown rule option 'checkpoint'"):
        grundy.table("subtraction", 10, set=[1, 2], checkpoint=str(saved))
