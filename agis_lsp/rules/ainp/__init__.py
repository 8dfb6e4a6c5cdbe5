"""AINP 1.0 (``AINPnnn``): the capability manifest and the query/execute bodies."""
