"""Computer players that drive the engine through its public API."""
