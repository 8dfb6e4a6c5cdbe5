"""The decoders and rewrites of the encoding rules (AGSC601, AGSC602): encoded runs read back to
text, and texts with their hiding undone (leetspeak, misspelt key words, reversal).

Each decoder takes the run a detector's pattern found and returns the text it hides when that
is printable text, else None; ``rewrites`` yields the ways a text may have been hidden, each
with the text undone and every character's offset in the original.
"""
from __future__ import annotations

import re

from ._scan import features

# base32 (upper-case letters and 2-7, padded with "="): read in the base64 runs (``b64_or_b32``)
_B32 = re.compile(r"[A-Z2-7]{24,}=*")


def printable(b: bytes) -> str | None:
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError:
        return None
    letters = sum(c.isalpha() or c == " " for c in s)
    return s if s and " " in s and letters >= 0.7 * len(s) else None


def b64(run: str) -> str | None:
    import base64
    import binascii
    run = run.replace("-", "+").replace("_", "/")
    try:
        return printable(base64.b64decode(run + "=" * (-len(run) % 4), validate=True))
    except (binascii.Error, ValueError):
        return None


def hex_run(run: str) -> str | None:
    digits = re.sub(r"\\x|[ :]", "", run)
    try:
        return printable(bytes.fromhex(digits))
    except ValueError:
        return None


def bits(run: str) -> str | None:
    digits = run.replace(" ", "")
    return printable(bytes(int(digits[i:i + 8], 2) for i in range(0, len(digits) - 7, 8)))


def uesc(run: str) -> str | None:
    return printable("".join(chr(int(run[i + 2:i + 6], 16)) for i in range(0, len(run), 6)).encode("utf-8", "replace"))


def b32(run: str) -> str | None:
    import base64
    import binascii
    try:
        return printable(base64.b32decode(run + "=" * (-len(run) % 8)))
    except (binascii.Error, ValueError):
        return None


def a85(run: str) -> str | None:
    import base64
    try:
        return printable(base64.a85decode(run, adobe=True))
    except ValueError:
        return None


def b64_or_b32(run: str) -> tuple[str | None, str]:
    """A run of the base64 alphabet read as base64, else (upper case, 2-7) as base32."""
    decoded = b64(run)
    if decoded is None and _B32.fullmatch(run):
        return b32(run), "base32"
    return decoded, "base64"


_MORSE_CODE = {".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
               ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
               "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
               "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
               "--...": "7", "---..": "8", "----.": "9"}


def morse(run: str) -> str | None:
    words = [w.split() for w in run.split(" / ")]
    if sum(map(len, words)) < 10 or not all(c in _MORSE_CODE for w in words for c in w):
        return None
    return printable(" ".join("".join(_MORSE_CODE[c] for c in w) for w in words).encode())


# Leetspeak: digits and signs for letters ("Ign0r3 4ll pr3v10u5 1n57ruc710n5"); a word of four or
# more counts when it mixes two letters or more with them and reads as letters only once they are
# swapped, and three such words must be there ("use 10A instead of 10Av1": one).
_LEET = str.maketrans("0134578@$", "oieastbas")
_LEET_HINT = re.compile(r"[A-Za-z][0134578@$][A-Za-z0-9@$]")   # a sign between a letter and another
_LEET_ANY = re.compile(r"(?=[A-Za-z0-9@$]*[A-Za-z])[A-Za-z0-9@$]+")
_LEET_WORD = re.compile(r"(?=(?:[0-9@$]*[A-Za-z]){2})(?=[A-Za-z0-9@$]*[0134578@$])[A-Za-z0-9@$]{4,}")
# Misspelled key words of the instruction patterns ("Ignore your previous iunstructions"): every
# spelling one edit away, but the real words among them ("ignored", "instruction").
_KEYWORDS = ("ignore", "previous", "instructions", "disregard", "guidelines", "directives", "system", "prompt")
_REAL_VARIANTS = frozenset("ignored ignores ignorer instruction directive guideline disregards systems prompts "
                           "prompted prompter".split())


def _edits(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in letters} | {a + c + b for a, b in splits for c in letters})


_MISSPELT: dict[str, str] = {}


def _misspelt() -> dict[str, str]:
    if not _MISSPELT:
        for word in _KEYWORDS:
            for variant in _edits(word):
                if variant != word and variant not in _REAL_VARIANTS and variant not in _KEYWORDS:
                    _MISSPELT.setdefault(variant, word)
    return _MISSPELT


# Reversed text ("...snoitcurtsni suoiverp lla erongI"): two of these reversed words in it.
_REVERSED_WORDS = frozenset("eht dna uoy ruoy lla snoitcurtsni erongi suoiverp tpmorp metsys dnes wohs".split())
_ALPHA_WORD = re.compile(r"[A-Za-z]+")


