"""The app's screens: new game, game, pass-the-device, dialogs, help and the end of the game."""
