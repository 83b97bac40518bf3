"""A full Lords of Vegas state drawn from what one seat sees (`Game.view`): a possible world for search.

Lords of Vegas hides only the order of the decks (and the seed): everything on the table is copied from the
view, the discard pile too (card by card, as anyone may look through it), and what is hidden is drawn:
the order of the cards left in the property deck, of the Underworld deck (option underworld), and a fresh
generator for the dice (seeded from the caller's `rng`; once the game is over the view shows the real seed,
and it is kept). Nothing is read but the view, so two states that look the same to the seat give
identically distributed worlds.

The End of Game card lies on top of the fourth stack, so it keeps its depth: the cards below it are the
fourth stack, a quarter of the cards left after the deal (in a 2-player game the deal discards the F cards
it meets, which the discard pile shows: those before its fourth other card). The card in hand (`last_card`
while the draw step waits for a decision) is neither in the deck nor in the discards. Where the view is
silent the world is the simplest that fits it: decisions queued behind the one shown (players placing
reorganized dice) are rebuilt from the dice. The view tells everything else that decides what happens
next: the next trade's number, the card points each seat has scored this turn (they move its chip as one
payment), and the game's Underworld card file (so a game's own deck is drawn from as the shipped one is).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from vegas_table.engine.core.api import RandomSource
from vegas_table.engine.core.sampling import fresh_seed, shuffle
from vegas_table.engine.lords.board import CLOSED_BLOCK_FOR_TWO, COLOURS, END_OF_GAME, LOT_BY_NAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.cards import cards_for
from vegas_table.engine.lords.codec import ENCODING_VERSION, decode
from vegas_table.engine.lords.state import DRAW, START_CARDS, LordsState
from vegas_table.engine.lords.turn import STACKS


def determinize(view: Mapping[str, Any], seat: int, rng: RandomSource) -> LordsState:
    """A state whose `view(state, seat)` is `view`, its hidden parts drawn as the module docstring says."""
    lots = view["lots"]
    players = view["players"]
    data: dict[str, Any] = {
        "v": ENCODING_VERSION, "rng": 0,
        "config": {"game": view["game"], "rules": view["rules"], "players": players,
                   "seed": view["seed"] or fresh_seed(rng), "options": list(view["options"]),
                   "cards": view["underworld"]["card_file"] if "underworld" in view else ""},
        "money": [s["money"] for s in view["seats"]], "score": [s["score"] for s in view["seats"]],
        "marker": [lots.get(LOTS[i].name, {}).get("marker", -1) for i in range(LOT_COUNT)],
        "tile": [COLOURS.index(lots[LOTS[i].name]["tile"]) if "tile" in lots.get(LOTS[i].name, {}) else -1
                 for i in range(LOT_COUNT)],
        "turn": view["turn"], "current": view["current"], "phase": view["phase"], "gambled": view["gambled"],
        "last_card": _card(view["last_card"]), "trades": list(view["trades"]),
        "next_trade": view["next_trade"],
        "winners": list(view["result"]["winners"]) if view["result"] else [],
        "end_reason": view["result"]["reason"] if view["result"] else "",
    }
    for key, default in (("height", 0), ("reorganized", False)):
        data[key] = [lots.get(LOTS[i].name, {}).get(key, default) for i in range(LOT_COUNT)]
    dice = [lots.get(LOTS[i].name, {}).get("die") or [-1, 0] for i in range(LOT_COUNT)]
    data["die_owner"], data["die_pips"] = [d[0] for d in dice], [d[1] for d in dice]
    data["pending"] = _pending(view, data)
    data["discards"], data["deck"] = _cards(view, data, rng)
    if "underworld" in view:
        data["underworld"] = _underworld(view, rng)
    return decode(data)


def _card(name: str | None) -> int:
    return -1 if name is None else END_OF_GAME if name == "End of Game" else LOT_BY_NAME[name]


def _pending(view: Mapping[str, Any], data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The queue of decisions: the one the view shows, and the dice placements queued behind it."""
    shown = view["pending"]
    if shown is None:
        return []
    lot = LOT_BY_NAME[shown["lot"]] if shown["lot"] else -1
    resume = {"place_die": "reorganize", "layoff": "action", "remove_marker": "draw"}.get(
        shown["kind"], "draw" if view["phase"] == DRAW else "action")
    head = {"kind": shown["kind"], "seat": shown["seat"], "resume": resume, "lot": lot, "pips": shown["pips"],
            "values": list(shown["values"]), "lots": [LOT_BY_NAME[n] for n in shown["lots"]], "bet": shown["bet"]}
    queue = [head]
    if shown["kind"] == "place_die":  # the others place theirs after, in turn order from the reorganizer
        casino = _casino_of(data, lot)
        players, current = view["players"], view["current"]
        order = [(current + k) % players for k in range(players)]
        for player in order[order.index(shown["seat"]) + 1:]:
            theirs = [i for i in casino if data["die_owner"][i] == player]
            values = sorted((data["die_pips"][i] for i in theirs), reverse=True)
            if len(set(values)) > 1:
                queue.append({"kind": "place_die", "seat": player, "resume": "reorganize", "lot": lot, "pips": 0,
                              "values": values, "lots": theirs, "bet": 0})
    return queue


