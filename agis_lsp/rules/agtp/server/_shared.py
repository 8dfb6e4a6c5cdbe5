"""What the server-configuration rules share: the table keys and small readers."""
from __future__ import annotations

from ....formats.agtp_kinds import POLICY_TOGGLES

SERVERISH = ("agtp-server", "agtp-manifest")
SERVER_KEYS = ("server_id", "operator", "contact", "domain", "supported_features", "issued", "updated")
POLICY_KEYS = POLICY_TOGGLES + ("max_synthesis_depth", "methods", "negotiable")
METHOD_POLICY_KEYS = ("allow", "disallow", "legacy", "redirects", "aliases")
REDIRECT_KEYS = ("from_method", "from_path", "to_method", "to_path")


def method_list(pol, key):
    raw = pol.methods.get(key)
    return raw if isinstance(raw, list) else []
