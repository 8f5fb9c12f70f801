"""Play over SSH (and in a browser): a lobby of tables, each player in their own terminal."""
