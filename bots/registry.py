"""Bots by name, as `--bots`, `vegas bot --bot` and the server's bot seats name them.

The built-in bots are listed here: the ladder a player chooses from (`random`, `easy`, `medium`, `hard`:
`bots.ladder`) and the developer names its rungs play (`greedy`, `search`, ...). Third-party bots come in two
ways, both only where the caller allows plugins: an installed package's `vegas.bots` entry point
(`[project.entry-points."vegas.bots"]` with `mybot = "mypackage.bots:MyBot"`), which adds its name to the
list; or `module:Class`, imported as it is written (the module must be importable: installed, or in the
current directory). The command line of the person running the bots allows both; the server's bot seats, which
a remote client names, allow entry points only, and only when the host says so (`vegas serve --plugin-bots`):
a client never makes the server import a module of its choosing. A setting after an `@` (`search@20`) is the
command line's too; a server seats only the settings a rung plays, whose cost is measured (a client that could
name `search@100000` could make the server think for minutes). A server's catalogue offers the ladder; it
still seats a built-in developer name it is given (`greedy`), as games created before the ladder were."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Iterable
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType

from vegas_table.bots.base import Bot
from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.ladder import LADDER, ladder_names, rung_class, rung_specs
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.search import SearchBot
from vegas_table.common.extras import install_hint

ENTRY_POINT_GROUP = "vegas.bots"
BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
# The rungs (`bots.ladder`), each making its game's bot by its developer name.
RUNGS: dict[str, type[Bot]] = {rung: rung_class(rung, lambda name, seed: make_bot(name, seed)) for rung in LADDER}
# The developer names with a setting that a server seats (those a rung plays) -> the games they are for.
SERVER_SETTINGS: dict[str, tuple[str, ...]] = {
    spec: tuple(sorted(game for games in LADDER.values() for game, played in games.items() if played == spec))
    for spec in rung_specs() if "@" in spec}
# Built-in bots that need an optional extra, imported only when named, and only where the command line of the
# person running the bots allows plugins (simulate, tournament, vegas bot; never a server's seats): name ->
# (module:Class, the module the extra installs, the extra). `ismcts` is OpenSpiel's IS-MCTS, a reference
# opponent (the `openspiel` extra).
OPTIONAL: dict[str, tuple[str, str, str]] = {"ismcts": ("vegas_table.bots.openspiel:ISMCTSBot", "pyspiel", "openspiel")}


def optional_bots() -> dict[str, str]:
    """The optional built-in bots whose extra is installed, name -> module:Class."""
    return {name: spec for name, (spec, module, _) in OPTIONAL.items() if importlib.util.find_spec(module) is not None}


def plugin_entry_points() -> dict[str, EntryPoint]:
    """The installed packages' `vegas.bots` entry points by name (a built-in name cannot be taken)."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in {*BOTS, *RUNGS, *OPTIONAL}}


def bot_names(plugins: bool = False, imports: bool = True) -> list[str]:
    """The ladder, then the developer names (sorted), then with `plugins` the optional and installed ones."""
    return [*ladder_names(), *sorted([*(name for name in BOTS if name not in ladder_names()), *SERVER_SETTINGS,
                                      *(optional_bots() if plugins else ()),
                                      *(plugin_entry_points() if plugins else ())])]


