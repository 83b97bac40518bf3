"""A new game written as words, `[GAME] [RULES] [SEATS] [bots N [KIND]] [OPTION ...] [private] [timer S]`, read
against the server's catalogue (ListGameTypes), which fills whatever is left out: the lobby's `create` command
and `vegas bot --create` say games the same way.

    lords up 3                   Lords of Vegas, Up! rules, 3 seats, all for people: it waits for them
    lords up 4 bots 3 layoff     4 seats, the server's bots in the last 3 (it starts once you sit down)
    lords up 4 bots 3 hard           the same, with the bots of that kind (one the catalogue lists for the game)
    lords up 3 private           unlisted: the server gives a join code, needed to join, watch or read it
    lords up 3 timer 90          90 seconds per decision, then the server plays the seat's default move
"""

from __future__ import annotations

from collections.abc import Sequence

from vegas_client.data import GameType, NewGame


class SpecError(ValueError):
    """Words that do not name a game this server offers: `message` says what is wrong and what would be right;
    `incomplete` marks words that are merely unfinished (`bots` without its number)."""

    def __init__(self, message: str, incomplete: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.incomplete = incomplete


def _game_type(types: Sequence[GameType], name: str) -> GameType:
    for kind in types:
        if kind.name == name.lower():
            return kind
    known = ", ".join(t.name for t in types) or "none (is the server up?)"
    raise SpecError(f"create {name}: this server has no game {name!r}; games: {known}")


def new_game(words: Sequence[str], types: Sequence[GameType], bot_kind: str = "random") -> NewGame:
    """The game `words` describe; by default the catalogue's first game and rules, up to 4 seats, every seat
    for people: the server's bots (of `bot_kind`, unless the words name one) only with `bots N`, since a host
    waiting for friends must not find the table filled and started; `private` anywhere after the game makes
    it unlisted."""
    if not types:
        raise SpecError("create: the server has not said which games it offers yet; try refresh")
    private = any(w.lower() == "private" for w in words[1:])
    words, timer = _timer(words)
    rest = [w for k, w in enumerate(words) if k == 0 or w.lower() != "private"]
    kind = _game_type(types, rest.pop(0)) if rest and not rest[0].isdigit() and rest[0] != "bots" else types[0]
    rules = {r.name: r for r in kind.rule_sets}
    rule = kind.rule_sets[0]
    if rest and rest[0].lower() in rules:
        rule = rules[rest.pop(0).lower()]
    players = min(4, rule.max_players)
    if rest and rest[0].isdigit():
        players = int(rest.pop(0))
    if not rule.min_players <= players <= rule.max_players:
        raise SpecError(f"create: {kind.name} {rule.name} is for {rule.min_players}-{rule.max_players} "
                        f"players, not {players}")
    bots = 0
    if rest and rest[0].lower() == "bots":
        if len(rest) < 2 or not rest[1].isdigit():
            raise SpecError("create: write the number of bots after 'bots', e.g. bots 3", incomplete=True)
        bots = int(rest[1])
        rest = rest[2:]
        if rest and rest[0].lower() in kind.bots:
            bot_kind = rest.pop(0).lower()
    if not 0 <= bots < players:
        raise SpecError(f"create: {bots} bots do not fit {players} seats with you in one (0-{players - 1})")
    unknown = [o for o in rest if o.lower() not in kind.options]
    if unknown:
        raise SpecError(f"create: {unknown[0]!r} is not an option of {kind.name} "
                        f"(options: {', '.join(kind.options) or 'none'}"
                        + (f"; the bots' kind comes right after bots N: {', '.join(kind.bots)})" if kind.bots else ")"))
    return NewGame(kind.name, rule.name, players, tuple(range(players - bots, players)),
                   tuple(sorted({o.lower() for o in rest})), bot_kind, private=private, turn_timer=timer)


def _timer(words: Sequence[str]) -> tuple[list[str], float | None]:
    """The words without `timer S`, and S: the seconds per decision of the players' seats (None: not said)."""
    lowered = [w.lower() for w in words]
    if "timer" not in lowered[1:]:
        return list(words), None
    at = lowered.index("timer", 1)
    try:
        seconds = float(words[at + 1])
    except (IndexError, ValueError):
        raise SpecError("create: write the seconds per decision after 'timer', e.g. timer 90",
                        incomplete=at + 1 == len(words)) from None
    if not seconds >= 0:
        raise SpecError(f"create: timer {words[at + 1]} must be 0 (no timer) or more seconds")
    return [*words[:at], *words[at + 2:]], seconds
