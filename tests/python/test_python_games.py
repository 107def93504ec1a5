"""Games written in Python, solved by the C++ engine: against the same games in
C++ (the catalogue), against a plain memoised recursion, and with every hook."""

import functools
import random

import pytest

import grundy


class Kayles:
    """Kayles as the problem statements write it: knock down 1 or 2 adjacent pins."""

    name = "kayles"

    def options(self, n):
        return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


def kayles_rule(n):
    return [[i, n - k - i] for k in (1, 2) for i in range(n - k + 1)]


@functools.lru_cache(maxsize=None)
def brute_kayles(n):
    seen = {brute_kayles(i) ^ brute_kayles(n - k - i) for k in (1, 2) for i in range(n - k + 1)}
    return next(v for v in range(len(seen) + 1) if v not in seen)


def test_kayles_in_python_agrees_with_the_catalogue_game():
    rng = random.Random(12)
    engine = grundy.Engine(Kayles())
    for _ in range(30):
        position = [rng.randint(0, 40) for _ in range(rng.randint(1, 4))]
        mine = engine.solve(position)
        theirs = grundy.solve("kayles", position)
        assert mine.components == theirs.components
        assert (mine.value, mine.outcome, mine.winner) == (theirs.value, theirs.outcome, theirs.winner)
        assert mine.winning_moves_count == theirs.winning_moves_count
        assert mine.position == position


def test_values_agree_with_a_plain_recursion():
    engine = grundy.Engine(Kayles())
    assert [engine.value(n) for n in range(60)] == [brute_kayles(n) for n in range(60)]


def test_winning_moves_lead_to_zero():
    engine = grundy.Engine(Kayles())
    answer = engine.solve([9, 14, 3])
    assert answer.winning_moves_count == len(answer.winning_moves) > 0
    for move in answer.winning_moves:
        rest = [p for i, p in enumerate(answer.position) if i != move.component]
        assert engine.value(rest + move.to) == 0


def test_misere_agrees_with_the_catalogue_game():
    rng = random.Random(5)
    engine = grundy.Engine(Kayles())
    for _ in range(10):
        position = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        mine = engine.solve(position, misere=True)
        theirs = grundy.solve("kayles", position, misere=True)
        assert (mine.outcome, mine.value, mine.play) == (theirs.outcome, None, "misere")
        assert mine.winning_moves_count == theirs.winning_moves_count


def test_a_function_is_a_game_and_max_moves_cuts_the_list():
    answer = grundy.solve(lambda n: [(k, [n - k]) for k in (1, 2, 3) if k <= n], [5, 6, 9], max_moves=1)
    assert answer.value == (5 % 4) ^ (6 % 4) ^ (9 % 4)
    assert len(answer.winning_moves) <= 1


class Rows:
    """Kayles on several rows at once: a position is a tuple of rows, split by decompose
    and sorted by canonical, with the value of a single pin known outright."""

    def __init__(self):
        self.calls = 0

    def options(self, rows):
        self.calls += 1
        if not rows:
            return []
        (n,) = rows
        return [(k, [(i,), (n - k - i,)]) for k in (1, 2) for i in range(n - k + 1)]

    def decompose(self, rows):
        return [(n,) for n in rows if n > 0]

    def canonical(self, rows):
        return tuple(sorted(rows))

    def value(self, rows):
        return 1 if rows == (1,) else None


def test_hooks_canonical_decompose_value():
    game = Rows()
    assert grundy.Engine(game).value((7, 9, 3)) == brute_kayles(7) ^ brute_kayles(9) ^ brute_kayles(3)
    assert 0 < game.calls <= 20  # one options() call per heap size at most


def test_table_of_agrees_with_the_catalogue_table_and_proves_its_period():
    mine = grundy.table_of(kayles_rule, 300, max_take=2, name="my kayles")
    theirs = grundy.table("kayles", 300)
    assert mine.values.tolist() == theirs.values.tolist()
    assert (mine.period, mine.preperiod) == (12, 71)
    assert mine.period_status == "proven" and mine.game == "my kayles"
    assert grundy.table_of(kayles_rule, 50).period is None


def test_table_of_accepts_ints_and_move_pairs():
    # The subtraction game {1, 2}: period 3.
    table = grundy.table_of(lambda n: [n - k for k in (1, 2) if k <= n], 40, max_take=2, max_heaps=1)
    assert table.values[:6].tolist() == [0, 1, 2, 0, 1, 2] and table.period == 3
    pairs = grundy.table_of(lambda n: [(k, [n - k]) for k in (1, 2) if k <= n], 40)
    assert pairs.values.tolist() == table.values.tolist()


def test_table_of_checks_the_declared_shape():
    with pytest.raises(grundy.InputError, match="max_take=1"):
        grundy.table_of(kayles_rule, 10, max_take=1)
    with pytest.raises(grundy.InputError, match="0 is not a heap size"):
        grundy.table_of(lambda n: [[n]], 3)


