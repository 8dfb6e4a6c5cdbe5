"""Rules, one module per rule (or per tightly related family), grouped by format."""
