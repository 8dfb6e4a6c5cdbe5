"""The environment variables the model reads (a leaf: the package and the encoder import it)."""
from __future__ import annotations

ENV_VAR = "AGIS_LSP_MODEL_DIR"           # where the model files are (semantic.model_dir)
THREADS_ENV = "AGIS_LSP_MODEL_THREADS"   # the encoder's intra-op threads (encoder.default_threads)