def bot_class(name: str, plugins: bool = False, imports: bool = True) -> type[Bot]:
    """The Bot subclass called `name`: built in, or (with `plugins`) an entry point's or (with `imports` too)
    `module:Class`. ValueError says what is wrong and lists the bots there are."""
    if name in RUNGS:
        return RUNGS[name]
    if name in BOTS:
        return BOTS[name]
    if name in OPTIONAL and plugins:
        spec, _, extra = OPTIONAL[name]
        if name not in optional_bots():
            raise ValueError(f"the {name} bot needs its extra: {install_hint(extra)}")
        return _imported(spec)
    if "@" in name and (imports or name in SERVER_SETTINGS):
        base, _, setting = name.partition("@")
        found = bot_class(base, plugins, imports)
        found.configured("0", setting)  # ValueError if it takes no such setting
        return found
    if plugins:
        entry = plugin_entry_points().get(name)
        if entry is not None:
            return _checked(entry.load(), f"the {ENTRY_POINT_GROUP} entry point {name} = {entry.value}")
        if ":" in name and imports:
            return _imported(name)
    hint = " or module:Class" if plugins and imports else ""
    raise ValueError(f"unknown bot {name!r}; bots: {', '.join(bot_names(plugins))}{hint}")


def search_here() -> None:
    """Let `module:Class` find a module in the current directory (docs/BOTS.md: `./thrifty.py`), as `python
    -m` would; the `vegas` script's own directory is on the path instead. Searched last, so that a file here
    never shadows an installed module; worker processes started after this inherit it."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)


def _imported(spec: str) -> type[Bot]:
    module_name, _, class_name = spec.partition(":")
    search_here()
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"bot {spec}: cannot import {module_name} ({error}); is it installed, or in this "
                         "directory?") from None
    if not hasattr(module, class_name):
        raise ValueError(f"bot {spec}: {module_name} has no {class_name}")
    return _checked(getattr(module, class_name), f"bot {spec}")


def _checked(found: object, what: str) -> type[Bot]:
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise ValueError(f"{what} is not a vegas_table.bots.base.Bot subclass")
    return found


def bot_problem(name: str, game: str, plugins: bool = False, imports: bool = True) -> str | None:
    """Why `name` cannot take a seat in a game of `game`, as a sentence; None if it can."""
    try:
        games = bot_class(name, plugins, imports).games
    except ValueError as error:
        return str(error)
    games = SERVER_SETTINGS.get(name, games)
    if games is not None and game not in games:
        other = name.partition("@")[0] if name in SERVER_SETTINGS else "random"  # its plain bot plays more
        return f"the {name} bot plays {' and '.join(games)} only, not {game}; try {other}"
    return None


def make_bot(name: str, seed: str, plugins: bool = False, imports: bool = True) -> Bot:
    """A fresh bot called `name`, seeded with `seed`; ValueError lists the known bots."""
    found = bot_class(name, plugins, imports)
    if "@" in name and name not in BOTS and name not in RUNGS:
        return found.configured(seed, name.partition("@")[2])
    return found(seed)


def imported_modules(names: Iterable[str]) -> list[ModuleType]:
    """The top-level modules that `module:Class` names among `names` import, already imported (each name
    checked first): what a Ray cluster's workers must be shipped when it is not installed there."""
    modules = {}
    for name in names:
        base = name.partition("@")[0]
        if ":" in base and base not in BOTS:
            top = base.partition(":")[0].split(".")[0]
            modules[top] = importlib.import_module(top)
    return list(modules.values())


def seat_bots(game: str, plugins: bool = False) -> list[str]:
    """The bots a server offers for a game of `game`, as its catalogue lists them: the ladder, then (with
    `plugins`) the installed entry points that play it; never imports, nor the optional reference bots."""
    offered = [*ladder_names(), *(sorted(plugin_entry_points()) if plugins else ())]
    return [name for name in offered if bot_problem(name, game, plugins, False) is None]


def seat_problem(name: str, game: str, plugins: bool = False) -> str | None:
    """Why a server cannot seat `name` in a game of `game`, as a sentence (an unknown name is answered with
    the catalogue, `seat_bots`); None if it can. Besides the catalogue it seats the built-in developer names
    (games created before the ladder named them)."""
    try:
        bot_class(name, plugins, imports=False)
    except ValueError as error:
        if not str(error).startswith("unknown bot"):
            return str(error)
        return f"unknown bot {name!r}; this server seats {', '.join(seat_bots(game, plugins))}"
    return bot_problem(name, game, plugins, False)