def _leet_text(text: str) -> bool:
    """Three words or more, and a third of the words at least, read as letters once their digits
    and signs are swapped ("v1beta1" and "utf8" in a sentence of English are not leetspeak)."""
    leet = sum(m.group(0).translate(_LEET).isalpha() for m in _LEET_WORD.finditer(text))
    return leet >= 3 and 3 * leet >= len(_LEET_ANY.findall(text))


_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


def _leet_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text`` written in leetspeak (``_leet_text``); the whole
    text when it is so as a whole."""
    if _leet_text(text):
        return [(0, len(text))]
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text)
            if len(_LEET_HINT.findall(m.group(0))) >= 3 and _leet_text(m.group(0))]


def _alternate(spans: list[tuple[int, int]], n: int):
    """The stretches of ``0..n`` outside and inside ``spans`` (sorted, apart), alternately, the
    first outside (maybe empty)."""
    at = 0
    for a, b in spans:
        yield at, a
        yield a, b
        at = b
    yield at, n


def _unleet(m) -> str:
    swapped = m.group(0).translate(_LEET)
    return swapped if swapped.isalpha() else m.group(0)


# Letters spelt apart ("I g n o r e", "s.y.s.t.e.m", "i-n-s-t-r-u-c-t-i-o-n-s"): four letters or
# more, one separator between each, the same throughout; read as the word they spell.
_SPACED = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]([ .\-_*/|+~])[A-Za-z](?:\1[A-Za-z]){2,}(?![A-Za-z0-9])")
# ... and apart by white space that marks the words with a wider gap ("D    O    N    T      F
# O    L    L    O    W", one letter a line with a blank line between words): four single letters
# or more, each pair apart by white space; the narrowest gap joins letters, a wider one is a space.
_SPACED_WS = re.compile(r"(?<![A-Za-z0-9])[A-Za-z](?:\s+[A-Za-z](?![A-Za-z0-9])){3,}")


def _spaced(text: str):
    """The text with each run of spelt-apart letters joined, and each character's offset."""
    runs = [(m.start(), m.end()) for m in _SPACED_WS.finditer(text)]
    runs += [(m.start(), m.end()) for m in _SPACED.finditer(text)
             if not any(a < m.end() and m.start() < b for a, b in runs)]
    parts, index, at = [], [], 0
    for start, end in sorted(runs):
        parts.append(text[at:start])
        index.extend(range(at, start))
        letters = [i for i in range(start, end) if text[i].isalpha()]
        gaps = [b - a - 1 for a, b in zip(letters, letters[1:])]
        narrowest = min(gaps)
        for k, i in enumerate(letters):
            if k and gaps[k - 1] > narrowest:
                parts.append(" ")
                index.append(letters[k - 1] + 1)
            parts.append(text[i])
            index.append(i)
        at = end
    parts.append(text[at:])
    index.extend(range(at, len(text)))
    return "".join(parts), index


def rewrites(text: str):
    """(what was undone, the text rewritten, each character's offset in ``text``) for each way of
    hiding words that ``text`` shows signs of: letters spelt apart, leetspeak, misspelt key
    words, reversal."""
    if _SPACED.search(text) or _SPACED_WS.search(text):
        joined, index = _spaced(text)
        yield "letters spelt apart", joined, index
    feats = features(text)   # (lower-cased text, its words and their prefixes) of an ASCII text, cached
    if len(_LEET_HINT.findall(text)) >= 3:
        spans = _leet_sentences(text)
        if spans:
            # every word of letters and digits that reads as letters swapped ("4ll", "m3" too), in
            # the sentences written so (a description before them is not)
            out = "".join(text[a:b] if k % 2 == 0 else _LEET_ANY.sub(_unleet, text[a:b])
                          for k, (a, b) in enumerate(_alternate(spans, len(text))))
            yield "leetspeak", out, list(range(len(text)))
    table = _misspelt()
    # the words (and prefixes) of an ASCII text tell cheaply whether any word can be a misspelling
    # or a reversed word; a prefix that is one ("ignor" of "ignored") only costs the word scan
    if feats is not None and table.keys().isdisjoint(feats[1]) and _REVERSED_WORDS.isdisjoint(feats[1]):
        return
    words = list(_ALPHA_WORD.finditer(text))
    typos = [m for m in words if 5 <= len(m.group(0)) <= 14 and m.group(0).lower() in table]
    if typos:
        parts, index, at = [], [], 0
        for m in typos:
            parts.append(text[at:m.start()])
            index.extend(range(at, m.start()))
            fixed = table[m.group(0).lower()]
            parts.append(fixed.capitalize() if m.group(0)[0].isupper() else fixed)
            index.extend([m.start()] * (len(fixed) - 1) + [m.end() - 1])
            at = m.end()
        parts.append(text[at:])
        index.extend(range(at, len(text)))
        yield "misspelt words", "".join(parts), index
    if len({m.group(0).lower() for m in words} & _REVERSED_WORDS) >= 2:
        n = len(text)
        yield "reversed text", text[::-1], [n - 1 - i for i in range(n)]


