"""Bots by name: the built-ins, an installed package's `vegas.bots` entry point, `module:Class`; plugins only
where the caller allows them (never the server's bot seats)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from vegas_table.bots.greedy import GreedyBot
from vegas_table.bots.lords.value import Weights
from vegas_table.bots.random_bot import RandomBot
from vegas_table.bots.registry import bot_class, bot_names, bot_problem, make_bot, seat_bots

PLUGIN = '''
from vegas_table.bots.base import Bot

class Lazy(Bot):
    name = "lazy"
    def choose(self, turn):
        return turn.legal[0]

class NotABot:
    pass
'''


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package `lazybots` on the path, with the dist-info of an installed distribution that names `lazy`
    (and a `random` that may not shadow the built-in) in the vegas.bots entry point group."""
    (tmp_path / "lazybots.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "lazybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lazybots\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[vegas.bots]\nlazy = lazybots:Lazy\nrandom = lazybots:Lazy\n",
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("lazybots", None)


def test_an_entry_point_adds_a_bot_name_where_plugins_are_allowed(installed: Path) -> None:
    assert "lazy" in bot_names(plugins=True) and "lazy" not in bot_names()
    assert type(make_bot("lazy", "1", plugins=True)).__name__ == "Lazy"
    assert bot_class("random", plugins=True) is RandomBot  # a plugin cannot take a built-in's name


def test_module_class_is_imported_where_plugins_are_allowed(installed: Path) -> None:
    assert bot_class("lazybots:Lazy", plugins=True).name == "lazy"
    assert bot_problem("lazybots:Lazy", "lords", plugins=True) is None


def test_the_server_seats_no_plugin_a_client_names(installed: Path) -> None:
    assert "unknown bot 'lazybots:Lazy'" in (bot_problem("lazybots:Lazy", "lords") or "")
    assert "unknown bot 'lazy'" in (bot_problem("lazy", "lords") or "")
    assert "lazybots" not in sys.modules  # not even imported


def test_what_is_not_a_bot_is_refused_with_a_sentence(installed: Path) -> None:
    with pytest.raises(ValueError, match=r"is not a vegas_table\.bots\.base\.Bot subclass"):
        bot_class("lazybots:NotABot", plugins=True)
    with pytest.raises(ValueError, match="has no Missing"):
        bot_class("lazybots:Missing", plugins=True)
    with pytest.raises(ValueError, match="cannot import nosuchmodule"):
        bot_class("nosuchmodule:Bot", plugins=True)


def test_a_host_who_allows_plugin_bots_seats_entry_points_but_never_imports_what_a_client_names(
        installed: Path, tmp_path: Path) -> None:
    from tests.server.harness import refusal, serving, stub_for
    from vegas_table.api.v1 import table_pb2 as pb
    from vegas_table.server.app import ServerOptions
    from vegas_table.server.session import Settings

    def create(stub: object, kind: str) -> object:
        return stub.CreateGame(pb.CreateGameRequest(  # type: ignore[attr-defined]
            game="lords", rules="up", players=2, bots=[pb.BotSeat(seat=0, kind=kind)]))

    with serving(tmp_path / "plain") as server, stub_for(server.address) as stub:
        assert "lazy" not in stub.ListGameTypes(pb.ListGameTypesRequest()).games[0].bots
        assert "unknown bot 'lazy'" in refusal(create, stub, "lazy")[2]
    with serving(tmp_path / "plugins", settings=Settings(plugin_bots=True)) as server, \
            stub_for(server.address) as stub:
        types = {t.name: list(t.bots) for t in stub.ListGameTypes(pb.ListGameTypesRequest()).games}
        assert types["lords"] == ["random", "easy", "medium", "hard", "lazy"]
        assert create(stub, "lazy").game_id  # type: ignore[attr-defined]
        assert "unknown bot 'lazybots:Lazy'" in refusal(create, stub, "lazybots:Lazy")[2]
    assert ServerOptions().settings.plugin_bots is False


def test_a_bot_takes_its_setting_after_an_at_on_the_command_line() -> None:
    from vegas_table.bots.search import SearchBot

    by_playouts = make_bot("search@20", "1", plugins=True)
    by_time = make_bot("search@250ms", "1", plugins=True)
    assert isinstance(by_playouts, SearchBot) and (by_playouts.playouts, by_playouts.millis) == (20, None)
    assert isinstance(by_time, SearchBot) and (by_time.playouts, by_time.millis) == (None, 250.0)
    assert bot_problem("search@20", "lords", plugins=True) is None
    assert "takes a budget" in str(bot_problem("search@fast", "lords", plugins=True))
    assert "takes no setting" in str(bot_problem("random@3", "lords", plugins=True))
    assert "no weight '3'" in str(bot_problem("greedy@3", "lords", plugins=True))
    weighed = make_bot("greedy@money_early=0.5:contested=0.1", "1", plugins=True)
    assert isinstance(weighed, GreedyBot) and weighed.lords.weights == Weights(money_early=0.5, contested=0.1)


def test_a_servers_seats_take_only_the_settings_it_lists() -> None:
    assert "unknown bot" in str(bot_problem("search@100000", "lords", plugins=True, imports=False))
    assert bot_problem("greedy@deals", "lords", plugins=True, imports=False) is None
    dealer = make_bot("greedy@deals", "1", plugins=True, imports=False)
    assert isinstance(dealer, GreedyBot) and dealer.lords.deals
    assert seat_bots("lords") == seat_bots("lasvegas") == ["random", "easy", "medium", "hard"]
    assert "plays lords only, not lasvegas; try greedy" in str(bot_problem("greedy@deals", "lasvegas"))
