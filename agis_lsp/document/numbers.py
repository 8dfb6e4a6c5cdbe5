"""Integers of any size, read without Python's int-string limit.

CPython refuses to convert a decimal string of more than 4,300 digits to an ``int``
(``sys.int_info.str_digits_check_threshold``; raising the limit is process-global, so a
library and a server must not). A document may still hold such a literal. It is read
as a :class:`HugeInt`: a ``float`` whose value is ``+inf`` or ``-inf`` (so every range
check sees a number beyond any bound, and ``json.dumps`` and comparisons never raise),
carrying the literal's text for messages and edits. Rules that read numbers treat it as
a number (``is_number``) and report it where it is out of range.
"""
from __future__ import annotations

import math
import re
import sys

#: Python's default limit; below it ``int()`` is used as is.
INT_STR_DIGITS = getattr(sys.int_info, "default_max_str_digits", 4300) or 4300

_MAX_SHOWN = 24


class HugeInt(float):
    """A decimal integer literal too long for ``int()``: ``±inf`` with its text."""

    text: str

    def __new__(cls, text: str) -> "HugeInt":
        self = super().__new__(cls, -math.inf if text.lstrip().startswith("-") else math.inf)
        self.text = text
        return self

    @property
    def digits(self) -> int:
        return sum(c.isdigit() for c in self.text)

    def short(self) -> str:
        t = self.text
        if len(t) <= _MAX_SHOWN:
            return t
        return f"{t[:10]}…{t[-6:]} (an integer of {self.digits:,} digits)"

    def __str__(self) -> str:
        return self.short()

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return self.short()

    def __reduce__(self):
        return (HugeInt, (self.text,))


def is_huge(value) -> bool:
    return isinstance(value, HugeInt)


def read_int(text: str) -> int | HugeInt:
    """``int(text)`` for a decimal integer literal (sign and ``_`` allowed), of any length."""
    digits = len(text) - (text[:1] in "+-") - text.count("_")
    if digits <= INT_STR_DIGITS:
        return int(text)
    return HugeInt(text)


_LONG_INT = re.compile(r"(?<![\w.])[+-]?[0-9][0-9_]{%d,}" % INT_STR_DIGITS)


def mask_long_ints(text: str) -> str:
    """``text`` with every run of more than INT_STR_DIGITS digits replaced by ``0`` and
    spaces (same length, same offsets), for parsers such as ``tomllib`` that convert
    integers with ``int()``. Used only to validate syntax: the values come from our scanner."""
    if len(text) <= INT_STR_DIGITS:
        return text
    return _LONG_INT.sub(lambda m: "0" + " " * (len(m.group(0)) - 1), text)
