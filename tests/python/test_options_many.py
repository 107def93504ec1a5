"""options_many(positions): a game or rule answering for many positions in one call.
table_of asks it for batches of heaps, the Engine for the positions its search goes
to next; the values must be those of the per-position options() and of a brute force."""

import functools
import gc
import random
import sys

import numpy as np
import pytest

import grundy


def kayles_pairs(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


@functools.lru_cache(maxsize=None)
def brute_kayles(n):
    seen = {brute_kayles(i) ^ brute_kayles(n - k - i) for k in (1, 2) for i in range(n - k + 1)}
    return next(v for v in range(len(seen) + 1) if v not in seen)


class Counted:
    """Kayles with both entry points, noting what each was asked."""

    name = "kayles"

    def __init__(self):
        self.single = []
        self.batches = []

    def options(self, n):
        self.single.append(n)
        return kayles_pairs(n)

    def options_many(self, positions):
        self.batches.append(list(positions))
        return [kayles_pairs(n) for n in positions]


def test_table_of_asks_batches_of_heaps_in_order():
    rule = Counted()
    t = grundy.table_of(rule, 400, max_take=2)
    assert list(t.values) == [brute_kayles(n) for n in range(401)]
    assert rule.single == []
    asked = [n for batch in rule.batches for n in batch]
    assert asked == list(range(401))  # every heap once, in order
    assert max(map(len, rule.batches)) > 1
    plain = grundy.table_of(kayles_pairs, 400, max_take=2)
    assert (t.period, t.preperiod, t.code) == (plain.period, plain.preperiod, plain.code) == (12, 71, plain.code)


def test_table_of_batches_of_arrays_agree_with_the_per_heap_path():
    rng = random.Random(3)
    for _ in range(5):
        takes = sorted(rng.sample(range(1, 7), rng.randint(1, 3)))

        def options(n):  # a subtraction game with splits: remove t, leave one or two heaps
            return [[i, n - t - i] for t in takes for i in range(n - t + 1)]

        class Many:
            def options(self, n):
                raise AssertionError("options_many answers every heap")

            def options_many(self, heaps):
                answers = []
                for n in heaps:  # one int array per heap, -1 for no heap
                    rows = [[i, n - t - i] for t in takes for i in range(n - t + 1)]
                    answers.append(np.array(rows, dtype=np.int64).reshape(-1, 2))
                return answers

        @functools.lru_cache(maxsize=None)
        def brute(n):
            seen = {brute(i) ^ brute(n - t - i) for t in takes for i in range(n - t + 1)}
            return next(v for v in range(len(seen) + 1) if v not in seen)

        upto = 150
        many = grundy.table_of(Many(), upto)
        assert list(many.values) == list(grundy.table_of(options, upto).values) == [brute(n) for n in range(upto + 1)]


def test_table_of_refuses_a_wrong_number_of_answers():
    class Short:
        def options(self, n):
            return []

        def options_many(self, heaps):
            return [[] for _ in heaps][:-1]

    with pytest.raises(grundy.InputError, match=r"options_many\(\[0\]\) returned \[\], not a list of one answer"):
        grundy.table_of(Short(), 10)

    class Bad:
        def options(self, n):
            return []

        def options_many(self, heaps):
            return [[[n]] for n in heaps]  # a heap as large as the heap itself

    with pytest.raises(grundy.InputError, match="options_many's answer for heap 0"):
        grundy.table_of(Bad(), 10)


def test_engine_fetches_the_search_frontier_in_batches():
    game = Counted()
    engine = grundy.Engine(game)
    assert engine.value(79) == brute_kayles(79)  # the search from 79 meets every smaller heap
    assert [engine.value(n) for n in range(80)] == [brute_kayles(n) for n in range(80)]
    fetched = [n for batch in game.batches for n in batch]
    assert len(fetched) == len(set(fetched))  # none fetched twice
    assert max(map(len, game.batches)) > 1
    assert len(game.single) < 10  # only the roots, asked before any frontier
    plain = grundy.Engine(kayles_pairs)
    for position in ([7, 9], [30, 31, 2], [0]):
        mine, theirs = engine.solve(position), plain.solve(position)
        assert (mine.value, mine.winning_moves, mine.winning_moves_count) == (
            theirs.value, theirs.winning_moves, theirs.winning_moves_count)
    for position in ([3, 5], [2, 4, 6]):  # misère play searches sums: small ones
        assert engine.solve(position, misere=True).outcome == plain.solve(position, misere=True).outcome


def test_engine_with_hooks_and_options_many_agrees_with_a_brute_force():
    # Kayles on a board of rows: a position is a sorted tuple of rows, decompose splits it.
    class Board:
        def options(self, rows):
            found = []
            for r, n in enumerate(rows):
                rest = rows[:r] + rows[r + 1:]
                for k in (1, 2):
                    for i in range(n - k + 1):
                        found.append(((r, k, i), [tuple(sorted(rest + tuple(x for x in (i, n - k - i) if x)))]))
            return found

        def options_many(self, positions):
            return [self.options(p) for p in positions]

        def decompose(self, rows):
            return [(n,) for n in rows]

        def value(self, rows):
            return 0 if rows == () else None

    board = grundy.Engine(Board())
    rng = random.Random(8)
    for _ in range(20):
        rows = tuple(sorted(rng.randint(0, 25) for _ in range(rng.randint(1, 4))))
        expected = 0
        for n in rows:
            expected ^= brute_kayles(n)
        assert board.value(rows) == expected


def test_engine_on_random_games_agrees_with_a_brute_force():
    rng = random.Random(21)
    for _ in range(10):
        moves = {n: sorted(rng.sample(range(n), min(n, rng.randint(0, 4)))) for n in range(120)}

        class Random:
            def options(self, n):
                return [(m, [m]) for m in moves[n]]

            def options_many(self, positions):
                return [self.options(n) for n in positions]

        @functools.lru_cache(maxsize=None)
        def brute(n):
            seen = {brute(m) for m in moves[n]}
            return next(v for v in range(len(seen) + 1) if v not in seen)

        engine = grundy.Engine(Random())
        assert [engine.value(n) for n in range(119, -1, -7)] == [brute(n) for n in range(119, -1, -7)]


def test_engine_refuses_a_wrong_number_of_answers_and_stays_usable():
    class Short:
        def options(self, n):
            return kayles_pairs(n)

        def options_many(self, positions):
            return [kayles_pairs(n) for n in positions][1:]

    engine = grundy.Engine(Short())
    with pytest.raises(grundy.InputError, match=r"options_many\(\[.*\]\) returned .*not a list of one answer per"):
        engine.value(12)

    class Raising:
        def __init__(self):
            self.fail = True

        def options(self, n):
            return kayles_pairs(n)

        def options_many(self, positions):
            if self.fail:
                raise ZeroDivisionError("the game's own error")
            return [kayles_pairs(n) for n in positions]

    game = Raising()
    engine = grundy.Engine(game)
    with pytest.raises(ZeroDivisionError, match="the game's own error"):
        engine.value(12)
    game.fail = False
    assert engine.value(12) == brute_kayles(12)


def test_engine_reads_a_batch_at_once_and_keeps_no_python_object():
    # Every answer holds the same move object: once a batch is read into the engine's
    # own form, no reference to it (nor to the answer lists) is left.
    token = object()

    class Shared:
        def options(self, n):
            return [(token, [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]

        def options_many(self, positions):
            answers = [self.options(n) for n in positions]
            self.peak = max(getattr(self, "peak", 0), sys.getrefcount(token))
            return answers

    game = Shared()
    before = sys.getrefcount(token)
    engine = grundy.Engine(game)
    assert engine.value(60) == brute_kayles(60)
    assert game.peak > before + 100  # the answers were built ...
    assert sys.getrefcount(token) == before  # ... and none is kept
    # A sink that lists moves asks options() again: the winning moves are the game's.
    result = engine.solve([60, 3])
    assert all(move["move"] is token for move in result.winning_moves)


def test_engine_batches_only_when_several_positions_wait():
    # A chain n -> n - 1: each expansion meets one new position, which options() asks for.
    class Chain:
        def __init__(self):
            self.batches = 0

        def options(self, n):
            return [(1, [n - 1])] if n > 0 else []

        def options_many(self, positions):
            self.batches += 1
            return [self.options(n) for n in positions]

    game = Chain()
    assert grundy.Engine(game).value(500) == 500 % 2
    assert game.batches == 0


def test_engine_options_many_agrees_with_options_and_a_brute_force_on_random_games():
    # Random acyclic games whose options leave sums of one to three components.
    rng = random.Random(5)
    for _ in range(12):
        size = rng.randint(5, 60)
        table = {n: [[rng.randrange(n) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(0, 5))]
                 if n else [] for n in range(size)}

        class Plain:
            def options(self, n):
                return [(j, list(parts)) for j, parts in enumerate(table[n])]

        class Many(Plain):
            def options_many(self, positions):
                return [self.options(n) for n in positions]

        @functools.lru_cache(maxsize=None)
        def brute(n):
            seen = set()
            for parts in table[n]:
                v = 0
                for part in parts:
                    v ^= brute(part)
                seen.add(v)
            return next(v for v in range(len(seen) + 1) if v not in seen)

        plain, many = grundy.Engine(Plain()), grundy.Engine(Many())
        top = size - 1
        assert many.value(top) == plain.value(top) == brute(top)
        assert [many.value(n) for n in range(size)] == [brute(n) for n in range(size)]
        for position in ([top], [top, top // 2], [top, 1, 2]):
            mine, theirs = many.solve(position), plain.solve(position)
            assert (mine.value, mine.winning_moves) == (theirs.value, theirs.winning_moves)
            explained = grundy.explain(Many(), position)
            assert explained.value == theirs.value


@pytest.mark.parametrize("answer, complaint", [
    (None, r"options_many's answer for 7 returned None, not a list of \(move, \[components\]\) pairs"),
    ([5], r"options_many's answer for 7 gave 5, not a \(move, \[components\]\) pair"),
    ([(0, 5)], r"options_many's answer for 7 gave the components 5, not a list of positions"),
    ([(0, [[1]])], r"position \[1\] is not hashable"),
])
def test_engine_names_the_position_whose_batched_answer_is_bad(answer, complaint):
    class Bad:
        def options(self, n):
            return kayles_pairs(n)

        def options_many(self, positions):
            return [answer if n == 7 else kayles_pairs(n) for n in positions]

    engine = grundy.Engine(Bad())
    with pytest.raises(grundy.InputError, match=complaint):
        engine.value(12)


def test_the_collector_is_paused_while_an_answer_is_alive_and_restored_after():
    seen = []

    class Watched:
        def options(self, n):
            seen.append(gc.isenabled())
            return kayles_pairs(n)

        def options_many(self, positions):
            seen.append(gc.isenabled())
            return [kayles_pairs(n) for n in positions]

    assert gc.isenabled()
    assert grundy.Engine(Watched()).value(30) == brute_kayles(30)
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        assert grundy.Engine(Watched()).value(31) == brute_kayles(31)
        assert not gc.isenabled()  # left as the caller set it
    finally:
        gc.enable()
    with pytest.raises(ZeroDivisionError):
        grundy.Engine(lambda n: 1 / 0).value(3)
    assert gc.isenabled()
