"""YAML -> positioned data, built iteratively from libyaml's event stream.

libyaml's C parser (ruamel.yaml.clib; see yaml_events) gives events with code-point marks in a
fraction of the time a composer needs, and building the tree here (with an explicit stack) means
no recursion limit, YAML 1.2 scalar resolution, duplicate-key findings and alias sharing without
expansion.
"""
from __future__ import annotations

from functools import partial

from . import yaml_events
from .tree import MAX_NESTING, Container, Document, Entry, ParseProblem, too_deep_message
from .positions import char_end
from .scalars import resolve_plain, resolve_scalar
from .yaml_events import E as _E
from .yaml_events import MarkedYAMLError, YAMLError

_events = yaml_events.default_events   # libyaml (C) when installed, else the pure-Python parser
_py_events = yaml_events.py_events     # pure Python: YAML 1.2 throughout, no nesting limit, ~11x slower

# Aliases may share nodes; a document whose aliases expand past this many nodes
# (the "billion laughs" pattern) is refused rather than expanded by later passes.
MAX_EXPANDED_NODES = 1_000_000

# libyaml 0.1.7 stops at the first ':' or '?' it refuses in a flow plain scalar (yaml_events), so
# each costs a parse of the text up to it; past this many, the pure-Python parser (which costs
# about 11 whole C parses) reads the document.
MAX_REREADS = 16


_TOO_DEEP = too_deep_message("YAML")
_MISSING = object()

# libyaml >= 0.2.6 refuses collections nested more than 1000 levels with this problem. The
# libyaml 0.1.7 of ruamel.yaml.clib 0.2.15 has no such limit, nor has the pure-Python parser;
# the limit is handled below for a C extension that brings a newer libyaml.
_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"


class YamlDocument(Document):
    syntax = "yaml"
    # the values a duplicate key or a complex key dropped from the tree, kept as long as the
    # document: their containers stay in ``containers`` (folding, places), and no object made
    # later can take the id of one of them and find its Container
    dropped: tuple = ()


def _friendly(problem: str, text: str, index: int) -> str:
    ch = text[index] if 0 <= index < len(text) else ""
    if ch == "\t":
        return "tab character where YAML expects indentation or a value; YAML indents with spaces only"
    if "found character" in problem and "cannot start any token" in problem:
        return f"{problem} ({ch!r})" if ch else problem
    return problem


def parse_yaml(text: str, path: str | None = None) -> YamlDocument:
    doc = YamlDocument(text, path)
    try:
        _build_within_our_limit(doc)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        index = mark.index if mark is not None else 0
        index = min(max(index, 0), len(text))
        message = _friendly(exc.problem or exc.context or "invalid YAML", text, index)
        if exc.context and exc.problem:
            message = f"{message} ({exc.context})"
        message = message if message == _TOO_DEEP else f"YAML syntax error: {message}"
        doc.problems.append(ParseProblem("AGIS001", message, index, char_end(text, index)))
        doc.data, doc.parsed, doc.containers = None, False, {}
    except YAMLError as exc:  # reader errors (control characters)
        mark = min(max(getattr(exc, "position", 0) or 0, 0), len(text))
        doc.problems.append(ParseProblem("AGIS001", f"YAML syntax error: {exc}", mark,
                                         char_end(text, mark)))
        doc.data, doc.parsed, doc.containers = None, False, {}
    return doc


def _build_within_our_limit(doc: YamlDocument) -> None:
    """``_build``, with the same result whatever libyaml is installed.

    libyaml 0.1.7 (ruamel.yaml.clib) refuses a ``:`` or ``?`` inside a plain scalar in a flow
    collection, which YAML 1.2 and libyaml 0.2.5 allow: on that error the text is read again with
    that character taken as part of its scalar (yaml_events), so the result is libyaml's, tree or
    syntax error, as 0.2.5 gives it. Past MAX_REREADS such places, the pure-Python parser reads it.

    A libyaml with a nesting limit of its own (0.2.6 and later) stops with its error during its
    look-ahead (up to 1024 characters in flow context, where ``[`` may begin a key), before the
    builder has seen MAX_NESTING levels. The text before the place libyaml stopped is then read
    again on its own: it was 1000 flow levels deep there, and no key that could change the events
    before our limit can span those levels within the look-ahead, so the builder sees the same
    events up to the container that crosses MAX_NESTING. Should that ever not end at our limit,
    the pure-Python parser (which has no limit of its own) reads the text.
    """
    events, places = _events, ()
    while True:
        try:
            return _build(doc, doc.text, events)
        except MarkedYAMLError as exc:
            if events is _py_events or yaml_events.CParser is None:
                raise
            at = yaml_events.refused_place(exc, doc.text)
            if at is not None and at not in places:
                _reset(doc)
                if len(places) >= MAX_REREADS:  # each re-read is a C parse up to the place;
                    events = _py_events         # past MAX_REREADS, one pure-Python parse
                else:
                    places = (*places, at)
                    events = partial(yaml_events.c_events_reading, places=places)
                continue
            if exc.problem_mark is None or not (exc.problem or "").startswith(_LIBYAML_TOO_DEEP):
                raise
            cut = exc.problem_mark.index
            break
    _reset(doc)
    try:
        _build(doc, doc.text[:cut], events)
    except MarkedYAMLError as exc:
        if exc.problem == _TOO_DEEP:
            raise
    _reset(doc)
    _build(doc, doc.text, _py_events)


