"""Fuzzing the server over stdio: random incremental edits with requests between them.

One session starts a real ``python -m agis_lsp.lsp``, opens three documents (AGIS YAML,
AGIS JSON, an AGTP endpoint of a deployment) and applies random incremental edits:
tokens that matter to the parsers (separators inside flow collections, brackets, quotes),
surrogate splits (edits at a UTF-16 column between the halves of an emoji), CR, CRLF, LS,
NEL and PS line breaks, deleting everything, whole-document replacements and a 1 MB paste.
Between edits it sends hover, completion, definition, codeAction, documentSymbol and pull
diagnostics at random positions. It checks:

* every request is answered within ``ANSWER_LIMIT`` seconds, with no JSON-RPC error (a pull
  answered ServerCancelled with ``retriggerRequest``, LSP 3.17, is the protocol's "ask again");
* no traceback in the log (``window/logMessage`` and stderr);
* every range lies inside the text of its version (published diagnostics: the version they
  carry; answers: the version the request was sent against) and starts before it ends;
* the server's text is the client's: at the end, each AGIS document's syntax and
  structure findings equal those of a fresh copy of the client's final text;
* ``shutdown`` then ``exit`` ends the process with status 0 within 2 s.

The client keeps its texts in UTF-16 form (astral characters as surrogate pairs), so a
Python index is a UTF-16 column; lines are split at ``\\n``, ``\\r\\n`` and ``\\r`` only.
Used by ``test_fuzz.py`` (fixed budget) and ``scripts/fuzz_lsp.py`` (long runs).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field

from .rawclient import CAPABILITIES, RawClient

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
ANSWER_LIMIT = 5.0
_BREAK = re.compile(r"\r\n|\r|\n")

TOKENS = ["a", "key", " ", "  ", "    ", ":", ": ", "=", " = ", ",", ", ", "[", "]", "{", "}", "[[",
          "]]", '"', "'", '"""', "#", "- ", "-", ".", "\\", "|", ">", "\t", "\x00", "\ufeff",
          "😀", "é", "\u00a0", "\r", "\r\n", "\n", "\u2028", "\u2029", "\x85", "method: ",
          "BOOK", "book", "/reservation", "path: ", "intent: ", "semantic:", "endpoints:",
          "x-tags: [audience: agents, beta]", "errors = [a = 1, ", '["a": 1, ', '"method": ',
          "[endpoint]", "{a: b: c}", "1", "true", "null", "&a ", "*a", "!!str ", "---", "..."]
SNIPPETS = ["\n  - method: CANCEL\n    path: /reservation/{id}\n    semantic:\n      intent: "
            "cancels a reservation\n", '\nmethod = "FETCH"\n', "\n[endpoint.semantic]\nintent = "
            '"x"\n', '{"method": "BOOK", "path": "/x"}', "\nvocabulary:\n  declared_verbs: [BOOK]\n"]
REQUESTS = ("textDocument/hover", "textDocument/completion", "textDocument/definition",
            "textDocument/codeAction", "textDocument/documentSymbol", "textDocument/diagnostic",
            "textDocument/semanticTokens/full", "textDocument/references",
            "textDocument/prepareRename", "textDocument/inlayHint", "textDocument/documentLink",
            "textDocument/foldingRange", "textDocument/selectionRange")
AT_POSITION = ("textDocument/hover", "textDocument/completion", "textDocument/definition",
               "textDocument/references", "textDocument/prepareRename")
MECHANICAL = re.compile(r"^AGIS[012]\d\d$")


def utf16(text: str) -> str:
    """``text`` with astral characters as surrogate pairs (one Python index per UTF-16 unit)."""
    if text.isascii():
        return text
    return "".join(c if ord(c) <= 0xFFFF else chr(0xD800 + ((ord(c) - 0x10000) >> 10))
                   + chr(0xDC00 + ((ord(c) - 0x10000) & 0x3FF)) for c in text)


def lines_of(text: str) -> list[str]:
    return _BREAK.split(text)


def position_of(text: str, index: int) -> dict:
    before = text[:index]
    parts = _BREAK.split(before)
    return {"line": len(parts) - 1, "character": len(parts[-1])}


