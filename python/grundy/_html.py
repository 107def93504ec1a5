"""How results draw themselves in Jupyter: HTML for answers, explanations and
tables, and an SVG plot of g(n) (the proven period shaded, rare values marked).

Everything is built as well-formed XHTML (every tag closed, every text escaped),
so it is as readable by an XML parser as by a browser, and uses nothing beyond
the standard library and NumPy.
"""

from html import escape

import numpy as np

_STYLE = "font-family: sans-serif; font-size: 13px"
_CELL = "padding: 2px 8px; text-align: left; border-bottom: 1px solid #ddd"
_WINNERS = {"first": "the first player (to move) wins", "second": "the second player wins", "draw": "a draw"}


def _text(value):
    return escape(str(value), quote=True)


def _table(header, rows):
    head = "".join(f'<th style="{_CELL}">{_text(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{cell}</td>' for cell in row) + "</tr>" for row in rows)
    return f'<table style="border-collapse: collapse"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _position_text(components):
    return " + ".join(str(c) for c in components) or "(empty)"


# --- a position's drawing -------------------------------------------------------------

_TOKEN = 10  # pixels per token or cell
_MOST_TOKENS = 40


def position_svg(components):
    """A drawing of a sum: a heap (an int) as a row of tokens, a board ("01/10") as a grid
    of cells; None when a component is neither."""
    rows = []
    for component in components:
        if isinstance(component, str) and component.isdigit() and len(component) < 18:
            component = int(component)  # the command line's heaps are written as text
        if isinstance(component, (int, np.integer)) and not isinstance(component, bool) and component >= 0:
            rows.append(("heap", int(component)))
        elif isinstance(component, str) and component and set(component) <= set("01./XO*#-") | {"/"}:
            rows.append(("board", component.split("/")))
        else:
            return None
    if not rows:
        return None
    parts, y, width = [], 4, 0
    for kind, item in rows:
        if kind == "heap":
            shown = min(item, _MOST_TOKENS)
            for i in range(shown):
                parts.append(f'<circle cx="{8 + i * _TOKEN}" cy="{y + 5}" r="4" fill="#4a6fa5"/>')
            label = f"{item}" + (" (tokens beyond 40 not drawn)" if item > shown else "")
            parts.append(f'<text x="{12 + shown * _TOKEN}" y="{y + 9}" font-size="11">{_text(label)}</text>')
            width = max(width, 200 + shown * _TOKEN)
            y += 14
        else:
            for r, line in enumerate(item):
                for c, cell in enumerate(line):
                    fill = "#fff" if cell in ".0-" else "#333"
                    parts.append(f'<rect x="{4 + c * _TOKEN}" y="{y + r * _TOKEN}" width="{_TOKEN - 1}" '
                                 f'height="{_TOKEN - 1}" fill="{fill}" stroke="#999"/>')
                width = max(width, 8 + len(line) * _TOKEN)
            y += len(item) * _TOKEN + 6
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 4}" '
            f'viewBox="0 0 {width} {y + 4}">{"".join(parts)}</svg>')


# --- answers and explanations ---------------------------------------------------------

def answer_html(f):
    """An answer: value, winner, the winning moves and the position's drawing."""
    play = " (misère play)" if f.get("play") == "misere" else ""
    lines = [f'<div style="{_STYLE}">',
             f'<p><b>{_text(f["game"])}</b> {_text(_position_text(f["position"]))}{_text(play)}</p>']
    facts = []
    if f.get("value") is not None:
        facts.append(f'value <b class="value">{_text(f["value"])}</b>')
    facts.append(_text(_WINNERS.get(f["outcome"], f["outcome"])))
    if f.get("components") and len(f["components"]) > 1:
        facts.append("components' values " + _text(", ".join(str(v) for v in f["components"])))
    lines.append("<p>" + "; ".join(facts) + "</p>")
    drawing = position_svg(f["position"])
    if drawing:
        lines.append(f"<div>{drawing}</div>")
    moves = f.get("winning_moves", [])
    count = f.get("winning_moves_count", len(moves))
    if moves:
        rows = [[_text(m.get("component", "")), _text(m["move"]), _text(_position_text(m.get("to", [])))]
                for m in moves]
        more = f" ({len(moves)} listed)" if count > len(moves) else ""
        lines.append(f"<p>{_text(count)} winning move(s){_text(more)}:</p>")
        lines.append(_table(["component", "move", "leaves"], rows))
    elif f["outcome"] == "second":
        lines.append("<p>no winning move: every move loses</p>")
    lines.append("</div>")
    return "".join(lines)


