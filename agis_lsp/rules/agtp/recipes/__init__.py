"""AGTP6xx: agtp-recipes.toml, the composition recipes of AGTP-API section 12.1.
"""
from ._shared import KINDS, MODES, PATTERN_KEYS, RECIPE_KEYS, STEP_KEYS, unusable_steps

__all__ = ["KINDS", "MODES", "PATTERN_KEYS", "RECIPE_KEYS", "STEP_KEYS", "unusable_steps"]
