"""Reading what a Lords of Vegas player types: shorthands, numbered choices, the engine's parser and rules.

    build A2 gold      sprawl A5 (= sprawl FROM A5, FROM being your casino next to A5)
    remodel A2 brown   reorg A2   raise A2   gamble B4 10   end
    trade black>red $5, red>black lot A3     accept 3   reject 3   withdraw 3
    1, 2, ...          the numbered choice of an open prompt (a decision, a trade offer)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from client.choices import Prompt, choice_by_number, numbered
from client.lords.rules import refusal
from client.orders import Answer, CommandError, Order, Propose, Route, Submit
from engine.core.errors import MalformedAction
from engine.lords.actions import USAGE, AcceptTrade, ProposeTrade, RejectTrade, Sprawl, WithdrawTrade, parse_action
from engine.lords.board import COLOURS, LOT_BY_NAME, LOTS

HELP: tuple[str, ...] = (
    "Your turn: build LOT COLOUR · sprawl LOT (or sprawl FROM LOT) · remodel LOT COLOUR · reorg LOT · raise LOT",
    "           gamble LOT BET (once a turn) · end",
    "Underworld: acquire CARD (once a turn) · use CARD [LOT] (your action cards, once a turn each) · cards (see all)",
    "Any time:  trade GIVER>RECEIVER $N | lot LOT | die LOT | card CARD, ... [remove LOT ...] · accept N · reject N"
    " · withdraw N",
    "           on your turn a trade may include YOU does ACTION (build, remodel, ...): steps happen in order",
    "Decisions: type the number of a choice, or remove LOT · place PIPS LOT · layoff yes|no",
    "A casino is named by any of its lots. Tab completes; the line turns red while a command cannot work.",
    "Client: help · pile (discards, card by card) · commitment · lobby · quit (your seat stays yours: run the client "
    "again)",
)
_UNFINISHED = ("usage:", "no action given", "must be followed by")
# The kind of each argument of a verb, to check the words typed so far before the command is complete.
ARGUMENTS: dict[str, tuple[str, ...]] = {
    "build": ("lot", "colour"), "sprawl": ("lot", "lot"), "remodel": ("lot", "colour"), "reorg": ("lot",),
    "raise": ("lot",), "gamble": ("lot", "bet"), "remove": ("lot",), "place": ("pips", "lot"),
    "layoff": ("yesno",), "reject": ("number",), "withdraw": ("number",), "acquire": ("card",),
    "use": ("card", "lot"),
}


def _parse(text: str) -> Any:
    try:
        return parse_action(text)
    except MalformedAction as error:
        raise CommandError(error.message, incomplete=any(m in error.message for m in _UNFINISHED)) from None


def _my_casinos(view: Mapping[str, Any], seat: int | None) -> list[Mapping[str, Any]]:
    return [c for c in view["casinos"] if c.get("boss") == seat]


def expand_sprawl(text: str, view: Mapping[str, Any], seat: int | None) -> tuple[str, str]:
    """`sprawl LOT` → `sprawl FROM LOT` with FROM your casino touching LOT; returns (text, note)."""
    words = text.split()
    target = words[1].upper()
    if target not in LOT_BY_NAME:
        raise CommandError(_word_error(words) or f"sprawl {words[1]}: not a lot")
    mine = _my_casinos(view, seat)
    if any(target in c["lots"] for c in mine):
        raise CommandError(f"sprawl {target} …: now name the empty lot to sprawl into", incomplete=True)
    near = set(LOTS[LOT_BY_NAME[target]].neighbours)
    sources = [c for c in mine if near & {LOT_BY_NAME[n] for n in c["lots"]}]
    if not sources:
        yours = ", ".join(c["lots"][0] for c in mine) or "none"
        raise CommandError(f"sprawl {target}: none of the casinos you are boss of touches {target} "
                           f"(yours: {yours})")
    if len(sources) > 1:
        options = " or ".join(f"sprawl {c['lots'][0]} {target}" for c in sources)
        raise CommandError(f"sprawl {target}: more than one of your casinos touches {target}; say which: {options}")
    source = sources[0]["lots"][0]
    return f"sprawl {source} {target}", f"sprawl {target} is sprawl {source} {target}"


def _route(action: Any) -> Route:
    if isinstance(action, ProposeTrade):
        return Propose(action.text().removeprefix("trade "))
    if isinstance(action, AcceptTrade):
        return Answer(action.trade, "accept", action.removes)
    if isinstance(action, RejectTrade):
        return Answer(action.trade, "reject")
    if isinstance(action, WithdrawTrade):
        return Answer(action.trade, "withdraw")
    return Submit(action.text())


def resolve(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> Order:
    """The order `text` stands for, checked against the rules as the player sees the game; CommandError if
    it is not an action or the rules would refuse it."""
    choice = choice_by_number(prompts, text)
    if choice is not None:
        text = choice.command
    elif text.strip().isdigit():
        count = len(numbered(prompts))
        raise CommandError(f"{text.strip()}: there is no choice with that number"
                           + (f" (choices 1-{count})" if count else " (nothing to choose now)"))
    if seat is None:
        raise CommandError(f"{text.strip()}: you are watching this game; only players act")
    note = ""
    words = text.split()
    if len(words) == 2 and words[0].lower() == Sprawl.verb:
        text, note = expand_sprawl(text, view, seat)
    action = _parse(text)
    problem = refusal(view, seat, action)
    if problem:
        raise CommandError(problem)
    return Order(action.text(), _route(action), note)


def typing_error(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> str | None:
    """The problem to show while `text` is being typed: none for a command that is merely unfinished or
    whose last word may still be being typed (`build A2 go` on the way to `gold`)."""
    if not text.strip():
        return None
    try:
        resolve(text, view, seat, prompts)
        return None
    except CommandError as error:
        whole = _parses(text)
        if error.incomplete or (text.split()[0].lower() == "trade" and not whole):
            return None  # unfinished; a trade is read part by part, so judge it once it parses
        if text.endswith(" ") or text.strip().isdigit() or whole:
            return error.message
    return _word_error(text.split()[:-1])


def _word_error(words: list[str]) -> str | None:
    """The first finished word that cannot be right where it stands (`build Z9 …`: Z9 is no lot)."""
    if not words:
        return None
    verb = words[0].lower()
    if verb not in USAGE:
        return f"{words[0]}: unknown action; actions: {', '.join(USAGE)}"
    for kind, word in zip(ARGUMENTS.get(verb, ()), words[1:], strict=False):
        if kind == "lot" and word.upper() not in LOT_BY_NAME:
            return f"{' '.join(words)} …: {word} is not a lot (lots are A1-A6, B1-B6, C1-C12, D1-D9, E1-E6, F1-F9)"
        if kind == "colour" and word.lower() not in COLOURS:
            return f"{' '.join(words)} …: {word} is not a casino colour (one of {', '.join(COLOURS)})"
    return None


def _parses(text: str) -> bool:
    """Whether `text` is a whole action (so a refusal of it is about the action, not about typing)."""
    try:
        _parse(text)
    except CommandError:
        return False
    return True
