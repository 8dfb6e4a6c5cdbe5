"""The server under random incremental edits, over stdio, with a fixed budget.

Sessions of ``tests/lsp/fuzzer.py`` (fixed seeds, push and pull clients) run until the
budget is spent; each property (answers within 5 s, no JSON-RPC error, no traceback, every
range inside its version's text, the server's text equal to the client's, exit status 0
within 2 s after shutdown and exit) is asserted with the defects it found. Longer runs:
``python scripts/fuzz_lsp.py --edits 10000``.
"""
from __future__ import annotations

import time

from .fuzzer import Defects, run_session, workspace

BUDGET = 75.0          # seconds of fuzzing (the test stays under 2 minutes)
EDITS = 120            # per session


async def test_fuzzing_the_server_over_stdio():
    defects = Defects()
    started = time.monotonic()
    deadline = started + BUDGET
    sessions = edits = requests = 0
    seed = 1000
    while time.monotonic() < deadline - 10:
        session = await run_session(seed, EDITS, workspace(), pull=seed % 2 == 1,
                                    deadline=deadline)
        defects.merge(session.defects)
        sessions += 1
        edits += session.stats.edits
        requests += session.stats.requests
        seed += 1
    print(f"{sessions} sessions, {edits} edits, {requests} requests in "
          f"{time.monotonic() - started:.0f} s: {defects.summary()}")
    assert edits >= 100 and requests >= 40
    assert not defects.unanswered, defects.unanswered[:5]
    assert not defects.errors, defects.errors[:5]
    assert not defects.tracebacks, defects.tracebacks[:2]
    assert not defects.out_of_range, defects.out_of_range[:5]
    assert not defects.text_mismatch, defects.text_mismatch[:5]
    assert not defects.exit, defects.exit
