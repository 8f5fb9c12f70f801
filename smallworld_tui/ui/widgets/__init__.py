"""Widgets of the game screen: the map, the combo column, the players, the log."""
