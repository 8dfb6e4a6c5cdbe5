"""Markdown documents with an optional YAML frontmatter (``SKILL.md``, ``AGENTS.md``, ``.mdc``).

The data of a Markdown document is a mapping of two entries, each positioned in the text:

* ``frontmatter``: the mapping the YAML between the opening ``---`` line and the closing
  one holds (absent when the file has none, or when it does not parse: its syntax error is
  the document's problem, at its place);
* ``body``: the Markdown after the frontmatter, as a list of blocks (paragraphs, list runs,
  headings, whole fenced code blocks), each the exact text of its span, so a rule that
  found something inside a block names it by ``("body", i)`` and an offset.

The frontmatter is parsed by the YAML parser on a copy of the text in which every
character outside it is a space (line breaks kept): its spans are the file's own.
"""
from __future__ import annotations

import re

from .tree import Container, Document, Entry, ParseProblem
from .yaml_parser import YamlDocument, parse_yaml

#: Names and suffixes of the files read as Markdown (the document kinds that live in them
#: decide which of these files are linted).
MARKDOWN_SUFFIXES = (".md", ".mdc", ".markdown")
MARKDOWN_NAMES = (".cursorrules", ".windsurfrules", ".clinerules")

_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})")
_OPEN = re.compile(r"---[ \t]*\r?\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.M)


class MarkdownDocument(Document):
    syntax = "markdown"

    def __init__(self, text: str, path: str | None = None) -> None:
        super().__init__(text, path)
        #: "none" (no frontmatter), "unclosed" (an opening ``---`` without its end),
        #: "invalid" (YAML that does not parse, or not a mapping), "ok"
        self.frontmatter_state = "none"
        #: offset where the body starts (after the closing ``---`` line)
        self.body_start = 0
        #: paths of the frontmatter's flow collections (``[a, b]``, ``{k: v}``), outermost only
        self.frontmatter_flow: list = []

    def render_op(self, op) -> list:
        """The text edits of a fix operation: in the frontmatter, as in any YAML document (its
        spans are the file's own); the body is never edited by a fix."""
        from .edits import EditError, render_op
        path = tuple(getattr(op, "path", ()) or ())
        if not path or path[0] != "frontmatter" or self.frontmatter_state != "ok":
            raise EditError("fixes edit only the frontmatter of a Markdown document")
        as_yaml = YamlDocument(self.text, self.path)
        as_yaml.__dict__.update({k: v for k, v in self.__dict__.items()
                                 if k not in ("frontmatter_state", "body_start", "frontmatter_flow")})
        return render_op(as_yaml, op)


def is_markdown_path(path: str | None) -> bool:
    if not path:
        return False
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name.endswith(MARKDOWN_SUFFIXES) or name in MARKDOWN_NAMES


def _blank_outside(text: str, start: int, end: int) -> str:
    """``text`` with every character outside [start, end) a space, line breaks kept."""
    def blank(s: str) -> str:
        return re.sub(r"[^\r\n]", " ", s)
    return blank(text[:start]) + text[start:end] + blank(text[end:])


def parse_markdown(text: str, path: str | None = None) -> MarkdownDocument:
    doc = MarkdownDocument(text, path)
    root: dict = {}
    entries: dict = {}
    body_start = 0
    opened = _OPEN.match(text)
    if opened:
        close = _CLOSE.search(text, opened.end())
        if close is None:
            doc.frontmatter_state = "unclosed"
            doc.problems.append(ParseProblem(
                "AGIS001", "the frontmatter opened by '---' on the first line is never closed by a "
                "'---' line", 0, 3))
        else:
            fm_start, fm_end = opened.end(), close.start()
            nl = text.find("\n", close.end())
            body_start = len(text) if nl == -1 else nl + 1
            _frontmatter(doc, text, fm_start, fm_end, close, root, entries)
    doc.body_start = body_start
    blocks, spans = split_blocks(text, body_start)
    root["body"] = blocks
    entries["body"] = Entry(body_start, body_start, body_start, len(text), "seq", body_start, len(text))
    doc.containers[id(blocks)] = Container(body_start, len(text), False,
                                           {i: Entry(s, s, s, e, "", s, e) for i, (s, e) in enumerate(spans)})
    doc.data = root
    doc.containers[id(root)] = Container(0, len(text), False, entries)
    doc.root_span = (0, len(text))
    doc.parsed = True
    return doc


def _frontmatter(doc: MarkdownDocument, text: str, start: int, end: int, close, root: dict,
                 entries: dict) -> None:
    ydoc = parse_yaml(_blank_outside(text, start, end), doc.path)
    doc.problems.extend(ydoc.problems)
    if not ydoc.parsed:
        doc.frontmatter_state = "invalid"
        return
    data = ydoc.data
    if data is None:
        data = {}
    if not isinstance(data, dict):
        doc.frontmatter_state = "invalid"
        doc.problems.append(ParseProblem("AGIS001", "the frontmatter must be a YAML mapping (key: value "
                                         "lines)", start, max(start, end - 1)))
        return
    doc.frontmatter_state = "ok"
    doc.containers.update(ydoc.containers)
    if id(data) not in doc.containers:
        doc.containers[id(data)] = Container(start, end, False, {})
    root["frontmatter"] = data
    entries["frontmatter"] = Entry(0, 3, start, end, "map", 0, close.end())
    doc.frontmatter_flow = _flow_paths(doc, data, ("frontmatter",))


def _flow_paths(doc: MarkdownDocument, obj, path: tuple) -> list:
    out = []
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        info = doc.container(v)
        if info is None:
            continue
        if info.flow:
            out.append(path + (k,))
        else:
            out += _flow_paths(doc, v, path + (k,))
    return out


def split_blocks(text: str, start: int) -> tuple[list, list]:
    """The blocks of the Markdown from ``start`` on: runs of non-blank lines, a fenced code
    block (with its fences) always one block. Returns (texts, spans)."""
    blocks, spans = [], []
    pos, n = start, len(text)
    cur = None           # start of the block being read
    fence = None         # the fence that opened the code block being read
    while pos < n:
        nl = text.find("\n", pos)
        line_end = n if nl == -1 else nl
        nxt = n if nl == -1 else nl + 1
        line = text[pos:line_end].rstrip("\r")
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and not line.strip()[len(m.group(1)):].strip():
                _add(text, cur, line_end, blocks, spans)
                cur, fence = None, None
        elif m:
            if cur is not None:
                _add(text, cur, pos, blocks, spans)
            cur, fence = pos, m.group(1)
        elif not line.strip():
            if cur is not None:
                _add(text, cur, pos, blocks, spans)
                cur = None
        elif cur is None:
            cur = pos
        pos = nxt
    if cur is not None:
        _add(text, cur, n, blocks, spans)
    return blocks, spans


def _add(text: str, s: int, e: int, blocks: list, spans: list) -> None:
    while e > s and text[e - 1] in "\r\n":
        e -= 1
    if e > s:
        blocks.append(text[s:e])
        spans.append((s, e))
