"""A picture of a game: each player's score and money at the end of every turn (Las Vegas: of every round),
as a PNG.

matplotlib is imported here only, with the Agg backend (no display), so the rest of `vegas` starts fast.
Lines take the players' own colours where matplotlib knows them by name (Lords of Vegas: blue, red...).
Each line goes on one step past the last turn and ends with its value written beside it, so the final
standings read off the picture (a step drawn only up to the last turn ends in a bare vertical jump).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_table.replays.audit.model import Audit

READABLE = {"yellow": "#d4a017", "aqua": "#1fa5a8", "silver": "#8c9196"}  # on a white background


@dataclass(frozen=True, slots=True)
class Panel:
    """One chart: its y label, the x values and each seat's y values over them."""

    label: str
    x: list[int]
    series: list[list[int]]


def panels(audit: Audit) -> tuple[str, list[Panel]]:
    """What to draw: the x axis's name and the charts. Las Vegas is drawn by round (money after each,
    from 0 before the first); other games by turn, with score above money when the game keeps one. Each
    series repeats its last value one step further, so the final value is a level, not a jump."""
    rounds: list[list[int]] | None = getattr(audit, "rounds", None)
    if rounds:
        x = list(range(len(rounds) + 1))
        money = [[0, *(totals[seat] for totals in rounds)] for seat in range(len(audit.names))]
        return "round", [Panel(f"money ({audit.timeline.money_unit})", x, money)]
    timeline = audit.timeline
    x = [*timeline.turns, timeline.turns[-1] + 1] if timeline.turns else []
    charts = [("score", timeline.score)] if timeline.score is not None else []
    charts.append((f"money ({timeline.money_unit})", timeline.money))
    return "turn", [Panel(label, x, [[*values, values[-1]] if values else [] for values in series])
                    for label, series in charts]


def _colour(name: str) -> str | None:
    from matplotlib import colors

    colour = name.lower()
    return READABLE.get(colour, colour) if colors.is_color_like(colour) else None


def label_heights(finals: list[int], gap: float) -> list[float]:
    """Where to write each final value: at its own height, moved up just enough to keep `gap` between
    labels (two players ending level would otherwise print one number over the other)."""
    heights: list[float] = [0.0] * len(finals)
    floor = float("-inf")
    for seat in sorted(range(len(finals)), key=lambda s: finals[s]):
        heights[seat] = max(float(finals[seat]), floor + gap)
        floor = heights[seat]
    return heights


def _draw(ax: Any, panel: Panel, names: list[str], steps: bool) -> None:
    drawn = [(seat, values) for seat, values in enumerate(panel.series) if values]
    for seat, values in drawn:
        name, colour = names[seat], _colour(names[seat])
        if steps:
            ax.step(panel.x, values, where="post", label=name, color=colour, linewidth=1.8)
        else:
            ax.plot(panel.x, values, marker="o", label=name, color=colour, linewidth=1.8)
    top = max((max(v) for _, v in drawn), default=1)
    bottom = min((min(v) for _, v in drawn), default=0)
    heights = label_heights([values[-1] for _, values in drawn], 0.06 * max(1, top - bottom))
    from matplotlib.transforms import offset_copy

    beside = offset_copy(ax.transData, fig=ax.figure, x=7, y=0, units="points")  # just right of the line's end
    for (seat, values), height in zip(drawn, heights, strict=True):
        ax.text(panel.x[-1], height, f"{values[-1]}", transform=beside, va="center", fontsize="small",
                color=_colour(names[seat]) or "black", clip_on=False)
    ax.set_ylabel(panel.label)
    ax.grid(True, alpha=0.3)
    ax.margins(x=0.07)  # room on the right for the final values


def write_plot(audit: Audit, path: Path | str) -> None:
    """Draw `audit`'s charts (`panels`) into the PNG `path`."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    axis, charts = panels(audit)
    figure, axes = pyplot.subplots(len(charts), 1, sharex=True, figsize=(9, max(4.2, 3.2 * len(charts))),
                                   squeeze=False)
    try:
        for ax, panel in zip(axes[:, 0], charts, strict=True):
            _draw(ax, panel, audit.names, steps=axis == "turn")
        if axis == "round":
            axes[-1, 0].set_xticks(charts[0].x)
        axes[0, 0].set_title(audit.title)
        axes[0, 0].legend(loc="upper left", fontsize="small", ncols=min(6, len(audit.names)))
        axes[-1, 0].set_xlabel(axis)
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=110)
    finally:
        pyplot.close(figure)
