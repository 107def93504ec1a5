"""grundy.plot: g(n) against n with matplotlib (optional: imported only when
plotting, so `import grundy` works without it). A proven period is shaded
from its pre-period on."""


def plot_table(table, ax=None, **style):
    """Draws the values of a grundy.Table (or any sequence of ints); returns the axes."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as missing:
        raise ImportError("grundy.plot needs matplotlib (Debian: python3-matplotlib)") from missing
    values = getattr(table, "values", table)
    if ax is None:
        figure, ax = plt.subplots(figsize=(8, 3), layout="tight")
    options = {"s": 4, "marker": "o", "linewidths": 0}
    options.update(style)
    ax.scatter(range(len(values)), values, **options)
    ax.set_xlabel("n")
    ax.set_ylabel("g(n)")
    period = getattr(table, "period", None)
    if period is not None:
        ax.axvspan(table.preperiod, len(values) - 1, alpha=0.1, label=f"period {period}")
        ax.legend(loc="upper left")
    title = getattr(table, "game", None)
    if title is not None:
        ax.set_title(str(title))
    return ax
