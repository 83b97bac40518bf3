"""Las Vegas states as JSON-ready data: the complete canonical encoding and each seat's view.

`encode` holds everything, secrets included (the seed's position in the stream, the pile's order): it is
what the state hash covers and what `decode` rebuilds a state from. `view` is what a seat may see: all of
the table (casinos, notes, dice, the roll, the money each player has won), but never the pile's order or
the seed before the game is over.

Won notes lie face down in the real game, but every payout happens in front of everyone, so a player with
a good memory knows every amount; the view shows money and note counts to all, so that people are not at
a disadvantage against bots that read the event log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.canonical import JSONValue
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lasvegas.bank import RAINBOW
from vegas_table.engine.lasvegas.legal import legal_actions, place_options
from vegas_table.engine.lasvegas.modules import Modules
from vegas_table.engine.lasvegas.state import (
    CASINO_NAMES,
    KICK,
    KIND_NAMES,
    NEUTRAL,
    OVER,
    PLAYER_COLOURS,
    ROUNDS,
    SLOT,
    Decision,
    LasVegasState,
)
from vegas_table.engine.lasvegas.views import CasinoView, LasVegasView, PendingView, SeatView

ENCODING_VERSION = 1


def _decision_json(d: Decision) -> dict[str, JSONValue]:
    return {"kind": d.kind, "seat": d.seat, "casino": d.casino, "number": d.number, "kickers": d.kickers,
            "order": list(d.order), "paid": [list(p) for p in d.paid], "cancelled": list(d.cancelled)}


def _decision(d: Mapping[str, Any]) -> Decision:
    return Decision(d["kind"], d["seat"], d["casino"], d["number"], d["kickers"], tuple(d["order"]),
                    tuple((o, v) for o, v in d["paid"]), tuple(d["cancelled"]))


def encode(state: LasVegasState) -> dict[str, JSONValue]:
    return {
        "v": ENCODING_VERSION, "config": state.config.to_json(), "rng": state.rng.drawn,
        "deck": list(state.deck), "discards": list(state.discards),
        "casinos": [{"notes": list(state.notes[c]), "dice": list(state.dice[c]), "biggies": list(state.biggies[c])}
                    for c in range(7)],
        "slot_dice": [list(d) for d in state.slot_dice], "hands": [list(h) for h in state.hands],
        "kickers_used": list(state.kickers_used), "neutral_out": state.neutral_out,
        "roll": list(state.roll), "extra": [list(d) for d in state.extra], "won": [list(w) for w in state.won],
        "round": state.round,
        "start_player": state.start_player, "current": state.current, "turn": state.turn, "phase": state.phase,
        "pending": _decision_json(state.pending) if state.pending else None, "winners": list(state.winners),
    }


def decode(data: Mapping[str, Any]) -> LasVegasState:
    """The state `encode` described (the inverse of `encode`)."""
    config = GameConfig.from_json(data["config"])
    casinos = data["casinos"]
    state = LasVegasState(
        config=config, players=config.players, modules=Modules.from_options(config.options),
        rng=Rng(config.seed, int(data["rng"])), deck=list(data["deck"]), discards=list(data["discards"]),
        notes=[list(c["notes"]) for c in casinos], dice=[list(c["dice"]) for c in casinos],
        biggies=[list(c["biggies"]) for c in casinos],
        slot_dice=[(o, k, p) for o, k, p in data["slot_dice"]], hands=[list(h) for h in data["hands"]],
        kickers_used=list(data["kickers_used"]), neutral_out=data["neutral_out"],
        roll=tuple(data["roll"]), extra=tuple((k, p) for k, p in data["extra"]), won=[list(w) for w in data["won"]],
        round=data["round"],
        start_player=data["start_player"], current=data["current"], turn=data["turn"], phase=data["phase"],
        pending=_decision(data["pending"]) if data["pending"] else None, winners=tuple(data["winners"]),
    )
    state.options = place_options(state) if state.roll or state.extra else ()
    return state


def _notes_view(notes: list[int]) -> list[int | str]:
    return ["rainbow" if n == RAINBOW else n for n in notes]


def _casino_view(state: LasVegasState, casino: int) -> CasinoView:
    seats = range(state.players)
    view: CasinoView = {
        "casino": CASINO_NAMES[casino], "notes": _notes_view(state.notes[casino]),
        "dice": [state.dice[casino][s] for s in seats], "biggies": [state.biggies[casino][s] for s in seats],
        "white": state.dice[casino][NEUTRAL], "counts": [state.score(casino, s) for s in seats],
    }
    if casino == SLOT:
        view["slot_dice"] = [{"owner": o, "kind": KIND_NAMES[k], "pips": p} for o, k, p in state.slot_dice]
        view["numbers"] = sorted({p for _, _, p in state.slot_dice})
    return view


def _seat_view(state: LasVegasState, seat: int) -> SeatView:
    hand = state.hands[seat]
    return {"seat": seat, "name": state.name(seat), "colour": PLAYER_COLOURS[seat], "money": state.money(seat),
            "notes": len(state.won[seat]), "won": list(state.won[seat]),
            "hand": {"die": hand[0], "biggie": hand[1], "kicker": hand[2], "white": hand[3]},  # KIND_NAMES' order
            "kickers_used": state.kickers_used[seat]}


def _pending_view(state: LasVegasState) -> PendingView | None:
    head = state.pending
    if head is None:
        return None
    choices = [a.text() for a in legal_actions(state, head.seat)]
    shown: PendingView = {"kind": head.kind, "seat": head.seat, "casino": CASINO_NAMES[head.casino],
                                   "number": head.number, "choices": choices}
    if head.kind == KICK:  # a second kicker of the same placement kicks after this one: the table sees both
        shown["kickers"] = head.kickers
    return shown


def view(state: LasVegasState, seat: int | None) -> LasVegasView:
    """What `seat` (None: a spectator) may see: everything but the pile's order and, until the end, the seed."""
    return views(state, (seat,))[0]


def views(state: LasVegasState, seats: Sequence[int | None]) -> list[LasVegasView]:
    """The views of `seats`, sharing their common parts. Las Vegas hides nothing from one player that
    another sees (money is public: ruling 13 of docs/LASVEGAS.md), so the views differ only in `viewer`."""
    public = _public_view(state)
    return [{**public, "viewer": seat} for seat in seats]


def _public_view(state: LasVegasState) -> LasVegasView:
    over = state.phase == OVER
    placing = not over and state.pending is None and bool(state.options)
    return {
        "game": state.config.game, "rules": state.config.rules, "options": list(state.config.options),
        "players": state.players, "viewer": None, "round": state.round, "rounds": ROUNDS,
        "start_player": state.start_player, "current": state.current, "turn": state.turn, "phase": state.phase,
        "seats": [_seat_view(state, s) for s in range(state.players)],
        "casinos": [_casino_view(state, c) for c in range(state.casinos)],
        "roll": {"dice": list(state.roll), "extra": [[KIND_NAMES[k], p] for k, p in state.extra]},
        "can_place": [a.text() for a in legal_actions(state, state.current)] if placing else [],
        "pending": _pending_view(state), "pile": len(state.deck), "rainbow_discarded": len(state.discards),
        "white_out": state.neutral_out,
        "result": {"winners": list(state.winners)} if over else None,
        "seed": state.config.seed if over else None,
    }
