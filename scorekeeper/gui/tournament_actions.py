"""The Tournament menu's actions: the referee's window on a file or a server, and a new tournament (issue 13).

The main window holds one :class:`TournamentActions`; the dialogs it asks through are the window's
:class:`~scorekeeper.gui.openers.Dialogs`, so tests answer them as they answer every other question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.openers import Dialogs

__all__ = ["OpenRefereeWindow", "TournamentActions"]


class OpenRefereeWindow(Protocol):
    """Open the referee's window on a tournament file or server (``gui/app.py``'s ``open_referee_window``: the app
    makes the windows, so the table window does not import the referee's); None when it cannot be opened."""

    def __call__(self, db: str, show_message: Callable[[str], None], *, live: bool) -> QWidget | None: ...


class TournamentActions:
    """Open a tournament for its referee, or make a new one.

    Args:
        parent: the main window (the dialogs' parent).
        dialogs: how to ask.
        show_message: shows why something was refused.
        open_referee: opens the referee's window.
    """

    def __init__(
        self,
        parent: QWidget,
        dialogs: Dialogs,
        show_message: Callable[[str], None],
        open_referee: OpenRefereeWindow,
    ) -> None:
        self._parent = parent
        self._dialogs = dialogs
        self._show_message = show_message
        self._open_referee = open_referee

    def open_file(self) -> QWidget | None:
        """Ask for a tournament database file and open the referee's window on it (docs/tournament.md)."""
        path = self._dialogs.ask_tournament_path(self._parent)
        return None if path is None else self._open_referee(str(path), self._show_message, live=False)

    def open_server(self) -> QWidget | None:
        """Ask for a tournament server's postgresql:// URL and open the referee's window on it, live."""
        url = self._dialogs.ask_tournament_url(self._parent)
        return None if url is None else self._open_referee(url, self._show_message, live=True)

    def new(self) -> QWidget | None:
        """Ask for a new tournament (settings, players CSV, file), store it and open the referee's window on it."""
        answer = self._dialogs.new_tournament(self._parent)
        if answer is None:
            return None
        from scorekeeper.storage.tournament_store import open_tournament_store

        path, settings, players = answer
        try:
            with open_tournament_store(path) as store:
                store.create(settings, players)
        except ScorekeeperError as error:
            self._show_message(error_text(error))
            return None
        return self._open_referee(str(path), self._show_message, live=False)
