"""A Lords of Vegas position rebuilt from one seat's view, for bots to try actions on.

The view shows the whole board, every seat's money and score, the pending decision and the open trades; it
hides only the deck's order (and the seed). So a bot can rebuild a state that answers every rule the same
way as the real one, and try its candidate actions on copies of it with the engine's own rules. The deck
is left empty and the dice generator is the bot's own: drawing a card is never tried on a position, and
dice rolled on one (ties, reorganizations) are the bot's samples of what may happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.api import GameConfig
from engine.core.rng import Rng
from engine.lords.actions import parse_action
from engine.lords.board import BLOCKS, COLOURS, LOT_BY_NAME, TILES_PER_COLOUR
from engine.lords.casinos import regroup
from engine.lords.state import PLAYER_COLOURS, Decision, LordsState, Trade


def position_from_view(view: Mapping[str, Any], rng_seed: str) -> LordsState:
    """The state the view shows, with an empty deck and a dice generator seeded with `rng_seed`."""
    players = int(view["players"])
    rules = str(view["rules"])
    config = GameConfig("lords", rules, players, "bot-position", tuple(view.get("options") or ()))
    seats = view["seats"]
    state = LordsState(config=config, players=players, risers=rules == "up", layoff="layoff" in config.options,
                       names=PLAYER_COLOURS[rules][:players], rng=Rng(rng_seed), deck=[], discards=[],
                       money=[int(s["money"]) for s in seats], score=[int(s["score"]) for s in seats])
    for name, lot_view in view["lots"].items():
        _place_lot(state, LOT_BY_NAME[name], lot_view)
    for colour in range(len(COLOURS)):
        state.tiles_left[colour] = TILES_PER_COLOUR - state.tile.count(colour)
    for block in range(len(BLOCKS)):
        regroup(state, block)
    state.turn, state.current, state.phase = int(view["turn"]), int(view["current"]), str(view["phase"])
    state.gambled = bool(view["gambled"])
    last = view.get("last_card")
    state.last_card = LOT_BY_NAME.get(str(last), -1) if last else -1
    pending = view.get("pending")
    if pending:
        state.pending = [_decision(pending)]
    state.trades = [_trade(t) for t in view.get("trades") or ()]
    state.next_trade = max((t.id for t in state.trades), default=0) + 1
    return state


def _place_lot(state: LordsState, lot: int, lot_view: Mapping[str, Any]) -> None:
    if "marker" in lot_view:
        state.marker[lot] = int(lot_view["marker"])
        return
    state.tile[lot] = COLOURS.index(str(lot_view["tile"]))
    state.height[lot] = int(lot_view["height"])
    die = lot_view.get("die")
    if die:
        state.die_owner[lot], state.die_pips[lot] = int(die[0]), int(die[1])
    state.reorganized[lot] = bool(lot_view.get("reorganized"))


def _decision(pending: Mapping[str, Any]) -> Decision:
    lot = pending.get("lot")
    return Decision(str(pending["kind"]), int(pending["seat"]), "action", lot=LOT_BY_NAME[lot] if lot else -1,
                    pips=int(pending.get("pips") or 0), values=tuple(pending.get("values") or ()),
                    lots=tuple(LOT_BY_NAME[n] for n in pending.get("lots") or ()), bet=int(pending.get("bet") or 0))


def _trade(data: Mapping[str, Any]) -> Trade:
    transfers = parse_action("trade " + ", ".join(data["transfers"])).transfers  # type: ignore[union-attr]
    return Trade(int(data["id"]), int(data["proposer"]), transfers, tuple(data["parties"]), list(data["accepted"]),
                 {int(seat): tuple(lots) for seat, lots in (data.get("removes") or {}).items()})
