"""Plain text from the prose of a source document (HTML and Markdown removed).

OpenAPI descriptions are written for a documentation renderer: AWS and Stripe
write HTML (``<p>Deletes a budget.</p>``, ``<code>us-east-2a</code>``,
``<important>``), GitHub, Google and most others Markdown (``**Note:**``,
``[text](url)``, backticks). An AGIS document is read by an agent and by the
linter, so every copied description keeps its words and loses its markup: tags
go (their text stays), entities are decoded, links keep their text, code spans
and emphasis lose their marks, block markers (``#``, ``>``, list bullets) go.
"""
from __future__ import annotations

import html
import re

_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?/?>")
_BLOCK_TAG = re.compile(r"(?i)</?(?:p|br|li|ul|ol|div|h[1-6]|important|note|table|tr|td|th)\b[^<>]*>")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_MD_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MD_REF_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_MD_CODE = re.compile(r"`+([^`]*)`+")            # split() keeps the span's text at odd indexes
_MD_EMPH = re.compile(r"(?<![\w*])(\*\*|\*)(?=\S)(.+?)(?<=\S)\1(?![\w*])"
                      r"|(?<!\w)(__|_)(?=\S)(.+?)(?<=\S)\3(?!\w)")
_MD_BLOCK = re.compile(r"(?m)^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+(?=\S)|\d+\.\s+(?=\S))")


def plain_text(text) -> str:
    """``text`` without HTML tags, entities or Markdown marks; whitespace inside a line kept as is."""
    if not isinstance(text, str) or not text:
        return text if isinstance(text, str) else ""
    if "<" in text or "&" in text:
        t = _COMMENT.sub("", text)
        t = _BLOCK_TAG.sub("\n", t) if "<" in t else t
        t = _TAG.sub("", t)
        t = html.unescape(t)
    else:
        t = text
    t = _MD_IMAGE.sub(r"\1", t)
    t = _MD_LINK.sub(r"\1", t)
    t = _MD_REF_LINK.sub(r"\1", t)
    # emphasis outside code spans only (a code span keeps its snake_case and stars)
    parts = _MD_CODE.split(t)
    t = "".join(part if i % 2 else _MD_EMPH.sub(lambda m: m.group(2) or m.group(4), part)
                for i, part in enumerate(parts))
    t = _MD_BLOCK.sub("", t)
    t = re.sub(r"[ \t]*\n[ \t]*\n\s*", "\n\n", t)        # paragraph breaks stay; blank runs collapse
    return t.strip()


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def first_plain_sentence(text) -> str:
    """The first sentence of the first paragraph, markup removed, whitespace collapsed."""
    t = " ".join(plain_text(text).split("\n\n")[0].split()) if isinstance(text, str) else ""
    return _SENTENCE_END.split(t)[0].strip() if t else ""
