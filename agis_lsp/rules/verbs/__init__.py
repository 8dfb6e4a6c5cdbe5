"""Verb semantics across the agent-interface formats (``TOOLnnn``): the leading verb of a
tool or capability name goes through AGIS passes 2-3, its description through pass 6."""
