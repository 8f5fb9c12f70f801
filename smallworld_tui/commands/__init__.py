"""Sub-commands of the `smallworld-tui` command line (one module each)."""
