"""The recipes of an AGTP deployment, seen from one of its endpoint files."""
from __future__ import annotations

import os
from typing import Callable


def recipes_file_for(path: str | None) -> str | None:
    """The ``agtp-recipes.toml`` of the deployment ``path`` belongs to (if it has one)."""
    if not path:
        return None
    from ...formats.agtp import RECIPES_FILE
    from ...formats.deployment import deployment_root
    root = deployment_root(path)
    return os.path.join(root, RECIPES_FILE) if root else None


def recipes_of(recipes_path: str | None, open_document: Callable) -> dict:
    """name -> RecipeView of a recipes file (the editor's buffer wins over the disk)."""
    if not recipes_path:
        return {}
    doc = open_document(recipes_path)
    if doc is None or not doc.parsed:
        return {}
    from ...formats.agtp import RecipesView
    return RecipesView(doc).by_name()


def recipe_names(recipes_path: str | None, open_document: Callable) -> list[str]:
    return list(recipes_of(recipes_path, open_document))
