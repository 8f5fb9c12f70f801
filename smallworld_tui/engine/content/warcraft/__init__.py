"""Small World of Warcraft: 16 races, 20 special powers, 5 artifacts and 7 legendary places;
its own rules (islands, set-up, faction bonus, the Battle for Azeroth team game) in
``rules``, ``markers``, ``factions`` and ``teams``."""
