"""`python -m smallworld_tui` runs the command line."""

from smallworld_tui.cli import main

main()
