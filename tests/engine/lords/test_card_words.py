"""An Underworld card's words say what the engine does with it: cost, timing, effects, trigger, discount and
points, made from its definition (engine/lords/card_words.py), for the shipped deck and any card file."""

from __future__ import annotations

import pytest

from vegas_table.engine import GameConfig, get_game
from vegas_table.engine.lords.card_words import card_effect
from vegas_table.engine.lords.cards import cards_for, parse_cards

SHIPPED = {
    "july-4th-party": "Costs $5m. When acquired: score 4 points; then it is discarded.",
    "private-jet": "Costs $8m. Action on your turn, once a turn, for $1m: score 1 point.",
    "accountant": "Costs $6m. Action on your turn, once a turn, on one of your dice: raise that die by 1 (at most 6).",
    "health-inspector": "Costs $6m. Action on your turn, once a turn, on a casino: reroll its 3 highest dice (all, "
                        "if it has fewer), then settle ties for boss.",
    "lone-shark": "Free. When acquired: take $10m from the bank. When a Pay The Strip card is drawn: pay $12m to "
                  "the bank (as much as you have), then discard this card.",
    "shady-deal": "Free. When acquired: take $6m from the bank. -3 points at the end of the game.",
    "general-contractor": "Costs $5m. While you hold it, remodeling costs $2m less a space.",
    "union-boss": "Costs $5m. While you hold it, building a casino tile costs $2m less a tile. 1 point at the end "
                  "of the game.",
}


@pytest.mark.parametrize("card", cards_for(""), ids=lambda c: c.id)
def test_each_shipped_card_says_what_it_does(card: object) -> None:
    assert card_effect(card) == SHIPPED[card.id]  # type: ignore[attr-defined]


def test_a_card_of_a_users_own_file_is_worded_from_its_effects() -> None:
    [card] = parse_cards('''
[[card]]
id = "high-roller"
name = "High Roller"
cost = 4
points = 2
copies = 1
timing = "action"
text = "Roll with it."
use_cost = 2
on_use = [{ op = "extra", action = "gamble" }, { op = "hold", value = 3 }]
trigger = "gold"
on_trigger = [{ op = "release" }]
''')
    assert card_effect(card) == (
        "Costs $4m. Action on your turn, once a turn, for $2m: one more gamble this turn, then the bank puts $3m "
        "on this card (not yours to spend until released). When a gold property card is drawn: take the money "
        "on this card. 2 points at the end of the game.")


def test_the_view_carries_each_cards_words() -> None:
    game = get_game("lords")
    state, _ = game.new(GameConfig("lords", "up", 3, "words", ("underworld",)))
    line = game.view(state, 0)["underworld"]["line"]
    assert line and all(card["effect"] == SHIPPED[card["id"]] for card in line)

