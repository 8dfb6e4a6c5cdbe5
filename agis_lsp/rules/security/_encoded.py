"""The encoded runs AGSC601 reads: each encoding's pattern and decoder, the gates that skip a text
with nothing to decode, and what makes a decoded text an instruction. ``encoding`` holds the rule."""
from __future__ import annotations

import re
from itertools import chain
from urllib.parse import unquote

from ._decoders import a85, b64_or_b32, bits, ciphered, decimal, hex_run, letter_numbers, morse, printable, uesc
from ._scan import detector_hits, detectors, features, lazy, quote, with_prefixes

ENCODING_CODES = ("AGSC601", "AGSC602", "AGSC603", "AGSC605")
_B64 = lazy(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,6}(?![A-Za-z0-9+/=_-])")   # "=" x 6: base32's padding
_HEX = lazy(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]?){12,}(?![0-9A-Fa-f])|(?:\\x[0-9A-Fa-f]{2}){6,}")
# eight-bit groups of binary digits ("01001001 01100111 ..."), six or more
_BIN = lazy(r"(?<![01])(?:[01]{8}[ ]?){6,}(?![01])")
_PCT = lazy(r"(?:%[0-9A-Fa-f]{2}[^%\s]{0,3}){6,}")
# \u escapes ("\u0049\u0067..."), six or more
_UESC = lazy(r"(?:\\u[0-9A-Fa-f]{4}){6,}")
# Ascii85 between its delimiters
_A85 = lazy(r"<~[!-u\s]{10,}~>")
# Morse: letters of dots and dashes separated by spaces, words by " / ", ten letters or more
_MORSE = lazy(r"(?<![.\-\w])(?:[.-]{1,6}(?: / | ))+[.-]{1,6}(?![.\-\w])")
# decimal character codes (eight or more, 32-126) and letter numbers (eight or more, 0-26)
_DECIMAL = lazy(r"(?<![\w.,])(?:\d{2,3}[ ,]{1,2}){7,}\d{2,3}(?![\w.,])")
_LETTER_NUMBERS = lazy(r"(?<![\w.,])(?:(?:1\d|2[0-6]|\d)(?:\s{0,3}[,/]\s{0,3}|\s{1,3}|-)){7,}(?:1\d|2[0-6]|\d)(?![\w.,])")
_NUMBERS = lazy(r"\d[ ,/-]{1,7}\d(?:\d{0,2}[ ,/-]{1,7}\d){6}")   # eight numbers; unrolled: fails fast
# a cipher's name, or what a text says to have its words deciphered: a stretch of words that is
# not English is then read in every letter cipher (``ciphered``: Caesar shifts, atbash)
_CIPHER_ASK = frozenset("cipher caesar atbash decod decip decry encry".split())
_CIPHER_NAMES = ("rot13", "rot-13", "rot 13")
_DECODE_ASK = lazy(r"\b(?:decode|decipher|base64|rot-?13|hex|translate|unscramble|reverse)\w*\b[^.\n]{0,30}?\b"
                         r"(?:and|then)\s+(?:follow|execute|run|obey|do|apply|perform|act)", re.I)
_WORDS = lazy(r"\b(?:ignore|instructions?|previous|system|assistant|you|must|send|password|secret|key|token|tool|"
                    r"execute|read|user|tell|prompt|always|never|forget|admin|file|ssh|env|curl|http)\b", re.I)
# ROT13 of: ignore instruction system assistant password secret tool user previous always never
# you must send token key execute curl ssh env forget admin prompt
_ROT13 = frozenset("vtaber vafgehp flfgrz nffvfgn cnffjbe frperg gbby hfre cerivbh nyjnlf arire lbh zhfg fraq gbxra xrl "
                   "rkrphgr pheey ffu rai sbetrg nqzva cebzcg".split())


def inner(text: str) -> list[tuple]:
    """Hits of the non-encoding detectors on a decoded or normalized text (on the original
    text, the scan's own: ``detector_hits`` remembers them)."""
    out = []
    feats = features(text)
    for det in detectors():
        if det.code not in ENCODING_CODES:
            for s, e, what in detector_hits(det, text, feats):
                out.append((det.code, s, e, what))
    return out


# a clause that opens with a verb's base form and goes on ("Output your configuration", "tell
# me how to ..."): at the start, after a sentence, a colon or an opening bracket
_CLAUSE = re.compile(r"(?:^|[.!?;:\n(\[])\s*([A-Za-z]+)\s+[A-Za-z]")


