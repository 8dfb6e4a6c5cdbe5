"""What the server-configuration rules share: the kinds they read and small readers."""
from __future__ import annotations

SERVERISH = ("agtp-server", "agtp-manifest")


def method_list(pol, key):
    raw = pol.methods.get(key)
    return raw if isinstance(raw, list) else []
