"""Completion for the Lords of Vegas command line, word by word, from what the rules allow now.

The first word offers the verbs the player may use now (their legal actions first); later words offer
the continuations of their legal actions (`build ` → their parking lots they can afford → colours with
tiles left), with a note on each (`$6m`, `7 tiles left`). Off turn, or for a spectator, it falls back to the
grammar: any lot, any colour. `sprawl LOT` is offered as the shorthand; trades complete part by part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vegas_table.client.choices import Prompt, numbered
from vegas_table.client.lords.commands import ARGUMENTS, UNDERWORLD_VERBS
from vegas_table.client.lords.looks import LOOKS
from vegas_table.client.lords.rules import legal_texts, try_action
from vegas_table.client.render.lords import card_words, seat_name
from vegas_table.client.suggestions import CLIENT_WORDS, Suggestion, continuations, current_word, matching
from vegas_table.engine.lords.actions import TRADE_ACTIONS, USAGE, parse_action
from vegas_table.engine.lords.board import COLOURS, LOT_BY_NAME, LOTS

ALWAYS = ("trade", *CLIENT_WORDS)
TURN_VERBS = ("build", "sprawl", "remodel", "reorg", "raise", "gamble", "end")


def lot_note(view: Mapping[str, Any], lot: str) -> str:
    """A few words on a lot as the player sees it now."""
    info = LOTS[LOT_BY_NAME[lot]]
    data = view["lots"].get(lot)
    if data is None:
        return f"empty, ${info.price}m, die {info.printed_die}"
    if "tile" not in data:
        return f"{seat_name(view, data['marker'])}'s parking lot, ${info.price}m"
    casino = next((c for c in view["casinos"] if lot in c["lots"]), None)
    boss = seat_name(view, casino["boss"]) if casino and casino.get("boss") is not None else "no"
    return f"{data['tile']} casino, {boss} boss"


def card_note(view: Mapping[str, Any], word: str) -> str:
    """Cost and words of the Underworld card `word` (its id), from the line or anyone's cards; "" if none."""
    uw = view.get("underworld") or {}
    for card in [*uw.get("line", ()), *(c for hand in uw.get("hands", ()) for c in hand)]:
        if card["id"] == word:
            return card_words(card)
    return ""


def sprawl_note(view: Mapping[str, Any], seat: int | None, source: str, target: str) -> str:
    """What sprawling from `source` into `target` costs, as the rules charge it (twice the lot's price, and
    the risers of a raised casino): `from C8: $24m (lot $12m × 2), die 4`."""
    info = LOTS[LOT_BY_NAME[target]]
    played = try_action(view, seat, parse_action(f"sprawl {source} {target}")) if seat is not None else None
    if played is None or seat is None:
        return f"from {source}: twice the lot's ${info.price}m, die {info.printed_die}"
    cost = int(view["seats"][seat]["money"]) - played[0].money[seat]
    risers = cost - 2 * info.price
    return f"from {source}: ${cost}m (lot ${info.price}m × 2" + (f" + ${risers}m risers" if risers else "") + \
        f"), die {info.printed_die}"


def _word_note(view: Mapping[str, Any], word: str) -> str:
    if note := card_note(view, word):
        return note
    if word.upper() in LOT_BY_NAME:
        return lot_note(view, word.upper())
    if word in COLOURS:
        return f"{view['tiles_left'].get(word, 0)} tiles left"
    return ""


def _sprawl_targets(texts: list[str]) -> list[tuple[str, str]]:
    pairs = [t.split()[1:] for t in texts if t.startswith("sprawl ")]
    return [(target, source) for source, target in pairs]


def _grammar(view: Mapping[str, Any], verb: str, position: int) -> list[Suggestion]:
    """Any word of the right kind: for commands the rules do not allow now (off turn, spectators)."""
    kinds = ARGUMENTS.get(verb, ())
    if position - 1 >= len(kinds):
        return []
    kind = kinds[position - 1]
    if kind == "lot":
        return [Suggestion(lot.name, lot_note(view, lot.name)) for lot in LOTS]
    if kind == "colour":
        return [Suggestion(c, f"{view['tiles_left'].get(c, 0)} tiles left") for c in COLOURS]
    if kind == "yesno":
        return [Suggestion("no"), Suggestion("yes")]
    if kind == "card":
        uw = view.get("underworld") or {}
        seat = view.get("viewer")
        cards = uw.get("line", []) if verb == "acquire" else (uw.get("hands", [])[seat] if seat is not None
                                                                and uw.get("hands") else [])
        return [Suggestion(c["id"], card_words(c)) for c in cards]
    return []


