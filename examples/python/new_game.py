#!/usr/bin/env python3
"""A new game in a few lines of Python, solved by grundy's C++ engine.

"Heavy Kayles": a row of pins; a move knocks down 2 or 3 adjacent pins (never
just one), which may split the row in two. We solve a sum of rows, find the
period of the sequence g(n) (proven: each move removes at most 3 pins and leaves
at most 2 rows), and plot it.

Run from the repository root after building:
  PYTHONPATH=build/release/python /usr/bin/python3 examples/python/new_game.py [out.png]
"""

import sys

import grundy


class HeavyKayles:
    name = "heavy kayles"

    def options(self, n):
        """Each option: (move, [rows left]); symmetric splits listed once."""
        return [((k, i), [i, n - k - i]) for k in (2, 3) for i in range(n - k + 1) if i <= n - k - i]


def main():
    game = HeavyKayles()
    answer = grundy.solve(game, [10, 13, 4])
    print(answer)
    for move in answer.winning_moves[:3]:
        k, i = move.move
        print(f"  knock {k} pin(s) after the first {i} of row {move.component}: rows left {move.to}")

    table = grundy.table_of(game, 500, max_take=3, max_heaps=2)
    print(table)
    if table.period is not None:
        print(f"g(n + {table.period}) = g(n) for every n >= {table.preperiod} (proven)")

    try:
        import matplotlib
        matplotlib.use("Agg")
    except ImportError:
        print("(matplotlib is not installed: no plot)")
        return
    ax = grundy.plot(table)
    out = sys.argv[1] if len(sys.argv) > 1 else "heavy_kayles.png"
    ax.figure.savefig(out, dpi=100)
    print(f"plot written to {out}")


if __name__ == "__main__":
    main()