# Character codes and letter ciphers: decimal ASCII ("84 69 76 76 32 77 69"), letter numbers
# ("9 7 14 15 18 5 0 20 8 5": a=1 ... z=26, 0 or "/" between words), a shift of the alphabet
# (Caesar, ROT13) and the mirrored alphabet (atbash). Digits and letters read that way make
# English words only when something was hidden there, so each reading must be English
# (``english``): a list of port numbers or a word in another language reads as nothing.


def english(text: str) -> bool:
    """Whether ``text`` reads as English: three words or more, two in three the lexicon knows."""
    from ...lexicon.words import is_known_word
    words = [w for w in _ALPHA_WORD.findall(text) if len(w) > 1 or w.lower() in "ai"]
    return len(words) >= 3 and 3 * sum(map(is_known_word, words)) >= 2 * len(words)


def decimal(run: str) -> str | None:
    """Decimal character codes, each 32-126, apart by spaces or commas."""
    codes = [int(n) for n in re.findall(r"\d+", run)]
    if not all(32 <= c <= 126 for c in codes):
        return None
    text = "".join(map(chr, codes))
    return text if english(text) else None


def letter_numbers(run: str) -> str | None:
    """Letters as their place in the alphabet (1-26), a word break as 0, "/" or a wider gap."""
    words = re.split(r"\s*/\s*|\s{2,}|(?<!\d)0(?!\d)", run)
    out = []
    for word in words:
        codes = [int(n) for n in re.findall(r"\d+", word)]
        if not all(1 <= c <= 26 for c in codes):
            return None
        out.append("".join(chr(96 + c) for c in codes))
    text = " ".join(w for w in out if w)
    return text if english(text) else None


_LOWER, _UPPER = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# the alphabet shifted by n places, for each n
_SHIFTS = [str.maketrans(_LOWER + _UPPER, _LOWER[n:] + _LOWER[:n] + _UPPER[n:] + _UPPER[:n]) for n in range(26)]
_ATBASH = str.maketrans(_LOWER + _UPPER, _LOWER[::-1] + _UPPER[::-1])
# a reading is English only with one of these words in it (most readings are tried on nothing)
_COMMON = frozenset("the and you your to of is in for all me my how as be it this that with on are what".split())
# a stretch of words the lexicon may not know: letters, with spaces and punctuation between
_WORD_RUN = re.compile(r"[A-Za-z]+(?:[ ,.;:'!?-]{1,3}[A-Za-z]+){3,}[.!?]?")


def ciphered(text: str):
    """(start, end, cipher, decoded) for each stretch of four words or more that is not English
    but reads as English once its letters are shifted back (ROT13 and every other Caesar shift)
    or mirrored (atbash)."""
    from ...lexicon.words import is_known_word
    for start, run in _sentence_runs(text):
        if english(run):
            continue
        for name, plain in _readings(run):
            if _COMMON.isdisjoint(_ALPHA_WORD.findall(plain.lower())) or not english(plain):
                continue
            # from the first word the reading changed into a known one ("instruction: Bhgchg
            # lbhe ..." is ROT13 from "Bhgchg")
            first = next((w.start() for w in _ALPHA_WORD.finditer(plain)
                          if is_known_word(w.group(0)) and not is_known_word(run[w.start():w.end()])), None)
            if first is not None:
                yield start + first, start + len(run), name, plain[first:]
            break


_RUN_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Za-z])")


def _sentence_runs(text: str):
    """(start, run) for each stretch of ``_WORD_RUN`` cut at its sentences' ends: a cipher put
    inside a real description ("Get the forecast. Rxwsxw brxu ... Returns the daily high ...")
    is judged by its own sentences, not with the English around it."""
    for m in _WORD_RUN.finditer(text):
        at = m.start()
        for part in _RUN_SENTENCE.split(m.group(0)):
            if _WORD_RUN.fullmatch(part):
                yield at, part
            at += len(part)
            while at < m.end() and text[at].isspace():
                at += 1


def _readings(run: str):
    yield "ROT13", run.translate(_SHIFTS[13])
    yield "atbash", run.translate(_ATBASH)
    for n in range(1, 26):
        if n != 13:
            yield f"a Caesar shift of {26 - n}", run.translate(_SHIFTS[n])