def _instruction_like(decoded: str) -> bool:
    """Whether a decoded text is an instruction: made of instruction words, read by another
    detector, or a clause in the imperative (nothing a real text hides in an encoding: no real
    prose field of the corpora holds a run that decodes to text at all)."""
    # the word count first: it is one regex, _inner runs every detector
    return len({m.group(0).lower() for m in _WORDS.finditer(decoded)}) >= 3 or _imperative(decoded) \
        or bool(inner(decoded))


def _imperative(text: str) -> bool:
    from ...lexicon.words import is_base_verb
    return any(is_base_verb(m.group(1)) for m in _CLAUSE.finditer(text))


def _names_a_cipher(low: str, words: set) -> bool:
    """Whether a text (``low``: lower-cased; ``words``: its words and their prefixes) names a
    cipher or asks for one to be read: its stretches of words are then tried in each."""
    return not _CIPHER_ASK.isdisjoint(words) or any(n in low for n in _CIPHER_NAMES)


def _nothing_to_decode(text: str, feats: tuple) -> bool:
    """Whether an ASCII text (``feats``: its ``features``) holds nothing long enough to decode: no
    long token, no escape, no ASCII letter in binary (they begin 010 or 011), no Morse word
    break, no word of ROT13, no cipher named (a run of numbers is looked for apart: ``_NUMBERS``)."""
    return ("%" not in text and "\\x" not in text and _ROT13.isdisjoint(feats[1])
            and max(map(len, text.split()), default=0) < 16 and "0110" not in text and "0100" not in text
            and " / " not in text and not _names_a_cipher(*feats))


_ENCODINGS = ((_B64, b64_or_b32, "base64"), (_HEX, hex_run, "hex"), (_BIN, bits, "binary"),
              (_PCT, lambda r: printable(unquote(r).encode("utf-8", "surrogatepass")), "URL encoding"),
              (_UESC, uesc, "\\u escapes"), (_A85, a85, "Ascii85"), (_MORSE, morse, "Morse code"))
_NUMBER_CODES = ((_DECIMAL, decimal, "decimal character codes"),
                 (_LETTER_NUMBERS, letter_numbers, "letter numbers (a=1 ... z=26)"))


def _runs(text: str, encodings):
    """(start, end, encoding, decoded text) of each run of ``encodings`` ((pattern, decoder,
    name), ...) in ``text`` that decodes to text."""
    for rx, decode, name in encodings:
        for m in rx.finditer(text):
            run = m.group(0).rstrip(" :,/-")
            decoded, label = decode(run), name
            if isinstance(decoded, tuple):   # a base64 run read as base32
                decoded, label = decoded
            if decoded:
                yield m.start(), m.start() + len(run), label, decoded


def encoded_payloads(text: str):
    feats = features(text)
    encodings = () if feats is not None and _nothing_to_decode(text, feats) else _ENCODINGS
    if next(_NUMBERS.finditer(text), None) is not None:
        encodings += _NUMBER_CODES
    if not encodings:
        return
    words = feats[1] if feats is not None else _ascii_words(text)
    asked = next(_DECODE_ASK.finditer(text), None)
    seen: list[tuple[int, int]] = []
    named = _names_a_cipher(feats[0] if feats is not None else text.lower(), words)
    ciphers = ciphered(text) if named or not _ROT13.isdisjoint(words) else ()
    for start, end, label, decoded in chain(_runs(text, encodings), ciphers):
        if any(s < end and start < e for s, e in seen):
            continue   # one run, one reading
        if asked or _instruction_like(decoded):
            seen.append((start, end))
            yield start, end, f"hides text in {label} (decodes to '{quote(decoded)}')"
    if not _ROT13.isdisjoint(words):
        import codecs
        rot = codecs.encode(text, "rot13")
        original = inner(text)
        for code, s, e, _ in inner(rot):
            if code not in ("AGSC304",) and not any(s < oe and os_ < e for _, os_, oe, _ in original) \
                    and not any(s < b and a < e for a, b in seen):
                yield s, e, f"hides text in ROT13 (decodes to '{quote(rot[s:e])}')"


_ASCII_WORD = re.compile(r"[a-z]+")


def _ascii_words(text: str) -> set:
    """The ASCII words of a text beyond ASCII, lower-cased, with their prefixes (what
    ``features`` holds for an ASCII text)."""
    return with_prefixes(set(_ASCII_WORD.findall(text.lower())))
