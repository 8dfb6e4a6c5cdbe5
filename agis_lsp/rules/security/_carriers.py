"""The texts a prose field carries inside it: an HTML comment's body, a log line's message, a
JSON string value, the text after a Markdown label in bold. The pattern scan reads each of them
as a text of its own too (``_scan.scan_text``), so a pattern that wants a sentence's start
("Write one offensive sentence ...", "Ignore all previous instructions") finds it where the
carrier put something else first: ``INFO [worker-3] Ignore ...``, ``"note": "Ignore ...``,
``> **Important:** Ignore ...``, ``<!-- Ignore ... -->``.
"""
from __future__ import annotations

import re

# Every quantifier is bounded, or the text is walked with str.find: a field of hostile text
# ("<!--" ten thousand times without a close, one token of "12:34" repeated) stays linear.
_LOG = re.compile(r"^[ \t]{0,8}\S{0,40}\d{2}:\d{2}\S{0,40}[ \t]{1,8}(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|"
                  r"CRITICAL)\b[:\t ]{0,8}(?:\[[^\]\n]{0,40}\][:\t ]{0,8})?(\S[^\n]*)$", re.M)
_JSON_VALUE = re.compile(r"\"[^\"\\\n]{1,40}\"[ \t]{0,8}:[ \t]{0,8}\"([^\"\\]{12,})\"")
_BOLD_LABEL = re.compile(r"\*\*[^*\n]{1,40}\*\*[ \t]{0,8}(\S[^\n]*)")
_MARKS = ((("INFO", "WARN", "ERROR", "DEBUG", "TRACE", "NOTICE", "FATAL", "CRITICAL"), _LOG), (('":',), _JSON_VALUE),
          (("**",), _BOLD_LABEL))
MAX_CARRIED = 64   # carried texts read per field: the first ones, in the order of the carriers


def _comments(text: str):
    """(offset, body) of each closed HTML comment, its body stripped."""
    at = text.find("<!--")
    while at >= 0:
        end = text.find("-->", at + 4)
        if end < 0:
            return
        body = text[at + 4:end]
        lead = len(body) - len(body.lstrip())
        if body.strip():
            yield at + 4 + lead, body.strip()
        at = text.find("<!--", end + 3)


def carried(text: str) -> list[tuple[int, str]]:
    """(offset, text) of every text ``text`` carries, in the order of their offsets."""
    out: dict[int, str] = {}
    if "<!--" in text:
        for at, inner in _comments(text):
            if len(out) >= MAX_CARRIED:
                break
            out.setdefault(at, inner)
    for marks, rx in _MARKS:
        if any(mark in text for mark in marks):
            for m in rx.finditer(text):
                if len(out) >= MAX_CARRIED:
                    break
                if m.group(1) != text:
                    out.setdefault(m.start(1), m.group(1))
    return sorted(out.items())
