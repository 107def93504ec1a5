"""grundy.nim_multiply: the nim-product, against its definition as a mex for small
nimbers and against the field laws for large ones; arguments checked as elsewhere."""
import random

import numpy as np
import pytest

import grundy


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def products_by_definition(size):
    """a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b} (Conway), for a, b < size."""
    table = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            table[a][b] = mex({table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)})
    return table


def test_small_products_equal_the_definition():
    table = products_by_definition(20)
    for a in range(20):
        for b in range(20):
            assert grundy.nim_multiply(a, b) == table[a][b], (a, b)


def test_hand_values():
    assert grundy.nim_multiply(2, 2) == 3
    assert grundy.nim_multiply(2, 3) == 1
    assert grundy.nim_multiply(4, 4) == 6
    assert grundy.nim_multiply(16, 16) == 24  # a Fermat 2-power squared: 3/2 of itself


def test_field_laws_on_random_64_bit_nimbers():
    rng = random.Random(20261126)
    mul = grundy.nim_multiply
    for _ in range(300):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert mul(a, b) == mul(b, a)
        assert mul(mul(a, b), c) == mul(a, mul(b, c))
        assert mul(a, b ^ c) == mul(a, b) ^ mul(a, c)
        assert mul(a, 1) == a
        if a and b:
            assert mul(a, b) != 0


def test_numpy_integers_are_nimbers():
    assert grundy.nim_multiply(np.uint64(2**63), np.int64(1)) == 2**63


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "3", None, True])
def test_bad_arguments_raise_input_error(bad):
    with pytest.raises(grundy.InputError, match="not a nimber"):
        grundy.nim_multiply(bad, 3)
    with pytest.raises(grundy.InputError, match="b: "):
        grundy.nim_multiply(3, bad)
