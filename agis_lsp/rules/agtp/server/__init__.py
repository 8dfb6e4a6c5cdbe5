"""AGTP5xx: agtp-server.toml (and the same blocks of a manifest): server identity,
the five policy toggles of section 8.7 and the method policy of section 9.
"""
