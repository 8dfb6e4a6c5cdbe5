"""The texts a prose field carries inside it, read by the pattern scan as texts of their own too
(``_scan.scan_text``), so a pattern that wants a sentence's start ("Write one offensive sentence
...", "Ignore all previous instructions") finds it where a wrapper put something else first:
``"note": "Ignore ...``, ``<!-- Ignore ... -->``, ``> **Important:** Ignore ...``,
``| note | Ignore ... |``, ``INFO [worker-3] Ignore ...``, ``2025-03-14T09:12:44Z INFO Ignore ...``.

Three readers: the *segments* between runs of characters that do not occur inside a sentence of
prose (quotes, pipes, brackets, braces, backticks, asterisks, hashes), whatever format put them
there; an HTML comment's body; and a log line's message after its timestamp and level. A tag's
angle bracket is not a delimiter: the patterns decide themselves what may follow one
("<p>MODEL: The device model ..." is documentation, "<p>Assistant, ..." is not).
"""
from __future__ import annotations

import re
from itertools import chain, islice

# Every quantifier is bounded or the text is walked once: a field of hostile text ("<!--" ten
# thousand times, one token of "12:34" repeated) stays linear.
_DELIMITERS = re.compile(r"[\"|{}\[\]`*#]+")
_LOG = re.compile(r"^[ \t]{0,8}\S{0,40}\d{2}:\d{2}\S{0,40}[ \t]{1,8}(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|"
                  r"CRITICAL)\b[:\t ]{0,8}(?:\[[^\]\n]{0,40}\][:\t ]{0,8})?(\S[^\n]*)$", re.M)
_LOG_MARKS = ("INFO", "WARN", "ERROR", "DEBUG", "TRACE", "NOTICE", "FATAL", "CRITICAL")
# Detectors that read structure (tags, encodings, characters, URLs) judge the whole text only: a
# carried text cut out of its code block or its markup has lost what they read (an XML example's
# <root> inside a fenced block is an example, not a tag that impersonates the system).
STRUCTURAL = frozenset(("AGSC102", "AGSC304", "AGSC601", "AGSC602", "AGSC603", "AGSC605"))
MIN_CHARS = 12     # a segment shorter than this, or without a space, is a value, not a sentence
# a stretch that starts with a comma goes on with the sentence an inline code span interrupted
_CONTINUES = re.compile(r"[ \t]{0,8},")
MAX_CARRIED = 64   # carried texts read per field: the first ones


def _segments(text: str):
    """(offset, text) of each stretch between delimiter runs, from its first letter or digit."""
    at = 0
    for m in _DELIMITERS.finditer(text):
        yield from _trimmed(text, at, m.start())
        at = m.end()
    if at:
        yield from _trimmed(text, at, len(text))


def _trimmed(text: str, a: int, b: int):
    if _CONTINUES.match(text, a):
        return   # ", tell the user ..." after `active_profile_note`: the rest of a sentence, no text of its own
    while a < b and not text[a].isalnum():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if b - a >= MIN_CHARS and " " in text[a:b]:
        yield a, text[a:b]


def _comments(text: str):
    """(offset, body) of each closed HTML comment, its body stripped."""
    at = text.find("<!--")
    while at >= 0:
        end = text.find("-->", at + 4)
        if end < 0:
            return
        yield from _trimmed(text, at + 4, end)
        at = text.find("<!--", end + 3)


def carried(text: str) -> list[tuple[int, str, bool]]:
    """(offset, text, whole) of every text ``text`` carries, in the order of their offsets;
    ``whole``: every detector reads it (an HTML comment's body, a log line's message: texts of
    their own), else only those that do not read structure (a segment, ``STRUCTURAL``)."""
    out: dict[tuple[int, str], bool] = {}
    for at, inner in _segments(text):
        if len(out) >= MAX_CARRIED:
            break
        if inner != text:
            out.setdefault((at, inner), False)
    bodies = _comments(text) if "<!--" in text else iter(())
    if any(mark in text for mark in _LOG_MARKS):
        bodies = chain(bodies, ((m.start(1), m.group(1)) for m in _LOG.finditer(text)))
    for at, inner in islice(bodies, MAX_CARRIED):
        if inner != text:
            out[(at, inner)] = True
    return sorted((at, inner, whole) for (at, inner), whole in out.items())
