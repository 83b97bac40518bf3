"""Colours that hold: in 16-colour, 256-colour and truecolor terminals every seat's colour, every casino's
and the Strip's are distinct (within each game), so a terminal never shows two owners alike; the escape
codes a terminal receives say so; NO_COLOR and COLORTERM are honoured and `--color` chooses."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output, _256ColorCache
from prompt_toolkit.styles import Attrs

from vegas_table.cli.choices import COLOR_NAMES
from vegas_table.client.render.styles import (
    CASINO_COLOURS,
    COLOR_CHOICES,
    LAS_VEGAS_SEATS,
    LORDS_SEATS,
    NUMBER_COLOURS,
    PLAYER_COLOURS,
    Badge,
    client_style,
    color_depth,
)
from vegas_table.engine.lasvegas.state import PLAYER_COLOURS as LAS_VEGAS_ENGINE_COLOURS
from vegas_table.engine.lords.state import PLAYER_COLOURS as LORDS_ENGINE_COLOURS

GAMES = {
    "lords": {**{f"player.{s}": PLAYER_COLOURS[s] for s in LORDS_SEATS},
              **{f"casino.{c}": b for c, b in CASINO_COLOURS.items()}},
    "lasvegas": {**{f"player.{s}": PLAYER_COLOURS[s] for s in LAS_VEGAS_SEATS},
                 **{f"number.{n}": b for n, b in NUMBER_COLOURS.items()}},
}
DEPTHS = (ColorDepth.DEPTH_4_BIT, ColorDepth.DEPTH_8_BIT, ColorDepth.DEPTH_24_BIT)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def escape(style_class: str, depth: ColorDepth) -> str:
    """The escape code a terminal of `depth` receives for the badge `style_class`, as prompt_toolkit sends it."""
    attrs: Attrs = client_style(depth).get_attrs_for_style_str(f"class:{style_class}")
    sink = io.StringIO()
    output = Vt100_Output(sink, lambda: None, term="xterm-256color")  # type: ignore[arg-type]
    output.set_attributes(attrs, depth)
    output.flush()
    return sink.getvalue()


def test_every_seat_of_each_game_has_a_badge() -> None:
    assert set(LORDS_SEATS) == {c for colours in LORDS_ENGINE_COLOURS.values() for c in colours}
    assert set(LAS_VEGAS_SEATS) == {*LAS_VEGAS_ENGINE_COLOURS, "white"}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("depth", DEPTHS, ids=lambda d: d.name)
def test_each_games_colours_reach_the_terminal_as_distinct_escape_codes(game: str, depth: ColorDepth) -> None:
    codes = {name: escape(name, depth) for name in GAMES[game]}
    assert all(codes.values())
    assert len(set(codes.values())) == len(codes), codes
    if game == "lords":
        assert escape("strip", depth) not in {escape(n, depth) for n in GAMES[game] if n != "casino.strip"}


def palette_rgb(index: int) -> tuple[int, int, int]:
    """The colour of xterm's palette entry `index` (16-231: the 6x6x6 cube, 232-255: the grey ramp)."""
    if index >= 232:
        grey = 8 + 10 * (index - 232)
        return grey, grey, grey
    levels = (0, 95, 135, 175, 215, 255)
    cube = index - 16
    return levels[cube // 36], levels[cube // 6 % 6], levels[cube % 6]


def test_in_256_colours_each_badge_is_exactly_a_colour_of_the_palette() -> None:
    """xterm's 256 colours hold these very colours, so a 256-colour terminal (tmux's default) shows what a
    truecolor one does rather than the nearest: green once came out as the Strip's grey."""
    palette = _256ColorCache()
    badges: list[Badge] = [*PLAYER_COLOURS.values(), *CASINO_COLOURS.values(), *NUMBER_COLOURS.values()]
    for colour in {c for badge in badges for c in (badge.bg, badge.fg)}:
        index = palette[rgb(colour)]
        assert index >= 16 and palette_rgb(index) == rgb(colour), f"{colour} is not in the palette (nearest: {index})"


def test_the_black_seat_stands_out_from_a_dark_terminal() -> None:
    assert min(rgb(PLAYER_COLOURS["black"].bg)) >= 0x40


def test_no_color_turns_colours_off_and_colorterm_turns_truecolor_on() -> None:
    assert color_depth("auto", {"NO_COLOR": "1", "COLORTERM": "truecolor"}) == ColorDepth.DEPTH_1_BIT
    assert color_depth("auto", {"COLORTERM": "truecolor"}) == ColorDepth.DEPTH_24_BIT
    assert color_depth("16", {"NO_COLOR": "1"}) == ColorDepth.DEPTH_4_BIT
    assert color_depth("none", {}) == ColorDepth.DEPTH_1_BIT


def test_the_color_flag_offers_every_depth_the_client_knows() -> None:
    assert tuple(COLOR_CHOICES) == COLOR_NAMES
