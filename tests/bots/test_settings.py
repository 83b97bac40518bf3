"""A bot's `name=number` settings: read in any order, empty parts skipped, and refused in words that say
what would be right."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vegas_table.bots.settings import named_numbers

NAMES = ("width", "depth")


def test_pairs_are_read_in_any_order_and_empty_parts_are_skipped() -> None:
    assert named_numbers("depth=3::width=4:", NAMES, int) == {"depth": 3, "width": 4}
    assert named_numbers("", NAMES, int) == {}


def test_an_unknown_name_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(ValueError, match="no setting 'wide'; settings: width, depth"):
        named_numbers("wide=3", NAMES, int)


@pytest.mark.parametrize("text", ["width=x", "width=", "width=1.5", "width=0"])
def test_a_number_the_setting_cannot_take_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"setting width takes a whole number of at least 1, not"):
        named_numbers(text, NAMES, int, least=1)


def test_a_float_setting_takes_any_number_and_names_its_kind() -> None:
    assert named_numbers("income=0.8", ("income",), float, "weight") == {"income": 0.8}
    with pytest.raises(ValueError, match="weight income takes a number, not 'much'"):
        named_numbers("income=much", ("income",), float, "weight")


@given(st.dictionaries(st.sampled_from(NAMES), st.integers(1, 10**6)))
def test_what_is_written_is_what_is_read(values: dict[str, int]) -> None:
    text = ":".join(f"{name}={number}" for name, number in values.items())
    assert named_numbers(text, NAMES, int, least=1) == values
