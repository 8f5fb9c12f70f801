"""Play over SSH: one shared game, each player in their own terminal (asyncssh + Textual)."""
