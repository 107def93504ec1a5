#!/usr/bin/env python3
"""The C++ engine on games written in Python, beside the user's own code and beside C++.

Part 1, Kayles g(0..N), interleaved in one run (each repeated, medians):
  options loop   the user's options(n) called for every n, nothing else (list form)
  pairs loop     the same in the (move, [components]) form the Engine takes
  engine         grundy.Engine(kayles).value(N): the C++ solver, Python options()
  table_of       grundy.table_of(kayles_rule, N): bottom-up in C++, Python options(n)
  table_of array grundy.table_of(kayles_array, N): options(n) as a NumPy int array
  engine many    the Engine on the same game with options_many(positions): the
                 search's next positions fetched in one call per batch
  table_of many  table_of on a rule whose options_many(heaps) builds every option of
                 a batch of heaps in one NumPy computation (an int array per heap)
  recursion      plain memoised recursion in pure Python (functools.cache, set mex),
                 the way problem statements write it
  c++ plain      grundy.table("kayles", N, method="plain"): the same game all in C++
  c++ fast       the vectorised kernel
The engine's overhead is engine / pairs loop and table_of / options loop.

Part 2, a rule with few options per heap over many heaps (the subtraction game
{2, 5, 7}, heaps 0..100 N), table_of three ways in CPU time: options(n) as a list,
options(n) as a NumPy array, and options_many(heaps) answering each batch of heaps
with one NumPy computation; beside the list rule's own loop.

Part 3, a game whose positions split: Kayles on a board of several rows, a
position being the tuple of its rows. The plain recursion memoises whole boards;
the Engine, given a decompose hook, memoises single rows.

Run: PYTHONPATH=build/release/python /usr/bin/python3 bench/python_engine_bench.py [N] [REPEATS] [ROWS] [PINS]
"""

import functools
import json
import statistics
import sys
import time

import numpy as np

import grundy


