"""Action texts: canonical forms parse back, any spacing or case is accepted, and junk says what is wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lasvegas.actions import Kick, Place, Take, parse_action

ACTIONS = [Place(n, slot) for n in range(1, 7) for slot in (False, True)] + [
    Kick(owner, biggie) for owner in ("red", "blue", "green", "yellow", "black", "orange") for biggie in (False, True)
] + [Kick("white"), Take(10), Take(100)]


@pytest.mark.parametrize("action", ACTIONS, ids=[a.text() for a in ACTIONS])
def test_canonical_text_parses_back(action: Place | Kick | Take) -> None:
    assert parse_action(action.text()) == action


def test_spacing_and_case_do_not_matter() -> None:
    assert parse_action("  PLACE   4  Slot ") == Place(4, True)
    assert parse_action("Kick Red BIGGIE") == Kick("red", True)
    assert parse_action("take $60k") == Take(60)


@pytest.mark.parametrize(("text", "message"), [
    ("", "(empty): no action given"),
    ("roll", "roll: unknown action 'roll'; actions: place, kick, take"),
    ("place", "place: usage: place NUMBER [slot]"),
    ("place 7", "place 7: 7 is not a number on a die (1-6)"),
    ("place 4 casino", "place 4 casino: usage: place NUMBER [slot]"),
    ("kick purple", "kick purple: purple is not a player colour (red, blue, green, yellow, black, orange) or white"),
    ("kick white biggie", "kick white biggie: neutral dice have no biggie"),
    ("kick", "kick: usage: kick COLOUR [biggie] | kick white"),
    ("take lots", "take lots: usage: take VALUE (the note's value in $ thousands, e.g. take 60)"),
])
def test_junk_is_malformed_and_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_action(text)
    assert (refused.value.code, refused.value.message) == ("malformed_action", message)


@given(st.text(max_size=30))
def test_parsing_any_text_either_gives_an_action_or_refuses_it(text: str) -> None:
    try:
        action = parse_action(text)
    except MalformedAction:
        return
    assert parse_action(action.text()) == action
