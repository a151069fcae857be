"""The table seen from above: four seat panels around the centre, rotatable so any seat faces the laptop.

A win from the table (issue 12, fewer taps): a panel's Win button, then a tap on the seat that dealt in (or Tsumo
in the centre) tells the window ``ron_chosen(winner, discarder)`` or ``tsumo_chosen(winner)``; while it asks, a
panel tap picks rather than showing the gaps, and Cancel (or Esc, wherever the focus is in the window) goes back.
Nothing is recorded here: the window opens the win dialog with both chosen, where either can still be changed
before Confirm.

With no game open the view shows :class:`EmptyStateWidget` instead (no panels with made-up names and points).
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QEvent, QObject, QRect, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QGridLayout, QStackedLayout, QWidget

from scorekeeper.gui._compat import override
from scorekeeper.gui.table.centre import CentreWidget
from scorekeeper.gui.table.empty_state import EmptyStateWidget
from scorekeeper.gui.table.gaps_overlay import GapsOverlayWidget
from scorekeeper.gui.table.seat_panel import PickRole, SeatPanelWidget

__all__ = ["TableViewWidget"]

# Grid cells by position around the table: 0 = near side (facing the laptop), then counter-clockwise as seen from
# above, which is turn order: the next player sits to the right (shimocha), then across, then to the left.
_CELLS = ((2, 1), (1, 2), (0, 1), (1, 0))


class TableViewWidget(QWidget):
    """Four :class:`SeatPanelWidget` and a :class:`CentreWidget`; ``bottom_seat`` is the seat nearest the laptop.

    :meth:`set_empty` swaps the table for ``empty_state`` (an :class:`EmptyStateWidget`) while no game is open.
    """

    riichi_requested = Signal(int)
    #: A panel's Win button: the window decides whether to ask who dealt in (:meth:`ask_who_dealt_in`).
    win_requested = Signal(int)
    ron_chosen = Signal(int, int)  # winner, discarder
    tsumo_chosen = Signal(int)  # winner

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bottom_seat = 0
        self.face_players = False
        self.seat_panels = tuple(SeatPanelWidget(seat) for seat in range(4))
        self.centre = CentreWidget()
        self.centre.rotate_requested.connect(self._on_centre_rotate_requested)
        self.centre.tsumo_requested.connect(self._on_centre_tsumo_requested)
        self.centre.cancel_requested.connect(self.stop_asking)
        #: The winner while the table asks who dealt in, else None.
        self.winner: int | None = None
        # Esc goes back wherever the focus is in the window (the history, the action bar...), not only on the table;
        # enabled only while the table asks, so Esc means nothing new otherwise.
        self.cancel_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.cancel_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.cancel_shortcut.setEnabled(False)
        self.cancel_shortcut.activated.connect(self.stop_asking)
        for panel in self.seat_panels:
            panel.riichi_requested.connect(self.riichi_requested)
            panel.win_requested.connect(self._on_panel_win_requested)
            panel.picked.connect(self._on_panel_picked)
            panel.gaps_toggled.connect(self._on_panel_gaps_toggled)
            panel.gaps_changed.connect(self._on_panel_gaps_changed)
        self.board = QWidget()
        self.board.setObjectName("board")
        self.board.installEventFilter(self)
        # The point gaps open over the table, never in its layout (issue 24: a stray tap moved the whole table).
        self.gaps_overlay = GapsOverlayWidget(self.board)
        self.gaps_overlay.close_requested.connect(self.close_gaps)
        self.empty_state = EmptyStateWidget()
        self._stack = QStackedLayout(self)
        self._stack.addWidget(self.board)
        self._stack.addWidget(self.empty_state)
        self._stack.setContentsMargins(0, 0, 0, 0)
        self._grid = QGridLayout(self.board)
        self._grid.setSpacing(8)
        for column in range(3):
            self._grid.setColumnStretch(column, 1)
        for row in range(3):
            self._grid.setRowStretch(row, 1)
        self._grid.addWidget(self.centre, 1, 1)
        self._place()

    @property
    def is_empty(self) -> bool:
        """Whether the "no game" page shows instead of the table."""
        return self._stack.currentWidget() is self.empty_state

    def set_empty(self, empty: bool) -> None:
        """Show the "no game" page (True) or the table (False); the page's New game button takes the focus."""
        if empty == self.is_empty:
            return
        self._stack.setCurrentWidget(self.empty_state if empty else self.board)
        if empty:
            self.empty_state.new_game_button.setFocus()  # Space or Enter starts a game from the keyboard

    def close_gaps(self) -> None:
        """Close the point gaps, if a seat's are open."""
        for panel in self.seat_panels:
            panel.set_showing_gaps(False)
        self.gaps_overlay.close_gaps()

    def _on_panel_gaps_toggled(self, seat: int, showing: bool) -> None:
        if not showing:
            if self.gaps_overlay.seat == seat:
                self.gaps_overlay.close_gaps()
            return
        for panel in self.seat_panels:
            if panel.seat != seat:
                panel.set_showing_gaps(False)  # one seat's gaps at a time
        self._show_gaps(seat)

    def _on_panel_gaps_changed(self, seat: int) -> None:
        if self.gaps_overlay.seat == seat:
            self._show_gaps(seat)

    def _show_gaps(self, seat: int) -> None:
        panel = self.seat_panels[seat]
        self.gaps_overlay.show_gaps(seat, panel.name_label.text(), panel.gaps_text(), self._gaps_room(seat))

    def _gaps_room(self, seat: int) -> QRect:
        """The part of the table away from the seat's panel: the two rows (or columns) it is not in."""
        board = self.board.rect()
        panel = self.seat_panels[seat].geometry()
        gap = max(self._grid.spacing(), 0)
        match self.position_of(seat):
            case 0:  # near side: the rows above it
                return QRect(board.left(), board.top(), board.width(), panel.top() - gap - board.top())
            case 2:  # across: the rows below it
                return QRect(board.left(), panel.bottom() + gap, board.width(), board.bottom() - panel.bottom() - gap)
            case 1:  # right: the columns to its left
                return QRect(board.left(), board.top(), panel.left() - gap - board.left(), board.height())
            case _:  # left: the columns to its right
                return QRect(panel.right() + gap, board.top(), board.right() - panel.right() - gap, board.height())

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.board and event.type() == QEvent.Type.Resize and self.gaps_overlay.seat is not None:
            self.gaps_overlay.place(self._gaps_room(self.gaps_overlay.seat))
        return super().eventFilter(watched, event)

    def ask_who_dealt_in(self, winner: int, name: str) -> None:
        """Ask on the table who dealt in a win by seat ``winner`` (called ``name``): the other panels are tapped."""
        self.close_gaps()
        self.winner = winner
        self.cancel_shortcut.setEnabled(True)
        for panel in self.seat_panels:
            panel.set_pick_role(PickRole.WINNER if panel.seat == winner else PickRole.CANDIDATE)
        self.centre.show_question(name)

    def stop_asking(self) -> None:
        """Back to the usual table: panel taps show the gaps again."""
        self.winner = None
        self.cancel_shortcut.setEnabled(False)
        for panel in self.seat_panels:
            panel.set_pick_role(PickRole.NONE)
        self.centre.show_question(None)

    def _on_panel_win_requested(self, seat: int) -> None:
        if self.winner == seat:
            self.stop_asking()  # the winner's Win again: a second thought, like Cancel
            return
        self.win_requested.emit(seat)

    def _on_panel_picked(self, seat: int) -> None:
        winner = self.winner
        if winner is None or seat == winner:
            return
        self.stop_asking()
        self.ron_chosen.emit(winner, seat)

    def _on_centre_tsumo_requested(self) -> None:
        winner = self.winner
        if winner is None:
            return
        self.stop_asking()
        self.tsumo_chosen.emit(winner)

    def rotate(self) -> None:
        """Turn the table a quarter: the seat to the right of the near side comes to the near side."""
        self.bottom_seat = (self.bottom_seat + 1) % 4
        self._place()

    def set_bottom_seat(self, seat: int) -> None:
        """Put ``seat`` on the near side."""
        self.bottom_seat = seat % 4
        self._place()

    def set_face_players(self, face: bool) -> None:
        """Turn the across seat's name and points toward that player (upside down for the laptop's side)."""
        self.face_players = face
        self._place()

    def position_of(self, seat: int) -> int:
        """0 near side, 1 right, 2 across, 3 left."""
        return (seat - self.bottom_seat) % 4

    def _place(self) -> None:
        self.close_gaps()  # the table turns: the card's side would be another
        for panel in self.seat_panels:
            self._grid.removeWidget(panel)
        for panel in self.seat_panels:
            row, column = _CELLS[self.position_of(panel.seat)]
            self._grid.addWidget(panel, row, column)
            panel.set_facing_across(self.face_players and self.position_of(panel.seat) == 2)
        # Tab order follows turn order from the near side, so keyboard users move round the table.
        ordered = sorted(self.seat_panels, key=lambda p: self.position_of(p.seat))
        for first, second in itertools.pairwise(ordered):
            QWidget.setTabOrder(first, second)

    def _on_centre_rotate_requested(self) -> None:
        self.rotate()
