"""Views over ``agtp-recipes.toml``: the composition recipes of AGTP-API section 12.1 and their steps."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...document import Document
from .._common import as_dict, as_list


@dataclass
class StepView:
    index: int
    path: tuple
    body: dict

    @property
    def method(self) -> Any:
        return self.body.get("method")

    @property
    def capture_as(self) -> Any:
        return self.body.get("capture_as")

    @property
    def parameters(self) -> dict:
        return as_dict(self.body.get("parameters"))


@dataclass
class RecipeView:
    index: int
    path: tuple
    body: dict
    steps: list = field(default_factory=list)

    @property
    def name(self) -> Any:
        return self.body.get("name")


class RecipesView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.recipes: list[RecipeView] = []
        for i, body in enumerate(as_list(self.data.get("recipe"))):
            if not isinstance(body, dict):
                continue
            r = RecipeView(i, ("recipe", i), body)
            for j, step in enumerate(as_list(body.get("steps"))):
                if isinstance(step, dict):
                    r.steps.append(StepView(j, ("recipe", i, "steps", j), step))
            self.recipes.append(r)

    def by_name(self) -> dict:
        out: dict = {}
        for r in self.recipes:
            if isinstance(r.name, str):
                out.setdefault(r.name, r)
        return out
