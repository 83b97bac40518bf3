"""Worlds that match the view (`Game.determinize`): what a seat has seen that changes what happens next is in
its view, so a world drawn from it plays on as the real game does wherever the hidden parts do not decide.

Each case is one the issue found, on a real game's position (so that the deck and the discards add up):
this turn's card points, the count of trade offers, a game's own Underworld card file, discards by id.
The property test over random games of every rule set is `tests/engine/test_determinize.py`.
"""

from __future__ import annotations

import json
import random

from tests.engine.lords.underworld_position import MORE_CARDS
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import Held, LordsState


def _world(state: LordsState, seat: int = 0, seed: int = 1) -> LordsState:
    """A world drawn from `seat`'s view as a client receives it (plain JSON)."""
    view = json.loads(json.dumps(GAME.view(state, seat)))
    world = GAME.determinize(view, seat, random.Random(seed))
    assert canonical_bytes(GAME.view(world, seat)) == canonical_bytes(GAME.view(state, seat))
    return world


def _on_turn(cards: str = "", players: int = 3) -> LordsState:
    """A new Underworld game at its first player's actions (the seat who plays first is seat `current`)."""
    state, _ = GAME.new(GameConfig("lords", "underworld", players, "worlds", (), cards))
    assert not state.pending
    return state


def _take(state: LordsState, card_id: str, into: list[int] | list[Held], held: bool = False) -> None:
    """Move a card of kind `card_id` from the Underworld deck into the line or a hand (the deck's cards, the
    line and the hands still add up to the game's deck, as determinize counts them)."""
    uw = state.uw
    assert uw is not None
    index = next(i for i, c in enumerate(uw.cards) if c.id == card_id)
    uw.deck.remove(index)
    into.append(Held(index) if held else index)  # type: ignore[arg-type]


def test_a_world_drawn_after_july_4th_party_flies_the_private_jet_to_23_as_the_real_game_does() -> None:
    """The issue's case: 18 + July 4th Party's 4 = 20 (22 is short of 23); then a Private Jet point makes the
    turn's card points 5 from 18: 23. The view says this turn's card points, so the world reaches 23 too."""
    state = _on_turn()
    me, uw = state.current, state.uw
    assert uw is not None
    _take(state, "july-4th-party", uw.line)
    _take(state, "private-jet", uw.hands[me], held=True)
    state.score[me], state.money[me] = 18, 20
    GAME.apply(state, me, GAME.parse_action("acquire july-4th-party"))
    assert state.score[me] == 20
    world = _world(state, me)
    for each in (state, world):
        GAME.apply(each, me, GAME.parse_action("use private-jet"))
    assert state.score[me] == world.score[me] == 23


def test_trade_ids_count_every_offer_of_the_game_in_the_world_too() -> None:
    state = _on_turn()
    me, other = state.current, (state.current + 1) % state.players
    offer = f"trade {state.names[me]}>{state.names[other]} $1"
    GAME.apply(state, me, GAME.parse_action(offer))
    GAME.apply(state, me, GAME.parse_action("withdraw 1"))
    world = _world(state, other)
    for each in (state, world):
        GAME.apply(each, me, GAME.parse_action(offer))
    assert [t.id for t in world.trades] == [t.id for t in state.trades] == [2]


def test_a_world_of_a_game_with_its_own_card_file_holds_that_deck() -> None:
    """Any game with its own card file (`GameConfig(cards=...)`) is drawn from: the world's config carries the
    file, and its deck holds the file's cards not seen, kind by kind."""
    state = _on_turn(MORE_CARDS)
    world = _world(state)
    assert world.config.cards == MORE_CARDS
    assert world.uw is not None and state.uw is not None
    assert sorted(world.uw.deck) == sorted(state.uw.deck) and world.uw.cards == state.uw.cards


TWINS = """
[[card]]
id = "lucky-seven"
name = "Lucky"
cost = 1
timing = "now"
text = "Take $7m."
on_acquire = [{ op = "gain", value = 7 }]
copies = 3

[[card]]
id = "lucky-loser"
name = "Lucky"
cost = 1
timing = "now"
text = "Pay $7m."
on_acquire = [{ op = "pay", value = 7 }]
copies = 3
"""


def test_discarded_cards_are_known_by_id_not_by_name() -> None:
    """Two kinds of card may share a name: the view lists the discards by id, and the world's deck keeps
    exactly the kinds not yet seen."""
    state = _on_turn(TWINS)
    uw = state.uw
    assert uw is not None
    loser = next(i for i, c in enumerate(uw.cards) if c.id == "lucky-loser")
    while loser in uw.deck:
        uw.deck.remove(loser)
        uw.discards.append(loser)
    view = GAME.view(state, 0)
    assert view["underworld"]["discards"] == ["lucky-loser"] * 3
    world = _world(state)
    assert world.uw is not None and loser not in world.uw.deck and sorted(world.uw.deck) == sorted(uw.deck)
