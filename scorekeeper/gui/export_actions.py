"""Saving the game as a file: PDF, CSV or game record, under a suggested name (issue 12's records).

The main window's Game menu and the results screen both save through one :class:`ExportActions`, which also builds
the results screen with its save buttons; where to save is asked through the window's
:class:`~scorekeeper.gui.openers.Dialogs`, and a refusal is shown as a message.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.exports import export_csv, export_json, export_pdf, suggested_file_name
from scorekeeper.gui.labels import short_label
from scorekeeper.gui.openers import Dialogs
from scorekeeper.session import family_of
from scorekeeper.session.sheet import game_sheet

if TYPE_CHECKING:
    from scorekeeper.gui.dialogs.results import ResultsDialog

__all__ = ["ExportActions"]


class ExportActions:
    """Write the open game to a file.

    Args:
        parent: the window (the save dialog's parent).
        controller: the game's controller.
        dialogs: how to ask where, now (tests inject their own).
        show_message: shows why a file could not be written.
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        dialogs: Callable[[], Dialogs],
        show_message: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs = dialogs
        self._show_message = show_message

    def write(self, suffix: str, path: Path) -> None:
        """Write the game to ``path`` as ``.pdf``, ``.csv`` or (anything else) the game-record JSON."""
        assert self._controller.session is not None
        writer = {".csv": export_csv, ".pdf": export_pdf}.get(suffix, export_json)
        try:
            writer(self._controller.session, path)
        except ScorekeeperError as error:
            self._show_message(error_text(error))

    def ask_path(self, suffix: str) -> Path | None:
        """Where to save, offering the game's file name: ``2026-11-23 Aiko Bruno Chen Dana.pdf``."""
        session = self._controller.session
        suggested = suffix if session is None else suggested_file_name(session, suffix)
        return self._dialogs().ask_path(self._parent, suggested)

    def export(self, suffix: str) -> None:
        """Export the game (PDF, CSV or game-record JSON) to a file the user picks."""
        if self._controller.session is None:
            return
        path = self.ask_path(suffix)
        if path is not None:
            self.write(suffix, path)

    def results_dialog(self) -> ResultsDialog | None:
        """The results screen of the ended game (its chart, final table and save buttons), or None while it runs."""
        from scorekeeper.gui.dialogs.results import ResultsDialog  # imported when first shown (cold start)

        state = self._controller.state
        if state is None or state.final is None:
            return None
        series = state.score_series()
        labels = tuple(short_label(hand.label, hand.honba) for hand in state.hands)
        if series.ends_apart:
            # Sticks left on the table (given to first place), or a riichi after the last hand: the chart ends on
            # the scores the table shows, so its last point and the sheet agree.
            labels = (*labels, QCoreApplication.translate("MainWindow", "End"))
        return ResultsDialog(
            names=game_sheet(state).seat_names,  # a seat a substitute took is both ("Bo / Sub"), as in the records
            result=state.final,
            labels=labels,
            series=series.points,
            table_rules=family_of(state.rules).table_rules(state.rules),
            ask_path=self.ask_path,
            export_csv=functools.partial(self.write, ".csv"),
            export_json=functools.partial(self.write, ".json"),
            export_pdf=functools.partial(self.write, ".pdf"),
        )