def explanation_html(f):
    """An explanation: per component, its options with their values and the mex."""
    lines = [answer_html(f).removesuffix("</div>")]
    misere = f.get("play") == "misere"
    for c in f["explain"]:
        options = c["options"]
        lines.append(f'<p>component {_text(c["component"] + 1)}: <b>{_text(c["position"])}</b>, '
                     f'value {_text(c["value"])}</p>')
        header = ["move", "leaves", "value"] + (["misère, for the player to move then"] if misere else [])
        rows = []
        for o in options:
            row = [_text(o["move"]), _text(_position_text(o["result"])), _text(o["value"])]
            if misere:
                row.append(_text(o.get("misere_outcome", "")))
            rows.append(row)
        if rows:
            lines.append(_table(header, rows))
        seen = sorted({o["value"] for o in options if isinstance(o["value"], int)})
        listed_all = c.get("options_count") == c.get("options_listed")
        if not options and listed_all:
            lines.append("<p>no option: value 0, the mex of nothing</p>")
        elif listed_all:
            lines.append(f'<p class="mex">mex{{{_text(", ".join(map(str, seen)))}}} = {_text(c["value"])}: '
                         f"the least value no option has</p>")
        else:
            lines.append(f"<p>{_text(c['options_listed'])} of {_text(c['options_count'])} options listed; "
                         f"value {_text(c['value'])}, the mex of all their values</p>")
    lines.append("</div>")
    return "".join(lines)


# --- tables and their plot ------------------------------------------------------------

def rare_flags(values, stats):
    """Which heaps hold a rare value (the sparse space of the table's statistics), or None."""
    if not stats or stats.get("rare_mask") is None:
        return None
    v = np.asarray(values).astype(np.uint64) & np.uint64(stats["rare_mask"])
    for shift in (32, 16, 8, 4, 2, 1):
        v ^= v >> np.uint64(shift)
    parity = (v & np.uint64(1)).astype(bool)
    if stats.get("rare_heap_parity"):
        parity ^= (np.arange(len(values)) & 1).astype(bool)
    return parity == bool(stats["rare_parity"])


_MOST_POINTS = 1500  # beyond this, each column of the plot shows the distinct values of its heaps


