"""The writers: whatever data goes in, the project's own parsers read the same data back."""
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from agis_lsp.convert.emit import to_json, to_toml, to_yaml
from agis_lsp.document import parse_text

_text = st.text(alphabet=string.printable + "é中\u2028", max_size=12)
_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False, allow_infinity=False, width=32), _text)
_data = st.recursive(_scalar, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                     st.dictionaries(_text, kids, max_size=4)), max_leaves=25)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_text, _data, max_size=5))
def test_yaml_reads_back(data):
    text = to_yaml(data)
    assert parse_text(text, "x.yaml").data == data
    assert parse_text(to_json(data), "x.json").data == data


_toml_scalar = st.one_of(st.booleans(), st.integers(-10**6, 10**6), _text)
_toml_leaf = st.one_of(_toml_scalar, st.lists(_toml_scalar, max_size=3))
_key = st.text(alphabet=string.ascii_letters + "_-. $", min_size=1, max_size=8)
_toml = st.recursive(st.dictionaries(_key, _toml_leaf, max_size=4),
                     lambda kids: st.dictionaries(_key, st.one_of(_toml_leaf, kids,
                                                                  st.lists(kids, min_size=1, max_size=2)),
                                                  max_size=4), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(_toml)
def test_toml_reads_back(data):
    try:
        import tomllib
    except ImportError:  # pragma: no cover
        import tomli as tomllib
    assert tomllib.loads(to_toml(data)) == data
