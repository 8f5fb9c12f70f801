"""The base game: 14 races and 20 special powers."""
