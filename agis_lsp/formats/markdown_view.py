"""What the Markdown kinds (skills, instruction files) share: the view of a Markdown
document's ``frontmatter`` and ``body`` blocks (``document.markdown``)."""
from __future__ import annotations

from functools import cached_property

from . import _common as c


class MarkdownView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = c.as_dict(doc.data)

    @property
    def state(self) -> str:
        """"none", "unclosed", "invalid" or "ok" (``MarkdownDocument.frontmatter_state``)."""
        return getattr(self.doc, "frontmatter_state", "none")

    @cached_property
    def frontmatter(self) -> dict | None:
        fm = self.data.get("frontmatter")
        return fm if isinstance(fm, dict) else None

    @cached_property
    def blocks(self) -> list:
        return [b for b in c.as_list(self.data.get("body")) if isinstance(b, str)]


def body_prose(view: MarkdownView):
    """Every block of the body, as prose the security pass reads."""
    for i, block in enumerate(view.blocks):
        yield ("body", i), block
