"""The greedy Lords of Vegas bot: each rule of docs/BOTS.md on a position built for it, and only legal
actions in whole games of every rule set."""

from __future__ import annotations

import pytest

from tests.engine.lords.position import blank, marker, money, play, seat, tile
from vegas_table.bots.base import Bot
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.local import decide, game_info
from vegas_table.bots.random_bot import RandomBot
from vegas_table.engine.core.api import ActionRange, GameConfig
from vegas_table.engine.lords.actions import ProposeTrade
from vegas_table.engine.lords.board import END_OF_GAME, LOT_BY_NAME, LOTS
from vegas_table.engine.lords.game import LORDS_OF_VEGAS as GAME
from vegas_table.engine.lords.state import START_CARDS, LordsState
from vegas_table.engine.lords.turn import STACKS

DEAL = ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "E1", "E3", "E4")  # lots no test puts anything on


def early(state: LordsState, discarded: tuple[str, ...] = ()) -> LordsState:
    """Cards as early in the game: the deal's (and every card of the `discarded` colours) in the discard
    pile, the rest in the deck with End of Game at its depth (its order is hidden from the bots anyway)."""
    colours = {"purple": 0, "brown": 1, "gold": 2, "silver": 3, "aqua": 4, "strip": 5}
    dealt = [LOT_BY_NAME[name] for name in DEAL[:START_CARDS * state.players]]
    gone = {lot.index for lot in LOTS if lot.card_colour in {colours[c] for c in discarded}} - set(dealt)
    state.discards = [*dealt, *sorted(gone)]
    rest = [lot.index for lot in LOTS if lot.index not in set(state.discards)]
    below = (len(LOTS) - START_CARDS * state.players) // STACKS
    state.deck = [*rest[:below], END_OF_GAME, *rest[below:]]
    return state


def greedy(state: LordsState, who: str | int) -> str:
    """What the greedy bot plays for `who`, given only that seat's view and legal actions."""
    s = seat(state, who)
    return str(decide(GreedyBot("test"), GAME, state, game_info(state.config, s), 0).text())


def test_it_builds_where_it_pays() -> None:
    state = early(blank("classic", 4, current="blue"))
    marker(state, "A2", "blue")
    money(state, blue=20)
    assert greedy(state, "blue").startswith("build A2 ")


def test_it_does_not_build_when_nothing_is_left_to_draw() -> None:
    state = blank("classic", 4, current="blue")  # the next card is End of Game
    marker(state, "A2", "blue")
    money(state, blue=20)
    assert greedy(state, "blue") == "end"


def test_it_builds_the_colour_with_the_most_cards_left() -> None:
    state = early(blank("classic", 4, current="blue"), discarded=("purple", "brown", "silver"))
    state.discards += [lot.index for lot in LOTS if lot.card_colour == 4][:4]  # aqua: 5 cards left, gold 9
    state.deck = [card for card in state.deck if card not in state.discards]
    marker(state, "A2", "blue")
    money(state, blue=20)
    assert greedy(state, "blue") == "build A2 gold"


def test_it_sprawls_from_a_casino_it_bosses() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "blue", pips=5)
    money(state, blue=40)
    assert greedy(state, "blue").startswith("sprawl B1 ")


def test_it_remodels_to_merge_into_a_casino_it_would_boss() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "C1", "silver", "blue", pips=6)
    tile(state, "C2", "gold", "green", pips=3)
    tile(state, "C3", "gold", "green", pips=4)
    money(state, blue=10)
    assert greedy(state, "blue") == "remodel C1 gold"


def test_it_raises_to_cross_a_score_break() -> None:
    state = early(blank("up", 4, current="black"))
    for lot in ("B1", "B2", "B3"):
        tile(state, lot, "gold", "black", pips=4)
    state.score[seat(state, "black")] = 44  # 3 tiles never reach 49; 6 do
    money(state, black=45)
    assert greedy(state, "black") == "raise B1"


def test_it_reorganizes_when_it_is_likely_to_become_boss() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "green", pips=2)
    tile(state, "B2", "gold", "blue", pips=1)
    tile(state, "B3", "gold", "blue", pips=1)
    money(state, blue=10)
    assert greedy(state, "blue") == "reorg B1"


def test_it_does_not_reorganize_a_casino_it_bosses_safely() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "blue", pips=6)
    tile(state, "B2", "gold", "green", pips=2)
    money(state, blue=10)
    assert not greedy(state, "blue").startswith("reorg")


