"""A seat's view as a fixed-size float tensor, for OpenSpiel's observation and information-state tensors.

The tensor is read from `Game.view(state, seat)` and nothing else, so it holds exactly what the seat may see:
two states that differ only in what the seat cannot see (the deck's order, other hands, the generator) give
the same tensor. It is a row of named pieces (OpenSpiel's observer `dict`), each a block of numbers in the
order listed by `pieces`; docs/OPENSPIEL.md lists them with their meaning. Numbers are the view's own (money,
pips, counts), not rescaled; a yes-or-no is 1 or 0; a seat, colour or phase is one-hot. Before the deal (the
chance nodes) every number is 0.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import numpy as np

from vegas_table.engine.lords.board import CARD_COLOURS, COLOURS, LOT_BY_NAME, LOT_COUNT
from vegas_table.engine.lords.cards import cards_for

Shape = tuple[int, ...]
LASVEGAS_CASINOS = 7  # six casinos, and the slot machine with its option (zeros without it)
NOTES_SHOWN = 6  # a casino's highest notes; no rule set deals a casino more
LASVEGAS_PHASES = ("play", "payout", "over")
LASVEGAS_HAND = ("die", "biggie", "kicker", "white")
LORDS_PHASES = ("draw", "actions", "over")
UNDERWORLD_CARDS = tuple(card.id for card in cards_for(""))  # the shipped deck's kinds, in its file's order


def pieces(game: str, players: int, modules: Collection[str] = ()) -> list[tuple[str, Shape]]:
    """The named pieces of `game`'s tensor for `players` seats, in their order in the flat tensor; `modules`
    are the game's rule set and options (the Underworld's cards, the slot machine's numbers: pieces of their
    own when played)."""
    common: list[tuple[str, Shape]] = [("viewer", (players,)), ("current", (players,))]
    if game == "lords":
        kinds = len(UNDERWORLD_CARDS)
        cards: list[tuple[str, Shape]] = [
            ("underworld_deck_left", (1,)), ("underworld_line", (kinds,)), ("underworld_hands", (players, kinds)),
            ("underworld_used", (players, kinds)), ("underworld_money", (players, kinds)),
            ("underworld_discards", (kinds,)), ("underworld_acquires_left", (1,)),
            ("underworld_extra_gambles", (1,))] if "underworld" in modules else []
        return [*common, ("phase", (len(LORDS_PHASES),)), ("turn", (1,)),
                ("seats", (players, 5)),  # money, score, next_stop, markers_left, dice_left
                ("markers", (LOT_COUNT, players)), ("tiles", (LOT_COUNT, len(COLOURS))), ("height", (LOT_COUNT,)),
                ("dice", (LOT_COUNT, players)), ("pips", (LOT_COUNT,)), ("reorganized", (LOT_COUNT,)),
                ("drawn", (LOT_COUNT + 1,)),  # each lot's property card, then the End of Game card
                ("deck_left", (1,)), ("discards", (len(CARD_COLOURS),)), ("tiles_left", (len(COLOURS),)),
                ("gambled", (1,)), ("pending", (1,)), *cards]
    return [*common, ("phase", (len(LASVEGAS_PHASES),)), ("round", (2,)),  # this round, rounds in all
            ("seats", (players, 3 + len(LASVEGAS_HAND))),  # money, notes, kickers_used, pieces left by kind
            ("casino_notes", (LASVEGAS_CASINOS, NOTES_SHOWN)), ("casino_dice", (LASVEGAS_CASINOS, players)),
            ("casino_biggies", (LASVEGAS_CASINOS, players)), ("casino_white", (LASVEGAS_CASINOS,)),
            ("casino_counts", (LASVEGAS_CASINOS, players)),
            ("roll", (1 + len(LASVEGAS_HAND), 6)),  # plain dice by pips, then each kind of other piece by pips
            ("pile", (1,)), ("rainbow_discarded", (1,)), ("white_out", (1,)), ("pending", (1,)),
            *([("slot_numbers", (6,))] if "slot" in modules else [])]  # the slot machine's numbers, 1 to 6


class ViewTensor:
    """One flat float32 tensor and its named pieces (views into it), refilled from a view by `fill`."""

    def __init__(self, game: str, players: int, modules: Collection[str] = ()) -> None:
        self.game = game
        layout = pieces(game, players, modules)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in layout), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, shape in layout:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def fill(self, view: Mapping[str, Any] | None) -> None:
        """Set the tensor to `view` (None: before the deal, all zeros)."""
        self.tensor.fill(0)
        if view is None:
            return
        d = self.dict
        d["viewer"][view["viewer"]] = 1
        if view.get("current") is not None:
            d["current"][view["current"]] = 1
        d["pending"][0] = view.get("pending") is not None
        if self.game == "lords":
            self._lords(view)
        else:
            self._lasvegas(view)

    def _lords(self, view: Mapping[str, Any]) -> None:
        d = self.dict
        d["phase"][LORDS_PHASES.index(view["phase"])] = 1
        d["turn"][0] = view["turn"]
        for k, seat in enumerate(view["seats"]):
            d["seats"][k] = [seat["money"], seat["score"], seat["next_stop"], seat["markers_left"], seat["dice_left"]]
        for name, lot in view["lots"].items():
            at = LOT_BY_NAME[name]
            if "marker" in lot:
                d["markers"][at, lot["marker"]] = 1
                continue
            d["tiles"][at, COLOURS.index(lot["tile"])] = 1
            d["height"][at] = lot["height"]
            d["reorganized"][at] = lot["reorganized"]
            if lot["die"] is not None:
                d["dice"][at, lot["die"][0]] = 1
                d["pips"][at] = lot["die"][1]
        for card in view["discard_pile"]:
            d["drawn"][LOT_BY_NAME.get(card, LOT_COUNT)] = 1
        d["deck_left"][0] = view["deck_left"]
        d["discards"][:] = [view["discards"][colour] for colour in CARD_COLOURS]
        d["tiles_left"][:] = [view["tiles_left"][colour] for colour in COLOURS]
        d["gambled"][0] = view["gambled"]
        if "underworld_line" in d:
            self._underworld(view["underworld"])

    def _underworld(self, cards: Mapping[str, Any]) -> None:
        d = self.dict
        d["underworld_deck_left"][0] = cards["deck_left"]
        for card in cards["line"]:
            d["underworld_line"][UNDERWORLD_CARDS.index(card["id"])] += 1
        for seat, hand in enumerate(cards["hands"]):
            for card in hand:
                kind = UNDERWORLD_CARDS.index(card["id"])
                d["underworld_hands"][seat, kind] += 1
                d["underworld_used"][seat, kind] += card.get("used", False)
                d["underworld_money"][seat, kind] += card.get("money", 0)
        for card_id in cards["discards"]:
            d["underworld_discards"][UNDERWORLD_CARDS.index(card_id)] += 1
        d["underworld_acquires_left"][0] = cards.get("acquires_left", 0)
        d["underworld_extra_gambles"][0] = cards.get("extra_gambles", 0)

    def _lasvegas(self, view: Mapping[str, Any]) -> None:
        d = self.dict
        d["phase"][LASVEGAS_PHASES.index(view["phase"])] = 1
        d["round"][:] = [view["round"], view["rounds"]]
        for k, seat in enumerate(view["seats"]):
            d["seats"][k] = [seat["money"], seat["notes"], seat["kickers_used"],
                             *(seat["hand"][kind] for kind in LASVEGAS_HAND)]
        for c, casino in enumerate(view["casinos"]):
            notes = [note for note in casino["notes"] if isinstance(note, int)][:NOTES_SHOWN]  # a rainbow is no sum
            d["casino_notes"][c, :len(notes)] = notes
            d["casino_dice"][c] = casino["dice"]
            d["casino_biggies"][c] = casino["biggies"]
            d["casino_white"][c] = casino["white"]
            d["casino_counts"][c] = casino["counts"]
            if "slot_numbers" in d and "numbers" in casino:
                for number in casino["numbers"]:
                    d["slot_numbers"][number - 1] = 1
        roll = view.get("roll") or {"dice": [], "extra": []}
        for pips in roll["dice"]:
            d["roll"][0, pips - 1] += 1
        for kind, pips in roll["extra"]:
            d["roll"][1 + LASVEGAS_HAND.index(kind), pips - 1] += 1
        d["pile"][0] = view["pile"]
        d["rainbow_discarded"][0] = view["rainbow_discarded"]
        d["white_out"][0] = view["white_out"]
