"""Exfiltration through rendering, read by AGSC303 (``exfiltration``): an order to put an image
from an outside address into the model's reply. A chat client fetches the image as it renders
the reply, so whatever the URL carries (a marker, the conversation, a secret) reaches the
image's host without anyone clicking (OWASP LLM02; the "markdown image" exfiltration of
indirect prompt injection).

Two things must be there: an image with an absolute `http(s)` address (`![alt](https://...)`,
`<img src="https://...">`) and, before it, an order that puts it into the reply: "print",
"output", "respond with" and "render" are orders about the model's output by themselves;
"include", "add", "embed", "show" and their like count only when the reply is named ("in
your response", "at the end of every answer"). An image in a description ("![logo](...)"),
an image that a tool's own output carries, and "add the badge to your README" are not
orders about the reply. The finding is on the image. Each hit is (start, end, what)."""
from __future__ import annotations

import re

I = re.I
RENDERS = "puts an outside image into the model's reply, which sends data to its host when rendered"

_IMAGE = re.compile(r"!\[[^\]\n]{0,80}\]\(\s*https?://[^\s)]+\)?|<img\b[^>]{0,120}?\bsrc\s*=\s*['\"]?https?://[^\s'\">]+", I)
# the order's start: a sentence, a clause after a connective, or a request ("please", "always")
_START = r"(?:^|[.!?:;>]\s*|\b(?:please|also|then|and|always|must|should|to|now|just|simply)\s+)"
_OUTPUT = r"(?:print|output|respond\s+with|reply\s+with|answer\s+with|render|repeat)"
_PLACE = r"(?:include|add|append|prepend|insert|embed|put|place|paste|show|display|attach|write)"
# the model's reply, not a message or an output a tool composes ("add <img src=...> to the message body")
_REPLY = (r"(?:(?:your|the|each|every|all|any)\s+(?:\w+\s+)?(?:responses?|replies|reply|answers?)|"
          r"(?:each|every)\s+time\s+you\s+(?:respond|reply|answer))")
_ORDER = re.compile(_START + r"(?:(?P<out>" + _OUTPUT + r")\b|(?P<end>(?:end|start|begin|finish|close)\s+" + _REPLY
                    + r"\s+with)\b|(?P<place>" + _PLACE + r")\b)", I)
# where a placing order puts the image: the reply, named after the order ("include it in your
# response") or before it in the same sentence ("write a helpful response and include ...")
_INTO_REPLY = re.compile(r"(?:[^\n]|\n(?=\s*\S)){0,160}?\b(?:in|into|to|at\s+the\s+(?:end|start|beginning|top|bottom)\s+of|"
                         r"before|after|below|above|with)\s+" + _REPLY + r"\b", I)
_REPLY_BEFORE = re.compile(r"\b(?:a|the|your)\s+(?:\w+\s+)?(?:response|reply|answer)\s+and\s+$", I)
# how far before the image its order may stand, and how far after it the reply may be named
_REACH = 200


def rendered_images(text: str):
    """Each image from an outside address that an order puts into the reply."""
    if "://" not in text:
        return
    low = text.lower()
    if "![" not in low and "<img" not in low:
        return
    for m in _IMAGE.finditer(text):
        if any(_puts_in_reply(text, order) for order in _ORDER.finditer(text, max(0, m.start() - _REACH), m.start())):
            yield m.start(), m.end(), RENDERS


def _puts_in_reply(text: str, order) -> bool:
    if not order.group("place"):
        return True
    verb = order.start("place")
    return bool(_INTO_REPLY.match(text, order.end(), order.end() + 2 * _REACH)
                or _REPLY_BEFORE.search(text, max(0, verb - 80), verb))
