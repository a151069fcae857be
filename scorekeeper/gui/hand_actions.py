"""The main window's hands: riichi, a win, a draw, undo and redo, and the history's corrections (edit, insert,
delete).

The window holds one :class:`HandActions`; the table view, the action bar, the Hand and Edit menus and the history
call it. It asks through the window's :class:`~scorekeeper.gui.hand_questions.HandQuestions` and
:class:`~scorekeeper.gui.openers.Dialogs` (tests answer them) and has the controller record; the session checks and
settles (STYLE 6). Words keep the window's translation context (``MainWindow``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.labels import short_label
from scorekeeper.session import HandDeleted
from scorekeeper.session.corrections import is_same_hand, substitutions_taken_out

if TYPE_CHECKING:
    from scorekeeper.gui.main_window import MainWindow

__all__ = ["HandActions"]

_CONTEXT = "MainWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class HandActions:
    """Record what happened at the table, or correct a past hand.

    Args:
        window: the main window (the dialogs' parent; its controller, table view and message line).
    """

    def __init__(self, window: MainWindow) -> None:
        self._window = window

    def declare_riichi(self, seat: int) -> None:
        """``seat`` declares riichi (a panel's button or Ctrl+1..4)."""
        if self._window.controller.declare_riichi(seat):
            self._window.clear_message()

    def on_win_requested(self, seat: int) -> None:
        """A panel's Win: the table asks who dealt in (a panel tap) or Tsumo; nothing is recorded yet."""
        state = self._window.controller.state
        if state is None or state.ended:
            return
        self._window.table.ask_who_dealt_in(seat, state.players[seat])

    def enter_win(self, tsumo: bool, winner: int | None = None, discarder: int | None = None) -> None:
        """The win dialog, opened with the winner and the discarder chosen on the table, if they were."""
        window = self._window
        window.table.stop_asking()
        if window.controller.state is None or window.controller.state.ended:
            return
        context = replace(window.win_context(), winner=winner, discarder=discarder, kept=window.questions.kept_win())
        result = window.questions.ask_win(context, tsumo, window.preview_text)
        if result is not None and window.controller.record_result(result):
            window.clear_message()

    def enter_ron(self) -> None:
        """Open the win dialog on ron."""
        self.enter_win(False)

    def enter_tsumo(self) -> None:
        """Open the win dialog on tsumo."""
        self.enter_win(True)

    def enter_draw(self, kind: str) -> None:
        """Open the draw dialog on its ``draw``, ``abort`` or ``chombo`` page."""
        from scorekeeper.gui.dialogs.draw_dialog import DrawKind

        window = self._window
        state = window.controller.state
        if state is None or state.ended:
            return
        riichi = tuple(int(s) for s in state.riichi_this_hand)
        result = window.dialogs.draw(window, state, riichi, DrawKind(kind), window.preview_text)
        if result is not None and window.controller.record_result(result):
            window.clear_message()

    def undo(self) -> None:
        """Take back the last event."""
        if self._window.controller.undo():
            self._window.clear_message()

    def redo(self) -> None:
        """Put back the last undone event."""
        if self._window.controller.redo():
            self._window.clear_message()

    def edit_hand(self, index: int) -> None:
        """Open a past hand for correction; the correction is recorded (and undoable) like any event."""
        self._correct(index, edit=True)

    def insert_hand(self, index: int) -> None:
        """Enter a forgotten hand played just before hand ``index``; recorded (and undoable) like any event."""
        self._correct(index, edit=False)

    def _correct(self, index: int, *, edit: bool) -> None:
        window = self._window
        state = window.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        old = state.hands[index].record if edit else None
        record = window.questions.ask_hand(index, old)
        if record is None or (edit and is_same_hand(state, index, record)):
            return  # saved unchanged: no correction (by value, not by the text the hand was recorded in)
        if window.controller.edit_hand(index, record) if edit else window.controller.insert_hand(index, record):
            window.clear_message()

    def delete_hand(self, index: int) -> None:
        """Delete a past hand after confirmation (undoable).

        A deletion after which the game ends before a substitute came in takes that substitution out with it, as
        Edit hand does (``correction_events``): the question names it before anything is written; Yes records both
        in one write.
        """
        window = self._window
        state = window.controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        entry = state.hands[index]
        try:
            removes = substitutions_taken_out(state, HandDeleted(index))
        except ScorekeeperError as error:
            window.show_message(error_text(error))  # refused whatever is answered: say why now
            return
        lines = [
            _t("Delete hand {label}? Every later hand is recomputed; Undo brings it back.").format(
                label=short_label(entry.label, entry.honba)
            )
        ]
        lines += [
            _t(
                "The game now ends before {player} came in for {left} (hand {n}): that substitution is taken out,"
                " and {left} is credited with the seat's whole result."
            ).format(player=sub.player, left=sub.left, n=sub.hand + 1)
            for sub in removes
        ]
        if window.dialogs.confirm(window, "\n\n".join(lines)) and window.controller.delete_hand(index):
            window.clear_message()
