"""A picture of a game: each player's score and money at the end of every turn, as a PNG.

matplotlib is imported here only, with the Agg backend (no display), so the rest of `vegas` starts fast.
Lines take the players' own colours where matplotlib knows them by name (Lords of Vegas: blue, red...).
"""

from __future__ import annotations

from pathlib import Path

from replays.audit.model import Audit

READABLE = {"yellow": "#d4a017", "aqua": "#1fa5a8", "silver": "#8c9196"}  # on a white background


def _colour(name: str) -> str | None:
    from matplotlib import colors

    colour = name.lower()
    return READABLE.get(colour, colour) if colors.is_color_like(colour) else None


def write_plot(audit: Audit, path: Path | str) -> None:
    """Draw `audit`'s timeline (score above money, when the game keeps a score) into the PNG `path`."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    timeline = audit.timeline
    panels = [("score", timeline.score)] if timeline.score is not None else []
    panels.append((f"money ({timeline.money_unit})", timeline.money))
    figure, axes = pyplot.subplots(len(panels), 1, sharex=True, figsize=(9, 3.2 * len(panels)), squeeze=False)
    try:
        for ax, (label, series) in zip(axes[:, 0], panels, strict=True):
            for seat, values in enumerate(series):
                name = audit.names[seat]
                ax.step(timeline.turns, values, where="post", label=name, color=_colour(name), linewidth=1.8)
            ax.set_ylabel(label)
            ax.grid(True, alpha=0.3)
        axes[0, 0].set_title(audit.title)
        axes[0, 0].legend(loc="upper left", fontsize="small", ncols=min(6, len(audit.names)))
        axes[-1, 0].set_xlabel("turn")
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=110)
    finally:
        pyplot.close(figure)
