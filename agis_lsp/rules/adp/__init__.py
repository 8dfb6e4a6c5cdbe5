"""Agent Discovery Protocol 1.0 (``AGDPnnn``): the /.well-known/agent manifest and capability details."""
