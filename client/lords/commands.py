"""Reading what a Lords of Vegas player types: shorthands, numbered choices, the engine's parser and rules.

    build A2 gold      sprawl A5 (= sprawl FROM A5, FROM being your casino next to A5)
    remodel A2 brown   reorg A2   raise A2   gamble B4 10   end
    trade black>red $5, red>black lot A3     accept 3   reject 3   withdraw 3
    1, 2, ...          the numbered choice of an open prompt (a decision, a trade offer)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.choices import Prompt, choice_by_number, numbered
from vegas_table.client.lords.rules import legal_texts, refusal, refusals
from vegas_table.client.orders import Answer, CommandError, Order, Propose, Route, Submit
from vegas_table.client.suggestions import CLIENT_WORDS
from vegas_table.engine.core.errors import MalformedAction
from vegas_table.engine.lords.actions import (
    USAGE,
    AcceptTrade,
    ProposeTrade,
    RejectTrade,
    Sprawl,
    WithdrawTrade,
    parse_action,
)
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME, LOTS

UNDERWORLD_VERBS = ("acquire", "use")  # the actions of the Underworld deck, in no other game
# One line per subject: the help pane wraps each to the screen (`render.panels.help_lines`).
HELP: tuple[str, ...] = (
    "Your turn: build LOT COLOUR · sprawl LOT (or sprawl FROM LOT) · remodel LOT COLOUR · reorg LOT · raise LOT"
    " · gamble LOT BET (once a turn) · end",
    "Underworld: acquire CARD (once a turn) · use CARD [LOT] (your action cards, once a turn each) · cards (see all)",
    "Any time:  trade GIVER>RECEIVER $N | lot LOT | die LOT | card CARD, ... [remove LOT ...] · accept N · reject N"
    " · withdraw N",
    "           on your turn a trade may include YOU does ACTION (build, remodel, ...): steps happen in order",
    "Decisions: type the number of a choice, or remove LOT · place PIPS LOT · layoff yes|no",
    "A casino is named by any of its lots. Tab completes; the line turns red while a command cannot work.",
    "Client: help [TOPIC] · pile (discards, card by card) · commitment (the seed's, in full) · standings and"
    " audit (once over) · lobby · quit (your seat stays yours: run the client again) · F1 or Esc closes this page"
    " · PageUp/PageDown scroll it or the log",
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
        raise CommandError(_word_error(words, view) or f"sprawl {words[1]}: not a lot")
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
    """The problem to show while `text` is being typed, as soon as the command cannot work: a word that is
    no word of its kind (`build C6 red`), a whole command the rules refuse (`sprawl C5` when too poor), or
    words no legal action starts with. Nothing for a command still on its way to a legal one
    (`build A2 go` on the way to `gold`)."""
    if not text.strip():
        return None
    try:
        resolve(text, view, seat, prompts)
        return None
    except CommandError as error:
        problem = error
    words, partial = text.split(), not text.endswith(" ")
    verb = words[0].lower()
    if text.strip().isdigit():
        count = len(numbered(prompts))
        return None if partial and any(str(n).startswith(words[0]) for n in range(1, count + 1)) else problem.message
    if verb == "trade":
        return problem.message if _parses(text) else None  # a trade is read part by part: judged once it parses
    if verb not in USAGE and partial and len(words) == 1 and any(v.startswith(verb) for v in (*game_verbs(view),
                                                                                                *CLIENT_WORDS)):
        return None
    bad_word = _word_error(words, view, partial)
    if bad_word or _on_the_way(words, partial, view, seat):
        return bad_word
    if not problem.incomplete and not (partial and _unfinished_word(words)):
        return problem.message
    return _common_reason(words, partial, view, seat) or _what_you_can(words, view, seat)


GRAMMAR: dict[str, tuple[str, ...]] = {"lot": tuple(lot.name for lot in LOTS), "colour": COLOURS,
                                       "yesno": ("yes", "no"), "pips": ("1", "2", "3", "4", "5", "6")}
MOST_CANDIDATES = 300  # completions judged to find a common reason; beyond that the legal words are listed


def _fits(word: str, legal: str, partial: bool) -> bool:
    """Whether the typed `word` is (or, when `partial`, may become) the legal word `legal` (a bet range
    `1..12` takes any number in it)."""
    if ".." in legal and word.isdigit():
        low, high = (int(n) for n in legal.split(".."))
        return any(str(n).startswith(word) for n in range(low, high + 1)) if partial else low <= int(word) <= high
    return legal.lower().startswith(word.lower()) if partial else legal.lower() == word.lower()


def _legal_words(view: Mapping[str, Any], seat: int | None) -> list[list[str]]:
    """The legal actions as words, with `sprawl LOT` shorthands beside `sprawl FROM LOT`."""
    texts = [t.split() for t in legal_texts(view, seat)]
    return texts + [["sprawl", t[2]] for t in texts if t[0] == "sprawl"]


def _on_the_way(words: list[str], partial: bool, view: Mapping[str, Any], seat: int | None) -> bool:
    """Whether some legal action starts with the words typed (the last one perhaps unfinished)."""
    for legal in _legal_words(view, seat):
        if len(legal) >= len(words) and all(_fits(w, lw, partial and i == len(words) - 1)
                                            for i, (w, lw) in enumerate(zip(words, legal, strict=False))):
            return True
    return False


def _unfinished_word(words: list[str]) -> bool:
    """The last word is only the start of a word of its kind (`go` of `gold`), not a word itself."""
    kinds = ("verb", *ARGUMENTS.get(words[0].lower(), ()))
    if len(words) > len(kinds):
        return False
    choices = USAGE if len(words) == 1 else GRAMMAR.get(kinds[len(words) - 1], ())
    last = words[-1].lower()
    return last not in [c.lower() for c in choices] and any(c.lower().startswith(last) for c in choices)


def _completions(words: list[str], partial: bool) -> list[str] | None:
    """Every whole command the words typed may become (None when there are too many to judge)."""
    kinds = ARGUMENTS.get(words[0].lower(), ())
    typed = words[1:-1] if partial and len(words) > 1 else words[1:]
    options: list[list[str]] = [[w] for w in typed]
    for index, kind in enumerate(kinds[len(typed):], start=len(typed)):
        choices = list(GRAMMAR.get(kind, ("1",)))
        if partial and len(words) > 1 and index == len(words) - 2:  # the unfinished word: its completions
            choices = [c for c in choices if c.lower().startswith(words[-1].lower())] or [words[-1]]
        options.append(choices)
    total = 1
    for choice in options:
        total *= len(choice)
    if total > MOST_CANDIDATES:
        return None
    texts = [words[0]]
    for choice in options:
        texts = [f"{t} {c}" for t in texts for c in choice]
    return texts


def _common_reason(words: list[str], partial: bool, view: Mapping[str, Any], seat: int | None) -> str | None:
    """The engine's one reason for refusing every command the words typed may become (`it is Blue's turn`)."""
    candidates = _completions(words, partial)
    if not candidates:
        return None
    actions = []
    for text in candidates:
        try:
            actions.append(parse_action(text))
        except MalformedAction:
            continue
    if not actions:
        return None
    reasons = {r.split(": ", 1)[-1] if r else None for r in refusals(view, seat, actions)}
    if len(reasons) != 1 or None in reasons:
        return None
    return f"{' '.join(words)} …: {reasons.pop()}"


def _what_you_can(words: list[str], view: Mapping[str, Any], seat: int | None) -> str | None:
    """No legal action starts like this: say which word cannot be, and what could stand there."""
    legal = _legal_words(view, seat)
    for depth in range(len(words)):
        fitting = [lw for lw in legal if len(lw) > depth and all(_fits(w, x, False) for w, x in zip(words[:depth], lw,
                                                                                                     strict=False))]
        if not any(_fits(words[depth], lw[depth], True) for lw in fitting):
            options = list(dict.fromkeys(lw[depth] for lw in fitting))
            head = " ".join(words[:depth + 1])
            if depth == 0:
                return f"{head}: not possible for you now" + (f"; you can: {', '.join(options)}" if options else "")
            return f"{head} …: not possible; possible here: {', '.join(options[:10])}"
    return None


WORD_KINDS = {"lot": "a lot (lots are A1-A6, B1-B6, C1-C12, D1-D9, E1-E6, F1-F9)",
              "colour": f"a casino colour (one of {', '.join(COLOURS)})", "yesno": "yes or no",
              "pips": "the pips of a die (1 to 6)"}


def game_verbs(view: Mapping[str, Any]) -> tuple[str, ...]:
    """The verbs of this game's actions: the Underworld's only where its deck is in play."""
    return tuple(v for v in USAGE if view.get("underworld") or v not in UNDERWORLD_VERBS)


def _word_error(words: list[str], view: Mapping[str, Any], partial: bool = False) -> str | None:
    """The first word that cannot be right where it stands (`build Z9 …`: Z9 is no lot); with `partial`, the
    last word only has to be the start of one (`build A2 go`)."""
    if not words:
        return None
    verb, verbs = words[0].lower(), game_verbs(view)
    if verb in UNDERWORLD_VERBS and verb not in verbs:
        return f"{words[0]}: only in games with the Underworld deck (this one has none); actions: {', '.join(verbs)}"
    if verb not in verbs:
        return f"{words[0]}: unknown action; actions: {', '.join(verbs)}"
    for index, (kind, word) in enumerate(zip(ARGUMENTS.get(verb, ()), words[1:], strict=False), start=1):
        choices = GRAMMAR.get(kind)
        if choices is None:
            if kind in ("number", "bet") and not word.isdigit():
                return f"{' '.join(words[:index + 1])} …: {word} is not a number"
            continue
        last = partial and index == len(words) - 1
        if not any(c.lower().startswith(word.lower()) if last else c.lower() == word.lower() for c in choices):
            return f"{' '.join(words[:index + 1])} …: {word} is not {WORD_KINDS[kind]}"
    return None


def _parses(text: str) -> bool:
    """Whether `text` is a whole action (so a refusal of it is about the action, not about typing)."""
    try:
        _parse(text)
    except CommandError:
        return False
    return True
