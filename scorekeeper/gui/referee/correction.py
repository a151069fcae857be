"""Corrections to a table's game through the ordinary table view and its history (edit, delete, insert a hand).

The referee's window copies the table's event log into a scratch game store, opens the usual table window on it (the app
hands it the opener: the two windows do not import each other), and when that window closes sends back the events the
referee added (``HandEdited``, ``HandDeleted``, ``HandInserted``, a penalty, the end of the game...): the same events a
table makes, appended to the tournament game after its recorded log. So a correction is the session's own, with the
before/after preview the table view shows, and nothing about a game's rules is redone here.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop
from PySide6.QtWidgets import QWidget

from scorekeeper.errors import TournamentError
from scorekeeper.session.events import Event
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.store import GameStore
from scorekeeper.tournament import TableGame, TournamentSettings

__all__ = ["OpenTableWindow", "copy_for_correction", "correct_in_table_view", "correct_nowhere", "corrections_made"]


def copy_for_correction(data_dir: Path, game: TableGame, settings: TournamentSettings) -> int:
    """Store a copy of ``game`` in the game store in ``data_dir``; return its id there."""
    with GameStore.open(default_database_path(data_dir)) as store:
        state = game.state(settings)
        return store.create_game(
            players=game.players, ruleset=settings.ruleset.to_json(), events=game.events, finished=state.ended
        )


def corrections_made(data_dir: Path, game_id: int, recorded: Sequence[Event]) -> tuple[Event, ...]:
    """The events added to the copy after the ``recorded`` log.

    Raises:
        TournamentError: when the copy no longer starts with the recorded log (undo went past it: a correction is
            made with the history's edit, delete or insert, which keep the log).
    """
    with GameStore.open(default_database_path(data_dir)) as store:
        events = store.load_session(game_id).events
    if events[: len(recorded)] != tuple(recorded):
        raise TournamentError(
            "the game was changed by undoing recorded events; correct hands through the history (edit, delete or "
            "insert a hand) instead: nothing was sent"
        )
    return events[len(recorded) :]


#: Opens the table window on a game store's folder at one game, titled, deleted when closed (``gui/app.py`` makes
#: the table window: the referee's window does not import it).
OpenTableWindow = Callable[[Path, int, str], QWidget]


def correct_in_table_view(
    parent: QWidget, game: TableGame, settings: TournamentSettings, *, open_table: OpenTableWindow
) -> tuple[Event, ...]:
    """Open the table view on a copy of ``game``, wait until the referee closes it, and return the corrections."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-correction-") as scratch:
        data_dir = Path(scratch)
        game_id = copy_for_correction(data_dir, game, settings)
        title = QCoreApplication.translate(
            "RefereeWindow", "Correcting session {s} table {t}: close this window to send the corrections"
        ).format(s=game.session, t=game.table)
        window = open_table(data_dir, game_id, title)
        loop = QEventLoop()
        window.destroyed.connect(loop.quit)
        window.show()
        loop.exec()
        return corrections_made(data_dir, game_id, game.events)


def correct_nowhere(parent: QWidget, game: TableGame, settings: TournamentSettings) -> tuple[Event, ...]:
    """The corrections of a referee's window made without the table window (a test's, the screenshots'): refused.

    Raises:
        TournamentError: always (the app's referee's window corrects in the table view, ``correct_in_table_view``).
    """
    raise TournamentError("this referee's window has no table view to correct a game in")
