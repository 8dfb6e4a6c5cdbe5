"""Per-endpoint parts of a whole-document rule, kept between versions of a document.

Some rules judge the whole document but aggregate something each endpoint contributes:
AGIS809 counts the document's non-snake_case parameter names (a style used five times is the
API's convention: one finding for the document), so it cannot be a per-endpoint rule, yet
its expensive part, reading every endpoint's input schema, is one list per endpoint. An
:class:`EndpointFact` declares that part: ``compute(ctx, ep) -> value``, a value that depends
only on the endpoint (its index, its body) and on what ``compute`` reads of the document's
top-level mapping through ``ctx.data`` (recorded key by key, ``endpoints`` included: a
``$ref`` into another endpoint reads it). The rule reads ``FACT(ctx)``: the values of every
endpoint, in order, and aggregates them.

In a full lint every value is computed. When the server re-checks an edited version
(``engine.incremental_run``), the lint context carries the previous version's values
(:class:`Kept`); a value is reused when the endpoint at that index is the very same object
(the incremental parse keeps the unchanged endpoints' objects: ``document.incremental``)
and none of the top-level keys it read changed (an edit inside an endpoint changes
``endpoints``; an edit of the frame, the keys ``engine.frame.changed_keys`` finds). So an
edit inside one endpoint computes that endpoint's value alone, and the rule's findings are
the full lint's (the aggregation runs on the same values; ``tests/test_incremental_lint.py``
compares them after random edits, ``tests/test_incremental_facts.py`` counts the calls).
Values hold paths, never offsets: findings are positioned anew on every lint.
"""
from __future__ import annotations

from typing import Any, Callable

from .facts import Fact
from .frame import ALL, FrameRoot, affected


class _EveryKey(FrameRoot):
    """A :class:`FrameRoot` that records ``endpoints`` too (a reference into the list)."""

    __slots__ = ()

    def _key(self, key) -> None:
        self.reads.add(key)


class _Reading:
    """The lint context as ``compute`` sees it: ``data`` records the top-level keys read."""

    __slots__ = ("ctx", "data")

    def __init__(self, ctx, data) -> None:
        self.ctx, self.data = ctx, data

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ctx, name)


class Kept:
    """The per-endpoint values of one version of a list-shaped document: fact name -> one
    ``(item, keys read, value)`` per endpoint index (``item``: the endpoint's object in
    ``endpoints``); ``previous`` (a version's :class:`Kept`) and ``changed`` (the top-level
    keys whose text changed since: ``endpoints`` for an edit inside an endpoint) say what may
    be reused."""

    __slots__ = ("values", "previous", "changed")

    def __init__(self, previous: "Kept | None" = None, changed: frozenset = frozenset()) -> None:
        self.values: dict = {}
        self.previous, self.changed = previous, changed

    def after(self, changed: set) -> "Kept":
        """The store for the next version, ``changed`` the top-level keys that changed."""
        return Kept(self, frozenset(changed))

    def settled(self) -> "Kept":
        """This version's values alone (the previous version's are let go)."""
        self.previous = None
        return self

    def carried(self, name: str, items: list) -> tuple[list, list, list]:
        """(value per index, entry per index, the indices to compute: their value and entry are
        placeholders): a previous value (and entry) is reused when
        the endpoint at its index is the very same object and none of the keys it read
        changed."""
        old = self.previous.values.get(name) if self.previous is not None else None
        n = len(items)
        if not old or len(old) != n:
            return [None] * n, [None] * n, list(range(n))
        changed = self.changed
        verdicts: dict = {}                      # keys read -> affected by the change (few distinct sets)
        values, entries, missing = [None] * n, list(old), []
        for i, item in enumerate(items):
            e = old[i]
            if e[0] is not item:
                missing.append(i)
                continue
            hit = verdicts.get(e[1])
            if hit is None:
                hit = verdicts[e[1]] = bool(changed) and affected(e[1], changed)
            if hit:
                missing.append(i)
            else:
                values[i] = e[2]
        return values, entries, missing


class EndpointFact:
    """``compute(ctx, ep)`` for every endpoint of the lint context's view; read as
    ``FACT(ctx)`` -> the values in endpoint order (computed once per lint, a declared
    :class:`~.facts.Fact`), reusing the previous version's values the context carries."""

    __slots__ = ("name", "compute", "fact")

    def __init__(self, name: str, compute: Callable) -> None:
        self.name, self.compute = name, compute
        self.fact = Fact(name, self._values, compute.__doc__ or "")

    def __call__(self, ctx) -> list:
        return ctx.fact(self.fact)

    def _values(self, ctx) -> list:
        top = ctx.doc.data
        items = top.get("endpoints") if isinstance(top, dict) else None
        data = ctx.data
        root = _EveryKey(data, set()) if isinstance(data, dict) else None
        reading = _Reading(ctx, root if root is not None else data)
        kept: Kept | None = ctx.kept
        if kept is None or not isinstance(items, list):
            return [self._one(reading, root, ep)[1] for ep in ctx.view.all_endpoints]
        values, entries, missing = kept.carried(self.name, items)
        if missing:
            from ..formats.registry import lint_view
            view = ctx.view if len(missing) == len(items) else \
                lint_view(ctx.kind, ctx.doc, frozenset(missing), lambda: ctx.data)
            eps = {ep.index: ep for ep in view.endpoints}
            if any(i not in eps for i in missing):     # (not expected: every item is listed)
                return [self._one(reading, root, ep)[1] for ep in ctx.view.all_endpoints]
            for i in missing:
                reads, value = self._one(reading, root, eps[i])
                values[i], entries[i] = value, (items[i], reads, value)
        kept.values[self.name] = entries
        return values

    def _one(self, reading, root, ep) -> tuple[frozenset, Any]:
        """(top-level keys read, value) of ``compute`` on ``ep``."""
        reads: set = set()
        if root is not None:
            root.reads = reads
        value = self.compute(reading, ep)
        return frozenset(reads) if root is not None else frozenset({ALL}), value


def endpoint_fact(name: str) -> Callable[[Callable], EndpointFact]:
    """Declare the decorated ``(ctx, ep) -> value`` as the per-endpoint fact ``name``."""
    def declare(fn: Callable) -> EndpointFact:
        return EndpointFact(name, fn)
    return declare
