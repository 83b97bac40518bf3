"""The optional extras (pyproject.toml's optional-dependencies): whether one is installed, and the sentence
that says how to get it, the same for every command that needs one."""

from __future__ import annotations

import importlib.util

# extra -> the module it installs that the code imports
EXTRA_MODULES = {"plot": "matplotlib", "ray": "ray", "openspiel": "pyspiel"}


def has_extra(extra: str) -> bool:
    return importlib.util.find_spec(EXTRA_MODULES[extra]) is not None


def install_hint(extra: str) -> str:
    """How to install `extra`: into an installed vegas-table, or into a checkout's own environment."""
    return f"pip install 'vegas-table[{extra}]' (in a checkout: .venv/bin/pip install -e '.[{extra}]')"


def missing_extra(extra: str, needed_by: str) -> str | None:
    """A sentence saying that `needed_by` needs `extra` and how to install it, or None if it is installed."""
    if has_extra(extra):
        return None
    return f"{needed_by} needs the {EXTRA_MODULES[extra]} package: {install_hint(extra)}"