def _first_words(view: Mapping[str, Any], texts: list[str], prompts: Sequence[Prompt]) -> list[Suggestion]:
    verbs = [t.split()[0] for t in texts]
    out = [Suggestion(str(n), c.command, display=f"{n}: {c.label}") for n, c in enumerate(numbered(prompts), 1)]
    out += [Suggestion(v, USAGE[v]) for v in verbs]
    if view["phase"] == "over":
        return out + [Suggestion(v, CLIENT_WORDS[v]) for v in CLIENT_WORDS]
    out += [Suggestion(v, USAGE.get(v) or CLIENT_WORDS[v]) for v in ALWAYS]
    out += [Suggestion(word, what) for word, what in LOOKS.items()]
    turn_verbs = (*TURN_VERBS[:-1], *UNDERWORLD_VERBS, TURN_VERBS[-1]) if view.get("underworld") else TURN_VERBS
    return out + [Suggestion(v, USAGE[v]) for v in turn_verbs]


def _step_words(view: Mapping[str, Any], me: str, words: list[str], texts: list[str]) -> list[Suggestion]:
    """`ME does ACTION`: on your turn, a trade may bind you to perform an action now, as one of its steps."""
    if len(words) == 1:
        return [Suggestion("does", "an action you perform now, as a step of the trade")]
    turn = [t for t in texts if t.split()[0] in TRADE_ACTIONS]
    return [Suggestion(w, _word_note(view, w)) for w in dict.fromkeys(continuations(turn, words[2:]))]


def _trade_words(view: Mapping[str, Any], seat: int | None, text: str, texts: Sequence[str] = ()) -> list[Suggestion]:
    """Trades: `GIVER>RECEIVER` then `$N`, `lot LOT`, `die LOT` or `card CARD` (the giver's), parts separated by
    commas."""
    part = text.split(None, 1)[1].split(",")[-1] if len(text.split(None, 1)) > 1 else ""
    words, _ = current_word(part)
    colours = [s["colour"] for s in view["seats"]]
    me = colours[seat] if seat is not None else colours[0]
    my_turn = seat is not None and view.get("current") == seat
    if not words:
        pairs = [f"{me}>{c}" for c in colours if c != me] + [f"{c}>{me}" for c in colours if c != me]
        steps = [Suggestion(me, "then: does ACTION (your turn)")] if my_turn else []
        return [Suggestion(p, f"{p.split('>')[0]} gives {p.split('>')[1]}") for p in pairs] + steps
    if words[0] == me and my_turn and (len(words) == 1 or words[1] == "does"):
        return _step_words(view, me, words, list(texts))
    uw = view.get("underworld")
    if len(words) == 1:
        cards = [Suggestion("card", "an Underworld card")] if uw else []
        return [Suggestion("$", "money: $N"), Suggestion("lot", "a parking lot"), Suggestion("die", "a die"), *cards]
    giver = colours.index(words[0].split(">")[0]) if words[0].split(">")[0] in colours else None
    if len(words) == 2 and words[1] == "card" and giver is not None and uw:
        return [Suggestion(c["id"], card_words(c)) for c in uw["hands"][giver]]
    if len(words) == 2 and words[1] in ("lot", "die") and giver is not None:
        key = "marker" if words[1] == "lot" else "die"
        lots = [n for n, d in view["lots"].items() if (d.get(key) == giver if key == "marker"
                                                          else (d.get("die") or [None])[0] == giver)]
        return [Suggestion(lot, lot_note(view, lot)) for lot in sorted(lots, key=LOT_BY_NAME.__getitem__)]
    return []


def suggest(text: str, view: Mapping[str, Any], seat: int | None, prompts: Sequence[Prompt] = ()) -> list[Suggestion]:
    """What may come next where the cursor is (at the end of `text`), best first."""
    typed, partial = current_word(text)
    texts = legal_texts(view, seat)
    if not typed:
        return matching(_first_words(view, texts, prompts), partial)
    verb = typed[0].lower()
    if verb == "trade":
        return matching(_trade_words(view, seat, text, texts), partial.split(",")[-1])
    if verb == "sprawl" and len(typed) == 1:
        targets = [Suggestion(t, sprawl_note(view, seat, s, t)) for t, s in _sprawl_targets(texts)]
        sources = [Suggestion(s, "sprawl from this casino: then name the lot") for _, s in _sprawl_targets(texts)]
        found = matching(targets + sources, partial)
        return found or matching(_grammar(view, verb, 1), partial)
    found = []
    for word in continuations(texts, typed):
        if verb == "sprawl" and len(typed) == 2:
            found.append(Suggestion(word, sprawl_note(view, seat, typed[1].upper(), word)))
        elif ".." in word:
            low, high = word.split("..")
            found += [Suggestion(high, f"the most you may bet (${low}m to ${high}m)"),
                      Suggestion(low, f"the least you may bet (${low}m to ${high}m)")]
        else:
            found.append(Suggestion(word, _word_note(view, word)))
    return matching(found, partial) or matching(_grammar(view, verb, len(typed)), partial)