def _casino_of(data: Mapping[str, Any], lot: int) -> list[int]:
    """The lots of the casino on `lot`: same colour and height, joined by edges (in lot order)."""
    tile, height = data["tile"], data["height"]
    group, frontier = {lot}, [lot]
    while frontier:
        for near in LOTS[frontier.pop()].neighbours:
            if near not in group and tile[near] == tile[lot] and height[near] == height[lot]:
                group.add(near)
                frontier.append(near)
    return sorted(group)


def _cards(view: Mapping[str, Any], data: Mapping[str, Any], rng: RandomSource) -> tuple[list[int], list[int]]:
    """The discards (the view's pile) and the deck (top last): the other cards, shuffled, the End of Game card
    at its depth."""
    gone = [_card(name) for name in view["discard_pile"]]
    in_hand = data["last_card"] if view["phase"] == DRAW else -1
    deck = [card for card in range(LOT_COUNT) if card not in gone and card != in_hand]
    shuffle(deck, rng)
    if END_OF_GAME not in gone:
        dealt_past = 0
        if view["players"] == 2:  # the F cards the deal met before its fourth other card
            others = [i for i, card in enumerate(gone) if not _closed(2, card)]
            dealt_past = sum(1 for card in gone[:others[START_CARDS * 2 - 1] + 1] if _closed(2, card))
        below = (LOT_COUNT - START_CARDS * view["players"] - dealt_past) // STACKS
        deck.insert(min(below, len(deck)), END_OF_GAME)
    return gone, deck


def _closed(players: int, card: int) -> bool:
    return players == 2 and card < LOT_COUNT and LOTS[card].block == CLOSED_BLOCK_FOR_TWO


def _underworld(view: Mapping[str, Any], rng: RandomSource) -> dict[str, Any]:
    """The Underworld's encoding: the line, discards, hands and this turn's card points from the view, the
    rest of the game's deck (its card file's, also in the view) shuffled; cards known by id."""
    shown = view["underworld"]
    cards = cards_for(shown["card_file"])
    by_id = {card.id: index for index, card in enumerate(cards)}
    line = [by_id[c["id"]] for c in shown["line"]]
    discards = [by_id[card] for card in shown["discards"]]
    hands = [[[by_id[h["id"]], h["money"], h["used"]] for h in hand] for hand in shown["hands"]]
    left = Counter({index: card.copies for index, card in enumerate(cards)})
    left.subtract([*line, *discards, *(h[0] for hand in hands for h in hand)])
    deck = sorted(left.elements())
    shuffle(deck, rng)
    paying = shown["card_payments"]
    return {"deck": deck, "line": line, "discards": discards, "hands": hands, "acquires": shown["acquires_left"],
            "gambles": shown["extra_gambles"], "combo_base": [-1 if p is None else p["from"] for p in paying],
            "combo_points": [0 if p is None else p["points"] for p in paying]}