def kayles(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


def kayles_rule(n):
    return [[i, n - k - i] for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


def kayles_array(n):
    rows = []
    for k in (1, 2):
        if n >= k:
            i = np.arange((n - k) // 2 + 1)
            rows.append(np.column_stack((i, n - k - i)))
    return np.concatenate(rows) if rows else np.empty((0, 2), np.int64)


class KaylesMany:
    """The (move, [components]) game, also answering for many positions in one call."""

    name = "kayles"
    options = staticmethod(kayles)

    @staticmethod
    def options_many(positions):
        return [kayles(n) for n in positions]


class KaylesArrays:
    """The rule as int arrays, every option of a batch of heaps built at once."""

    options = staticmethod(kayles_array)

    @staticmethod
    def options_many(heaps):
        heaps = np.asarray(heaps, dtype=np.int64)
        owner, left, right = [], [], []
        for k in (1, 2):
            counts = np.maximum((heaps - k) // 2 + 1, 0)  # splits i <= n - k - i
            n = np.repeat(heaps, counts)
            i = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
            owner.append(np.repeat(np.arange(len(heaps)), counts))
            left.append(i)
            right.append(n - k - i)
        owner = np.concatenate(owner)
        order = np.argsort(owner, kind="stable")
        rows = np.column_stack((np.concatenate(left)[order], np.concatenate(right)[order]))
        return np.split(rows, np.cumsum(np.bincount(owner, minlength=len(heaps)))[:-1])


SUBTRACTION = np.array([2, 5, 7])  # a subtraction game: few options per heap, many heaps


def subtraction_list(n):
    return [n - s for s in (2, 5, 7) if s <= n]


def subtraction_array(n):
    return n - SUBTRACTION[SUBTRACTION <= n]


class SubtractionArrays:
    """The subtraction rule, every heap of a batch answered by one NumPy computation."""

    options = staticmethod(subtraction_array)

    @staticmethod
    def options_many(heaps):
        heaps = np.asarray(heaps, dtype=np.int64)
        left = heaps[:, None] - SUBTRACTION[None, :]
        answers = list(left[:, :, None])  # one (options x 1) view per heap
        for i in np.flatnonzero(heaps < SUBTRACTION.max()):  # the few heaps without every move
            answers[i] = left[i][left[i] >= 0][:, None]
        return answers


def recursion(n):
    @functools.cache
    def g(m):
        seen = {g(i) ^ g(m - k - i) for k in (1, 2) for i in range(m - k + 1) if i <= m - k - i}
        v = 0
        while v in seen:
            v += 1
        return v

    for m in range(0, n + 1, 500):  # warm up from below: the recursion is n deep
        g(m)
    return g(n)


def options_loop(options):
    def run(n):
        for m in range(n + 1):
            options(m)
        return None
    return run


KAYLES_WAYS = {
    "options loop": options_loop(kayles_rule),
    "pairs loop": options_loop(kayles),
    "engine": lambda n: grundy.Engine(kayles).value(n),
    "table_of": lambda n: int(grundy.table_of(kayles_rule, n).values[n]),
    "table_of array": lambda n: int(grundy.table_of(kayles_array, n).values[n]),
    "engine many": lambda n: grundy.Engine(KaylesMany()).value(n),
    "table_of many": lambda n: int(grundy.table_of(KaylesArrays(), n).values[n]),
    "recursion": recursion,
    "c++ plain": lambda n: int(grundy.table("kayles", n, method="plain", no_cache=True, threads=1).values[n]),
    "c++ fast": lambda n: int(grundy.table("kayles", n, no_cache=True, threads=1).values[n]),
}


class Board:
    """Kayles on several rows: a position is the sorted tuple of its rows' lengths."""

    name = "kayles board"

    @staticmethod
    def options(rows):
        found = []
        for r, n in enumerate(rows):
            rest = rows[:r] + rows[r + 1:]
            for k in (1, 2):
                for i in range(n - k + 1):
                    if i <= n - k - i:
                        found.append(((r, k, i), [tuple(sorted(rest + tuple(x for x in (i, n - k - i) if x)))]))
        return found

    @staticmethod
    def decompose(rows):
        return [(n,) for n in rows]


def board_recursion(rows):
    @functools.cache
    def g(board):
        seen = {g(to) for _, (to,) in Board.options(board)}
        v = 0
        while v in seen:
            v += 1
        return v

    return g(rows)


def timed(run, arg):
    start, cpu = time.perf_counter(), time.process_time()
    answer = run(arg)
    return time.perf_counter() - start, time.process_time() - cpu, answer


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    row_count = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    pins = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    sys.setrecursionlimit(100_000)

    times = {way: [] for way in KAYLES_WAYS}
    cpu_times = {way: [] for way in KAYLES_WAYS}
    answers = {}
    for _ in range(repeats):
        for way, run in KAYLES_WAYS.items():
            elapsed, cpu, answers[way] = timed(run, n)
            times[way].append(elapsed)
            cpu_times[way].append(cpu)
    values = {v for way, v in answers.items() if not way.endswith("loop")}
    assert len(values) == 1, answers
    median = {way: statistics.median(t) for way, t in times.items()}
    cpu = {way: statistics.median(t) for way, t in cpu_times.items()}
    print(f"Kayles g(0..{n}), median of {repeats} (interleaved), wall and CPU:")
    for way, t in median.items():
        print(f"  {way:15s} {t * 1e3:9.1f} ms  cpu {cpu[way] * 1e3:9.1f} ms   "
              f"recursion / this = {median['recursion'] / t:6.2f}x")

    def ratio(a, b):
        return f"{median[a] / median[b]:.2f}x (cpu {cpu[a] / cpu[b]:.2f}x)"

    print(f"  engine overhead:   engine / pairs loop       = {ratio('engine', 'pairs loop')}")
    print(f"                     engine many / pairs loop  = {ratio('engine many', 'pairs loop')}")
    print(f"                     table_of / options loop   = {ratio('table_of', 'options loop')}")
    print(f"  NumPy options:     recursion / table_of array = {median['recursion'] / median['table_of array']:.1f}x")
    print(f"  options_many:      table_of array / table_of many = {ratio('table_of array', 'table_of many')}")

    heaps = 100 * n
    sub_ways = {
        "list loop": options_loop(subtraction_list),
        "list": lambda m: grundy.table_of(subtraction_list, m, max_take=7).values,
        "array": lambda m: grundy.table_of(subtraction_array, m, max_take=7).values,
        "many": lambda m: grundy.table_of(SubtractionArrays(), m, max_take=7).values,
    }
    sub_cpu = {way: [] for way in sub_ways}
    sub_answers = {}
    for _ in range(repeats):
        for way, run in sub_ways.items():
            _, spent, sub_answers[way] = timed(run, heaps)
            sub_cpu[way].append(spent)
    assert all((sub_answers[w] == sub_answers["list"]).all() for w in ("array", "many"))
    sub = {way: statistics.median(t) for way, t in sub_cpu.items()}
    print(f"Subtraction game {{2, 5, 7}}, table_of to {heaps}, CPU medians of {repeats} (interleaved):")
    for way, t in sub.items():
        print(f"  {way:15s} cpu {t * 1e3:9.1f} ms")
    print(f"  options_many:      array / many = {sub['array'] / sub['many']:.2f}x, list / many = "
          f"{sub['list'] / sub['many']:.2f}x, list / list loop = {sub['list'] / sub['list loop']:.2f}x")

    board = tuple(sorted(pins + r for r in range(row_count)))
    plain, engine = [], []
    for _ in range(max(1, repeats // 2)):
        elapsed, _, by_recursion = timed(board_recursion, board)
        plain.append(elapsed)
        elapsed, _, by_engine = timed(lambda b: grundy.Engine(Board()).value(b), board)
        engine.append(elapsed)
        assert by_recursion == by_engine, (by_recursion, by_engine)
    print(f"Kayles board {board} (value {by_engine}): plain recursion over boards "
          f"{statistics.median(plain) * 1e3:.1f} ms, engine with decompose {statistics.median(engine) * 1e3:.2f} ms: "
          f"{statistics.median(plain) / statistics.median(engine):.0f}x")

    calls = 20_000
    start = time.perf_counter()
    for _ in range(calls):
        grundy._grundy._solve("nim", ["3", "4", "5"], {}, False, None, None, None)
    raw = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        grundy.solve("nim", [3, 4, 5])
    full = (time.perf_counter() - start) / calls
    text = grundy._grundy._solve("nim", ["3", "4", "5"], {}, False, None, None, None)
    start = time.perf_counter()
    for _ in range(calls):
        grundy.Result(json.loads(text))
    convert = (time.perf_counter() - start) / calls
    print(f"grundy.solve('nim', [3, 4, 5]): {full * 1e6:.1f} us a call; the engine's JSON text {raw * 1e6:.1f} us; "
          f"JSON to Result {convert * 1e6:.1f} us")


if __name__ == "__main__":
    main()
