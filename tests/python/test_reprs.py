"""What Jupyter shows: every _repr_html_ is well-formed (parsed as XML), every
SVG parses, and the numbers drawn are the result's own."""

import re
import xml.etree.ElementTree as ET

import pytest

import grundy

SVG = "{http://www.w3.org/2000/svg}"


def parse(html):
    return ET.fromstring(html)  # raises on anything not well-formed


def texts(root, cls):
    return ["".join(e.itertext()) for e in root.iter() if e.get("class") == cls]


def kayles(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


def test_an_answer_shows_value_winner_moves_and_the_position():
    r = grundy.solve("kayles", [7, 9])
    root = parse(r._repr_html_())
    assert texts(root, "value") == [str(r.value)]
    text = "".join(root.itertext())
    assert "first player" in text and f"{r.winning_moves_count} winning move(s)" in text
    rows = root.find("table").find("tbody").findall("tr")
    assert [[("".join(td.itertext())) for td in row][1] for row in rows] == [str(m.move) for m in r.winning_moves]
    drawing = root.find(f".//{SVG}svg")
    assert len(drawing.findall(f"{SVG}circle")) == 7 + 9  # one token per pin


def test_a_losing_misere_answer_and_a_python_game_draw_too():
    r = grundy.solve("nim", [1], misere=True)
    text = "".join(parse(r._repr_html_()).itertext())
    assert "misère" in text and "second player wins" in text and "every move loses" in text
    mine = grundy.solve(kayles, [4, 6])
    assert texts(parse(mine._repr_html_()), "value") == [str(mine.value)]


def test_an_explanation_shows_each_option_and_the_mex():
    r = grundy.explain("kayles", [5, 3])
    root = parse(r._repr_html_())
    mexes = texts(root, "mex")
    assert len(mexes) == len(r.explain)
    for shown, component in zip(mexes, r.explain):
        values = sorted({o.value for o in component.options})
        assert shown.startswith(f"mex{{{', '.join(map(str, values))}}} = {component.value}")
    tables = root.findall("table")[1:]  # the first lists the winning moves
    assert [len(t.find("tbody").findall("tr")) for t in tables] == [c.options_listed for c in r.explain]


def test_a_misere_explanation_shows_the_outcomes():
    r = grundy.explain(kayles, [4, 2], misere=True)
    root = parse(r._repr_html_())
    cells = ["".join(td.itertext()) for td in root.iter("td")]
    assert cells.count("win") + cells.count("loss") == sum(c.options_listed for c in r.explain)


def rare_by_hand(values, stats):
    mask = stats["rare_mask"]
    return [n for n, g in enumerate(values)
            if ((bin(g & mask).count("1") + (n & 1 if stats["rare_heap_parity"] else 0)) & 1) == stats["rare_parity"]]


def test_a_table_shows_its_summary_and_plot():
    t = grundy.table("kayles", 200)
    root = parse(t._repr_html_())
    assert texts(root, "period") == [str(t.period)] and texts(root, "preperiod") == [str(t.preperiod)]
    svg = root.find(f".//{SVG}svg")
    points = svg.findall(f"{SVG}circle")
    assert len(points) == len(t.values)
    drawn = sorted((int(m.group(1)), int(m.group(2))) for p in points
                   for m in [re.search(r"g\((\d+)\) = (\d+)", p.find(f"{SVG}title").text)])
    assert drawn == [(n, int(g)) for n, g in enumerate(t.values)]
    shade = [r for r in svg.findall(f"{SVG}rect") if r.get("class") == "period-shade"]
    assert len(shade) == 1 and f"period {t.period} from n = {t.preperiod}" in shade[0].find(f"{SVG}title").text
    rare = [p for p in points if p.get("class") == "rare"]
    expected = rare_by_hand(t.values.tolist(), t.stats)
    assert len(rare) == len(expected) == t.stats["rare_count"] > 0
    assert sorted(int(re.search(r"g\((\d+)\)", p.find(f"{SVG}title").text).group(1)) for p in rare) == expected


def test_an_arithmetic_table_shows_its_saltus_and_a_long_one_stays_small():
    t = grundy.table("octal", 300, code="0.8")
    assert texts(parse(t._repr_html_()), "saltus") == ["1"]
    long = grundy.table("kayles", 200_000)
    html = long._repr_html_()
    assert len(html) < 400_000
    svg = parse(html).find(f".//{SVG}svg")
    largest = max(int(re.search(r"= (\d+)", p.find(f"{SVG}title").text).group(1)) for p in svg.iter(f"{SVG}circle"))
    assert largest == int(long.values.max())


def test_a_plot_object_is_svg():
    t = grundy.table("octal", 120, code="0.137")
    plot = t.svg()
    root = ET.fromstring(plot._repr_svg_())
    assert root.tag == f"{SVG}svg" and len(root.findall(f"{SVG}circle")) == 121
    assert parse(plot._repr_html_()).find(f"{SVG}svg") is not None
    assert len(ET.fromstring(grundy.Plot(list(t.values)).svg).findall(f"{SVG}circle")) == 121


def test_results_without_a_drawing_keep_their_plain_repr():
    assert grundy.info("kayles")._repr_html_() is None


@pytest.mark.parametrize("position", [["3,5"], ["0110/0000"]])
def test_other_positions_render(position):
    game = "wythoff" if "," in position[0] else "rect"
    try:
        r = grundy.solve(game, position)
    except grundy.InputError:
        pytest.skip(f"{game} takes other positions")
    assert texts(parse(r._repr_html_()), "value") == [str(r.value)]
