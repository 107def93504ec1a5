"""grundy from Python: every catalogue game, and games written in Python,
solved by grundy's C++ engine.

    >>> import grundy
    >>> grundy.solve("kayles", [7, 9]).value
    6
    >>> t = grundy.table("octal", code="0.137", upto=1000)   # t.values: a NumPy array
    >>> class Kayles:
    ...     def options(self, n):
    ...         return [(f"take {k} at {i}", [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1)]
    >>> grundy.solve(Kayles(), [7, 9]).value
    6

Answers carry the same fields as ``grundy --json`` (docs/cli.md). Errors are
grundy.InputError, grundy.BudgetExceeded (grundy.TimeExceeded for time),
grundy.CycleError, all grundy.Error; Ctrl-C raises KeyboardInterrupt.
See docs/python.md.
"""

import json as _json
import math as _math
import numbers as _numbers
import operator as _operator

# NumPy is imported here, once, with the import lock free: a first import from
# inside a call (two threads making their first table at once) could deadlock.
import numpy as _numpy  # noqa: F401  (the tables' values are NumPy arrays)

from . import _grundy
from ._grundy import BudgetExceeded, CycleError, Error, InputError, TimeExceeded
from ._html import Plot
from ._results import Result, Table

__version__ = _grundy.__version__
__all__ = ["solve", "explain", "table", "table_of", "games", "info", "Engine", "plot", "Plot", "Result", "Table",
           "Error", "InputError", "BudgetExceeded", "TimeExceeded", "CycleError", "nim_multiply"]

_GAMES = _json.loads(_grundy._games())
_INFO = {}
for _entry in _GAMES:
    _INFO[_entry["name"]] = _entry
    for _alias in _entry["aliases"]:
        _INFO.setdefault(_alias, _entry)


def games():
    """The catalogue's game names, in the command line's order."""
    return [e["name"] for e in _GAMES]


def info(game):
    """What the catalogue says about a game: rules, position syntax, limits, rule options."""
    return Result(_entry_of(game))


def _entry_of(game):
    try:
        return _INFO[game]
    except KeyError:
        raise InputError(f"unknown game '{game}' (grundy.games() lists them)") from None


def _keyword(option_name):
    return option_name.lstrip("-").replace("-", "_")


def _rules(game, rules, options):
    """Keyword arguments -> the catalogue's rule values, keyed by option name."""
    by_keyword = {_keyword(o["name"]): o for o in options}
    values = {}
    for key, value in rules.items():
        option = by_keyword.get(key)
        if option is None:
            known = ", ".join(sorted(by_keyword)) or "none"
            raise InputError(f"{game}: unknown rule option '{key}' (it takes: {known})")
        if option["kind"] == "flag":
            if value:
                values[option["name"]] = "true"
        elif value is not None:
            values[option["name"]] = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return values


def _texts(position):
    if position is None:
        return []
    if isinstance(position, (list, tuple)):
        return [str(p) for p in position]
    return [str(position)]


def _is_python_game(game):
    return not isinstance(game, str)


def _count_text(value):
    """A whole-number argument as the command line's text, checked by the engine
    as the command line checks it (NumPy integers are whole numbers; 10.7 is not)."""
    if value is None:
        return None
    try:
        return str(_operator.index(value))
    except TypeError:
        return str(value)


def nim_multiply(a, b):
    """The nim-product of two nimbers below 2**64: the value of the product of two
    coin-turning games whose values are a and b (Turning Corners: the product of
    two Twins is nim_multiply(x - 1, y - 1) at coin (x, y))."""
    return _grundy.nim_multiply(_nimber(a, "a"), _nimber(b, "b"))


def _nimber(value, name):
    """A nimber argument: a whole number 0 <= value < 2**64 (NumPy integers too)."""
    if isinstance(value, bool):
        raise InputError(f"{name}: {value!r} is not a nimber (a whole number from 0 to 2**64 - 1)")
    try:
        number = _operator.index(value)
    except TypeError:
        raise InputError(f"{name}: {value!r} is not a nimber (a whole number from 0 to 2**64 - 1)") from None
    if not 0 <= number < 2**64:
        raise InputError(f"{name}: {number} is not a nimber (a whole number from 0 to 2**64 - 1)")
    return number


def _seconds(time):
    """time=: seconds, 0 (or None) for no limit; the engine refuses negative, NaN and huge values."""
    if time is None:
        return None
    if isinstance(time, bool) or not isinstance(time, _numbers.Real):
        raise InputError(f"time: {time!r} is not a number of seconds (for example 30 or 2.5; 0 for no limit)")
    return float(time)


def _memory(memory):
    if memory is None:
        return None
    if isinstance(memory, bool):
        raise InputError(f"memory: {memory!r} is not a size (for example 512M or 2G)")
    if isinstance(memory, _numbers.Integral):
        return str(int(memory))
    return str(memory)


def _no_rules(game, rules):
    """A game written in Python has no rule options: a keyword there is a mistake."""
    if rules:
        key = sorted(rules)[0]
        raise InputError(f"{_grundy._python_game_name(game)}: unknown rule option '{key}' "
                         "(a game written in Python takes none)")


