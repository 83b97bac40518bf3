"""What a seat sees (the whole table, never the pile's order or the seed before the end), the complete
encoding, and a log line for every kind of event."""

from __future__ import annotations

import dataclasses
import json
import random

from tests.engine.lasvegas.table import ANNA, BENNO, CARLA, blank, dice, notes, play, rolled, slot
from vegas_table.engine.core.api import Event, GameConfig
from vegas_table.engine.core.canonical import canonical_bytes
from vegas_table.engine.lasvegas.game import LAS_VEGAS as GAME
from vegas_table.engine.lasvegas.modules import OPTIONS
from vegas_table.engine.lasvegas.state import NEUTRAL


def whole_game(players: int, options: tuple[str, ...], seed: str) -> tuple[object, list[Event]]:
    state, events = GAME.new(GameConfig("lasvegas", "base", players, seed, options))
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = GAME.actors(state)[0]
        events += GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state, events


def test_the_view_shows_the_whole_table() -> None:
    state = blank(3, ["biggies", "neutral", "slot"])
    notes(state, 2, 60, 20)
    dice(state, 2, {ANNA: 2, NEUTRAL: 1}, biggies={BENNO: 1})
    slot(state, CARLA, 5, 2)
    notes(state, "slot", 40, 30)
    state.won[BENNO] = [70]
    rolled(state, ANNA, [3, 3, 5], white=[3])
    view = GAME.view(state, BENNO)
    assert (view["game"], view["players"], view["viewer"], view["round"], view["rounds"]) == ("lasvegas", 3, 1, 1, 4)
    assert (view["start_player"], view["current"], view["phase"]) == (0, 0, "play")
    casino = view["casinos"][1]
    assert casino == {"casino": "2", "notes": [60, 20], "dice": [2, 0, 0], "biggies": [0, 1, 0], "white": 1,
                      "counts": [2, 2, 0]}
    machine = view["casinos"][6]
    assert machine["casino"] == "slot" and machine["numbers"] == [5] and machine["notes"] == [40, 30]
    assert machine["slot_dice"] == [{"owner": CARLA, "kind": "die", "pips": 5}] * 2
    assert view["roll"] == {"dice": [3, 3, 5], "extra": [["white", 3]]}
    assert view["can_place"] == ["place 3", "place 3 slot", "place 5"]
    assert view["seats"][BENNO]["money"] == 70 and view["seats"][BENNO]["notes"] == 1
    assert view["seats"][ANNA]["hand"] == {"die": 3, "biggie": 0, "kicker": 0, "white": 1}
    json.dumps(view)


def test_the_view_never_shows_the_pile_order_or_the_seed_before_the_end() -> None:
    state, _ = whole_game(4, OPTIONS, "secret-seed")
    over = GAME.view(state, None)
    assert over["seed"] == "secret-seed" and over["result"] == {"winners": list(state.winners)}  # type: ignore[attr-defined]
    fresh, _ = GAME.new(GameConfig("lasvegas", "base", 4, "secret-seed", OPTIONS))
    for seat in (None, 0, 3):
        view = GAME.view(fresh, seat)
        text = canonical_bytes(view).decode()
        assert "secret-seed" not in text and view["seed"] is None and view["pile"] == len(fresh.deck)
        assert "deck" not in view and "rng" not in view


def test_a_pending_decision_is_in_the_view_with_its_choices() -> None:
    state = blank(3, ["kickers"])
    dice(state, 4, {BENNO: 1, CARLA: 1})
    rolled(state, ANNA, [1, 2], kicker=[4])
    play(state, ANNA, "place 4")
    view = GAME.view(state, CARLA)
    assert view["pending"] == {"kind": "kick", "seat": ANNA, "casino": "4", "number": 4,
                               "choices": ["kick blue", "kick green"], "kickers": 1}
    assert view["can_place"] == [] and GAME.actors(state) == (ANNA,)


def test_encode_is_complete_and_decode_inverts_it() -> None:
    state, _ = GAME.new(GameConfig("lasvegas", "base", 5, "codec", OPTIONS))
    data = GAME.encode(state)
    assert data["config"]["options"] == list(OPTIONS) and data["deck"] == state.deck
    again = GAME.decode(json.loads(json.dumps(data)))
    assert GAME.encode(again) == data and GAME.state_hash(again) == GAME.state_hash(state)
    assert GAME.legal_actions(again, GAME.actors(again)[0]) == GAME.legal_actions(state, GAME.actors(state)[0])


def test_every_kind_of_event_has_a_log_line() -> None:
    seen: dict[str, str] = {}
    for k in range(12):
        state, events = whole_game(2 + k % 5, OPTIONS if k % 2 else ("neutral",), f"log/{k}")
        names = GAME.seat_names(GAME.config(state))
        for event in events:
            seen.setdefault(event.kind, GAME.describe(event, names))
            assert json.loads(json.dumps(event.to_json()))["kind"] == event.kind
    assert set(seen) >= {"round_started", "casinos_filled", "neutral_dice_rolled", "dice_rolled", "dice_placed",
                         "die_kicked", "kicker_wasted", "rainbow_replaced", "slot_ranked", "note_taken",
                         "casino_paid", "round_ended", "game_ended"}
    assert all(line and "{" not in line for line in seen.values())


def test_log_lines_read_like_the_rulebook() -> None:
    state = blank(4)
    dice(state, 5, {ANNA: 5, BENNO: 3, 2: 3, 3: 1})
    notes(state, 5, 80, 30, 10)
    from vegas_table.engine.lasvegas.payout import pay_casino

    events: list[Event] = []
    pay_casino(state, 4, events)
    names = GAME.seat_names(state.config)
    assert GAME.describe(events[0], names) == (
        "Casino 5 pays Red $80k, Yellow $30k; tied and out: Blue, Green; $10k under the pile")
    rolled(state, ANNA, [3, 3, 5, 3, 3])
    placed = play(state, ANNA, "place 3")[0]
    assert GAME.describe(placed, names) == "Red places the 3s on casino 3: 4 dice"


def test_events_are_values_the_engine_never_changes_after_emitting_them() -> None:
    """Las Vegas events are not frozen (their fields are `Final` for the type checker, engine/lasvegas/events.py):
    no event may change once the engine has handed it out, and equal events hash alike."""
    emitted: list[tuple[Event, dict[str, object]]] = []
    state, events = GAME.new(GameConfig("lasvegas", "base", 4, "values", OPTIONS))
    chooser = random.Random("values")
    while True:
        emitted += [(event, event.to_json()) for event in events]
        if GAME.is_over(state):
            break
        seat = GAME.actors(state)[0]
        events = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    assert len({event.kind for event, _ in emitted}) >= 10
    for event, data in emitted:
        assert event.to_json() == data
        twin = type(event)(**{f.name: getattr(event, f.name) for f in dataclasses.fields(event)})
        assert twin == event and hash(twin) == hash(event)
