"""A2T tool signatures (``ATOTnnn``: "Agent TO Tool"), draft-rosenberg-aiproto-a2t-00."""
