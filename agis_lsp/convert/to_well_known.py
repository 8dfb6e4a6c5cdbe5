"""AGIS document -> ``/.well-known/agis.json`` (AGIS section 10).

The summary carries only what the document declares: no data_manifest
sensitivity or descriptions (section 10 (b)), ``agis_document`` always set
(section 10 (d)). ``interaction_protocols`` is derived: ``request`` always,
``negotiate`` when the vocabulary is negotiable, ``query`` when an endpoint is
informational; the capability summary lists the capabilities the endpoints use.
"""
from __future__ import annotations

from .emit import to_json
from .result import Conversion, ConvertError, OutputFile
from .to_mcp import agis_view


def well_known(data) -> dict:
    view = agis_view(data)
    agtp = data.get("agtp")
    if not isinstance(agtp, str) or not agtp:
        raise ConvertError("the document has no 'agtp' address; the well-known summary needs it")
    vocab = view.vocabulary
    methods = []
    for _, m in view.methods_used:
        if m.upper() not in methods:
            methods.append(m.upper())
    out: dict = {"agis": str(data.get("agis") or "1.0"), "service": data.get("service"), "agtp": agtp,
                 "agis_document": data.get("agis_document") if isinstance(data.get("agis_document"), str)
                 else agtp, "methods": methods}
    for k in ("domain", "namespace"):
        if isinstance(vocab.get(k), str):
            out[k] = vocab[k]
    negotiable = vocab.get("negotiable") is True
    out["negotiable"] = negotiable
    caps, informational = [], False
    for ep in view.endpoints:
        sem = ep.semantic or {}
        c = sem.get("capability")
        if isinstance(c, str) and c not in caps:
            caps.append(c)
        informational = informational or sem.get("impact_tier") == "informational"
    out["capability_summary"] = caps
    manifest = data.get("data_manifest") if isinstance(data.get("data_manifest"), dict) else {}
    classes = [d.get("class") for d in manifest.get("available_data") or [] if isinstance(d, dict)
               and isinstance(d.get("class"), str)]
    if classes:
        out["data_classes"] = classes
    if isinstance(data.get("pre_auth_discovery"), bool):
        out["pre_auth_discovery"] = data["pre_auth_discovery"]
    version = data.get("version") or vocab.get("version")
    if version is not None:
        out["version"] = str(version)
    out["interaction_protocols"] = ["request"] + (["negotiate"] if negotiable else []) + \
        (["query"] if informational else [])
    for k in ("related_services", "mcp_tools_list"):
        if data.get(k) is not None:
            out[k] = data[k]
    return out


def run(data, *, to, source_format, stem, semantic, catalog) -> Conversion:
    conv = Conversion("agis", "well-known")
    conv.files.append(OutputFile("agis.json", to_json(well_known(data)), "well-known"))
    return conv
