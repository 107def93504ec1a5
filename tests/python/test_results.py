"""Results and tables as values: pickled and copied (shallow and deep), they come
back equal, fields and values alike."""

import copy
import pickle

import pytest

import grundy


def kayles(n):
    return [((k, i), [i, n - k - i]) for k in (1, 2) for i in range(n - k + 1) if i <= n - k - i]


RESULTS = {
    "solve": lambda: grundy.solve("nim", [1]),
    "solve with moves": lambda: grundy.solve("kayles", [7, 9]),
    "misere": lambda: grundy.solve("nim", [1, 2], misere=True),
    "explain": lambda: grundy.explain("kayles", [5, 3]),
    "info": lambda: grundy.info("octal"),
    "python game": lambda: grundy.solve(kayles, [4, 6]),
}


@pytest.mark.parametrize("make", RESULTS.values(), ids=RESULTS.keys())
@pytest.mark.parametrize("clone", [lambda r: pickle.loads(pickle.dumps(r)), copy.copy, copy.deepcopy],
                         ids=["pickle", "copy", "deepcopy"])
def test_results_round_trip(make, clone):
    result = make()
    again = clone(result)
    assert type(again) is grundy.Result
    assert again.to_dict() == result.to_dict()
    assert again == result and repr(again) == repr(result)
    first = next(iter(result))
    assert getattr(again, first) == result[first]


@pytest.mark.parametrize("clone", [lambda r: pickle.loads(pickle.dumps(r)), copy.copy, copy.deepcopy],
                         ids=["pickle", "copy", "deepcopy"])
def test_tables_round_trip(clone):
    table = grundy.table("octal", 300, code="0.8")
    again = clone(table)
    assert again.values.tolist() == table.values.tolist()
    assert again.values.dtype == table.values.dtype and not again.values.flags.writeable
    assert again.fields() == table.fields()
    assert (again.period, again.preperiod, again.saltus) == (3, table.preperiod, 1)
    assert repr(again) == repr(table)