def solve(game, position=None, *, misere=False, max_moves=None, time=None, memory=None, **rules):
    """The answer for a position: each component's value, the sum's value, the
    winner and every winning move (at most max_moves listed).

    game: a catalogue name ("kayles"), or a Python game (an object with
    options(position), or the options function itself). position: a list of
    components (a sum) or one component. Rule options are keywords
    (code="0.137", set=[1, 3, 4]). time: seconds; memory: "512M", "2G".
    """
    if _is_python_game(game):
        _no_rules(game, rules)
        return Engine(game).solve(position, misere=misere, max_moves=max_moves, time=time, memory=memory)
    entry = _entry_of(game)
    text = _grundy._solve(game, _texts(position), _rules(game, rules, entry["rule_options"]), bool(misere),
                          _count_text(max_moves), _seconds(time), _memory(memory))
    return Result(_json.loads(text))


def explain(game, position=None, *, limit=100, misere=False, max_moves=None, time=None, memory=None, **rules):
    """Why a position has its value: the answer plus, per component, its options
    (at most `limit` listed), their values and the mex (field "explain")."""
    if _is_python_game(game):
        _no_rules(game, rules)
        return Engine(game).explain(position, limit=limit, misere=misere, max_moves=max_moves, time=time,
                                    memory=memory)
    entry = _entry_of(game)
    text = _grundy._explain(game, _texts(position), _rules(game, rules, entry["rule_options"]), bool(misere),
                            _count_text(limit), _count_text(max_moves), _seconds(time), _memory(memory))
    return Result(_json.loads(text))


def table(game, upto, *, misere=False, until_period=False, time=None, memory=None, **rules):
    """g(0..upto) of a game with a table (heap games, subtraction games, ...):
    a Table whose ``values`` is a NumPy array sharing the engine's memory, with
    ``period``, ``preperiod`` and the game's fields (stats, saltus, ...).

    Heap games also take the command line's table options: checkpoint="FILE"
    (saved now and then, on Ctrl-C and at the end), checkpoint_every=SECONDS,
    resume="FILE" (continue from a checkpoint or a saved table)."""
    entry = _entry_of(game)
    table_keywords = {_keyword(o["name"]) for o in entry["table_options"]}
    run = {k: v for k, v in rules.items() if k in table_keywords}
    game_rules = {k: v for k, v in rules.items() if k not in table_keywords}
    handle = _grundy._table(game, _count_text(upto), _rules(game, game_rules, entry["rule_options"]),
                            _rules(game, run, entry["table_options"]), bool(misere), bool(until_period),
                            _seconds(time), _memory(memory))
    return Table(handle, _json.loads(handle.json))


def table_of(rule, upto, *, max_take=None, max_heaps=2, name=None):
    """g(0..upto) of a heap game written in Python, bottom-up in C++.

    rule: options(n) (or an object with it) listing each option of a heap of n
    as the heaps it leaves: a list of sizes, one int, or a (move, [sizes]) pair;
    every heap left must be smaller than n. With max_take (and max_heaps, at most
    3) the rule declares that each move removes at most max_take tokens and
    leaves at most max_heaps heaps (checked on every option); the period is then
    proven by the octal-game theorem, as for catalogue heap games.
    """
    label = name or getattr(rule, "name", None) or getattr(rule, "__name__", None) or type(rule).__name__
    handle = _grundy._table_of(rule, _count_text(upto), _count_text(max_take), _count_text(max_heaps), str(label))
    return Table(handle, _json.loads(handle.json))


class Engine:
    """A Python game with the C++ engine's memo, kept across calls.

    The game: options(position) -> [(move, [components...]), ...]; optional
    canonical(p) -> p', decompose(p) -> [parts], value(p) -> int or None (a
    known value). Positions are any hashable values; a list passed as a
    position means a sum of components.
    """

    def __init__(self, game):
        self.game = game
        self._engine = _grundy._Engine(game)

    def value(self, position, *, time=None, memory=None):
        """The value of a position (a list: the nim-sum of its components)."""
        return self._engine.value(position, _seconds(time), _memory(memory))

    def solve(self, position, *, misere=False, max_moves=None, time=None, memory=None):
        """The answer with the command line's fields (moves and positions as Python objects)."""
        return Result(self._engine.solve(position, bool(misere), _count_text(max_moves), _seconds(time),
                                         _memory(memory)))

    def explain(self, position, *, limit=100, misere=False, max_moves=None, time=None, memory=None):
        """The answer plus, per component, its options (at most `limit` listed) with
        their values, and under misère play whether each leaves a win or a loss for
        the player to move then (field "explain", as the command line gives it)."""
        return Result(self._engine.explain(position, _count_text(limit), bool(misere), _count_text(max_moves),
                                           _seconds(time), _memory(memory)))

    @property
    def memo_size(self):
        """Positions whose value the engine has memoised."""
        return self._engine.memo_size

    def __repr__(self):
        return f"<grundy.Engine for {self.game!r}: {self.memo_size} positions memoised>"


def plot(table, *, ax=None, **style):
    """Draws g(n) of a Table (or any sequence) with matplotlib; returns the axes."""
    from .plot import plot_table
    return plot_table(table, ax=ax, **style)
