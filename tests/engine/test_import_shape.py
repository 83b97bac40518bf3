"""The engine reads bottom-up: every import at the top of its module, and no two modules importing each other.

An import inside a function is how modules call each other back at run time; a rule that needs the rules
above it owes them a step instead (engine/lords/steps.py). Imports under `if TYPE_CHECKING:` count too:
a circle only for the type checker is still a circle to a reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

from vegas_table import engine

ENGINE = Path(engine.__file__).parent
PACKAGE = engine.__name__


def _modules() -> dict[str, ast.Module]:
    """Each engine module's syntax tree, by its dotted name."""
    trees = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE).with_suffix("").parts
        name = ".".join((PACKAGE, *parts[:-1])) if parts[-1] == "__init__" else ".".join((PACKAGE, *parts))
        trees[name] = ast.parse(path.read_text(), str(path))
    return trees


def _imported(name: str, tree: ast.Module, known: set[str]) -> set[str]:
    """The engine modules `name` imports (`from package import module` counts as the module)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in known:
                found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names} & known
    found.discard(name)
    return found


def test_no_module_of_the_engine_imports_inside_a_function() -> None:
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, (f"{name}:{inner[0].lineno} imports inside a function: import at the top "
                                   "of the module, or owe a step to the rules above (engine/lords/steps.py)")


def test_no_two_modules_of_the_engine_import_each_other() -> None:
    trees = _modules()
    known = set(trees)
    edges = {name: _imported(name, tree, known) for name, tree in trees.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            circle = [*path[path.index(name):], name]
            raise AssertionError(f"the engine's imports run in a circle: {' -> '.join(circle)}")
        if name in done:
            return
        for target in sorted(edges[name]):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(edges):
        visit(name, [])
