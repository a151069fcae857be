"""Open a stored game: every game in the database, newest first, with its players, rules and state.

A referee reopens a finished game to show or export its results again, or an older unfinished one to carry on.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.gui.dialog_buttons import primary_and_cancel

__all__ = ["GameListRow", "OpenGameDialog"]


class GameListRow(Protocol):
    """One stored game as the list shows it (the store's ``GameSummary`` is one: dialogs never import storage)."""

    @property
    def id(self) -> int: ...
    @property
    def updated(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def ruleset(self) -> Any: ...
    @property
    def finished(self) -> bool: ...
    @property
    def events(self) -> int: ...
    @property
    def problem(self) -> str: ...


def _local_time(stamp: str) -> str:
    """``2026-11-21 23:51`` in the computer's time zone, from the store's UTC ISO 8601 stamp."""
    try:
        return datetime.datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


class OpenGameDialog(QDialog):
    """The list of stored games; ``chosen()`` is the selected game's id."""

    def __init__(self, games: Sequence[GameListRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open a game"))
        self.games = tuple(sorted(games, key=lambda g: g.updated, reverse=True))
        headers = [self.tr("Last change"), self.tr("Players"), self.tr("Rules"), self.tr("State")]
        self.table = QTableWidget(len(self.games), len(headers))
        self.table.setObjectName("games_table")
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(40)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for row, game in enumerate(self.games):
            rules = game.ruleset if isinstance(game.ruleset, str) else self.tr("custom")
            if game.problem:
                state = self.tr("damaged: {problem}").format(problem=game.problem)
            elif game.finished:
                state = self.tr("finished")
            else:
                state = self.tr("in play ({n} events)").format(n=game.events)
            cells = (_local_time(game.updated), ", ".join(game.players), str(rules), state)
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        if self.games:
            self.table.selectRow(0)
        self.table.itemActivated.connect(self.accept)
        self.open_button, cancel = primary_and_cancel(
            self,
            self.accept,
            text=self.tr("Open"),
            name="open_button",
            tooltip=self.tr("Continue the chosen game where it was left."),
        )
        self.open_button.setEnabled(bool(self.games))
        buttons = QHBoxLayout()
        if not self.games:
            buttons.addWidget(QLabel(self.tr("No games stored yet.")))
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(860, 480)

    def chosen(self) -> int | None:
        """The id of the selected game, or None."""
        rows = self.table.selectionModel().selectedRows()
        return self.games[rows[0].row()].id if rows else None
