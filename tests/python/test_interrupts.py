"""Ctrl-C and exceptions in callbacks: a long computation stops cleanly with
KeyboardInterrupt, whether Python code (a game's options) or C++ alone (a
catalogue table, the GIL released) is running, and the module stays usable."""

import os
import signal
import threading

import pytest

import grundy


def interrupt_soon(delay=0.3):
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def endless_chain(n):
    return [(1, [n + 1])]  # never ends: every position has a larger one as its option


def test_keyboard_interrupt_raised_in_a_callback_propagates():
    def options(n):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        grundy.solve(options, 3)


def test_sigint_stops_a_python_game_search():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.solve(endless_chain, 0)
    timer.join()
    assert grundy.solve(lambda n: [(1, [n - 1])] if n else [], 3).value == 1


def test_sigint_stops_a_catalogue_computation_without_the_gil():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.table("grundys-game", 10**8, no_cache=True)
    timer.join()
    assert grundy.solve("kayles", [7, 9]).value == 6


def test_sigint_stops_table_of():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.table_of(lambda n: [[n - 1]] if n else [], 10**9)
    timer.join()


def test_other_threads_run_while_the_engine_works():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.01)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        grundy.table("octal", 40_000, code="0.6", no_cache=True)
    finally:
        stop.set()
        counter.join()
    assert len(ticks) > 1