def _reset(doc: YamlDocument) -> None:
    doc.problems.clear()
    doc.containers.clear()
    doc.data, doc.parsed, doc.dropped = None, False, ()


def _build(doc: YamlDocument, source: str, events) -> None:
    """Build ``doc`` from the events of ``source`` (``doc.text`` or a prefix of it).

    One function on purpose: the event loop of the hot path (a 1,000-endpoint document is
    ~71,000 events), whose branches share the stack and the anchors. The open container's
    state lives in local variables (the enclosing ones' in tuples on ``stack``), every
    event's node is attached at the loop's end, and a plain scalar's value is resolved once
    per distinct text (``resolved``): a call or an attribute per event would cost more
    than the work."""
    text = doc.text
    containers = doc.containers
    anchors: dict[str, object] = {}
    resolved: dict[str, object] = {}
    dropped: list = []
    stack: list[tuple] = []
    obj = info = entries = None     # the open container (None: the top level), its side table
    is_map = False
    key = None                      # the open mapping's pending key (None: a key comes next)
    kstart = kend = last_end = -1
    root = None
    root_span = (0, 0)
    documents = 0
    aliased = merged = False
    Scalar, Alias = _E.ScalarEvent, _E.AliasEvent
    MapStart, MapEnd, SeqStart, SeqEnd = (_E.MappingStartEvent, _E.MappingEndEvent,
                                          _E.SequenceStartEvent, _E.SequenceEndEvent)
    DocStart = _E.DocumentStartEvent
    memo, missing = resolved.get, _MISSING

    ev = None
    try:
        for ev in events(source):
            cls = ev.__class__
            if cls is Scalar:
                start, end = ev.start_mark.index, ev.end_mark.index
                style, tag = ev.style, ev.ctag   # (``ev.tag`` is a property: str() of it)
                if not style and tag is None and ev.implicit[0]:   # plain: the YAML 1.2 core schema
                    value = memo(ev.value, missing)
                    if value is missing:
                        value = resolved[ev.value] = resolve_plain(ev.value)
                    style = ""
                else:
                    style = style or ""
                    if tag is not None and tag.__class__ is not str:
                        tag = str(tag)
                    value = resolve_scalar(ev.value, tag, ev.implicit[0] and not style)
                    if style in ("|", ">"):  # block scalars end at their last character
                        while end > start and text[end - 1].isspace():   # (not text[:end].rstrip():
                            end -= 1                                      # a copy per scalar, quadratic)
                if ev.anchor:
                    anchors[ev.anchor] = value
            elif cls is MapEnd or cls is SeqEnd:
                value, style = obj, ("map" if is_map else "seq")
                if is_map and "<<" in entries and text[entries["<<"].key_start] == "<":
                    merged = True
                    _merge_keys(doc, obj, entries, dropped)
                start = info.start
                end = info.end = ev.end_mark.index if info.flow else max(last_end, start)
                obj, info, entries, is_map, key, kstart, kend, last_end = stack.pop()
            elif cls is MapStart or cls is SeqStart:
                if len(stack) >= MAX_NESTING:
                    raise MarkedYAMLError(problem=_TOO_DEEP, problem_mark=ev.start_mark)
                stack.append((obj, info, entries, is_map, key, kstart, kend, last_end))
                is_map = cls is MapStart
                obj = {} if is_map else []
                last_end = ev.start_mark.index
                info = Container(last_end, ev.end_mark.index, bool(ev.flow_style))
                entries = info.entries
                containers[id(obj)] = info
                if ev.anchor:
                    anchors[ev.anchor] = obj
                key = None
                continue
            elif cls is Alias:
                if ev.anchor not in anchors:
                    raise MarkedYAMLError(problem=f"unknown alias '*{ev.anchor}'", problem_mark=ev.start_mark)
                aliased = True
                value, start, end, style = anchors[ev.anchor], ev.start_mark.index, ev.end_mark.index, "alias"
            elif cls is DocStart:
                documents += 1
                if documents > 1:
                    start = ev.start_mark.index
                    doc.problems.append(ParseProblem(
                        "AGIS003", "several YAML documents in one file; an AGIS document is a single "
                        "YAML document, so only the first is linted", start,
                        max(ev.end_mark.index, start + 3)))
                    break
                continue
            else:
                continue
            # attach the node (value, start, end, style) to the open container
            if is_map:
                if key is None:  # this node is a key
                    if isinstance(value, (dict, list)):
                        doc.problems.append(ParseProblem(
                            "AGIS001", "complex (non-scalar) mapping keys are not supported", start, end))
                        dropped.append(value)
                        value = str(value)
                    key = "" if value is None else (value if isinstance(value, str) else text[start:end])
                    kstart, kend = start, end
                    continue
                if key in entries:
                    first = doc.lines.position(entries[key].key_start)
                    doc.problems.append(ParseProblem(
                        "AGIS002", f"duplicate key '{key}' (first defined on line {first.line + 1}); "
                        "the later value wins", kstart, kend))
                    dropped.append(obj.pop(key))
                obj[key] = value
                entries[key] = Entry(kstart, kend, start, end, style, kstart, end)
                key = None
            elif obj is not None:
                entries[len(obj)] = Entry(start, end, start, end, style, start, end)
                obj.append(value)
            else:
                root, root_span = value, (start, end)
                continue
            last_end = end
    except MarkedYAMLError as exc:
        exc.last_event = ev   # (yaml_events.refused_place reads it)
        raise
    doc.data = root
    doc.dropped = tuple(dropped)
    doc.root_span = root_span if root is not None else (0, len(text))
    doc.parsed = True
    doc.plain_tree = not aliased and not anchors and not merged
    if aliased and nesting_depth(root, MAX_NESTING) > MAX_NESTING:
        # aliases can nest a container inside copies of itself: as deep as written nesting
        doc.problems.append(ParseProblem("AGIS001", _TOO_DEEP + " (through aliases)", *doc.root_span))
        doc.data, doc.parsed, doc.containers = None, False, {}
        return
    if aliased:
        size = expanded_size(root, limit=MAX_EXPANDED_NODES)
        if size > MAX_EXPANDED_NODES:
            doc.problems.append(ParseProblem(
                "AGIS004", f"aliases expand this document to more than {MAX_EXPANDED_NODES:,} nodes "
                "(an alias bomb?); it is not linted further", *doc.root_span))
            doc.data, doc.parsed, doc.containers = None, False, {}


