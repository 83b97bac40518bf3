"""What an Underworld card does, in words made from its definition: cost, timing, each effect, its
trigger, its discount and its points, exactly as the engine plays them (`underworld.py`).

A card file's own `text` is the printed card's words, which often leave the effect out (`Action: roll 3
dice.`); these words are built from the primitives the engine runs, so they are true of any card file,
a user's own included.
"""

from __future__ import annotations

from functools import lru_cache

from vegas_table.engine.lords.cards import CardDef, Effect

TARGETS = {"your_die": "on one of your dice", "casino": "on a casino"}
DISCOUNTED = {"build": "building a casino tile costs ${value}m less a tile",
              "remodel": "remodeling costs ${value}m less a space"}


def _money(value: int) -> str:
    return f"${value}m"


def _points(value: int) -> str:
    return f"{value} point{'' if abs(value) == 1 else 's'}"


def effect_words(effect: Effect) -> str:
    """One primitive as a clause: `score 4 points`, `pay $12m to the bank (as much as you have)`."""
    value = effect.value
    if effect.op == "gain":
        return f"take {_money(value)} from the bank"
    if effect.op == "pay":
        return f"pay {_money(value)} to the bank (as much as you have)"
    if effect.op == "score":
        return f"score {_points(value)}"
    if effect.op == "die":
        return f"raise that die by {value} (at most 6)" if value >= 0 else f"lower that die by {-value} (at least 1)"
    if effect.op == "reroll":
        return f"reroll its {value} highest dice (all, if it has fewer), then settle ties for boss"
    if effect.op == "extra":
        return "one more gamble this turn" if effect.action == "gamble" else "acquire one more card this turn"
    if effect.op == "pay_all":
        return "every casino pays and scores"
    if effect.op == "hold":
        return f"the bank puts {_money(value)} on this card (not yours to spend until released)"
    if effect.op == "release":
        return "take the money on this card"
    return "discard this card"  # discard


def _steps(effects: tuple[Effect, ...]) -> str:
    return ", then ".join(effect_words(e) for e in effects)


@lru_cache(maxsize=256)  # asked for every card of every view: a deck has a few kinds
def card_effect(card: CardDef) -> str:
    """The card's whole effect, sentence by sentence: `Costs $6m. Action on your turn, once a turn, on a
    casino: reroll its 3 highest dice (...).`"""
    sentences = [f"Costs {_money(card.cost)}." if card.cost else "Free."]
    if card.on_acquire or card.timing == "now":
        steps = _steps(card.on_acquire) or "nothing"
        sentences.append(f"When acquired: {steps}" + ("; then it is discarded." if card.timing == "now" else "."))
    if card.timing == "action":
        where = f", {TARGETS[card.target]}" if card.target else ""
        price = f", for {_money(card.use_cost)}" if card.use_cost else ""
        sentences.append(f"Action on your turn, once a turn{where}{price}: {_steps(card.on_use) or 'nothing'}.")
    if card.trigger:
        drawn = "a Pay The Strip card" if card.trigger == "strip" else f"a {card.trigger} property card"
        sentences.append(f"When {drawn} is drawn: {_steps(card.on_trigger) or 'nothing'}.")
    if card.discount_action:
        words = DISCOUNTED[card.discount_action].format(value=card.discount)
        sentences.append(f"While you hold it, {words}.")
    if card.points:
        sentences.append(f"{_points(card.points)} at the end of the game.")
    return " ".join(sentences)
