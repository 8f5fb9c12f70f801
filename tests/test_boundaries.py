"""Boundaries the code keeps, read from the source with ``ast``: outside the engine, only the
engine's public API (``smallworld_tui.engine``, its ``__all__``) is imported, never one of its
modules; outside ``compat.py`` (and its tests), no private name of Textual is touched."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import textual

import smallworld_tui.engine

ROOT = Path(__file__).parents[1]
ENGINE = "smallworld_tui.engine"
PUBLIC = frozenset(smallworld_tui.engine.__all__)
COMPAT = (ROOT / "smallworld_tui" / "compat.py", ROOT / "tests" / "test_compat.py")
OURS = (ROOT / "smallworld_tui", ROOT / "bench", ROOT / "tests")


def sources(*folders: Path, leaving_out: tuple[Path, ...] = ()
            ) -> Iterator[tuple[Path, ast.Module]]:
    """Each Python file of ``folders`` (but those in ``leaving_out``) with its syntax tree."""
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            if not any(path.is_relative_to(left) for left in leaving_out):
                yield path, ast.parse(path.read_text("utf-8"))


def engine_modules_imported(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, what) for each reach into the engine past its public API: an import of one of
    its modules, a name imported from it that ``__all__`` does not hold, a module's dotted
    name in a string (``importlib``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names
                        if a.name.startswith(f"{ENGINE}."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(f"{ENGINE}."):
                yield node.lineno, node.module
            elif node.module == ENGINE:
                yield from ((node.lineno, f"{ENGINE}.{a.name}") for a in node.names
                            if a.name not in PUBLIC)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.startswith(f"{ENGINE}.")):
            yield node.lineno, node.value


@cache
def private_names(*folders: Path) -> frozenset[str]:
    """Every private name the source of ``folders`` defines (as ``own_names``)."""
    names = {name for _path, tree in sources(*folders) for name in own_names(tree)}
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


def textual_private_names() -> frozenset[str]:
    """The private names of Textual that the project does not define itself."""
    return private_names(Path(textual.__file__).parent) - private_names(*OURS)


def own_names(tree: ast.Module) -> set[str]:
    """The names a module defines itself: attributes it sets, functions, methods, classes,
    variables."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def textual_private_uses(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, what) for each private name of Textual a module touches: a private module or
    name imported from Textual, or an attribute Textual keeps privately (not one of another
    module imported whole, ``os._exit``)."""
    private, own = textual_private_names(), own_names(tree)
    others = {(a.asname or a.name).split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.Import) for a in node.names
              if a.name.split(".")[0] != "textual"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual":
            module = str(node.module)
            if any(part.startswith("_") for part in module.split(".")):
                yield node.lineno, module
            yield from ((node.lineno, f"{module}.{a.name}") for a in node.names
                        if a.name.startswith("_"))
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names
                        if a.name.split(".")[0] == "textual"
                        and any(part.startswith("_") for part in a.name.split(".")))
        elif (isinstance(node, ast.Attribute) and node.attr in private
              and node.attr not in own
              and not (isinstance(node.value, ast.Name) and node.value.id in others)):
            yield node.lineno, ast.unparse(node)


def test_nothing_outside_the_engine_imports_one_of_its_modules() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path, tree in sources(ROOT / "smallworld_tui", ROOT / "bench",
                                       leaving_out=(ROOT / "smallworld_tui" / "engine",))
             for line, what in engine_modules_imported(tree)]
    assert found == []


def test_nothing_outside_compat_touches_a_private_name_of_textual() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path, tree in sources(*OURS, leaving_out=COMPAT)
             for line, what in textual_private_uses(tree)]
    assert found == []


def test_the_checks_find_what_they_look_for() -> None:
    """Each kind of reach past a boundary is found (the tests above would pass on nothing)."""
    engine = ast.parse("from smallworld_tui.engine.board import Map\n"
                       "import smallworld_tui.engine.state\n"
                       "from smallworld_tui.engine import actions, new_game\n"
                       "importlib.import_module('smallworld_tui.engine.view')\n")
    assert [line for line, _what in engine_modules_imported(engine)] == [1, 2, 3, 4]
    reach = ast.parse("from textual._xterm_parser import XTermParser\n"
                      "from textual.app import _private\n"
                      "import os\n"
                      "def mouse(driver):\n    os._exit(driver._mouse)\n")
    assert [line for line, _what in textual_private_uses(reach)] == [1, 2, 5]
    own = ast.parse("class Mine:\n    def __init__(self):\n        self._mouse = 1\n"
                    "    def mouse(self):\n        return self._mouse\n")
    assert list(textual_private_uses(own)) == []  # a name of its own, not Textual's
