"""The optional compiled engine: a copy of the package whose hottest engine modules mypyc
compiles to C extensions (``pip install -e '.[compiled]'`` brings mypyc; plain
``pip install .`` needs none of it).  The pure-Python engine stays the reference: the copy is
built apart, in ``build/compiled/``, so an edited source file is never shadowed by a stale
extension (``PYTHONSAFEPATH=1``: the checkout's sources, in the working directory, are not
imported first).

    python bench/compiled.py                                      # build it (again)
    PYTHONSAFEPATH=1 PYTHONPATH=build/compiled python -m pytest -q   # the suite on it
    python bench/engine.py --tree build/compiled --compare HEAD   # measure it
    PYTHONSAFEPATH=1 PYTHONPATH=build/compiled smallworld-tui    # play with it

Only modules with no class another module subclasses, and no copy made without
``__init__``, are compiled; content (races, powers, items) stays Python.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("actions", "bitset", "conquest", "decline", "events", "explain", "game", "hooks",
           "map_model", "market", "state")
# run as ``-c SETUP build_ext --inplace MODULE...``: the modules are taken off the command line
SETUP = ("import sys; from setuptools import setup; from mypyc.build import mypycify; "
         "sources = sys.argv[3:]; del sys.argv[3:]; "
         "setup(name='smallworld-tui-compiled', packages=[], py_modules=[], "
         "ext_modules=mypycify(sources, opt_level='3'))")


def build(out: Path) -> None:
    """Copy the package and the maps to ``out`` and compile ``MODULES`` there."""
    if out.exists():
        shutil.rmtree(out)
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    shutil.copytree(ROOT / "smallworld_tui", out / "smallworld_tui", ignore=ignore)
    shutil.copytree(ROOT / "maps", out / "maps")
    sources = [f"smallworld_tui/engine/{name}.py" for name in MODULES]
    done = subprocess.run([sys.executable, "-c", SETUP, "build_ext", "--inplace", *sources],
                          cwd=out, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"mypyc failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    shutil.rmtree(out / "build", ignore_errors=True)
    print(f"compiled {len(MODULES)} engine modules in {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
