"""Every doc under docs/ and the README names only what exists: the repository's paths, the `vegas`
commands, the `make` targets and the `python -m` modules it tells a reader to use."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from vegas_table.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
FOLDERS = ("docs", "bots", "engine", "server", "client", "vegas_client", "arena", "replays", "cli", "harness",
           "benchmarks", "tests", "proto", "common", "lab")
PATH = re.compile(rf"(?<![\w./~-])((?:{'|'.join(FOLDERS)})/[\w./*-]*)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CODE = re.compile(r"```[^\n]*\n(.*?)```|`([^`\n]+)`", re.S)  # fenced blocks and inline code: what a reader runs
VEGAS = re.compile(r"(?:^|[\s;(|&/])vegas ([a-z][a-z-]*)", re.M)
MAKE = re.compile(r"(?:^|[\s;(|&/])make ([a-z][a-z-]*)", re.M)
MODULE = re.compile(r"python -m ([\w.]+)")


def exists(path: str, base: Path) -> bool:
    path = path.rstrip(".,:;")
    found = (base / path) if not path.startswith(FOLDERS) or base == ROOT else (ROOT / path)
    return any(found.parent.glob(found.name)) if "*" in path else found.exists() or (ROOT / path).exists()


def subcommands() -> set[str]:
    parser = build_parser()
    return set(parser._subparsers._group_actions[0].choices)  # type: ignore[union-attr]


def make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_a_doc_names_only_paths_commands_and_targets_that_exist(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    code = "\n".join(block or span for block, span in CODE.findall(text))
    missing = [f"path {p}" for p in PATH.findall(text) if not exists(p, ROOT)]
    missing += [f"link {p}" for p in LINK.findall(text)
                if not p.startswith(("http:", "https:", "mailto:")) and not exists(p, doc.parent)]
    missing += [f"vegas {c}" for c in VEGAS.findall(code) if c not in subcommands()]
    missing += [f"make {t}" for t in MAKE.findall(code) if t not in make_targets()]
    missing += [f"python -m {m}" for m in MODULE.findall(code) if not module_exists(m)]
    assert not missing, f"{doc.relative_to(ROOT)} names what does not exist: {', '.join(sorted(set(missing)))}"


def module_exists(name: str) -> bool:
    name = name.rstrip(".")
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False
