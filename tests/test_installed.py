"""The package as a user gets it, outside the checkout: the sdist and the wheel built as a packager builds them
(no warnings, the sdist building the very same wheel), the wheel installed with its dependencies into a fresh
venv, and from a directory of its own there: `vegas --version`, a `vegas serve` with a `vegas bot` game
played to its end, `vegas replay verify` of that game's replay, the bot SDK imported, a bot read from
`./thrifty.py` as docs/BOTS.md says, and only the project's own top-level names installed."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks.serve_process import ServeProcess
from tests.bots.test_docs_bot import example_bot

ROOT = Path(__file__).resolve().parents[1]
# The project's own names (docs/DEVELOPING.md, "Import names"); anything else at the top of site-packages
# would collide with a user's own `client.py`, `common/` or `engine`.
OWN_TOP_LEVEL = {"vegas_table", "vegas_client"}
DROPPED_ENV = {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE"}
BUILD_TIMEOUT = 600  # seconds: an isolated build installs setuptools and grpcio-tools first (once, then cached)


@dataclass(frozen=True)
class Installed:
    wheel: Path
    python: Path
    vegas: Path
    home: Path  # a directory outside the checkout, where the commands run

    def run(self, *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.vegas), *args], cwd=self.home, env=clean_env(), capture_output=True,
                              text=True, timeout=timeout)


def clean_env() -> dict[str, str]:
    """The environment without anything that would let the checkout's code in (nor stop setuptools from
    byte-compiling, which it then warns of)."""
    return {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}


def build(*args: str, cwd: Path) -> str:
    """`python -m build ARGS` in `cwd`, checked; its output."""
    done = subprocess.run([sys.executable, "-m", "build", *args], cwd=cwd, env=clean_env(), capture_output=True,
                          text=True, timeout=BUILD_TIMEOUT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def wheel_contents(wheel: Path) -> dict[str, bytes]:
    """Every file of `wheel` but its RECORD (which lists the others' hashes)."""
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith(".dist-info/RECORD")}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, str]]:
    """The sdist built from the checkout, the wheel built from that sdist (as pip and pipx build one from a
    source), and both builds' output."""
    out = tmp_path_factory.mktemp("dist")
    log = build("--sdist", "--outdir", str(out), ".", cwd=ROOT)
    [sdist] = out.glob("*.tar.gz")
    unpacked = tmp_path_factory.mktemp("sdist")
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked, filter="data")
    [source] = unpacked.iterdir()
    log += build("--wheel", "--outdir", str(out), ".", cwd=source)
    [wheel] = out.glob("*.whl")
    yield sdist, wheel, log


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path, str], tmp_path_factory: pytest.TempPathFactory) -> Installed:
    _, wheel, _ = built
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True, clear=True)
    python = env_dir / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], env=clean_env(),
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    home = tmp_path_factory.mktemp("home")
    (home / "thrifty.py").write_text(example_bot(), encoding="utf-8")
    return Installed(wheel, python, env_dir / "bin" / "vegas", home)


def test_the_builds_warn_of_nothing_and_the_sdist_builds_the_same_wheel(built: tuple[Path, Path, str],
                                                                          tmp_path: Path) -> None:
    sdist, wheel, log = built
    assert "warning" not in log.lower(), log[-3000:]
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert any(name.endswith("proto/vegas/v1/table.proto") for name in names), "the sdist carries the API"
    assert not any("/vegas_table/api/" in name for name in names), "generated code is the build's, not the sdist's"
    build("--wheel", "--outdir", str(tmp_path), ".", cwd=ROOT)
    [from_checkout] = tmp_path.glob("*.whl")
    assert wheel_contents(from_checkout) == wheel_contents(wheel)


def test_the_wheel_holds_only_the_projects_own_names_and_its_api(installed: Installed) -> None:
    contents = wheel_contents(installed.wheel)
    top = {name.split("/")[0] for name in contents if ".dist-info/" not in name}
    assert top == OWN_TOP_LEVEL, f"generic top-level names in the wheel: {sorted(top - OWN_TOP_LEVEL)}"
    for generated in ("table_pb2.py", "table_pb2_grpc.py", "table.proto"):
        assert f"vegas_table/api/v1/{generated}" in contents
    metadata = next(v for k, v in contents.items() if k.endswith(".dist-info/METADATA")).decode()
    assert "License-Expression: MIT" in metadata
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    runtime = [line for line in requires if "extra ==" not in line]
    assert not [line for line in runtime if "grpcio-tools" in line or "matplotlib" in line], runtime


def test_vegas_version_names_the_package_the_api_and_the_rules(installed: Installed) -> None:
    done = installed.run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("vegas-table ") and "API vegas.v1" in done.stdout
    assert "lords (Lords of Vegas): rule sets classic, up, underworld" in done.stdout


def test_a_served_bot_game_plays_to_its_end_and_its_replay_verifies(installed: Installed) -> None:
    data_dir = installed.home / "data"
    server = ServeProcess(data_dir, installed.home / "serve.log", vegas=[str(installed.vegas)])
    try:
        played = installed.run("bot", "--server", server.address, "--create", "lasvegas base 2 bots 1",
                               "--bot", "thrifty:Thrifty", "--seed", "3")
        assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    finally:
        assert server.stop() == 0
    [replay] = data_dir.rglob("*.jsonl")
    verified = installed.run("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stdout[-2000:] + verified.stderr[-2000:]


def test_the_bot_sdk_imports_and_simulate_finds_the_bot_beside_it(installed: Installed) -> None:
    sdk = subprocess.run([str(installed.python), "-c", "import vegas_client; from vegas_table.bots.base import Bot, "
                          "Turn; print(vegas_client.__file__)"], cwd=installed.home, env=clean_env(),
                         capture_output=True, text=True, timeout=60)
    assert sdk.returncode == 0, sdk.stderr
    assert str(ROOT) not in sdk.stdout, "the SDK came from the checkout, not the install"
    simulated = installed.run("simulate", "--game", "lasvegas", "--players", "2", "--bots", "thrifty:Thrifty,random",
                              "--games", "4", "--jobs", "2", "--seed", "s1")
    assert simulated.returncode == 0, simulated.stdout[-2000:] + simulated.stderr[-2000:]
    assert "thrifty:Thrifty" in simulated.stdout


def test_a_bot_that_cannot_be_imported_is_refused_in_one_sentence(installed: Installed) -> None:
    done = installed.run("simulate", "--game", "lasvegas", "--players", "2", "--bots", "nowhere:Bot,random",
                         "--games", "2")
    assert done.returncode == 2
    assert "cannot import nowhere" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_plot_without_its_extra_says_how_to_get_it(installed: Installed) -> None:
    replay = next((ROOT / "tests" / "golden").glob("lasvegas-*.jsonl"))
    done = installed.run("replay", "audit", str(replay), "--plot", "audit.png")
    assert done.returncode == 2
    assert "pip install 'vegas-table[plot]'" in done.stdout + done.stderr
    assert not (installed.home / "audit.png").exists()