def behind(state: LordsState) -> LordsState:
    """Blue far behind green; green and red each boss a casino blue could gamble in."""
    tile(state, "A2", "purple", "green", pips=6)
    tile(state, "E2", "purple", "red", pips=6)
    state.score[seat(state, "green")] = 40
    money(state, blue=20, green=30, red=30)
    return state


def test_it_gambles_when_far_behind_but_never_in_the_leaders_casino() -> None:
    state = behind(early(blank("classic", 4, current="blue")))
    assert greedy(state, "blue") == "gamble E2 5"


def test_it_does_not_gamble_when_only_the_leader_could_be_the_house() -> None:
    state = behind(early(blank("classic", 4, current="blue")))
    state.die_owner[LOT_BY_NAME["E2"]] = seat(state, "green")
    assert greedy(state, "blue") == "end"


def test_it_does_not_gamble_when_ahead_with_nothing_to_buy() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "E2", "purple", "red", pips=6)
    state.score[seat(state, "blue")] = 20
    money(state, blue=20, red=30)
    assert greedy(state, "blue") == "end"


def test_it_gambles_for_the_price_of_a_buy_it_cannot_afford() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "C3", "purple", "red", pips=6)
    tile(state, "C6", "purple", "red", pips=4)
    marker(state, "A6", "blue")  # $20m
    state.score[seat(state, "green")] = 60  # the leader: red's casino is fair game
    money(state, blue=12, red=30)
    assert greedy(state, "blue") == "gamble C3 8"


def test_it_accepts_a_trade_that_makes_it_boss() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "green", pips=6)
    tile(state, "B2", "gold", "blue", pips=4)
    tile(state, "B3", "gold", "blue", pips=3)
    money(state, blue=10)
    play(state, "green", "trade green>blue die B1, blue>green $3")
    assert greedy(state, "blue") == "accept 1"


def test_it_rejects_a_trade_that_gives_its_casino_away() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "blue", pips=6)
    tile(state, "B2", "gold", "blue", pips=4)
    money(state, green=5)
    play(state, "green", "trade blue>green die B1, green>blue $1")
    assert greedy(state, "blue") == "reject 1"


def is_legal(state: LordsState, seat: int, action: object) -> bool:
    """One of the seat's legal actions, or a trade offer the rules accept (offers are not listed)."""
    if isinstance(action, ProposeTrade):
        GAME.apply(GAME.clone(state), seat, action)
        return True
    return any(action in o if isinstance(o, ActionRange) else action == o for o in GAME.legal_actions(state, seat))


@pytest.mark.parametrize(("rules", "players", "options"), [
    ("classic", 2, ()), ("classic", 3, ()), ("classic", 4, ("layoff",)),
    ("up", 2, ("layoff",)), ("up", 3, ()), ("up", 4, ()), ("up", 5, ("layoff",)), ("up", 6, ()),
    ("underworld", 3, ()), ("up", 4, ("layoff", "underworld")),
])
def test_it_only_plays_legal_actions(rules: str, players: int, options: tuple[str, ...]) -> None:
    config = GameConfig("lords", rules, players, f"legal/{rules}/{players}", options)
    bots: list[Bot] = [GreedyBot(f"g{s}") if s % 2 == 0 else RandomBot(f"r{s}") for s in range(players)]
    state, _ = GAME.new(config)
    while not GAME.is_over(state):
        who = GAME.actors(state)[0]
        action = decide(bots[who], GAME, state, game_info(config, who), 0)
        assert is_legal(state, who, action), action
        GAME.apply(state, who, action)


def test_it_offers_to_buy_the_die_that_makes_it_boss() -> None:
    state = early(blank("classic", 4, current="blue"))
    tile(state, "B1", "gold", "green", pips=6)
    tile(state, "B2", "gold", "blue", pips=5)
    tile(state, "B3", "gold", "blue", pips=5)
    state.reorganized[LOT_BY_NAME["B1"]] = True  # no reorganizing it again this turn
    money(state, blue=120)  # the casino is worth about $84m to green, at this stage's rate
    offer = greedy(state, "blue")
    assert offer.startswith("trade blue>green $") and offer.endswith(", green>blue die B1")
    play(state, "blue", offer)
    assert greedy(state, "blue") == "end"  # one open offer at a time
