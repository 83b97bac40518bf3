"""Underworld cards are data: the shipped file, a user-supplied card file given as config, and refusals."""

from __future__ import annotations

import re

import pytest

from tests.engine.lords.underworld_position import MORE_CARDS
from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import ConfigError
from vegas_table.engine.core.match import Match
from vegas_table.engine.lords.cards import OPS, parse_cards, shipped_text
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME


def test_the_shipped_cards_use_the_rulebooks_words_and_mark_every_ruling() -> None:
    cards = {c.id: c for c in parse_cards(shipped_text())}
    assert cards["july-4th-party"].cost == 5 and cards["july-4th-party"].text == "Discard it to score 4 points."
    assert cards["general-contractor"].text == "Reduces the cost of remodeling by $2 million per space."
    assert cards["private-jet"].text == "Spend $1 million to score 1 point on your turn."
    assert all(c.ruling for c in cards.values())  # every card has something the seed left open (at least copies)
    assert sum(c.copies for c in cards.values()) == 16


def test_every_effect_primitive_is_used_by_the_shipped_or_the_test_cards() -> None:
    used = {e.op for c in parse_cards(shipped_text()) + parse_cards(MORE_CARDS)
            for e in c.on_acquire + c.on_use + c.on_trigger}
    assert used == set(OPS)


def test_a_user_supplied_card_file_is_given_to_the_game_as_config() -> None:
    config = GameConfig("lords", "up", 3, "mine", ("underworld",), cards=MORE_CARDS)
    state, _ = GAME.new(config)
    assert state.uw is not None
    assert [c.id for c in state.uw.cards] == ["high-roller", "fixer", "convention", "savings-bond",
                                              "albion-investor", "july-4th-party"]
    assert len(state.uw.deck) + len(state.uw.line) == 7  # two Savings Bonds
    assert GameConfig.from_json(config.to_json()) == config  # so a replay header carries it


def test_a_game_with_its_own_cards_replays_from_its_config() -> None:
    import random

    from vegas_table.bots.base import concrete

    config = GameConfig("lords", "up", 3, "mine", ("underworld",), cards=MORE_CARDS)
    match = Match(GAME, config)
    rng = random.Random(5)
    while not match.over:
        seat = match.actors()[0]
        match.play(seat, concrete(rng.choice(GAME.legal_actions(match.state, seat)), rng))
    again = Match(GAME, GameConfig.from_json(config.to_json()))
    for move in match.history:
        again.play(move.seat, move.action)
    assert again.state_hash() == match.state_hash()


@pytest.mark.parametrize(("text", "why"), [
    ("not toml [", "not valid TOML"),
    ("title = 'no cards'", "lists no cards"),
    ("[[card]]\nid = 'Bad Id'\ntiming = 'keep'", "id must be"),
    ("[[card]]\nid = 'x'\ntiming = 'later'", "timing must be a string (one of"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ncost = -1", "cost must be a whole number"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\nname = 'no cost'", "cost must be a whole number from 0 to 100, not None"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ncolour = 'red'", "unknown field 'colour'"),
    ("[[card]]\nid = 'x'\ntiming = 'now'\non_acquire = [{ op = 'teleport' }]", "is not an effect"),
    ("[[card]]\nid = 'x'\ntiming = 'action'", "an action card needs on_use effects"),
    ("[[card]]\nid = 'x'\ntiming = 'action'\non_use = [{ op = 'die', value = 1 }]", "give the card a target"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ntrigger = 'pink'", "trigger must be"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ntrigger = 'gold'", "trigger and on_trigger go together"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ndiscount = { action = 'gamble', value = 1 }", "action must be"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\n[[card]]\nid = 'x'\ntiming = 'keep'", "listed twice"),
    ("[[card]]\nid = 'x'\ntiming = 'keep'\ncopies = 100\n[[card]]\nid = 'y'\ntiming = 'keep'\ncopies = 100\n"
     "[[card]]\nid = 'z'\ntiming = 'keep'\ncopies = 1", "at most 200 cards"),
])
def test_a_bad_card_file_is_refused_with_the_reason(text: str, why: str) -> None:
    if "cost" not in text:
        text = text.replace("[[card]]\n", "[[card]]\ncost = 0\n")
    with pytest.raises(ConfigError, match=re.escape(why)):
        GAME.new(GameConfig("lords", "up", 3, "s", ("underworld",), cards=text))