def _merge_keys(doc: YamlDocument, obj: dict, entries: dict, dropped: list) -> None:
    """A plain ``<<`` key, as YAML 1.1's merge key type defines it: its value (a mapping or a
    list of mappings) gives the keys the mapping does not write itself, the earlier mapping
    of a list first; the ``<<`` entry leaves the mapping. Merged keys have no entry of their
    own here: a finding on one points at the mapping, and no fix edits the base through it."""
    at = entries.pop("<<")
    value = obj.pop("<<")
    sources = value if isinstance(value, list) else [value]
    if not all(isinstance(m, dict) for m in sources):
        doc.problems.append(ParseProblem(
            "AGIS001", "the merge key '<<' takes a mapping or a list of mappings (YAML merge key type)",
            at.key_start, at.value_end))
        dropped.append(value)
        return
    for source in sources:
        for k, v in source.items():
            if k not in obj:
                obj[k] = v


def nesting_depth(root, limit: int) -> int:
    """Container depth of ``root`` with aliases followed (memoised), at most ``limit + 1``.

    A cycle (a recursive alias) returns -1: ``expanded_size`` reports it as unbounded (AGIS004).
    """
    memo: dict[int, int] = {}
    visiting: set[int] = set()
    stack = [(root, False)]
    while stack:
        obj, done = stack.pop()
        if not isinstance(obj, (dict, list)):
            continue
        key = id(obj)
        children = [c for c in (obj.values() if isinstance(obj, dict) else obj) if isinstance(c, (dict, list))]
        if done:
            visiting.discard(key)
            memo[key] = min(1 + max((memo.get(id(c), 1) for c in children), default=0), limit + 1)
            continue
        if key in memo:
            continue
        if key in visiting:
            return -1
        visiting.add(key)
        stack.append((obj, True))
        for c in children:
            if id(c) in visiting:
                return -1
            if id(c) not in memo:
                stack.append((c, False))
    return memo.get(id(root), 0)


def expanded_size(root, limit: int) -> int:
    """Node count with every alias expanded, computed on the shared graph (memoised).

    A recursive alias (a node containing itself) counts as unbounded.
    """
    memo: dict[int, int] = {}
    visiting: set[int] = set()
    stack = [(root, False)]
    while stack:
        obj, done = stack.pop()
        if not isinstance(obj, (dict, list)):
            continue
        key = id(obj)
        if done:
            visiting.discard(key)
            total = 1
            for c in (obj.values() if isinstance(obj, dict) else obj):
                total += memo.get(id(c), 1) if isinstance(c, (dict, list)) else 1
            memo[key] = min(total, limit + 1)
            continue
        if key in memo:
            continue
        if key in visiting:
            return limit + 1
        visiting.add(key)
        stack.append((obj, True))
        children = obj.values() if isinstance(obj, dict) else obj
        for c in children:
            if isinstance(c, (dict, list)):
                if id(c) in visiting:
                    return limit + 1
                if id(c) not in memo:
                    stack.append((c, False))
    return memo.get(id(root), 1)
