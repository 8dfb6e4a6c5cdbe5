"""The texts a prose field carries inside it: an HTML comment's body, a log line's message, a
JSON string value, the text after a Markdown label in bold. The pattern scan reads each of them
as a text of its own too (``_scan.scan_text``), so a pattern that wants a sentence's start
("Write one offensive sentence ...", "Ignore all previous instructions") finds it where the
carrier put something else first: ``INFO [worker-3] Ignore ...``, ``"note": "Ignore ...``,
``> **Important:** Ignore ...``, ``<!-- Ignore ... -->``.
"""
from __future__ import annotations

import re

_COMMENT = re.compile(r"<!--\s*(.*?)\s*-->", re.S)
_LOG = re.compile(r"^[ \t]*\S*\d{2}:\d{2}\S*[ \t]+(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\b[:\t ]*"
                  r"(?:\[[^\]\n]{0,40}\][:\t ]*)?(\S[^\n]*)$", re.M)
_JSON_VALUE = re.compile(r"\"[^\"\\\n]{1,40}\"\s*:\s*\"([^\"\\]{12,})\"")
_BOLD_LABEL = re.compile(r"\*\*[^*\n]{1,40}\*\*[ \t]*(\S[^\n]*)")
_MARKS = (("<!--", _COMMENT), ("INFO", _LOG), ("WARN", _LOG), ("ERROR", _LOG), ("DEBUG", _LOG), ('":', _JSON_VALUE),
          ("**", _BOLD_LABEL))


def carried(text: str) -> list[tuple[int, str]]:
    """(offset, text) of every text ``text`` carries, in the order of their offsets."""
    out: dict[int, str] = {}
    for mark, rx in _MARKS:
        if mark in text:
            for m in rx.finditer(text):
                inner = m.group(1)
                if inner and inner != text:
                    out.setdefault(m.start(1), inner)
    return sorted(out.items())
