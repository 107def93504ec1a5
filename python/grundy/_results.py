"""Result objects: the command line's JSON fields as Python objects.

A Result is a read-only mapping (``result["value"]``) whose fields are also
attributes (``result.value``), with a one-line readable repr. A Table holds
g(0..upto) as a NumPy array sharing the engine's memory, with the table's
fields (period, preperiod, saltus, stats, ...) as attributes.
"""

from collections.abc import Mapping

from . import _html


class Result(Mapping):
    """An answer: exactly the fields of ``grundy --json`` for the same call."""

    __slots__ = ("_fields",)

    def __init__(self, fields):
        object.__setattr__(self, "_fields", _wrap(fields))

    def __getitem__(self, key):
        return self._fields[key]

    def __iter__(self):
        return iter(self._fields)

    def __len__(self):
        return len(self._fields)

    def __getattr__(self, name):
        # Only fields: never this object's own slots (absent while pickle or copy rebuilds it).
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        raise AttributeError("results are read-only")

    def __reduce__(self):
        # Rebuilt from its plain fields: pickle, copy.copy and copy.deepcopy round-trip.
        return (Result, (self.to_dict(),))

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._fields))

    def to_dict(self):
        """The fields as plain dicts and lists (what json.loads of the CLI gives)."""
        return _unwrap(self)

    def _repr_html_(self):
        """Jupyter's view: an answer with its winning moves and drawing, an explanation with its mex."""
        f = self._fields
        if "explain" in f and "outcome" in f:
            return _html.explanation_html(f)
        if "outcome" in f and "position" in f:
            return _html.answer_html(f)
        return None  # anything else: the plain repr

    def __repr__(self):
        f = self._fields
        if "outcome" in f and "position" in f:
            return _answer_repr(f)
        inner = ", ".join(f"{k}={v!r}" for k, v in list(f.items())[:6])
        more = ", ..." if len(f) > 6 else ""
        return f"Result({inner}{more})"


def _answer_repr(f):
    position = " + ".join(str(p) for p in f["position"]) or "(empty)"
    play = " (misère)" if f.get("play") == "misere" else ""
    winner = {"first": "first player wins", "second": "second player wins", "draw": "draw"}[f["outcome"]]
    value = "" if f.get("value") is None else f", value {f['value']}"
    moves = f.get("winning_moves", [])
    count = f.get("winning_moves_count", len(moves))
    shown = "; ".join(str(m["move"]) for m in moves[:3])
    tail = f": {shown}" + ("; ..." if count > 3 else "") if moves else ""
    return f"<{f['game']} {position}{play}{value}, {winner}, {count} winning move(s){tail}>"


def _wrap(value):
    if isinstance(value, dict):
        return {k: _wrap_inner(v) for k, v in value.items()}
    return value


def _wrap_inner(value):
    if isinstance(value, dict):
        return Result(value)
    if isinstance(value, list):
        return [_wrap_inner(v) for v in value]
    return value


def _unwrap(value):
    if isinstance(value, Result):
        return {k: _unwrap(v) for k, v in value._fields.items()}
    if isinstance(value, list):
        return [_unwrap(v) for v in value]
    return value


class Table:
    """g(0..upto) of a game: ``values`` is a read-only NumPy array over the
    engine's own table (no copy); every field of ``grundy --json table`` is an
    attribute (``period``, ``preperiod``, ``stats``, ``saltus`` where the game
    has one). Indexing and len() go to the values."""

    def __init__(self, handle, fields):
        self._handle = handle  # keeps the C++ table alive (also the array's base)
        self.values = handle.values
        self._fields = Result(fields)

    def __reduce__(self):
        # Pickled and copied as its values (a read-only copy) and fields; the C++ table stays behind.
        return (_table_from, (self.values.copy(), self.fields()))

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._fields, name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._fields))

    def __len__(self):
        return len(self.values)

    def __getitem__(self, n):
        return self.values[n]

    def __array__(self, dtype=None):
        return self.values if dtype is None else self.values.astype(dtype)

    def fields(self):
        """The table's JSON fields (values left out: they are ``self.values``)."""
        return self._fields.to_dict()

    def svg(self, *, width=720, height=260):
        """g(n) drawn as SVG (a grundy.Plot: Jupyter shows it; .save(path) writes it)."""
        return _html.Plot(self, width=width, height=height)

    def _repr_html_(self):
        """Jupyter's view: the summary (period, pre-period, saltus, statistics) and the plot."""
        return _html.table_html(self, self.fields())

    def __repr__(self):
        head = ", ".join(str(int(v)) for v in self.values[:12])
        more = ", ..." if len(self.values) > 12 else ""
        period = "no period found" if self.period is None else f"period {self.period} from {self.preperiod}"
        return f"<table {self.game} g(0..{self.upto}) = [{head}{more}]; {period}>"


def _table_from(values, fields):
    """A Table rebuilt from its values and fields (unpickling, copies)."""
    table = Table.__new__(Table)
    values.flags.writeable = False
    table._handle = None
    table.values = values
    table._fields = Result(fields)
    return table
