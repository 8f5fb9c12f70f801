"""Small World Underground: 15 races, 21 special powers, 6 relics and 9 places."""
