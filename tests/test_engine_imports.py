"""The engine's import graph, read from its source with ``ast``: no import circle, no import
hidden inside a function (the way a circle is dodged), the core importing no game and a game
importing no other game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).parents[1] / "smallworld_tui" / "engine"
PACKAGE = "smallworld_tui.engine"
GAMES = f"{PACKAGE}.content."  # a game is a package of engine/content


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The engine modules an import statement loads (a name imported from a package that is
    one of its modules counts as that module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in MODULES]
    base = node.module or ""
    if base not in MODULES:
        return []
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
            for alias in node.names]


def is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports that may run, inside functions too (not those under ``if
    TYPE_CHECKING:``, for annotations only)."""
    out: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif not (isinstance(node, ast.If) and is_type_checking(node)):
            todo += ast.iter_child_nodes(node)
    return out


def graph() -> dict[str, set[str]]:
    return {name: {target for node in runtime_imports(ast.parse(path.read_text("utf-8")))
                   for target in imported(node)}
            for name, path in MODULES.items()}


def game_of(module: str) -> str | None:
    """The game whose package holds ``module`` (None for the core and the shared content)."""
    if not module.startswith(GAMES):
        return None
    game = module.removeprefix(GAMES).split(".")[0]
    return game if Path(ENGINE / "content" / game).is_dir() else None


def test_the_engine_imports_in_no_circle() -> None:
    edges = graph()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            pytest.fail("import circle: " + " -> ".join([*path[path.index(module):], module]))
        if module in done:
            return
        for target in sorted(edges[module]):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(edges):
        visit(module, [])


def test_no_import_hides_inside_a_function() -> None:
    hidden = [f"{MODULES[name].relative_to(ENGINE)}:{node.lineno}"
              for name, path in MODULES.items()
              for function in ast.walk(ast.parse(path.read_text("utf-8")))
              if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
              for node in ast.walk(function) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert hidden == []


def test_the_core_imports_no_game_and_a_game_no_other_game() -> None:
    wrong = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text("utf-8"))
        nodes = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
        for target in {t for node in nodes for t in imported(node)}:  # TYPE_CHECKING too
            if game_of(target) is not None and game_of(target) != game_of(name):
                wrong.append(f"{name} imports {target}")
    assert sorted(wrong) == []


def test_the_graph_holds_the_imports_it_should() -> None:
    """The checks above read the graph right: known imports are in it, games are told apart."""
    edges = graph()
    assert f"{PACKAGE}.registry" in edges[f"{PACKAGE}.ruleset"]
    assert f"{PACKAGE}.content.traits" in edges[f"{PACKAGE}.registry"]
    assert f"{PACKAGE}.content.base.races" in edges[f"{PACKAGE}.content.base"]
    assert f"{PACKAGE}.actions" in edges[f"{PACKAGE}.game"]  # from the package, a module
    assert game_of(f"{PACKAGE}.content.warcraft.rules") == "warcraft"
    assert game_of(f"{PACKAGE}.content.common") is None
