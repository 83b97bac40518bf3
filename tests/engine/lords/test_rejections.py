"""Each kind of illegal action is refused with its own code and a sentence, and the state is unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.engine.lords.position import ScriptedDice, blank, marker, money, play, tile
from vegas_table.engine.core.errors import IllegalAction, MalformedAction
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import LordsState


def _table() -> LordsState:
    """Classic, 4 players, Blue to act, with a little of everything on the board."""
    state = blank("classic", 4, current="blue")
    marker(state, "A1", "blue")
    marker(state, "A3", "yellow")
    tile(state, "A2", "gold", "blue", pips=4)
    tile(state, "C1", "silver", "green", pips=6)
    tile(state, "C2", "silver", "blue", pips=2)
    tile(state, "E1", "aqua")  # a casino with no die, so no boss
    money(state, blue=10, green=3, red=5, yellow=5)
    return state


CASES: list[tuple[str, str, str, Callable[[LordsState], None] | None]] = [
    # (who, action, code, extra set-up)
    ("green", "build C4 gold", "not_your_turn", None),
    ("blue", "build B2 gold", "not_your_lot", None),
    ("blue", "build A3 gold", "not_your_lot", None),
    ("blue", "build A1 gold", "insufficient_funds", lambda s: s.money.__setitem__(0, 8)),
    ("blue", "build A1 gold", "no_tiles_left", lambda s: s.tiles_left.__setitem__(2, 0)),
    ("blue", "sprawl A2 A3", "lot_taken", None),
    ("blue", "sprawl A2 A1", "lot_taken", None),
    ("blue", "sprawl A2 B1", "not_adjacent", None),
    ("blue", "sprawl A2 A6", "not_adjacent", None),
    ("blue", "sprawl C1 C4", "not_boss", None),
    ("blue", "sprawl B1 B2", "no_casino", None),
    ("blue", "sprawl A2 A5", "insufficient_funds", None),
    ("blue", "remodel A2 gold", "same_colour", None),
    ("blue", "remodel C2 gold", "not_boss", None),
    ("blue", "remodel A2 aqua", "no_tiles_left", lambda s: s.tiles_left.__setitem__(4, 0)),
    ("blue", "remodel A2 aqua", "insufficient_funds", lambda s: s.money.__setitem__(0, 4)),
    ("blue", "reorg E1", "no_die_there", None),
    ("blue", "reorg C1", "insufficient_funds", lambda s: s.money.__setitem__(0, 7)),
    ("blue", "reorg A2", "already_reorganized", lambda s: s.reorganized.__setitem__(1, True)),
    ("blue", "raise A2", "not_in_rules", None),
    ("blue", "gamble A2 1", "own_casino", None),
    ("blue", "gamble E1 1", "no_boss", None),
    ("blue", "gamble B1 1", "no_casino", None),
    ("blue", "gamble C1 4", "bad_bet", None),
    ("blue", "gamble C1 0", "bad_bet", None),
    ("blue", "gamble C1 1", "already_gambled", lambda s: setattr(s, "gambled", True)),
    ("blue", "remove A1", "no_decision", None),
    ("blue", "place 3 A2", "no_decision", None),
    ("blue", "layoff yes", "no_decision", None),
    ("blue", "trade blue>purple $1", "unknown_player", None),
    ("blue", "trade blue>green $11", "insufficient_funds", None),
    ("blue", "trade blue>green lot A3", "not_owner", None),
    ("blue", "trade blue>green die C1", "not_owner", None),
    ("blue", "trade blue>blue $1", "bad_trade", None),
    ("blue", "trade green>red $1", "not_a_party", None),
    ("blue", "trade blue>green lot A1, blue>red lot A1", "bad_trade", None),
    ("blue", "accept 7", "unknown_trade", None),
    ("blue", "reject 7", "unknown_trade", None),
    ("blue", "withdraw 7", "unknown_trade", None),
]


@pytest.mark.parametrize(("who", "text", "code", "setup"), CASES, ids=[f"{c[2]}:{c[1]}" for c in CASES])
def test_refused_with_its_code_and_nothing_changes(who: str, text: str, code: str,
                                                   setup: Callable[[LordsState], None] | None) -> None:
    state = _table()
    if setup:
        setup(state)
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction) as refused:
        play(state, who, text)
    assert refused.value.code == code
    assert str(refused.value).startswith(GAME.parse_action(text).text() + ": ")
    assert GAME.state_hash(state) == before


def test_raise_beyond_the_number_of_players_refused() -> None:
    state = blank("up", 2, current=0)
    tile(state, "A2", "gold", 0, height=2)
    money(state, black=100)
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "raise A2")
    assert refused.value.code == "max_height"
    assert "2 high, the most with 2 players" in str(refused.value)


def test_decision_answers_refused_until_right() -> None:
    """After Blue reorganizes, Green (two dice, different values) places them; every wrong answer is refused."""
    state = _table()
    tile(state, "C4", "silver", "green", pips=3)
    money(state, blue=20)
    state.rng = ScriptedDice([5, 1, 2])  # C1 (Green), C2 (Blue), C4 (Green)
    play(state, "blue", "reorg C2")
    assert state.pending[0].kind == "place_die" and state.pending[0].values == (5, 2)
    for who, text, code in [("blue", "place 5 C1", "not_your_decision"), ("green", "remove C1", "wrong_answer"),
                            ("green", "place 2 C1", "wrong_die"), ("green", "place 5 C2", "wrong_tile"),
                            ("blue", "end", "decision_pending"), ("red", "trade red>blue $1", "decision_pending")]:
        before = GAME.state_hash(state)
        with pytest.raises(IllegalAction) as refused:
            play(state, who, text)
        assert refused.value.code == code, text
        assert GAME.state_hash(state) == before
    play(state, "green", "place 5 C4")
    assert (state.die_pips[12], state.die_pips[15]) == (2, 5) and not state.pending


@pytest.mark.parametrize("text", ["", "fly A1", "build", "build A2", "build Q1 gold", "build A2 pink",
                                  "gamble A2 lots", "place six A2", "layoff maybe", "accept", "trade",
                                  "trade blue red $5", "trade blue>red 5", "trade blue>red car A1"])
def test_malformed_text_is_not_an_action(text: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.parse_action(text)
    assert refused.value.code == "malformed_action"


def test_a_seat_outside_the_game_is_refused() -> None:
    state = _table()
    with pytest.raises(MalformedAction):
        GAME.apply(state, 7, GAME.parse_action("end"))
