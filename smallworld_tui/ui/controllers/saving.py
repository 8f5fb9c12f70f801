"""Saving the game under a name (ctrl+s) and loading another (ctrl+o), and what the player is
told when a move could not be saved (it was not played)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from smallworld_tui.engine import PlayerView, RecordError, load_record
from smallworld_tui.i18n import _
from smallworld_tui.saves import SaveInfo, path_for, saves_dir
from smallworld_tui.session import GameSession
from smallworld_tui.session.game_session import StorageError
from smallworld_tui.ui.describe import refusal
from smallworld_tui.ui.messages import OpenSave
from smallworld_tui.ui.screens.save_dialogs import LoadDialog, SaveDialog


class SaveController:
    """Save and load dialogs of ``screen``'s game; offered only where the app may use this
    computer's folders (``App.host_files``: not over SSH), loading only at a terminal
    everyone shares (``may_load``)."""

    def __init__(self, screen: Screen[Any], session: GameSession, may_load: bool) -> None:
        self.screen = screen
        self.session = session
        self.may_load = may_load
        self.error: OSError | None = None  # why the last move could not be stored

    def offered(self) -> bool:
        """Whether saving and loading by name in this computer's folders is offered."""
        return bool(getattr(self.screen.app, "host_files", True))

    def load_offered(self) -> bool:
        return self.may_load and self.offered()

    def not_saved(self, exc: StorageError, view: PlayerView) -> None:
        """A move refused because it could not be stored: say why, and where to go on."""
        self.error = exc.error
        message = refusal(exc, view.map)
        if self.offered():
            message += " " + _("ctrl+s saves the game elsewhere.")
        self.screen.notify(message, title=_("Not saved"), severity="error", timeout=30,
                           markup=False)

    def ask_name(self) -> None:
        """The save dialog (it repeats why the last move could not be saved)."""
        if not self.offered():
            return
        default = self.session.path.stem if self.session.path else "game"

        def save(name: str | None) -> None:
            if name:
                self.save_as(name)

        self.screen.app.push_screen(SaveDialog(default, self.error), save)

    def save_as(self, name: str) -> None:
        """Save under ``name``; never over a file that is not this game's or not a save."""
        notify = self.screen.notify
        path = path_for(name)
        if path.exists() and path != self.session.path:
            try:
                load_record(path)
            except RecordError:
                notify(_("{path} is not a saved game; it was left untouched. Choose another "
                         "name.").format(path=path.name), severity="error", markup=False)
                return
            notify(_("A save named {name} exists already; choose another name.").format(
                name=path.stem), severity="error", markup=False)
            return
        folder = path.parent
        if folder != saves_dir() and not folder.is_dir():
            # a folder is never made for a path typed: a typing slip would make folders
            why = (_("{folder} is a file, not a folder") if folder.exists()
                   else _("there is no folder {folder}")).format(folder=folder)
            notify(_("Not saved: {why}. Give a path in a folder that exists.").format(why=why),
                   severity="error", markup=False)
            return
        try:
            self.session.save_as(path)
        except OSError as exc:
            notify(_("Could not save to {path}: {error}").format(
                path=path, error=exc.strerror or exc), severity="error", markup=False)
            return
        self.error = None
        notify(_("Saved to {path}; later moves are saved there too.").format(path=path),
               markup=False)

    def ask_save(self) -> None:
        """The load dialog; the save chosen is opened by the app (``OpenSave``)."""
        if not self.load_offered():
            return

        def load(save: SaveInfo | None) -> None:
            if save is not None:
                self.screen.post_message(OpenSave(save.path))

        self.screen.app.push_screen(LoadDialog(), load)
