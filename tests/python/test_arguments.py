"""Arguments and callback values checked as the command line checks its own: one
grundy.InputError naming the argument (or the value and the position), never a
pybind11 cast error, a silent truncation or a keyword quietly ignored; and
exceptions a game's own code raises propagate unchanged."""

import numpy as np
import pytest

import grundy


def kayles(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


@pytest.mark.parametrize("time", [-1, float("nan"), float("-inf"), 1e12, "30"])
def test_time_must_be_seconds(time):
    with pytest.raises(grundy.InputError, match="time: .* is not a number of seconds"):
        grundy.solve("nim", [3], time=time)
    with pytest.raises(grundy.InputError, match="time:"):
        grundy.solve(kayles, [3], time=time)
    with pytest.raises(grundy.InputError, match="time:"):
        grundy.table("kayles", 10, time=time)


def test_time_zero_means_no_limit_as_on_the_command_line():
    assert grundy.solve("nim", [3], time=0).value == 3
    assert grundy.Engine(kayles).value(7, time=0) == 2


@pytest.mark.parametrize("call, word", [
    (lambda: grundy.solve("nim", [3], max_moves=-1), "max_moves: '-1' is negative"),
    (lambda: grundy.solve(kayles, [3], max_moves=-1), "max_moves: '-1' is negative"),
    (lambda: grundy.solve("nim", [3], max_moves=2.5), "max_moves: '2.5' is not a whole number"),
    (lambda: grundy.explain("nim", [3], limit=-1), "limit: '-1' is negative"),
    (lambda: grundy.explain(kayles, [3], limit=-1), "limit: '-1' is negative"),
    (lambda: grundy.table("kayles", -1), "upto: '-1' is negative"),
    (lambda: grundy.table("kayles", 2**64), "upto: '18446744073709551616' is over the limit"),
    (lambda: grundy.table("kayles", 10.7), "upto: '10.7' is not a whole number"),
    (lambda: grundy.table("kayles", "ten"), "upto: 'ten' is not a whole number"),
    (lambda: grundy.table_of(lambda n: [], -3), "upto: '-3' is negative"),
    (lambda: grundy.table_of(lambda n: [], 5.5), "upto: '5.5' is not a whole number"),
    (lambda: grundy.table_of(lambda n: [], 5, max_take=-1), "max_take: '-1' is negative"),
    (lambda: grundy.table_of(lambda n: [], 5, max_take=2, max_heaps=4), "max_heaps: '4' is over the limit 3"),
])
def test_counts_are_checked_as_on_the_command_line(call, word):
    with pytest.raises(grundy.InputError) as raised:
        call()
    assert word in str(raised.value)


def test_numpy_integers_are_whole_numbers():
    assert len(grundy.table("kayles", np.int64(20))) == 21
    assert len(grundy.table_of(lambda n: [n - 1] if n else [], np.uint16(9))) == 10
    assert len(grundy.solve("nim", [3, 4], max_moves=np.int32(1)).winning_moves) == 1
    assert len(grundy.explain(kayles, [6], limit=np.int8(2)).explain[0].options) == 2


def test_misspelled_keywords_are_refused_for_games_in_python_too():
    with pytest.raises(grundy.InputError, match="subtraction: unknown rule option 'sett'"):
        grundy.solve("subtraction", [5], sett=[1])
    with pytest.raises(grundy.InputError, match="kayles: unknown rule option 'sett'.*written in Python takes none"):
        grundy.solve(kayles, [5], sett=[1])
    with pytest.raises(grundy.InputError, match="unknown rule option 'misere_play'"):
        grundy.explain(kayles, [5], misere_play=True)


@pytest.mark.parametrize("bad", ["x", -1, 1.5, 2**70, [1]])
def test_a_bad_value_from_value_names_the_value_and_the_position(bad):
    class Game:
        name = "valued"

        def options(self, n):
            return [(1, [n - 1])] if n else []

        def value(self, n):
            return bad if n == 4 else None

    with pytest.raises(grundy.InputError) as raised:
        grundy.solve(Game(), [6])
    message = str(raised.value)
    assert f"value(4) returned {bad!r}" in message and "not None or a whole number" in message


def test_numpy_integers_from_callbacks_are_ints():
    class Game:
        def options(self, n):
            return [(1, [np.int64(n - 1)])] if n else []

        def value(self, n):
            return np.uint8(n % 2) if n < 3 else None

    assert grundy.solve(Game(), [np.int64(7)]).value == 1
    assert grundy.table_of(lambda n: [np.int64(n - 1)] if n else [], 9).values.tolist() == [0, 1] * 5
    assert grundy.table_of(lambda n: [[np.int32(n - 1)]] if n else [], 9).values.tolist() == [0, 1] * 5


@pytest.mark.parametrize("options, shown", [
    (lambda n: [-1], "-1 is not a heap size"),
    (lambda n: ["a"], "'a' is not a heap size"),
    (lambda n: [[[n - 1]]] if n else [], "[0] is not a heap size"),
    (lambda n: [1.5] if n else [], "1.5 is not a heap size"),
    (lambda n: [n] if n else [], "1 is not a heap size (a whole number from 0 to 0)"),
    (lambda n: None, "returned None, not a list of options"),
    (lambda n: np.array([[0.5]]), "not an int array"),
    (lambda n: np.array([[-2, 0]]) if n else np.zeros((0, 2), int), "holds -2"),
])
def test_table_of_refuses_bad_options_naming_value_and_heap(options, shown):
    with pytest.raises(grundy.InputError, match="table_of: options") as raised:
        grundy.table_of(options, 5)
    assert shown in str(raised.value)


@pytest.mark.parametrize("options, shown", [
    (lambda p: None, "options(3) returned None, not a list of (move, [components]) pairs"),
    (lambda p: 5, "options(3) returned 5"),
    (lambda p: [p - 1] if p else [], "options(3) gave 2, not a (move, [components]) pair"),
    (lambda p: [("m", 2)] if p else [], "options(3) gave the components 2, not a list of positions"),
    (lambda p: [("m", [[p - 1]])] if p else [], "position [2] is not hashable"),
])
def test_engine_refuses_bad_options_naming_the_position(options, shown):
    with pytest.raises(grundy.InputError) as raised:
        grundy.solve(options, 3)
    assert shown in str(raised.value)


class Touchy:
    """A position whose == raises (a user's bug): the user's exception, not "not hashable"."""

    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n % 2

    def __eq__(self, other):
        raise ArithmeticError("cannot compare these")


def test_exceptions_from_hash_and_eq_propagate_unchanged():
    with pytest.raises(ArithmeticError, match="cannot compare"):
        grundy.solve(lambda p: [("m", [Touchy(p.n - 1)])] if p.n else [], Touchy(5))

    class BadHash:
        def __hash__(self):
            raise LookupError("no hash today")

    with pytest.raises(LookupError, match="no hash today"):
        grundy.solve(lambda p: [], BadHash())


def test_decompose_must_return_a_list():
    class Split:
        def options(self, p):
            return []

        def decompose(self, p):
            return None

    with pytest.raises(grundy.InputError, match=r"decompose\(3\) returned None, not a list of positions"):
        grundy.solve(Split(), 3)
