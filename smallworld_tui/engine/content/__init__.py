"""Content: what games share (``traits``: the hooks a race, power or item fills in;
``item_rules`` and ``common``: rules several games' content shares) and one package per game
(``base``, ``underground``, ``warcraft``), each exporting its definition, ``GAME``, which the
registry (``engine.registry``) finds.  A game imports the core and these shared modules, never
another game; the core imports no game."""
