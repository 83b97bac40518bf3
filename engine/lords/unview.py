"""The one rebuild of a Lords of Vegas state from a seat's view: the table as the view shows it, the hidden
parts as the caller gives them.

Two readers stand on it: the client's rules mirror (`client/lords/mirror.py`: the hidden parts left empty,
since they never decide what is legal now) and `determinize` (`engine/lords/determinize.py`: the hidden
parts drawn, a possible world for search). Lords of Vegas hides only the order of the decks and the seed,
so everything else is copied: the discard pile card by card, the next trade's id, each seat's card points
this turn, the game's Underworld card file. Where the view is silent the state is the simplest that fits:
decisions queued behind the one shown (players placing reorganized dice) are rebuilt from the dice, and a
decision's `resume` (the step it interrupted) from its kind and the phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vegas_table.engine.lords.board import COLOURS, END_OF_GAME, LOT_BY_NAME, LOT_COUNT, LOTS
from vegas_table.engine.lords.cards import CardDef, cards_for
from vegas_table.engine.lords.codec import ENCODING_VERSION, decode
from vegas_table.engine.lords.state import DRAW, LordsState
from vegas_table.engine.lords.views import LordsView, UnderworldView


def card_of(name: str | None) -> int:
    """A property card by its name in a view (-1: none)."""
    return -1 if name is None else END_OF_GAME if name == "End of Game" else LOT_BY_NAME[name]


def view_cards(view: LordsView) -> tuple[CardDef, ...]:
    """The Underworld cards of the game the view shows (its own card file's, or the shipped deck's)."""
    uw = view.get("underworld")
    return cards_for(uw["card_file"] if uw is not None else "")


def state_of_view(view: LordsView, seed: str, deck: Sequence[int] = (),
                  underworld_deck: Sequence[int] = ()) -> LordsState:
    """The state `view` shows, with the config's `seed`, the property `deck` (top last) and the Underworld
    `underworld_deck` (indices into the game's cards, top last); its generator at its start."""
    lots = view["lots"]
    result = view["result"]
    data: dict[str, Any] = {
        "v": ENCODING_VERSION, "rng": 0,
        "config": {"game": view["game"], "rules": view["rules"], "players": view["players"], "seed": seed,
                   "options": list(view["options"]),
                   "cards": view["underworld"]["card_file"] if "underworld" in view else ""},
        "money": [s["money"] for s in view["seats"]], "score": [s["score"] for s in view["seats"]],
        "marker": [lots.get(LOTS[i].name, {}).get("marker", -1) for i in range(LOT_COUNT)],
        "tile": [COLOURS.index(lot["tile"]) if "tile" in (lot := lots.get(LOTS[i].name, {})) else -1
                 for i in range(LOT_COUNT)],
        "turn": view["turn"], "current": view["current"], "phase": view["phase"], "gambled": view["gambled"],
        "last_card": card_of(view["last_card"]), "trades": list(view["trades"]), "next_trade": view["next_trade"],
        "winners": list(result["winners"]) if result else [], "end_reason": result["reason"] if result else "",
        "deck": list(deck), "discards": [card_of(name) for name in view["discard_pile"]],
    }
    for key, default in (("height", 0), ("reorganized", False)):
        data[key] = [lots.get(LOTS[i].name, {}).get(key, default) for i in range(LOT_COUNT)]
    dice = [lots.get(LOTS[i].name, {}).get("die") or [-1, 0] for i in range(LOT_COUNT)]
    data["die_owner"], data["die_pips"] = [d[0] for d in dice], [d[1] for d in dice]
    data["pending"] = _pending(view, data)
    if "underworld" in view:
        data["underworld"] = _underworld(view["underworld"], view_cards(view), underworld_deck)
    return decode(data)


def _pending(view: LordsView, data: dict[str, Any]) -> list[dict[str, Any]]:
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


def _casino_of(data: dict[str, Any], lot: int) -> list[int]:
    """The lots of the casino on `lot`: same colour and height, joined by edges (in lot order)."""
    tile, height = data["tile"], data["height"]
    group, frontier = {lot}, [lot]
    while frontier:
        for near in LOTS[frontier.pop()].neighbours:
            if near not in group and tile[near] == tile[lot] and height[near] == height[lot]:
                group.add(near)
                frontier.append(near)
    return sorted(group)


def _underworld(shown: UnderworldView, cards: tuple[CardDef, ...], deck: Sequence[int]) -> dict[str, Any]:
    """The Underworld's encoding: the line, discards, hands and this turn's card points, cards known by id."""
    by_id = {card.id: index for index, card in enumerate(cards)}
    paying = shown["card_payments"]
    return {"deck": list(deck), "line": [by_id[c["id"]] for c in shown["line"]],
            "discards": [by_id[card] for card in shown["discards"]],
            "hands": [[[by_id[h["id"]], h["money"], h["used"]] for h in hand] for hand in shown["hands"]],
            "acquires": shown["acquires_left"], "gambles": shown["extra_gambles"],
            "combo_base": [-1 if p is None else p["from"] for p in paying],
            "combo_points": [0 if p is None else p["points"] for p in paying]}


def underworld_unseen(view: LordsView) -> list[int]:
    """The Underworld cards the view shows nowhere (the deck's, its order hidden), sorted by kind."""
    shown = view["underworld"]
    cards = view_cards(view)
    by_id = {card.id: index for index, card in enumerate(cards)}
    left = {index: card.copies for index, card in enumerate(cards)}
    for card_id in [*(c["id"] for c in shown["line"]), *shown["discards"],
                    *(h["id"] for hand in shown["hands"] for h in hand)]:
        left[by_id[card_id]] -= 1
    return [index for index, count in left.items() for _ in range(count)]