def index_of(text: str, pos: dict) -> int:
    starts, i = [0], 0
    for m in _BREAK.finditer(text):
        starts.append(m.end())
    line = min(pos["line"], len(starts) - 1)
    start = starts[line]
    end = len(text) if line + 1 >= len(starts) else starts[line + 1]
    content = text[start:end].rstrip("\r\n")
    return start + min(pos["character"], len(content))



def _retrigger(method: str, error) -> bool:
    """LSP 3.17 ServerCancelled with retriggerRequest on a pull: the check is still running and
    the client is asked to pull again. That is the protocol's answer, not a defect."""
    return (method == "textDocument/diagnostic" and isinstance(error, dict)
            and error.get("code") == -32802 and (error.get("data") or {}).get("retriggerRequest") is True)

@dataclass
class Defects:
    unanswered: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    out_of_range: list = field(default_factory=list)
    tracebacks: list = field(default_factory=list)
    text_mismatch: list = field(default_factory=list)
    exit: list = field(default_factory=list)

    def count(self) -> int:
        return sum(len(v) for v in vars(self).values())

    def merge(self, other: "Defects") -> None:
        for name, items in vars(other).items():
            getattr(self, name).extend(items)

    def summary(self) -> dict:
        return {name: len(items) for name, items in vars(self).items()}


@dataclass
class Stats:
    sessions: int = 0
    edits: int = 0
    requests: int = 0
    published: int = 0
    slowest: float = 0.0
    seconds: float = 0.0


class Doc:
    def __init__(self, uri: str, text: str, language: str, standalone: bool) -> None:
        self.uri = uri
        self.text = utf16(text)
        self.language = language
        self.standalone = standalone
        self.version = 1
        self.texts = {1: self.text}


_LINES: dict = {}


def _lines_cached(text: str) -> list[str]:
    """Lines of ``text`` (the last few texts are kept: a 1 MB text is split once)."""
    key = id(text)
    hit = _LINES.get(key)
    if hit is None or hit[0] is not text:
        if len(_LINES) > 8:
            _LINES.clear()
        hit = _LINES[key] = (text, lines_of(text))
    return hit[1]


def _check_range(rng, text: str, where: str, defects: Defects) -> None:
    lines = _lines_cached(text)
    s, e = rng.get("start", {}), rng.get("end", {})
    for name, p in (("start", s), ("end", e)):
        line, ch = p.get("line", -1), p.get("character", -1)
        if not (0 <= line < len(lines)) or not (0 <= ch <= len(lines[line])):
            defects.out_of_range.append(f"{where}: {name} {p} outside the text "
                                        f"({len(lines)} lines; that line has "
                                        f"{len(lines[line]) if 0 <= line < len(lines) else '-'})")
            return
    if (s["line"], s["character"]) > (e["line"], e["character"]):
        defects.out_of_range.append(f"{where}: range ends before it starts: {rng}")


def check_ranges(value, uri: str, text: str, where: str, defects: Defects, ctx: str | None = None):
    """Every range in ``value`` that belongs to ``uri`` lies inside ``text``."""
    if isinstance(value, list):
        for item in value:
            check_ranges(item, uri, text, where, defects, ctx)
        return
    if not isinstance(value, dict):
        return
    here = value.get("uri", value.get("targetUri", ctx))
    if "textDocument" in value and isinstance(value["textDocument"], dict):
        here = value["textDocument"].get("uri", here)
    for key, item in value.items():
        if key == "changes" and isinstance(item, dict):
            for target, edits in item.items():
                check_ranges(edits, uri, text, where, defects, target)
        elif key in ("range", "selectionRange", "targetRange", "targetSelectionRange",
                     "insert", "replace") and isinstance(item, dict) and "start" in item:
            if here in (None, uri):
                _check_range(item, text, f"{where} {key}", defects)
        elif key == "originSelectionRange" and isinstance(item, dict):
            _check_range(item, text, f"{where} {key}", defects)
        elif isinstance(item, (dict, list)):
            check_ranges(item, uri, text, where, defects, here)


