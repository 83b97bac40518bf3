"""Lords of Vegas states as JSON-ready data: the complete canonical encoding and each player's view.

`encode` holds everything, secrets included (the seed, the generator's position, the deck order): it is
what the state hash covers and what `decode` rebuilds a state from. `view` is what a player may see:
Lords of Vegas hides nothing from players but the deck order and the seed, which appear only once the game
is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.canonical import JSONValue
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lords.actions import parse_action
from vegas_table.engine.lords.board import BLOCKS, CARD_COLOURS, COLOURS, LOT_COUNT, LOTS, TILES_PER_COLOUR, card_name
from vegas_table.engine.lords.card_words import card_effect
from vegas_table.engine.lords.cards import CardDef, cards_for
from vegas_table.engine.lords.casinos import boss, regroup, tile_count, touches_strip
from vegas_table.engine.lords.state import (
    DICE_PER_PLAYER,
    MARKERS_PER_PLAYER,
    OVER,
    PLAYER_COLOURS,
    RISER_RULES,
    Decision,
    Held,
    LordsState,
    Trade,
    Transfer,
    Underworld,
)
from vegas_table.engine.lords.track import next_stop
from vegas_table.engine.lords.views import (
    CardPayment,
    CardView,
    CasinoView,
    HeldCardView,
    LordsView,
    LotView,
    PendingView,
    SeatView,
    TradeView,
    UnderworldView,
)

ENCODING_VERSION = 1


def _decision_json(d: Decision) -> dict[str, JSONValue]:
    return {"kind": d.kind, "seat": d.seat, "resume": d.resume, "lot": d.lot, "pips": d.pips,
            "values": list(d.values), "lots": list(d.lots), "bet": d.bet}


def _trade_json(t: Trade) -> TradeView:
    return {"id": t.id, "proposer": t.proposer, "transfers": [x.text() for x in t.transfers],
            "parties": list(t.parties), "accepted": list(t.accepted),
            "removes": {str(seat): list(lots) for seat, lots in sorted(t.removes.items())}}


def _underworld_json(uw: Underworld) -> dict[str, JSONValue]:
    return {"deck": list(uw.deck), "line": list(uw.line), "discards": list(uw.discards),
            "hands": [[[h.card, h.money, h.used] for h in hand] for hand in uw.hands], "acquires": uw.acquires,
            "gambles": uw.gambles, "combo_base": list(uw.combo_base), "combo_points": list(uw.combo_points)}


def _underworld(config: GameConfig, data: Mapping[str, Any]) -> Underworld:
    return Underworld(cards_for(config.cards), list(data["deck"]), list(data["line"]), list(data["discards"]),
                      [[Held(int(c), int(m), bool(u)) for c, m, u in hand] for hand in data["hands"]],
                      int(data["acquires"]), int(data["gambles"]), list(data["combo_base"]),
                      list(data["combo_points"]))


def encode(state: LordsState) -> dict[str, JSONValue]:
    """The complete state; per-lot facts as one list per attribute, indexed by lot (faster to hash).

    The Underworld (its hidden deck order included) is there only in games with that option, so every other
    game encodes exactly as before it existed."""
    data: dict[str, JSONValue] = {
        "v": ENCODING_VERSION, "config": state.config.to_json(), "rng": state.rng.drawn,
        "deck": list(state.deck), "discards": list(state.discards), "money": list(state.money),
        "score": list(state.score), "marker": list(state.marker), "tile": list(state.tile),
        "height": list(state.height), "die_owner": list(state.die_owner), "die_pips": list(state.die_pips),
        "reorganized": list(state.reorganized), "turn": state.turn, "current": state.current,
        "phase": state.phase, "gambled": state.gambled, "last_card": state.last_card,
        "pending": [_decision_json(d) for d in state.pending], "trades": [_trade_json(t) for t in state.trades],
        "next_trade": state.next_trade, "winners": list(state.winners), "end_reason": state.end_reason,
    }
    if state.uw is not None:
        data["underworld"] = _underworld_json(state.uw)
    return data


def _transfer(text: str) -> Transfer:
    action = parse_action(f"trade {text}")
    return action.transfers[0]  # type: ignore[union-attr]


def decode(data: Mapping[str, Any]) -> LordsState:
    """The state `encode` described (the inverse of `encode`)."""
    config = GameConfig.from_json(data["config"])
    n = config.players
    state = LordsState(config=config, players=n, risers=config.rules in RISER_RULES, layoff="layoff" in config.options,
                       names=PLAYER_COLOURS[config.rules][:n], rng=Rng(config.seed, int(data["rng"])),
                       deck=list(data["deck"]), discards=list(data["discards"]), money=list(data["money"]),
                       score=list(data["score"]))
    state.marker, state.tile, state.height = list(data["marker"]), list(data["tile"]), list(data["height"])
    state.die_owner, state.die_pips = list(data["die_owner"]), list(data["die_pips"])
    state.reorganized = [bool(flag) for flag in data["reorganized"]]
    for colour in range(len(COLOURS)):
        state.tiles_left[colour] = TILES_PER_COLOUR - state.tile.count(colour)
    for block in range(len(BLOCKS)):
        regroup(state, block)
    state.turn, state.current, state.phase = data["turn"], data["current"], data["phase"]
    state.gambled, state.last_card = data["gambled"], data["last_card"]
    state.pending = [Decision(d["kind"], d["seat"], d["resume"], d["lot"], d["pips"], tuple(d["values"]),
                              tuple(d["lots"]), d["bet"]) for d in data["pending"]]
    state.trades = [Trade(t["id"], t["proposer"], tuple(_transfer(x) for x in t["transfers"]),
                          tuple(t["parties"]), list(t["accepted"]),
                          {int(s): tuple(lots) for s, lots in t["removes"].items()}) for t in data["trades"]]
    state.next_trade, state.winners = data["next_trade"], tuple(data["winners"])
    state.end_reason = data["end_reason"]
    if "underworld" in data:
        state.uw = _underworld(config, data["underworld"])
    return state


def _lot_view(state: LordsState, i: int) -> LotView | None:
    if state.tile[i] < 0:
        return {"marker": state.marker[i]} if state.marker[i] >= 0 else None
    die = [state.die_owner[i], state.die_pips[i]] if state.die_owner[i] >= 0 else None
    return {"tile": COLOURS[state.tile[i]], "height": state.height[i], "die": die,
            "reorganized": state.reorganized[i]}


def view(state: LordsState, seat: int | None) -> LordsView:
    """What `seat` (None: a spectator) may see: everything but the deck order and, until the end, the seed."""
    return views(state, (seat,))[0]


def views(state: LordsState, seats: Sequence[int | None]) -> list[LordsView]:
    """The views of `seats`, sharing their common parts. Nothing in Lords of Vegas is hidden from one
    player and shown to another (cards are drawn face up), so the views differ only in `viewer`."""
    public = _public_view(state)
    return [{**public, "viewer": seat} for seat in seats]


def _public_view(state: LordsState) -> LordsView:
    seats: list[SeatView] = [{"seat": s, "name": state.name(s), "colour": state.names[s], "money": state.money[s],
              "score": state.score[s], "next_stop": next_stop(state.score[s]),
              "markers_left": MARKERS_PER_PLAYER - state.markers_down(s),
              "dice_left": DICE_PER_PLAYER - state.dice_down(s)} for s in range(state.players)]
    lots = {LOTS[i].name: v for i in range(LOT_COUNT) if (v := _lot_view(state, i)) is not None}
    casinos: list[CasinoView] = []
    for root in sorted(state.casinos):
        members = state.casinos[root]
        chief = boss(state, members)
        casinos.append({"lots": [LOTS[i].name for i in members], "colour": COLOURS[state.tile[root]],
                        "height": state.height[root], "boss": chief if chief >= 0 else None,
                        "points": tile_count(state, members), "strip": touches_strip(members)})
    discards = {colour: 0 for colour in CARD_COLOURS}
    for card in state.discards:
        discards[CARD_COLOURS[LOTS[card].card_colour] if card < LOT_COUNT else "strip"] += 1
    over = state.phase == OVER
    public: LordsView = {
        "game": state.config.game, "rules": state.config.rules, "options": list(state.config.options),
        "players": state.players, "viewer": None, "seats": seats, "turn": state.turn, "current": state.current,
        "phase": state.phase, "gambled": state.gambled,
        "last_card": card_name(state.last_card) if state.last_card >= 0 else None,
        "deck_left": len(state.deck), "discards": discards, "lots": lots, "casinos": casinos,
        "discard_pile": [card_name(card) for card in state.discards],  # card by card: anyone may look through it
        "tiles_left": {COLOURS[c]: state.tiles_left[c] for c in range(len(COLOURS))},
        "pending": _pending_view(state), "trades": [_trade_json(t) for t in state.trades],
        "next_trade": state.next_trade,  # the id the next offer gets: ids count every offer of the game
        "result": {"winners": list(state.winners), "reason": state.end_reason} if over else None,
        "seed": state.config.seed if over else None,
    }
    if state.uw is not None:  # only then: the views of other games are as they were
        public["underworld"] = _underworld_view(state.uw, state.config.cards)
    return public


def card_view(card: CardDef) -> CardView:
    """A card as players read it: id, name, cost, end-of-game points, timing, its printed words and what it
    does as the engine plays it (`card_words.card_effect`)."""
    return {"id": card.id, "name": card.name, "cost": card.cost, "points": card.points, "timing": card.timing,
            "text": card.text, "effect": card_effect(card), "use_cost": card.use_cost,
            "target": card.target or None}


def _underworld_view(uw: Underworld, card_file: str) -> UnderworldView:
    """Everything at the table but the deck's order: the line, the discards card by card (by id), every
    player's cards, the card points each seat has scored this turn (they move its chip as one payment), and
    the game's card file ("": the shipped deck), so that anyone knows which cards the deck still holds."""
    hands: list[list[HeldCardView]] = [[{**card_view(uw.cards[h.card]), "money": h.money, "used": h.used}
                                        for h in hand] for hand in uw.hands]
    paying: list[CardPayment | None] = [None if base < 0 else {"from": base, "points": points}
                               for base, points in zip(uw.combo_base, uw.combo_points, strict=True)]
    return {"deck_left": len(uw.deck), "line": [card_view(uw.cards[c]) for c in uw.line],
            "discards": [uw.cards[c].id for c in uw.discards], "hands": hands, "acquires_left": uw.acquires,
            "extra_gambles": uw.gambles, "card_payments": paying, "card_file": card_file}


def _pending_view(state: LordsState) -> PendingView | None:
    if not state.pending:
        return None
    d = state.pending[0]
    return {"kind": d.kind, "seat": d.seat, "lot": LOTS[d.lot].name if d.lot >= 0 else None, "pips": d.pips,
            "values": list(d.values), "lots": [LOTS[i].name for i in d.lots], "bet": d.bet}
