"""The golden conversions: (case name, input file, target). Outputs live in golden/<case>/;
regenerate with ``AGIS_UPDATE_GOLDEN=1 python -m pytest tests/convert/test_golden.py``."""
import os

from agis_lsp.cli.convert import review_positions
from agis_lsp.convert import convert_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
EX = os.path.join(ROOT, "examples")

CASES = [
    ("mcp-from-restaurant", os.path.join(EX, "restaurant.agis"), "mcp"),
    ("mcp-from-healthcare", os.path.join(EX, "healthcare.agis"), "mcp"),
    ("agis-from-mcp-tools", os.path.join(FIX, "tools.mcp.json"), "agis"),
    ("agis-from-openapi-users", os.path.join(FIX, "users.openapi.yaml"), "agis"),
    ("agis-from-openapi-petstore", os.path.join(FIX, "petstore-3.1.json"), "agis"),
    ("toml-from-openapi-petstore", os.path.join(FIX, "petstore-3.1.json"), "toml"),
    ("toml-from-restaurant", os.path.join(EX, "restaurant.agis"), "toml"),
    ("agis-from-toml-book-room", os.path.join(EX, "deployment", "endpoints", "book_room.toml"), "agis"),
    ("toml-from-toml-book-room", os.path.join(EX, "deployment", "endpoints", "book_room.toml"), "toml"),
    ("agis-from-toml-quote-stay", os.path.join(EX, "deployment", "endpoints", "quote_stay.toml"), "agis"),
    ("well-known-from-restaurant", os.path.join(EX, "restaurant.agis"), "well-known"),
    ("agis-from-a2t", os.path.join(FIX, "weather.a2t.json"), "agis"),
    ("agis-from-adp", os.path.join(FIX, "mailforge.adp.json"), "agis"),
    ("agis-from-ainp", os.path.join(FIX, "users.ainp.yaml"), "agis"),
]


def render(path: str, target: str) -> dict:
    """{relative file name: text}, plus "REVIEW" with the review items as the CLI prints them."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    conv = convert_text(text, target, name=os.path.basename(path))
    out = {f.name: f.text for f in conv.files}
    items = review_positions(conv, {f.name: f.name for f in conv.files})
    out["REVIEW"] = "".join(f"{i['file']}:{i['line']}:{i['column']}: {i['message']}\n" for i in items)
    return out