def check_tokens(data: list, text: str, where: str, defects: Defects) -> None:
    """Every semantic token (relative encoding) lies on a line of ``text``, inside it."""
    lines = _lines_cached(text)
    line = char = 0
    for i in range(0, len(data) - 4, 5):
        dl, dc, length = data[i:i + 3]
        line += dl
        char = char + dc if dl == 0 else dc
        if not 0 <= line < len(lines) or not 0 <= char or char + length > len(lines[line]):
            defects.out_of_range.append(f"{where}: token {data[i:i + 5]} at line {line} "
                                        f"character {char} outside the text")
            return


class Session:
    def __init__(self, seed: int, workdir: str, pull: bool) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.workdir = workdir
        self.pull = pull
        self.defects = Defects()
        self.stats = Stats(sessions=1)
        self.client: RawClient | None = None
        self.docs: list[Doc] = []
        self._checked = 0
        self.silent = 0          # requests in a row without an answer

    @property
    def hung(self) -> bool:
        return self.silent >= 3

    # -- set-up -----------------------------------------------------------------------
    def _documents(self) -> list[Doc]:
        from .conftest import uri_of
        with open(os.path.join(FIXTURES, "reservations.agis"), encoding="utf-8") as fh:
            agis = fh.read()
        with open(os.path.join(FIXTURES, "deploy", "endpoints", "book.toml"), encoding="utf-8") as fh:
            toml = fh.read()
        as_json = json.dumps({"agis_version": "1.0", "endpoints": [
            {"method": "book", "path": "/reservation", "semantic": {"intent": "books a room"}}]},
            indent=2)
        return [Doc(uri_of(os.path.join(self.workdir, f"s{self.seed}.agis")), agis, "agis", True),
                Doc(uri_of(os.path.join(self.workdir, f"s{self.seed}.agis.json")), as_json, "agis",
                    True),
                Doc(uri_of(os.path.join(self.workdir, "deploy", "endpoints", f"s{self.seed}.toml")),
                    toml, "toml", False)]

    async def start(self) -> None:
        caps = json.loads(json.dumps(CAPABILITIES))
        if self.pull:
            caps["workspace"]["diagnostics"] = {"refreshSupport": True}
        self.client = await RawClient.start(env={"XDG_CACHE_HOME": os.path.join(self.workdir,
                                                                                ".cache")})
        from .conftest import uri_of
        await self.client.initialize(uri_of(self.workdir), capabilities=caps)
        self.docs = self._documents()
        for doc in self.docs:
            self.client.open(doc.uri, doc.text, language=doc.language)

    # -- edits ----------------------------------------------------------------------------
    def _soup(self) -> str:
        r = self.rng
        if r.random() < 0.15:
            return r.choice(SNIPPETS)
        return "".join(r.choice(TOKENS) for _ in range(r.randint(1, 6)))

    def _edit(self, doc: Doc, big_paste: bool) -> dict:
        r = self.rng
        text = doc.text
        n = len(text)
        roll = r.random()
        if big_paste:
            snippet = utf16(r.choice(SNIPPETS))
            block = snippet * (1_000_000 // len(snippet) + 1)           # a 1 MB paste
            new, a, b = block, r.randint(0, n), None
        elif roll < 0.02:
            return {"text": utf16(self._soup())} if r.random() < 0.5 else \
                self._ranged(doc, 0, n, "")                             # replace / delete all
        elif roll < 0.45:
            new, a, b = utf16(self._soup()), r.randint(0, n), None      # insert
        elif roll < 0.7:
            a = r.randint(0, n)
            new, b = "", min(n, a + r.choice((1, 1, 2, 5, 20, 200)))     # delete
        elif roll < 0.8:                                                 # split or join a pair
            pairs = [i for i in range(n - 1) if "\ud800" <= text[i] <= "\udbff"]
            a = (r.choice(pairs) + 1) if pairs else r.randint(0, n)
            new, b = r.choice(("", "x", "\n", utf16("😀"))), None
        elif roll < 0.9:
            new, a, b = r.choice(("\r", "\r\n", "\n", "\u2028", "\x85", "\u2029")), r.randint(0, n), None
        else:
            a = r.randint(0, n)
            new, b = utf16(self._soup()), min(n, a + r.randint(0, 30))  # replace
        return self._ranged(doc, a, a if b is None else b, new)

    def _ranged(self, doc: Doc, a: int, b: int, new: str) -> dict:
        # the range in client positions (a position inside "\r\n" is not one: move off it)
        text = doc.text
        if 0 < a < len(text) and text[a - 1] == "\r" and text[a] == "\n":
            a -= 1
        if 0 < b < len(text) and text[b - 1] == "\r" and text[b] == "\n":
            b += 1
        b = max(a, b)
        return {"range": {"start": position_of(text, a), "end": position_of(text, b)}, "text": new}

    @staticmethod
    def _applied(text: str, change: dict) -> str:
        if "range" not in change:
            return change["text"]
        a = index_of(text, change["range"]["start"])
        b = index_of(text, change["range"]["end"])
        return text[:a] + change["text"] + text[b:]

    def set_text(self, doc: Doc, changes: list, text: str) -> None:
        doc.text = text
        doc.version += 1
        doc.texts[doc.version] = text
        if len(doc.texts) > 400:  # versions older than this are never referenced again
            for v in sorted(doc.texts)[:-400]:
                del doc.texts[v]
        self.client.change(doc.uri, doc.version, changes)
        self.stats.edits += 1

    def edit(self, doc: Doc, big_paste: bool = False) -> None:
        """One didChange: one or two changes, each against the text the previous left."""
        changes, text = [], doc.text
        for k in range(2 if self.rng.random() < 0.1 else 1):
            doc.text = text
            change = self._edit(doc, big_paste and k == 0)
            changes.append(change)
            text = self._applied(text, change)
        doc.text = doc.texts[doc.version]
        self.set_text(doc, changes, text)

    # -- requests ---------------------------------------------------------------------------
    def _params(self, doc: Doc, method: str) -> dict:
        r = self.rng
        text = doc.text
        pos = position_of(text, r.randint(0, len(text)))
        if r.random() < 0.1:  # positions past the end of a line or of the document
            pos = {"line": pos["line"] + r.choice((0, 1, 50)), "character": pos["character"] + 7}
        params = {"textDocument": {"uri": doc.uri}}
        if method in AT_POSITION:
            params["position"] = pos
            if method == "textDocument/references":
                params["context"] = {"includeDeclaration": r.random() < 0.5}
        elif method == "textDocument/selectionRange":
            params["positions"] = [pos, position_of(text, r.randint(0, len(text)))]
        elif method in ("textDocument/codeAction", "textDocument/inlayHint"):
            end = position_of(text, min(len(text), index_of(text, pos) + r.randint(0, 40)))
            params.update(range={"start": pos, "end": end})
            if method == "textDocument/codeAction":
                params["context"] = {"diagnostics": []}
        return params

    async def request(self, doc: Doc) -> None:
        method = self.rng.choice(REQUESTS)
        version, text = doc.version, doc.text
        params = self._params(doc, method)
        started = time.monotonic()
        where = f"seed {self.seed} {method} v{version} {doc.uri.rsplit('/', 1)[-1]}"
        try:
            response = await self.client.request(method, params, timeout=ANSWER_LIMIT)
        except asyncio.TimeoutError:
            self.defects.unanswered.append(f"{where}: no answer within {ANSWER_LIMIT} s")
            self.silent += 1
            return
        except ConnectionError as exc:
            self.defects.unanswered.append(f"{where}: {exc}")
            raise
        self.silent = 0
        elapsed = time.monotonic() - started
        self.stats.slowest = max(self.stats.slowest, elapsed)
        self.stats.requests += 1
        if "error" in response:
            if not _retrigger(method, response["error"]):
                self.defects.errors.append(f"{where}: {response['error']}")
            return
        result = response.get("result")
        check_ranges(result, doc.uri, text, where, self.defects)
        if method == "textDocument/semanticTokens/full" and isinstance(result, dict):
            check_tokens(result.get("data") or [], text, where, self.defects)
        elif method == "textDocument/foldingRange" and isinstance(result, list):
            count = len(_lines_cached(text))
            for fold in result:
                if not 0 <= fold["startLine"] <= fold["endLine"] < count:
                    self.defects.out_of_range.append(f"{where}: fold {fold} outside {count} lines")

    def check_published(self) -> None:
        notes = self.client.notifications
        for note in notes[self._checked:]:
            if note["method"] != "textDocument/publishDiagnostics":
                continue
            params = note["params"]
            self.stats.published += 1
            doc = next((d for d in self.docs if d.uri == params["uri"]), None)
            if doc is None or params.get("version") is None:
                continue
            text = doc.texts.get(params["version"])
            if text is None:
                continue  # too old to remember
            where = f"seed {self.seed} publish v{params['version']} {doc.uri.rsplit('/', 1)[-1]}"
            check_ranges(params["diagnostics"], doc.uri, text, where, self.defects)
        self._checked = len(notes)

    # -- the end ------------------------------------------------------------------------------
    async def compare_texts(self) -> None:
        """Each standalone document's mechanical findings equal those of its final text."""
        for doc in self.docs:
            if not doc.standalone:
                continue
            twin = doc.uri.replace(f"s{self.seed}.", f"s{self.seed}-twin.")
            self.client.open(twin, doc.text, language=doc.language)
            ours, theirs = [], []
            for uri, out in ((doc.uri, ours), (twin, theirs)):
                try:
                    for _ in range(40):  # a check still running: ask again, as an editor does
                        response = await self.client.request(
                            "textDocument/diagnostic", {"textDocument": {"uri": uri}}, timeout=30)
                        if not _retrigger("textDocument/diagnostic", response.get("error")):
                            break
                        await asyncio.sleep(0.25)
                except asyncio.TimeoutError:
                    self.defects.unanswered.append(f"seed {self.seed}: final pull of {uri} "
                                                   "unanswered")
                    return
                items = (response.get("result") or {}).get("items") or []
                out.extend(sorted((d["code"], json.dumps(d["range"], sort_keys=True))
                                  for d in items if MECHANICAL.match(str(d.get("code")))))
            if ours != theirs:
                self.defects.text_mismatch.append(
                    f"seed {self.seed} {doc.uri.rsplit('/', 1)[-1]}: {ours[:5]} != {theirs[:5]}")

    async def finish(self) -> None:
        self.check_published()
        if not self.hung:
            await self.compare_texts()
        try:
            code = await self.client.stop(timeout=5 if self.hung else 10)
            if code != 0:
                self.defects.exit.append(f"seed {self.seed}: exit status {code}")
            if self.client.exit_seconds > 2:
                self.defects.exit.append(f"seed {self.seed}: exit took {self.client.exit_seconds:.1f} s")
        except (asyncio.TimeoutError, ConnectionError) as exc:
            self.defects.exit.append(f"seed {self.seed}: no clean exit ({exc!r})")
        log = self.client.log()
        for block in log.split("Traceback (most recent call last):")[1:]:
            self.defects.tracebacks.append(f"seed {self.seed}: Traceback{block[:1500]}")


async def run_session(seed: int, edits: int, workdir: str, *, pull: bool = False,
                      paste: bool = True, deadline: float | None = None) -> Session:
    session = Session(seed, workdir, pull)
    started = time.monotonic()
    await session.start()
    paste_at = session.rng.randint(edits // 3, max(edits // 3, 2 * edits // 3)) if paste else -1
    pasted: tuple | None = None
    try:
        for i in range(edits):
            if session.hung or (deadline is not None and time.monotonic() > deadline):
                break  # (a hung server: the rest would only time out)
            doc = session.rng.choice(session.docs)
            if i == paste_at:
                pasted = (doc, doc.text)
                session.edit(doc, big_paste=True)
                await asyncio.sleep(0.3)       # its check starts; requests on the 1 MB text
                for _ in range(3):
                    await session.request(doc)
            elif pasted is not None and i >= paste_at + 3:
                doc, before = pasted       # edits on 1 MB for a while, then back
                session.set_text(doc, [{"text": before}], before)
                pasted = None
            else:
                session.edit(doc)
            if session.rng.random() < 0.35:
                await asyncio.sleep(session.rng.choice((0, 0.01, 0.05)))
            if session.rng.random() < 0.5:
                await session.request(session.rng.choice(session.docs))
            if i % 20 == 0:
                session.check_published()
        await session.finish()
    finally:
        if session.client is not None:
            session.client.kill()
    session.stats.seconds = time.monotonic() - started
    return session


def workspace() -> str:
    root = tempfile.mkdtemp(prefix="agis-lsp-fuzz-")
    shutil.copytree(FIXTURES, root, dirs_exist_ok=True)
    return root
