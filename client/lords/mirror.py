"""A rules mirror: the engine's state rebuilt from what a player sees, so the client can ask the real rules.

A Lords of Vegas view hides only the deck order and the seed, and neither matters for which actions are
legal now. Rebuilding a `LordsState` from the view lets completion and validation-as-you-type use the
engine's `legal_actions` and refusal sentences instead of a second copy of the rules. The server stays the
authority: the mirror only advises the player before they press Enter. (A test plays many positions and
checks that the mirror's legal actions are exactly the real state's, so a change in the engine's state
shows up there.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.engine.core.api import GameConfig
from vegas_table.engine.core.errors import EngineError
from vegas_table.engine.core.rng import Rng
from vegas_table.engine.lords.actions import ProposeTrade, parse_action
from vegas_table.engine.lords.board import BLOCKS, COLOURS, LOT_BY_NAME, TILES_PER_COLOUR
from vegas_table.engine.lords.cards import cards_for
from vegas_table.engine.lords.casinos import regroup
from vegas_table.engine.lords.state import PLAYER_COLOURS, RISER_RULES, Decision, Held, LordsState, Trade, Underworld

MIRROR_SEED = "client-mirror"  # the real seed is secret until the end; the mirror never rolls for real


def _place_lots(state: LordsState, lots: Mapping[str, Any]) -> None:
    for name, lot in lots.items():
        i = LOT_BY_NAME[name]
        if "tile" not in lot:
            state.marker[i] = int(lot["marker"])
            continue
        state.tile[i], state.height[i] = COLOURS.index(lot["tile"]), int(lot["height"])
        if lot.get("die"):
            state.die_owner[i], state.die_pips[i] = int(lot["die"][0]), int(lot["die"][1])
        state.reorganized[i] = bool(lot.get("reorganized"))
    for colour in range(len(COLOURS)):
        state.tiles_left[colour] = TILES_PER_COLOUR - state.tile.count(colour)
    for block in range(len(BLOCKS)):
        regroup(state, block)


def _decision(head: Mapping[str, Any]) -> Decision:
    lot = LOT_BY_NAME[head["lot"]] if head.get("lot") else -1
    return Decision(head["kind"], int(head["seat"]), "action", lot, int(head.get("pips", 0)),
                    tuple(head.get("values", ())), tuple(LOT_BY_NAME[n] for n in head.get("lots", ())),
                    int(head.get("bet", 0)))


def _trade(data: Mapping[str, Any]) -> Trade:
    terms = parse_action("trade " + ", ".join(data["transfers"]))
    assert isinstance(terms, ProposeTrade)
    removes = {int(seat): tuple(lots) for seat, lots in data.get("removes", {}).items()}
    return Trade(int(data["id"]), int(data["proposer"]), terms.transfers, tuple(data["parties"]),
                 list(data["accepted"]), removes)


def _underworld(data: Mapping[str, Any], players: int) -> Underworld:
    """The Underworld as far as legality needs it: the line, everyone's cards, what is left this turn. The
    deck's order is hidden (and never decides what is legal); cards are looked up by id in the shipped deck
    (a server game always plays it), so an unknown id makes the view unreadable as a mirror (KeyError)."""
    cards = cards_for("")
    index = {card.id: i for i, card in enumerate(cards)}
    hands = [[Held(index[c["id"]], int(c.get("money", 0)), bool(c.get("used"))) for c in hand]
             for hand in data["hands"]]
    return Underworld(cards, [], [index[c["id"]] for c in data["line"]], [], hands, int(data["acquires_left"]),
                      int(data["extra_gambles"]), [-1] * players, [0] * players)


def _build(view: Mapping[str, Any]) -> LordsState:
    config = GameConfig(view["game"], view["rules"], int(view["players"]), MIRROR_SEED,
                        tuple(view.get("options", ())))
    seats = view["seats"]
    state = LordsState(config=config, players=config.players, risers=config.rules in RISER_RULES,
                       layoff="layoff" in config.options, names=PLAYER_COLOURS[config.rules][:config.players],
                       rng=Rng(MIRROR_SEED), deck=[], discards=[], money=[int(s["money"]) for s in seats],
                       score=[int(s["score"]) for s in seats])
    _place_lots(state, view["lots"])
    state.turn, state.current, state.phase = int(view["turn"]), int(view["current"]), str(view["phase"])
    state.gambled = bool(view["gambled"])
    state.last_card = LOT_BY_NAME.get(view.get("last_card") or "", -1)
    state.pending = [_decision(view["pending"])] if view.get("pending") else []
    state.trades = [_trade(t) for t in view.get("trades", ())]
    state.next_trade = 1 + max((t.id for t in state.trades), default=0)
    result = view.get("result") or {}
    state.winners, state.end_reason = tuple(result.get("winners", ())), str(result.get("reason", ""))
    if view.get("underworld"):
        state.uw = _underworld(view["underworld"], config.players)
    return state


def mirror_state(view: Mapping[str, Any]) -> LordsState | None:
    """The state behind a Lords of Vegas view, or None if the view cannot be read as one."""
    try:
        return _build(view)
    except (KeyError, TypeError, ValueError, IndexError, AssertionError, EngineError):
        return None

