"""A full Las Vegas state drawn from what one seat sees (`Game.view`): a possible world for search.

Las Vegas hides only the pile of notes (and the seed), so everything on the table is copied from the view,
and the pile is drawn: its notes are known (the starting pile less the notes on the casinos, those won and
the rainbow cards discarded), their order is shuffled anew, and the dice get a fresh generator (seeded from
the caller's `rng`; once the game is over the view shows the real seed, and it is kept). Nothing is read
but the view, so two states that look the same to the seat give identically distributed worlds.

Where the view is silent, the world is the simplest one that fits it:
* the notes slid under the pile are reshuffled with the rest (a player who remembers them knows more);
* at the slot machine, the owners still to take a note, and those tied out, are ranked again from the
  slot machine's dice; the notes already taken are each taker's last note won (white's, under the pile,
  is taken to be the pile's highest: it only names the note in the event that closes the payout).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from vegas_table.engine.core.api import RandomSource
from vegas_table.engine.core.sampling import fresh_seed, shuffle
from vegas_table.engine.lasvegas.bank import RAINBOW, starting_pile
from vegas_table.engine.lasvegas.codec import ENCODING_VERSION, decode
from vegas_table.engine.lasvegas.modules import Modules
from vegas_table.engine.lasvegas.payout import slot_ranking
from vegas_table.engine.lasvegas.state import CASINO_NAMES, KICK, KIND_NAMES, NEUTRAL, SLOT, LasVegasState


def determinize(view: Mapping[str, Any], seat: int, rng: RandomSource) -> LasVegasState:
    """A state whose `view(state, seat)` is `view`, its hidden parts drawn as the module docstring says."""
    players, seats = view["players"], view["seats"]
    shown = {c["casino"]: c for c in view["casinos"]}
    casinos = []
    for name in CASINO_NAMES:
        c = shown.get(name)
        if c is None:  # no slot machine in this game
            casinos.append({"notes": [], "dice": [0] * (players + 1), "biggies": [0] * (players + 1)})
            continue
        casinos.append({"notes": [RAINBOW if n == "rainbow" else n for n in c["notes"]],
                        "dice": [*c["dice"], c["white"]], "biggies": [*c["biggies"], 0]})
    slot_dice = [[d["owner"], KIND_NAMES.index(d["kind"]), d["pips"]]
                 for d in shown.get(CASINO_NAMES[SLOT], {}).get("slot_dice", [])]
    won = [list(s["won"]) for s in seats]
    discards = [RAINBOW] * view["rainbow_discarded"]
    pile = _pile(view, casinos, won, discards)
    shuffle(pile, rng)
    data: dict[str, Any] = {
        "v": ENCODING_VERSION, "rng": 0,
        "config": {"game": view["game"], "rules": view["rules"], "players": players,
                   "seed": view["seed"] or fresh_seed(rng), "options": list(view["options"])},
        "deck": pile, "discards": discards, "casinos": casinos, "slot_dice": slot_dice,
        "hands": [[s["hand"][kind] for kind in KIND_NAMES] for s in seats],
        "kickers_used": [s["kickers_used"] for s in seats], "neutral_out": view["white_out"],
        "roll": list(view["roll"]["dice"]),
        "extra": [[KIND_NAMES.index(kind), pips] for kind, pips in view["roll"]["extra"]],
        "won": won, "round": view["round"], "start_player": view["start_player"], "current": view["current"],
        "turn": view["turn"], "phase": view["phase"],
        "pending": _pending(view, slot_dice, won, pile),
        "winners": list(view["result"]["winners"]) if view["result"] else [],
    }
    return decode(data)


def _pile(view: Mapping[str, Any], casinos: list[dict[str, Any]], won: list[list[int]],
          discards: list[int]) -> list[int]:
    """The notes of the pile: the starting pile less every note the view shows elsewhere."""
    left = Counter(starting_pile(Modules.from_options(view["options"])))
    left.subtract(note for c in casinos for note in c["notes"])
    left.subtract(note for notes in won for note in notes)
    left.subtract(discards)
    return sorted(left.elements())


def _pending(view: Mapping[str, Any], slot_dice: list[list[int]], won: list[list[int]],
             pile: list[int]) -> dict[str, Any] | None:
    shown = view["pending"]
    if shown is None:
        return None
    casino = CASINO_NAMES.index(shown["casino"])
    head = {"kind": shown["kind"], "seat": shown["seat"], "casino": casino, "number": 0, "kickers": 0,
            "order": [], "paid": [], "cancelled": []}
    if shown["kind"] == KICK:
        head["number"] = shown["number"]
        head["kickers"] = shown["kickers"]
        return head
    _, order, cancelled = slot_ranking([(o, k, p) for o, k, p in slot_dice], view["players"])
    head["cancelled"] = list(cancelled)
    at = order.index(shown["seat"])
    head["order"] = list(order[at + 1:])
    head["paid"] = [[o, max(pile, default=0) if o == NEUTRAL else won[o][-1]] for o in order[:at]]
    return head

