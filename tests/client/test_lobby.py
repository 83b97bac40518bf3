"""Lobby commands: creating games with the server's catalogue filling the gaps, joining, watching."""

from __future__ import annotations

import pytest

from vegas_client.data import GameSummary, GameType, NewGame, RuleSet, SeatInfo
from vegas_table.client.hosting import bots_suggestions, parse_bots, parse_seat, seat_suggestions
from vegas_table.client.lobby import DEFAULT_BOT, lobby_suggestions, parse_create, parse_lobby
from vegas_table.client.orders import CommandError

TYPES = [GameType("lords", "Lords of Vegas", (RuleSet("classic", 2, 4, "original"),
                                                 RuleSet("up", 2, 6, "Up!")), ("layoff", "underworld"),
                  ("random", "easy", "medium", "hard"))]
GAME = GameSummary("7f3a", "lords", "up", (), 4, (), "waiting", 0, "c0")


def test_create_reads_game_rules_seats_bots_and_options() -> None:
    assert parse_create(["lords", "up", "4", "bots", "3"], TYPES) == NewGame("lords", "up", 4, (1, 2, 3),
                                                                             bot_kind=DEFAULT_BOT)
    assert parse_create(["lords", "classic", "2", "bots", "0", "LAYOFF"], TYPES) == NewGame("lords", "classic", 2, (),
                                                                                  ("layoff",), DEFAULT_BOT)
    # the server's first rule set, no bots
    assert parse_create([], TYPES) == NewGame("lords", "classic", 4, bot_kind=DEFAULT_BOT)


def test_create_leaves_the_seats_for_people_unless_bots_are_asked_for() -> None:
    """A host waiting for friends must not find the table filled with bots and started."""
    assert parse_create(["lords", "up", "3"], TYPES) == NewGame("lords", "up", 3, bot_kind=DEFAULT_BOT)
    assert parse_create(["lords", "up", "3", "bots", "1"], TYPES) == NewGame("lords", "up", 3, (2,),
                                                                              bot_kind=DEFAULT_BOT)
    assert parse_create(["lords", "up", "3", "bots", "2", "easy"], TYPES).bot_kind == "easy"


def test_the_host_seats_bots_in_the_free_seats_of_a_waiting_game() -> None:
    """On the waiting screen `bots N [KIND]` takes the last N free seats, as `create ... bots N` would have,
    and `seat N bot KIND` one free seat; a taken seat, or too many bots, says what would be right."""
    seats = (SeatInfo(0, "Black", True, "Ann", False), SeatInfo(1, "Blue", False, "", False),
             SeatInfo(2, "Green", True, "random bot", True), SeatInfo(3, "Purple", False, "", False))
    waiting = GameSummary("7f3a", "lords", "up", ("layoff",), 4, seats, "waiting", 0, "c0", turn_timer=90)
    bots = TYPES[0].bots
    assert parse_bots("bots 2", waiting, bots) == ([1, 3], "medium")
    assert parse_bots("bots 1 hard", waiting, bots) == ([3], "hard")
    assert parse_seat("seat 1 bot easy", waiting, bots) == (1, "easy")
    with pytest.raises(CommandError, match=r"N from 1 to 2 \(the free seats: 1, 3\)"):
        parse_bots("bots 3", waiting, bots)
    with pytest.raises(CommandError, match="KIND one of random, easy, medium, hard"):
        parse_bots("bots 1 oracle", waiting, bots)
    with pytest.raises(CommandError, match=r"seat 0 is Ann's: .* a free seat \(1, 3\)"):
        parse_seat("seat 0 bot easy", waiting, bots)
    assert [s.text for s in seat_suggestions("seat ", waiting, bots)] == ["1", "3"]
    assert [s.text for s in bots_suggestions("bots ", waiting, bots)] == ["2", "1"]
    running = GameSummary("7f3a", "lords", "up", (), 4, seats, "running", 3, "c0")
    with pytest.raises(CommandError, match="only while the game waits for people"):
        parse_bots("bots 1", running, bots)


def test_create_takes_the_bots_kind_right_after_their_number() -> None:
    assert parse_create(["lords", "up", "4", "bots", "3", "hard", "layoff"], TYPES) == NewGame(
        "lords", "up", 4, (1, 2, 3), ("layoff",), "hard")
    assert parse_create(["lords", "up", "4", "bots", "2"], TYPES).bot_kind == "medium"  # the default
    names = [s.text for s in lobby_suggestions("create lords up 4 bots 3 ", TYPES, [GAME])]
    assert names[:4] == ["random", "easy", "medium", "hard"] and "layoff" in names


def test_create_private_asks_for_an_unlisted_game_wherever_the_word_is() -> None:
    assert parse_create(["lords", "up", "3", "bots", "1", "private"], TYPES) == NewGame(
        "lords", "up", 3, (2,), bot_kind=DEFAULT_BOT, private=True)
    assert parse_create(["lords", "private", "layoff"], TYPES) == NewGame("lords", "classic", 4, (), ("layoff",),
                                                                          DEFAULT_BOT, private=True)


@pytest.mark.parametrize(("words", "message"), [
    ("chess", "this server has no game 'chess'; games: lords"),
    ("lords classic 6", "lords classic is for 2-4 players, not 6"),
    ("lords up 4 bots 4", "4 bots do not fit 4 seats with you in one (0-3)"),
    ("lords up 4 bots 1 turbo", "'turbo' is not an option of lords (options: layoff, underworld; the bots' kind "
                                "comes right after bots N: random, easy, medium, hard)"),
    ("lords up 4 layoff greedy", "'greedy' is not an option of lords"),
])
def test_create_says_what_is_wrong(words: str, message: str) -> None:
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_create(words.split(), TYPES)


def test_create_takes_the_underworld_option() -> None:
    assert parse_create(["lords", "classic", "3", "underworld", "layoff"], TYPES) == NewGame(
        "lords", "classic", 3, (), ("layoff", "underworld"), DEFAULT_BOT)
    assert "underworld" in [s.text for s in lobby_suggestions("create lords up 4 bots 3 ", TYPES, [GAME])]


def test_enter_joins_the_chosen_game_and_join_watch_take_an_id() -> None:
    assert parse_lobby("", TYPES, GAME).game_id == "7f3a"
    assert parse_lobby("join abc 2", TYPES, GAME).seat == 2
    assert parse_lobby("watch", TYPES, GAME).verb == "watch"
    with pytest.raises(CommandError, match="a seat is a number"):
        parse_lobby("join abc two", TYPES, GAME)
    with pytest.raises(CommandError, match="not a lobby command"):
        parse_lobby("build A2 gold", TYPES, GAME)


def test_lobby_completion() -> None:
    assert [s.text for s in lobby_suggestions("c", TYPES, [GAME])] == ["create"]
    assert [s.text for s in lobby_suggestions("create lords ", TYPES, [GAME])] == ["classic", "up"]
    assert [s.text for s in lobby_suggestions("create lords up ", TYPES, [GAME])] == ["2", "3", "4", "5", "6"]
    assert [s.text for s in lobby_suggestions("create lords up 4 bots ", TYPES, [GAME])] == ["3", "2", "1", "0"]
    assert [s.text for s in lobby_suggestions("join ", TYPES, [GAME])] == ["7f3a"]
