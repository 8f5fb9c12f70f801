"""smallworld_tui: the board game Small World played in a terminal."""

__version__ = "0.1.0"
