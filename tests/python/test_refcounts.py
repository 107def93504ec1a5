"""Reference counting: a million small calls leave no Python objects behind and
no growth in memory."""

import gc
import resource
import sys
import tracemalloc

import grundy


def rss_kib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() // 1024


def rows(position):
    (n,) = position
    return [((k, i), [(i,), (n - k - i,)]) for k in (1, 2) for i in range(n - k + 1)]


def test_a_million_engine_calls_leak_nothing():
    engine = grundy.Engine(rows)
    position = (30,)
    value = engine._engine.value  # the binding itself, without the wrapper's keyword handling
    for _ in range(1000):
        value(position, None, None)
    held = sys.getrefcount(position)
    gc.collect()
    rss = rss_kib()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(1_000_000):
        value(position, None, None)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert grown < 64 * 1024
    assert rss_kib() - rss < 4 * 1024
    assert sys.getrefcount(position) == held


def test_positions_are_released_with_their_engine():
    class Token:
        alive = 0

        def __init__(self, n):
            self.n = n
            Token.alive += 1

        def __del__(self):
            Token.alive -= 1

        def __hash__(self):
            return hash(self.n)

        def __eq__(self, other):
            return self.n == other.n

    engine = grundy.Engine(lambda t: [(1, [Token(t.n - 1)])] if t.n else [])
    assert engine.value(Token(50)) == 0
    assert Token.alive > 0
    del engine
    gc.collect()
    assert Token.alive == 0


def test_many_catalogue_calls_and_tables_leak_nothing():
    for _ in range(200):
        grundy.solve("nim", [3, 4, 5])
        grundy.table("kayles", 100).values.sum()
    gc.collect()
    rss = rss_kib()
    for _ in range(3_000):
        grundy.solve("nim", [3, 4, 5])
    for _ in range(300):
        grundy.table("kayles", 100).values.sum()
    gc.collect()
    assert rss_kib() - rss < 4 * 1024