def test_errors_are_grundy_exceptions():
    with pytest.raises(grundy.CycleError, match="cycle"):
        grundy.solve(lambda p: [("back", [1 - p])], 0)
    with pytest.raises(grundy.InputError, match="not hashable"):
        grundy.solve(lambda p: [("m", [[1, 2]])], 3)
    with pytest.raises(grundy.InputError, match=r"\(move, \[components\]\) pair"):
        grundy.solve(lambda p: [p - 1] if p else [], 3)
    with pytest.raises(grundy.InputError, match="unknown game"):
        grundy.solve("chess", [1])
    with pytest.raises(grundy.InputError, match="unknown rule option"):
        grundy.solve("kayles", [1], colour="red")
    with pytest.raises(grundy.BudgetExceeded):
        grundy.solve(lambda n: [(1, [n - 1])] if n else [], 200_000, memory="1M")
    with pytest.raises(grundy.TimeExceeded):
        grundy.solve(lambda n: [(1, [n - 1])] if n else [], 10**7, time=0.05)
    assert issubclass(grundy.TimeExceeded, grundy.BudgetExceeded)
    assert issubclass(grundy.InputError, grundy.Error)


def test_an_exception_in_a_callback_propagates_and_the_engine_stays_usable():
    class Fragile(Kayles):
        broken = True

        def options(self, n):
            if self.broken and n == 5:
                raise ValueError("no heaps of 5 today")
            return super().options(n)

    game = Fragile()
    engine = grundy.Engine(game)
    with pytest.raises(ValueError, match="no heaps of 5"):
        engine.value(8)
    with pytest.raises(ValueError, match="no heaps of 5"):
        engine.solve([8], misere=True)
    game.broken = False
    assert engine.value(8) == brute_kayles(8)
    assert engine.solve([8], misere=True).outcome == grundy.solve("kayles", [8], misere=True).outcome


def test_explain_lists_every_option_with_its_value():
    answer = grundy.Engine(Kayles()).explain([4])
    (component,) = answer.explain
    assert component.value == brute_kayles(4)
    assert component.options_count == len(Kayles().options(4))
    assert {o.value for o in component.options} == {brute_kayles(a) ^ brute_kayles(b) for _, (a, b) in
                                                   Kayles().options(4)}


def test_repr_is_readable():
    engine = grundy.Engine(Kayles())
    text = repr(engine.solve([3, 4]))
    assert text.startswith("<kayles 3 + 4") and "player wins" in text
    assert "positions memoised" in repr(engine)


def test_explain_under_misere_play_and_with_a_limit():
    position = [5, 3]
    mine = grundy.explain(Kayles(), position, misere=True, limit=2)
    theirs = grundy.explain("kayles", position, misere=True, limit=2)
    assert mine.play == theirs.play == "misere" and mine.value is None
    assert mine.outcome == theirs.outcome
    for m, t in zip(mine.explain, theirs.explain):
        assert m.options_listed == t.options_listed == 2
        assert m.options_count == len(Kayles().options(m.position))
        # Both list their first two options; every option's misère outcome agrees with the catalogue's.
        assert [o.misere_outcome for o in m.options] == [o.misere_outcome for o in t.options]
        assert [o.value for o in m.options] == [o.value for o in t.options]
    normal = grundy.explain(Kayles(), position)
    assert normal.play == "normal" and all("misere_outcome" not in o for c in normal.explain for o in c.options)
    assert all(c.options_listed == c.options_count for c in normal.explain)


def test_misere_outcomes_of_options_against_a_brute_force():
    @functools.lru_cache(maxsize=None)
    def misere_wins(heaps):
        moves = [tuple(sorted(heaps[:i] + heaps[i + 1:] + tuple(h for h in (a, b) if h)))
                 for i, n in enumerate(heaps) for k in (1, 2) for a in range(n - k + 1) for b in [n - k - a]]
        return not moves or any(not misere_wins(m) for m in moves)

    answer = grundy.explain(Kayles(), [4, 2], misere=True)
    for component in answer.explain:
        other = [p for i, p in enumerate(answer.position) if i != component.component]
        for option in component.options:
            left = tuple(sorted(h for h in other + option.result if h))
            assert option.misere_outcome == ("win" if misere_wins(left) else "loss")


def octal_rule(code):
    """The options of a heap of n under an octal or hexadecimal code, written as a user would."""
    digits = [int(d, 16) for d in code.split(".")[1]]

    def options(n):
        found = []
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                found.append([])
            if d & 2 and rest > 0:
                found.append([rest])
            if d & 4:
                found.extend([a, rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                found.extend([a, b, rest - a - b] for a in range(1, rest // 3 + 1) for b in range(a, (rest - a) // 2 + 1))
        return found

    return options


@pytest.mark.parametrize("code, period, saltus", [("0.8", 3, 1), ("0.3f", 6, 3), ("0.77", 12, 0), ("0.137", 34, 0)])
def test_table_of_finds_the_periods_table_proves(code, period, saltus):
    upto = 600
    mine = grundy.table_of(octal_rule(code), upto, max_take=len(code) - 2, max_heaps=3)
    theirs = grundy.table("octal", upto, code=code)
    assert mine.values.tolist() == theirs.values.tolist()
    assert (mine.period, mine.preperiod, mine.saltus) == (theirs.period, theirs.preperiod, theirs.saltus)
    assert (mine.period, mine.saltus) == (period, saltus) and mine.period_status == "proven"
    assert mine.code == theirs.code


def test_table_of_proves_nothing_for_a_rule_that_is_not_a_code():
    # Kayles without the splits into equal halves: no code lists those options.
    unequal = grundy.table_of(lambda n: [[i, n - k - i] for k in (1, 2) for i in range(n - k + 1)
                                         if 2 * i != n - k], 300, max_take=2)
    assert unequal.period is None and "not a take-and-break code" in unequal.period_status
    short = grundy.table_of(kayles_rule, 3, max_take=2)
    assert short.period is None and "upto must be above" in short.period_status
