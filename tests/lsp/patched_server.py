"""The real ``agis-lsp`` over stdio with one feature builder replaced (robustness tests).

    python tests/lsp/patched_server.py MODE

MODE: ``hover-loop`` (hover spins forever, as a scan that stopped advancing did, with no
cancellation check: only the last-resort interrupt stops it), ``hover-checks`` (hover
spins forever calling ``cancel.check()``, as the shipped builders' loops do),
``hover-sleep`` (hover blocks in C for a minute), ``hover-fail`` (hover raises),
``check-slow`` (every mechanical check first sleeps 5 s, longer than a pull waits),
``code-action-waits-long`` (a code action waits up to two minutes for the check of the
current version instead of 1.5 s: a request that waits for its whole timeout shows as a
request that does not answer).
Everything else is the shipped server.
"""
from __future__ import annotations

import sys
import time


def loop_forever(*args):
    n = 0
    while True:
        n += 1


def loop_with_checks(*args):
    from agis_lsp.lsp.protocol import cancel
    n = 0
    while True:
        cancel.check()
        n += 1


def sleep_in_c(*args):
    time.sleep(60)


def fail(*args):
    raise RuntimeError("a feature that fails")


MODES = {"hover-loop": loop_forever, "hover-checks": loop_with_checks, "hover-sleep": sleep_in_c, "hover-fail": fail}


def slow_checks() -> None:
    from agis_lsp.engine.linter import Linter
    mechanical = Linter.mechanical

    def slow(self, *args, **kwargs):
        time.sleep(5)
        return mechanical(self, *args, **kwargs)
    Linter.mechanical = slow


def main() -> int:
    from agis_lsp.lsp.features import navigation
    from agis_lsp.lsp.main import main as serve
    if sys.argv[1] == "check-slow":
        slow_checks()
    elif sys.argv[1] == "code-action-waits-long":
        from agis_lsp.lsp.features import code_actions
        code_actions.CHECK_WAIT = 120.0
    else:
        navigation.hover = MODES[sys.argv[1]]
    return serve([])


if __name__ == "__main__":
    sys.exit(main())