def plot_svg(values, *, period=None, preperiod=None, rare=None, title=None, width=720, height=260):
    """g(n) against n as an SVG scatter plot: the proven period shaded from its
    pre-period on, rare values in red. Long tables are drawn a column of heaps at a
    time (every distinct value of the column, so no value is hidden)."""
    values = np.asarray(values)
    count = len(values)
    left, right, top, bottom = 44, 12, 24 if title else 10, 30
    inner_w, inner_h = width - left - right, height - top - bottom
    top_value = int(values.max()) if count else 0
    x_of = (lambda n: left + inner_w * n / max(count - 1, 1))
    y_of = (lambda g: top + inner_h * (1 - g / max(top_value, 1)))
    parts = [f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="#fff" stroke="#888"/>']
    if period is not None and preperiod is not None and count:
        x0 = x_of(min(preperiod, count - 1))
        parts.append(f'<rect class="period-shade" x="{x0:.1f}" y="{top}" width="{left + inner_w - x0:.1f}" '
                     f'height="{inner_h}" fill="#4a6fa5" fill-opacity="0.12">'
                     f"<title>period {period} from n = {preperiod}</title></rect>")
    if count <= _MOST_POINTS:
        points = [(n, int(values[n])) for n in range(count)]
    else:
        columns = np.linspace(0, count, inner_w + 1).astype(np.int64)
        points = [(int(lo), int(g)) for lo, hi in zip(columns[:-1], columns[1:]) if hi > lo
                  for g in np.unique(values[lo:hi])]
    rare_points = set()
    if rare is not None:
        rare_index = np.flatnonzero(rare)
        rare_points = {(int(n), int(values[n])) for n in rare_index[:_MOST_POINTS]}
    for n, g in points:
        if (n, g) in rare_points:
            continue
        parts.append(f'<circle class="g" cx="{x_of(n):.1f}" cy="{y_of(g):.1f}" r="1.8" fill="#4a6fa5">'
                     f"<title>g({n}) = {g}</title></circle>")
    for n, g in sorted(rare_points):
        parts.append(f'<circle class="rare" cx="{x_of(n):.1f}" cy="{y_of(g):.1f}" r="3" fill="#c0392b">'
                     f"<title>rare: g({n}) = {g}</title></circle>")
    for g in sorted({0, top_value // 2, top_value}):
        parts.append(f'<text x="{left - 6}" y="{y_of(g) + 4:.1f}" font-size="10" text-anchor="end">{g}</text>')
    for n in sorted({0, (count - 1) // 2, max(count - 1, 0)}):
        parts.append(f'<text x="{x_of(n):.1f}" y="{top + inner_h + 14}" font-size="10" '
                     f'text-anchor="middle">{n}</text>')
    parts.append(f'<text x="{left + inner_w / 2:.1f}" y="{height - 4}" font-size="11" text-anchor="middle">n</text>')
    parts.append(f'<text x="12" y="{top + inner_h / 2:.1f}" font-size="11" '
                 f'transform="rotate(-90 12 {top + inner_h / 2:.1f})" text-anchor="middle">g(n)</text>')
    if title:
        parts.append(f'<text x="{left}" y="16" font-size="12">{_text(title)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" style="{_STYLE}">{"".join(parts)}</svg>')


def table_html(table, fields):
    """A table: its summary (period, pre-period, saltus, status, statistics) and its plot."""
    rows = [["game", _text(fields["game"])], ["heaps", f"0 to {_text(fields['upto'])}"]]
    period = fields.get("period")
    if period is not None:
        rows.append(["period", f'<span class="period">{_text(period)}</span>'])
        rows.append(["pre-period", f'<span class="preperiod">{_text(fields.get("preperiod"))}</span>'])
        if fields.get("saltus") is not None:
            rows.append(["saltus", f'<span class="saltus">{_text(fields["saltus"])}</span>'])
    if fields.get("period_status") is not None:
        rows.append(["period status", _text(fields["period_status"])])
    stats = fields.get("stats") or {}
    if stats.get("largest") is not None:
        rows.append(["largest value", f"{_text(stats['largest'])} (first at n = {_text(stats.get('largest_at'))})"])
    if stats.get("rare_mask") is not None:
        last = stats.get("last_rare")
        rows.append(["rare values", f"{_text(stats.get('rare_count'))}" +
                     (f", the last at n = {_text(last)}" if last is not None else "")])
    head = ", ".join(str(int(v)) for v in table.values[:20]) + (", ..." if len(table.values) > 20 else "")
    rows.append(["g(n)", _text(head)])
    svg = plot_svg(table.values, period=period, preperiod=fields.get("preperiod"),
                   rare=rare_flags(table.values, stats), title=fields.get("game"))
    body = "".join(f'<tr><th style="{_CELL}">{_text(k)}</th><td style="{_CELL}">{v}</td></tr>' for k, v in rows)
    return (f'<div style="{_STYLE}"><table style="border-collapse: collapse"><tbody>{body}</tbody></table>'
            f"<div>{svg}</div></div>")


class Plot:
    """g(n) of a table as an SVG drawing, shown by Jupyter (``_repr_svg_``); ``svg``
    is its text and ``save(path)`` writes it. Needs nothing beyond NumPy."""

    def __init__(self, table, *, width=720, height=260):
        values = getattr(table, "values", table)
        fields = table.fields() if hasattr(table, "fields") else {}
        self.svg = plot_svg(values, period=fields.get("period"), preperiod=fields.get("preperiod"),
                            rare=rare_flags(values, fields.get("stats")), title=fields.get("game"),
                            width=width, height=height)

    def _repr_svg_(self):
        return self.svg

    def _repr_html_(self):
        return f"<div>{self.svg}</div>"

    def save(self, path):
        """Writes the drawing as an .svg file."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)

    def __repr__(self):
        return f"<grundy.Plot: {len(self.svg)} characters of SVG>"
