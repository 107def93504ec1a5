#!/usr/bin/env python3
"""The C++ engine on a game written in Python, beside the plain way and beside C++.

Kayles g(0..N) four ways, interleaved in one run (each repeated, medians):
  engine     grundy.Engine(kayles).value(N): the C++ solver, Python options()
  table_of   grundy.table_of(kayles_rule, N): bottom-up in C++, Python options(n)
  recursion  plain memoised recursion in pure Python (functools.cache, set mex),
             the way problem statements write it
  c++ plain  grundy.table("kayles", N, method="plain"): the same game all in C++
             (the O(n^2) reference kernel; "fast" is the vectorised one)
Then the cost of one small catalogue call and of turning its JSON into a Result.

Run: PYTHONPATH=build/release/python /usr/bin/python3 bench/python_engine_bench.py [N] [REPEATS]
"""

import functools
import json
import statistics
import sys
import time

import grundy


def kayles(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


def kayles_rule(n):
    return [[i, n - k - i] for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


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


WAYS = {
    "engine": lambda n: grundy.Engine(kayles).value(n),
    "table_of": lambda n: int(grundy.table_of(kayles_rule, n).values[n]),
    "recursion": recursion,
    "c++ plain": lambda n: int(grundy.table("kayles", n, method="plain", no_cache=True, threads=1).values[n]),
    "c++ fast": lambda n: int(grundy.table("kayles", n, no_cache=True, threads=1).values[n]),
}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    sys.setrecursionlimit(100_000)
    times = {way: [] for way in WAYS}
    answers = {}
    for _ in range(repeats):
        for way, run in WAYS.items():
            start = time.perf_counter()
            answers[way] = run(n)
            times[way].append(time.perf_counter() - start)
    assert len(set(answers.values())) == 1, answers
    base = statistics.median(times["recursion"])
    print(f"Kayles g(0..{n}), median of {repeats}:")
    for way, t in times.items():
        print(f"  {way:10s} {statistics.median(t) * 1e3:9.1f} ms   recursion / this = {base / statistics.median(t):6.1f}x")

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
