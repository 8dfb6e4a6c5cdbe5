"""The AGIS discovery summary /.well-known/agis.json (``AGWKnnn``), AGIS §10."""
