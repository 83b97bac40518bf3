"""The canonical encoding: the fast encoder writes exactly what the standard library's definition writes."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from vegas_table.engine.core.canonical import canonical_bytes, canonical_hash, canonical_text, standard_canonical_bytes

texts = st.text(st.characters(exclude_categories=("Cs",)))  # any code point a str may hold in UTF-8
whole_numbers = st.integers() | st.integers(-2**64, 2**64) | st.sampled_from([2**63 - 1, -2**63, 2**64 - 1, 2**64])
scalars = st.none() | st.booleans() | whole_numbers | texts
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(texts, inner, max_size=5), max_leaves=30)


@settings(max_examples=500)
@given(json_values)
def test_canonical_bytes_are_the_standard_librarys(value: Any) -> None:
    assert canonical_bytes(value) == standard_canonical_bytes(value)


def test_keys_sort_by_code_point_and_only_required_characters_are_escaped() -> None:
    value = {"é": 1, "e": 2, "\U0001f600": 3, "\uffff": 4, "z": "\x00\x1f\x7f\u2028\"\\/\n\t"}
    expected = '{"e":2,"z":"\\u0000\\u001f\x7f\u2028\\"\\\\/\\n\\t","é":1,"\uffff":4,"\U0001f600":3}'
    assert canonical_text(value) == expected


def test_what_the_fast_encoder_refuses_the_standard_library_encodes() -> None:
    assert canonical_bytes({"big": 2**70}) == b'{"big":1180591620717411303424}'
    assert canonical_bytes({1: [True, None]}) == b'{"1":[true,null]}'
    nested: Any = 0
    for _ in range(300):
        nested = [nested]
    assert canonical_bytes(nested) == standard_canonical_bytes(nested)


def test_hash_is_sha256_of_the_canonical_bytes() -> None:
    assert canonical_hash({"b": 1, "a": []}) == "1c8f8816506a8ccbc55140d8a7bb70214a8942c7030fc0fc2914cec675cd1c15"
