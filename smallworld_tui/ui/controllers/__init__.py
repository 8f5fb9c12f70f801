"""What the game screen does besides showing the game, one concern a module: sending the
viewer's moves (``sending``), the screens shown over the board in turn (``modal_queue``,
``handover``), saving and loading (``saving``), and the computer players (``bots``).

Each is a plain object the game screen owns.  The screen hands down what it needs (the view
of the moment, the session, callbacks); a controller answers through Textual: notices, the
app's screens, workers, and messages posted to the screen.
"""
