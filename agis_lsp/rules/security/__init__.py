"""The security pass: tool poisoning and prompt injection in every prose field of every
document kind. Prose fields come from ``formats.prose``; the detectors of each
family register in ``_scan``; every rule applies to kind "any", so formats added later are
covered. See docs/security.md."""
