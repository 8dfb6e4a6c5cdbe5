"""Declared facts: results several rules share, computed once per lint on first use.

A fact is declared once, next to the code that computes it, as a module-level
:class:`Fact` with a name and a function ``ctx -> value``; a rule reads it with
``FACT(ctx)`` (or ``ctx.fact(FACT)``). The lint context (:class:`~.context.LintContext`)
keeps each computed value for the rest of that lint; nothing else is kept on it
(``tests/test_facts.py`` rejects private attributes set on or read from the context, and
setting attributes on a frozen dataclass, in every module of the package).
A fact whose computation raises (the model unavailable: ``SemanticSkipped``) is not
kept, and the next reader computes it again.

Every declared fact is listed in :data:`DECLARED` (name -> fact); names are unique.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, TypeVar

T = TypeVar("T")

DECLARED: dict[str, "Fact"] = {}


class HasFacts(Protocol):
    """What reading a fact needs of the lint context (``engine.context.LintContext``, which
    imports this module: the context is named here by what it offers, not imported)."""

    def fact(self, fact: Fact[Any]) -> Any: ...


#: A fact's computation: the lint context in, the value out.
Compute = Callable[[Any], T]


class Fact(Generic[T]):
    """A per-lint result, computed by ``compute(ctx)`` on first use and kept on the context."""
    __slots__ = ("name", "compute", "doc")

    def __init__(self, name: str, compute: Compute[T], doc: str = "") -> None:
        if name in DECLARED:
            raise ValueError(f"fact {name!r} is declared twice")
        self.name, self.compute = name, compute
        self.doc = doc or compute.__doc__ or ""
        DECLARED[name] = self

    def __call__(self, ctx: HasFacts) -> T:
        return ctx.fact(self)

    def __repr__(self) -> str:
        return f"Fact({self.name!r})"


def fact(name: str) -> Callable[[Compute[T]], Fact[T]]:
    """Declare the decorated function ``ctx -> value`` as the fact ``name``."""
    def declare(fn: Compute[T]) -> Fact[T]:
        return Fact(name, fn)
    return declare
