"""Reading what a Las Vegas player types.

    place 4        put every die showing 4 on casino 4 (a bare `4` does the same)
    place 4 slot   ... on the slot machine instead (slot machine module)
    kick red       answer to your kicker: knock one of Red's dice off (`kick red biggie`, `kick white`)
    take 60        at the slot machine: take the $60k note
    1, 2, ...      the numbered choice of a decision (kick, take)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.choices import Prompt, choice_by_number, numbered
from vegas_table.client.orders import CommandError, Order, Submit
from vegas_table.client.render.lasvegas import STEP_WORDS, note_text
from vegas_table.client.seen import actor
from vegas_table.client.suggestions import CLIENT_WORDS
from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lasvegas.actions import USAGE, parse_action

HELP: tuple[str, ...] = (
    "Your turn: place NUMBER (or just the number) puts every die you rolled showing it on that casino;",
    "           place NUMBER slot puts them on the slot machine (slot module)",
    "Decisions: type the number of a choice, or kick COLOUR [biggie] · kick white · take VALUE",
    "Most dice at a casino takes its biggest note, next most the next; ties cancel each other out.",
    "Client: help [TOPIC] · commitment (the seed's, in full) · standings (once over) · lobby · quit (your seat",
    "        stays yours: run the client again) · F1 or Esc closes this page · PageUp/PageDown scroll the log",
)
_UNFINISHED = ("usage:", "no action given")


def legal_texts(view: Mapping[str, Any], seat: int | None) -> list[str]:
    """What `seat` may do now: the pending decision's choices, or the placements the roll allows."""
    if seat is None or view["phase"] == "over" or actor(view) != seat:
        return []
    pending = view.get("pending")
    return list(pending["choices"]) if pending else list(view.get("can_place", ()))


def _parse(text: str) -> Any:
    try:
        return parse_action(text)
    except MalformedAction as error:
        raise CommandError(error.message, incomplete=any(m in error.message for m in _UNFINISHED)) from None


def _refusal(view: Mapping[str, Any], seat: int | None, action_text: str) -> str | None:
    if seat is None:
        return f"{action_text}: you are watching this game; only players act"
    legal = legal_texts(view, seat)
    if action_text in legal:
        return None
    waiting = actor(view)
    if waiting is None:
        return f"{action_text}: the game is over"
    if waiting != seat:
        name = view["seats"][waiting]["name"]
        pending = view.get("pending")
        doing = STEP_WORDS.get(pending["kind"], pending["kind"]).format(**pending) if pending else "to place dice"
        return f"{action_text}: waiting for {name} " + (doing if not pending else f"({doing})")
    return f"{action_text}: not possible now; you can: {', '.join(legal)}"


def resolve(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> Order:
    """The order `text` stands for, checked against what the view says may be done now."""
    word = text.strip()
    choice = choice_by_number(prompts, word)
    if choice is not None:
        text = choice.command
    elif word.isdigit():
        if numbered(prompts) or not 1 <= int(word) <= 6:
            count = len(numbered(prompts))
            raise CommandError(f"{word}: there is no choice with that number"
                               + (f" (choices 1-{count})" if count else " (a number to place is 1-6)"))
        text = f"place {word}"
    action = _parse(text)
    problem = _refusal(view, seat, action.text())
    if problem:
        raise CommandError(problem)
    return Order(action.text(), Submit(action.text()))


def typing_error(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> str | None:
    """The problem to show while typing, as soon as no legal command starts with what is typed; nothing
    while it is on its way to one (`pla`, `place `)."""
    if not text.strip():
        return None
    try:
        resolve(text, view, seat, prompts)
        return None
    except CommandError as error:
        problem = error
    typed, partial = text.strip().lower(), not text.endswith(" ")
    starts = [*legal_texts(view, seat), *(str(n) for n in range(1, len(numbered(prompts)) + 1))]
    if seat is not None and actor(view) == seat and not numbered(prompts):
        starts += [t.removeprefix("place ") for t in legal_texts(view, seat)]  # a bare number places
    if any(s.startswith(typed if partial else typed + " ") for s in starts):
        return None
    words = typed.split()
    if len(words) == 1 and partial and any(v.startswith(typed) and v != typed for v in (*USAGE, *CLIENT_WORDS)):
        return None  # a verb being typed
    if problem.incomplete:
        return _refusal(view, seat, words[0]) or problem.message
    return problem.message


def preview(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> str | None:
    """What a valid command will do: `place 4: your 2 dice showing 4 go to casino 4 ($70k, $10k), where you
    will have 3 (Red ×3)`."""
    try:
        order = resolve(text, view, seat, prompts)
    except CommandError:
        return None
    words = order.action.split()
    if words[0] != "place" or seat is None:
        return None
    number, target = words[1], (words[2] if len(words) > 2 else words[1])
    roll = view["roll"]
    mine = sum(1 for d in roll["dice"] if str(d) == number) + sum(2 if kind == "biggie" else 1
                                                                 for kind, pips in roll["extra"]
                                                                 if str(pips) == number and kind != "white")
    casino = next((c for c in view["casinos"] if str(c["casino"]) == target), None)
    if casino is None:
        return None
    notes = ", ".join(note_text(n) for n in sorted(casino["notes"], key=lambda n: -1 if n == "rainbow" else -int(n)))
    have = int(casino.get("counts", [0] * (seat + 1))[seat]) + mine if "counts" in casino else mine
    rivals = [(int(c), view["seats"][i]["name"]) for i, c in enumerate(casino.get("counts", ())) if c and i != seat]
    best = max(rivals, default=None)
    against = f"; most of the others: {best[1]} ×{best[0]}" if best else "; nobody else is there"
    where = "the slot machine" if target == "slot" else f"casino {target}"
    return (f"{order.action}: your dice showing {number} ({mine} counted) go to {where} ({notes or 'no notes'}), "
            f"where you will have ×{have}{against}")


def _parses(text: str) -> bool:
    try:
        _parse(text)
    except CommandError:
        return False
    return True

