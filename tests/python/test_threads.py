"""Threads: two threads making their first table call at once (a fresh interpreter
each time, so the call really is the first) finish, with the right answers."""

import os
import subprocess
import sys
import textwrap

FIRST_CALLS = textwrap.dedent("""
    import threading
    import grundy

    results = {}

    def work(name, call):
        results[name] = call()

    calls = {
        "table": lambda: grundy.table("kayles", 300).values[:12].tolist(),
        "table_of": lambda: grundy.table_of(lambda n: [n - 1] if n else [], 300).values[:4].tolist(),
    }
    threads = [threading.Thread(target=work, args=item) for item in calls.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(results["table"], results["table_of"])
""")


def test_two_threads_making_their_first_table_calls_at_once_finish():
    for _ in range(5):
        done = subprocess.run([sys.executable, "-c", FIRST_CALLS], capture_output=True, text=True, timeout=60,
                              env=os.environ)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split("]")[0] == "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6"
        assert "[0, 1, 0, 1]" in done.stdout
