"""Each game's view schema (engine/<game>/view.schema.json, `vegas schema GAME`) is true: every view of every
golden replay, for every seat and a spectator, and of random games of every rule set and option, validates;
a key the schema does not know fails."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from tests.engine.lords.test_properties import concrete, random_trade
from vegas_table.engine import GameConfig, Match, get_game
from vegas_table.engine.schemas import view_schema, view_schema_text
from vegas_table.replays.format import read_replay
from vegas_table.replays.rerun import MatchBuilder, rerun

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))
DOCS = Path(__file__).parents[2] / "docs" / "schemas"


def validator(game: str) -> Draft202012Validator:
    schema = view_schema(game)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


VALIDATORS = {game: validator(game) for game in ("lords", "lasvegas")}


def check_views(match: Match, seats: list[int | None]) -> None:
    for seat in seats:
        VALIDATORS[match.config.game].validate(match.view(seat))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_view_of_the_golden_replays_is_as_the_schema_says(path: Path) -> None:
    replay = read_replay(path)
    everyone: list[int | None] = [None, *range(replay.config.players)]
    positions = 0

    def checked(match: Match, events: object, state_hash: str) -> None:
        nonlocal positions
        positions += 1
        check_views(match, everyone)

    final = rerun(replay, MatchBuilder(checked))
    assert final.over and positions > 10
    check_views(final, everyone)


LORDS_CONFIGS = [("classic", ()), ("classic", ("layoff",)), ("up", ("layoff", "underworld")), ("up", ()),
                 ("underworld", ()), ("underworld", ("layoff",))]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(LORDS_CONFIGS), players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_random_lords_games_of_every_rule_set_give_views_the_schema_knows(
        config: tuple[str, tuple[str, ...]], players: int, seed: int) -> None:
    rules, options = config
    players = min(players, 4) if rules == "classic" else players
    match = Match(get_game("lords"), GameConfig("lords", rules, players, str(seed), options))
    rng = random.Random(seed)
    while not match.over:
        check_views(match, [None, match.actors()[0]])
        state = match.state
        if not state.pending and rng.random() < 0.05:  # a trade on offer, seen before it is answered
            proposer = rng.randrange(players)
            try:
                match.play(proposer, random_trade(rng, state, proposer))
            except Exception:  # an impossible trade: refused, nothing changed
                pass
            else:
                check_views(match, [None, proposer])
                for other in range(players):
                    answers = [a for a in match.legal_actions(other) if getattr(a, "verb", "") in ("accept", "reject")]
                    if answers and state.trades:
                        match.play(other, rng.choice(answers))
                continue
        seat = match.actors()[0]
        match.play(seat, concrete(rng.choice(match.legal_actions(seat)), rng))
    check_views(match, [None, *range(players)])


LAS_VEGAS_MODULES = ("biggies", "kickers", "minimums", "neutral", "notes100k", "rainbow", "slot")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules=st.sets(st.sampled_from(LAS_VEGAS_MODULES)), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_las_vegas_games_with_any_modules_give_views_the_schema_knows(
        modules: set[str], players: int, seed: int) -> None:
    match = Match(get_game("lasvegas"), GameConfig("lasvegas", "base", players, str(seed), tuple(sorted(modules))))
    rng = random.Random(seed)
    while not match.over:
        seat = match.actors()[0]
        check_views(match, [None, seat])
        match.play(seat, rng.choice(match.legal_actions(seat)))
    check_views(match, [None, *range(players)])


def a_view(game: str) -> dict[str, Any]:
    replay = read_replay(next(p for p in GOLDEN if p.stem.startswith(game) and "underworld" in p.stem)
                         if game == "lords" else next(p for p in GOLDEN if "every-module" in p.stem))
    match = rerun(replay, MatchBuilder())
    return copy.deepcopy(match.view(0))


@pytest.mark.parametrize(("game", "where"), [
    ("lords", []), ("lords", ["seats", 0]), ("lords", ["casinos", 0]), ("lords", ["underworld"]),
    ("lords", ["underworld", "line", 0]), ("lords", ["lots", "A5"]),
    ("lasvegas", []), ("lasvegas", ["seats", 0]), ("lasvegas", ["casinos", 0]), ("lasvegas", ["roll"]),
])
def test_a_key_the_schema_does_not_know_fails(game: str, where: list[str | int]) -> None:
    view = a_view(game)
    VALIDATORS[game].validate(view)
    part: Any = view
    for step in where:
        part = part[step]
    part["surprise"] = 1
    with pytest.raises(ValidationError, match="surprise"):
        VALIDATORS[game].validate(view)


def test_docs_publish_the_very_schemas_the_package_ships() -> None:
    for game in ("lords", "lasvegas"):
        published = DOCS / f"{game}-view.schema.json"
        assert published.read_text(encoding="utf-8") == view_schema_text(game), f"{published} is not the shipped one"


def test_vegas_schema_prints_the_shipped_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from vegas_table.cli.main import main

    assert main(["schema", "lasvegas"]) == 0
    assert capsys.readouterr().out == view_schema_text("lasvegas")
