"""Las Vegas decisions and the placing step as prompts, straight from what the view lists."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vegas_table.client.choices import Choice, Prompt
from vegas_table.client.render.lasvegas import KIND_MARK, STEP_WORDS
from vegas_table.client.seen import actor


def _kick_label(view: Mapping[str, Any], command: str) -> str:
    words = command.split()
    owner = words[1]
    name = "a white die" if owner == "white" else f"{owner.capitalize()}'s {'biggie' if len(words) > 2 else 'die'}"
    return name


def _roll_text(view: Mapping[str, Any]) -> str:
    roll = view["roll"]
    faces = [str(d) for d in sorted(roll["dice"])] + [f"{p}{KIND_MARK.get(k, '')}" for k, p in roll["extra"]]
    return " ".join(faces)


def lasvegas_prompts(view: Mapping[str, Any], seat: int | None) -> list[Prompt]:
    waiting = actor(view)
    if waiting is None:
        return []
    pending = view.get("pending")
    name = view["seats"][waiting]["name"]
    if waiting != seat:
        doing = STEP_WORDS.get(pending["kind"], pending["kind"]).format(**pending) if pending else "place dice"
        return [Prompt(f"Waiting for {name}: {doing}")]
    if pending and pending["kind"] == "kick":
        choices = tuple(Choice(_kick_label(view, c), c) for c in pending["choices"])
        return [Prompt(f"Your kicker landed on casino {pending['casino']}: whose die does it knock off?", choices,
                       yours=True)]
    if pending:
        choices = tuple(Choice(f"${c.split()[-1]}k", c) for c in pending["choices"])
        return [Prompt("The slot machine pays you: which note do you take?", choices, yours=True)]
    choices = tuple(Choice(c, c) for c in view.get("can_place", ()))
    return [Prompt(f"You rolled {_roll_text(view)}: place all the dice of one number", choices, yours=True,
                   numbered=False)]
