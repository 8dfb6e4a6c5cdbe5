"""Cooperative cancellation of feature work (rust-analyzer's ``Cancelled``, in Python).

Each feature request gets a :class:`Token`. The runner (``budget.FeatureRunner``) binds it
to the worker thread that runs the request's builder, and sets it when the request runs
past its budget or the client sends ``$/cancelRequest``. The builders call :func:`check`
at their loops (per endpoint, per node, per line...); once the token is set, ``check``
raises :class:`Cancelled`, which unwinds the builder at a point where it holds nothing
half-done, and the runner answers the request with an LSP error (``ContentModified`` or
``RequestCancelled``).

The token is bound to the thread rather than threaded through every signature: builders
reach their loops through several helper layers (``places``, ``schema``...), and a helper
called outside a request (a test, the CLI) sees no token and never raises.
"""
from __future__ import annotations

import threading

OVERRUN = "overrun"          # the request ran past its budget
CLIENT = "client"            # the client sent $/cancelRequest
SHUTDOWN = "shutdown"        # the server is exiting

class _Local(threading.local):
    token: "Token | None" = None   # a class default: a miss would cost an AttributeError (~1 us)


_bound = _Local()


class Cancelled(BaseException):
    """Raised by :func:`check` in a builder whose request was cancelled (a BaseException, so
    a builder's broad ``except Exception`` does not swallow it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Token:
    """Set once, from any thread; read by the builder's thread (a plain attribute: setting
    and reading a reference is atomic in CPython)."""

    __slots__ = ("reason",)

    def __init__(self) -> None:
        self.reason: str | None = None

    def cancel(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason

    @property
    def cancelled(self) -> bool:
        return self.reason is not None

    def check(self) -> None:
        if self.reason is not None:
            raise Cancelled(self.reason)


class bound:
    """``with bound(token):`` makes ``token`` the current thread's token."""

    def __init__(self, token: Token) -> None:
        self.token = token

    def __enter__(self) -> Token:
        self.previous = _bound.token
        _bound.token = self.token
        return self.token

    def __exit__(self, *exc) -> None:
        _bound.token = self.previous


def current() -> Token | None:
    """The token of the request this thread works for (``None`` outside a request)."""
    return _bound.token


def check() -> None:
    """Raise :class:`Cancelled` if the current request was cancelled (cheap: call it in loops)."""
    token = _bound.token
    if token is not None and token.reason is not None:
        raise Cancelled(token.reason)
