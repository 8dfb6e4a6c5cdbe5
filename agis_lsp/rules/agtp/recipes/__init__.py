"""AGTP6xx: agtp-recipes.toml, the composition recipes of AGTP-API section 12.1.
"""
from ._shared import unusable_steps

__all__ = ["unusable_steps"]
